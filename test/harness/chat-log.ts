/**
 * The chat sidebar (v13's ChatLog), as far as its controls: under the log, `#chat-controls` holds
 * the roll privacy buttons (`#roll-privacy`) and `.control-buttons`, beside the message box
 * (`#chat-message`). Each render calls `renderChatLog` with the log as the app and its element, and
 * `renderChatInput` with the input's elements by selector; when the sidebar collapses, the input
 * block moves to the notifications pane and `renderChatInput` is called again.
 *
 * What public v13 code shows of it: foundryvtt/dnd5e adds to the chat log on `renderChatLog`
 * (dnd5e.mjs); modules add their buttons to `#chat-controls .control-buttons` as
 * `button.ui-control.icon` and read `elements["#chat-controls"]` in `renderChatInput`, noting that
 * core moves that block between the sidebar and the notifications pane.
 *
 * Stricter than Foundry where unsure: every render draws the log's DOM anew (what was added to it
 * is gone), and a player's controls have no `.control-buttons` (only a GM's have one, holding
 * export and flush), so what adds a control must make its place when there is none.
 */
import { ApplicationV2 } from "./ui";

interface ChatUser {
  isGM: boolean;
}

const g = () => globalThis as unknown as { game: { user: ChatUser | null }; Hooks: { callAll(hook: string, ...args: unknown[]): unknown } };

export class ChatLog extends ApplicationV2 {
  static override DEFAULT_OPTIONS = {
    id: "chat",
    tag: "section",
    classes: ["tab", "sidebar-tab", "chat-sidebar", "flexcol"],
    window: { frame: false },
  };

  override async _renderHTML(): Promise<string> {
    const gm = g().game.user?.isGM ?? false;
    const privacy = ["publicroll", "gmroll", "blindroll", "selfroll"]
      .map((mode) => `<button type="button" class="ui-control icon fa-solid fa-dice" data-action="rollMode" data-roll-mode="${mode}" aria-label="${mode}"></button>`)
      .join("");
    const buttons = gm
      ? `<div class="control-buttons"><button type="button" class="ui-control icon fa-solid fa-floppy-disk" data-action="export" aria-label="Export"></button>` +
        `<button type="button" class="ui-control icon fa-solid fa-trash" data-action="flush" aria-label="Clear"></button></div>`
      : "";
    return (
      `<div class="chat-scroll"><ol class="chat-log plain"></ol></div>` +
      `<div class="chat-form"><div id="chat-controls"><div id="roll-privacy">${privacy}</div>${buttons}</div>` +
      `<textarea id="chat-message" name="message"></textarea></div>`
    );
  }

  /** The input block's elements, by the selectors v13 hands `renderChatInput`. */
  inputElements(): Record<string, HTMLElement | undefined> {
    const find = (selector: string) => (document.querySelector<HTMLElement>(selector) ?? undefined);
    return { "#chat-message": find("#chat-message"), "#chat-controls": find("#chat-controls"), "#roll-privacy": find("#roll-privacy") };
  }

  override async _onRender(context: Record<string, unknown>, options: Record<string, unknown>): Promise<void> {
    await super._onRender(context, options);
    g().Hooks.callAll("renderChatInput", this, this.inputElements(), context);
  }

  /** The sidebar collapses (true) or opens: the input block moves to the notifications pane or back. */
  collapse(collapsed: boolean): void {
    let pane = document.getElementById("chat-notifications");
    if (!pane) {
      pane = document.createElement("div");
      pane.id = "chat-notifications";
      document.body.append(pane);
    }
    const target = collapsed ? pane : this.element.querySelector(".chat-form");
    const controls = document.getElementById("chat-controls");
    const message = document.getElementById("chat-message");
    if (!target || !controls || !message) return;
    target.append(controls, message);
    g().Hooks.callAll("renderChatInput", this, this.inputElements(), {});
  }
}

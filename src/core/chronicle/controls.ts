/**
 * Where players (and GMs) open the chronicle: a button among the chat sidebar's controls, where
 * the cards are, and an entry in every actor sheet's header menu, which opens it narrowed to that
 * actor. Either shows what that user may read, and nothing else (./app.ts).
 *
 * v13 keeps the chat's controls (`#chat-controls`: the roll privacy buttons, then
 * `.control-buttons`) in one block that it moves between the sidebar and the notifications pane
 * when the sidebar collapses, telling `renderChatInput` with the moved elements by selector; a
 * render of the chat log tells `renderChatLog`. The button is put in on either, once.
 */
import { openChronicle } from "./open";

declare module "fvtt-types/configuration" {
  namespace Hooks {
    interface HookConfig {
      /** v13's chat log put its input block (in the sidebar or the notifications pane): its elements by selector. */
      renderChatInput: (app: foundry.applications.api.ApplicationV2.Any, elements: Record<string, HTMLElement | undefined>, context: object) => void;
    }
  }
}

/** The class that marks the chronicle's button among the chat controls. */
export const CHAT_BUTTON_CLASS = "factions-chronicle-open";

/** The header menu's entry of the chronicle on actor sheets. */
export const HEADER_ACTION = "factionsChronicle";

/** Put the chronicle's button among the chat controls, unless it is there already. */
export function addChatButton(controls: Element | null | undefined): void {
  if (!(controls instanceof HTMLElement) || controls.querySelector(`.${CHAT_BUTTON_CLASS}`)) return;
  let row = controls.querySelector<HTMLElement>(".control-buttons");
  if (!row) {
    row = document.createElement("div");
    row.className = "control-buttons";
    controls.append(row);
  }
  const i18n = game.i18n!;
  const button = document.createElement("button");
  button.type = "button";
  button.className = `ui-control icon fa-solid fa-book-open ${CHAT_BUTTON_CLASS}`;
  button.setAttribute("aria-label", i18n.localize("FACTIONS.Chronicle.Open"));
  button.dataset.tooltip = i18n.localize("FACTIONS.Chronicle.OpenTooltip");
  button.addEventListener("click", () => {
    openChronicle();
  });
  row.prepend(button);
}

/** An actor sheet as its header hook hands it over. */
interface ActorSheetLike {
  document?: { documentName?: string; uuid?: string | null; name?: string | null } | null;
}

/** A header control as v13's menu takes it. */
interface HeaderControl {
  action: string;
  icon: string;
  label: string;
  onClick?: (event: PointerEvent) => void;
}

/** The chronicle in an actor sheet's header menu: opened narrowed to that actor. */
export function addHeaderControl(sheet: ActorSheetLike, controls: HeaderControl[]): void {
  const actor = sheet.document;
  if (actor?.documentName !== "Actor" || !actor.uuid || controls.some((c) => c.action === HEADER_ACTION)) return;
  const { uuid, name } = actor;
  controls.push({
    action: HEADER_ACTION,
    icon: "fa-solid fa-book-open",
    label: "FACTIONS.Chronicle.OpenActor",
    onClick: () => {
      openChronicle({ actor: uuid, actorName: name ?? "" });
    },
  });
}

export function registerChronicleControls(): void {
  Hooks.on("renderChatLog", (_app, html) => addChatButton((html as HTMLElement).querySelector("#chat-controls")));
  Hooks.on("renderChatInput", (_app, elements) => addChatButton(elements["#chat-controls"]));
  // The hook hands over the menu's list of controls, which the types name as one entry.
  Hooks.on("getHeaderControlsActorSheetV2", (sheet, controls) => addHeaderControl(sheet as ActorSheetLike, controls as unknown as HeaderControl[]));
}

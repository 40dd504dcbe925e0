/**
 * The battle window: the attacker picks its units and the target, both sides' combatants get a
 * target at each speed step (only legal targets can be picked; the others say why not), each side
 * has an automatic assignment, and the preview shows, step by step, what the battle would do.
 * Commit posts the action. The defender answers in the same window, in defender mode.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { ActionError, warn } from "../../../core/actions/errors";
import { performAction } from "../../../core/actions/pipeline";
import { answeredByPlayer, battleState, isRealm, realmOf, type Realm } from "../data/state";
import { BATTLE_ACTIONS } from "../ids";
import type { BattleChoice, Side } from "../rules";
import {
  applyControl,
  autoSelection,
  battleOf,
  battleWindowContext,
  choiceOf,
  initialSelection,
  pruneSelection,
  type BattleMode,
  type BattleSelection,
  type BattleWindowContext,
} from "./battle-window-context";
import { BATTLE_WINDOW_PARTS } from "./parts";
import { readyFighters } from "./targets";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

type BaseRenderContext = foundry.applications.api.ApplicationV2.RenderContext;
type BaseConfiguration = foundry.applications.api.ApplicationV2.Configuration;
type BaseRenderOptions = foundry.applications.api.ApplicationV2.RenderOptions;

export interface BattleWindowRenderContext extends BaseRenderContext, BattleWindowContext {}


/** How a window was opened: for whom, in which mode, with what chosen so far. */
export interface BattleSetup {
  mode: BattleMode;
  selection: BattleSelection;
  /** Defender mode: called once with the answer, or null when the window is closed without one. */
  onAnswer?: (choice: BattleChoice | null) => void;
}

export class BattleWindow<
  RenderContext extends BattleWindowRenderContext = BattleWindowRenderContext,
  Configuration extends BaseConfiguration = BaseConfiguration,
  RenderOptions extends BaseRenderOptions = BaseRenderOptions,
> extends HandlebarsApplicationMixin(ApplicationV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions", "factions-battle-window"],
    tag: "div",
    window: { title: "FACTIONS.Battle.Window.TitleAttack", icon: "fa-solid fa-swords", resizable: true },
    position: { width: 860, height: 720 },
    actions: {
      autoAssign: BattleWindow.#onAuto,
      commit: BattleWindow.#onCommit,
      cancel: BattleWindow.#onCancel,
    },
  };

  static override PARTS = BATTLE_WINDOW_PARTS;

  /** Windows open now (tests and the realm sheets reach them here). */
  static readonly instances = new Set<BattleWindow>();

  mode: BattleMode;
  selection: BattleSelection;
  #onAnswer: ((choice: BattleChoice | null) => void) | undefined;
  #hooks: ["updateActor" | "createItem" | "updateItem" | "deleteItem", number][] = [];
  #committing = false;
  /**
   * The preview's one summary line for screen readers: a polite live region outside the parts, so
   * it outlives their re-renders and speaks only when its line changes (the preview itself is not live).
   */
  #announcer: HTMLElement | undefined;

  constructor(setup: BattleSetup, options: DeepPartial<Configuration> = {} as DeepPartial<Configuration>) {
    super(options);
    this.mode = setup.mode;
    this.selection = setup.selection;
    this.#onAnswer = setup.onAnswer;
  }

  /** Open the window for `realm` to attack (a location or a citadel) or reinforce. */
  static async open(realm: Realm, mode: Exclude<BattleMode, "defend">, preset?: string): Promise<BattleWindow> {
    const selection = initialSelection(battleState(), realm.uuid, mode, preset);
    const app = new BattleWindow({ mode, selection });
    await app.render({ force: true });
    return app;
  }

  /** The defender's answer to an attack: the same window in defender mode; null if closed. */
  static defend(choice: BattleChoice): Promise<BattleChoice | null> {
    const state = battleState();
    const defender = state.realms[choice.defender];
    const ready = new Set(defender ? readyFighters(defender, "defender") : []);
    const attackers = new Set(choice.attackers);
    const selection: BattleSelection = {
      attacker: choice.attacker,
      defender: choice.defender,
      target: choice.target,
      attackers: [...choice.attackers],
      defenders: (choice.defenders ?? []).filter((id) => ready.has(id)),
      protect: Object.fromEntries(Object.entries(choice.protect ?? {}).filter(([id]) => attackers.has(id))),
      ranged: {},
      assignments: (choice.assignments ?? []).filter((a) => attackers.has(a.from)),
    };
    return new Promise((resolve) => {
      const app = new BattleWindow({ mode: "defend", selection, onAnswer: resolve });
      app.render({ force: true }).catch((error: unknown) => {
        warn(error);
        resolve(null);
      });
    });
  }

  override get title(): string {
    const key = { attack: "TitleAttack", citadel: "TitleCitadel", reinforce: "TitleReinforce", defend: "TitleDefend" }[this.mode];
    return game.i18n!.localize(`FACTIONS.Battle.Window.${key}`);
  }

  /** Which sides this user chooses for here. */
  get edit(): Record<Side, boolean> {
    if (this.mode === "defend") return { attacker: false, defender: true };
    if (this.mode === "reinforce") return { attacker: true, defender: false };
    const sel = this.selection;
    return { attacker: true, defender: !!game.user?.isGM && !!sel.defender && !answeredByPlayer(sel.defender) };
  }

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    const state = battleState();
    // The world may have changed since the last render (another battle, a new turn): drop who can no longer fight.
    if (this.mode !== "defend") this.selection = pruneSelection(state, this.selection);
    const context = battleWindowContext({ state, mode: this.mode, selection: this.selection, edit: this.edit, i18n: game.i18n! });
    return { ...base, ...context, rootId: this.id } as RenderContext;
  }

  protected override async _onFirstRender(context: DeepPartial<RenderContext>, options: DeepPartial<RenderOptions>): Promise<void> {
    await super._onFirstRender(context, options);
    BattleWindow.instances.add(this as unknown as BattleWindow);
    // Made with the first line in it: that one is read with the window, not announced.
    this.#announcer = document.createElement("p");
    this.#announcer.className = "factions-visually-hidden factions-preview-announce";
    this.#announcer.setAttribute("role", "status");
    this.#announcer.textContent = context.preview?.announce ?? "";
    (this.element.querySelector(".window-content") ?? this.element).append(this.#announcer);
    this.element.addEventListener("change", (event) => this.#onChange(event));
    // Any change to a realm (or one of its cards) re-renders the window.
    const refresh = (actor: Actor.Implementation | null | undefined) => {
      if (this.rendered && actor && isRealm(actor)) void this.render();
    };
    this.#hooks.push(["updateActor", Hooks.on("updateActor", (actor) => refresh(actor))]);
    for (const hook of ["createItem", "updateItem", "deleteItem"] as const) {
      this.#hooks.push([hook, Hooks.on(hook, (item: Item.Implementation) => refresh(item.parent))]);
    }
  }

  protected override async _onRender(context: DeepPartial<RenderContext>, options: DeepPartial<RenderOptions>): Promise<void> {
    await super._onRender(context, options);
    const line = context.preview?.announce ?? "";
    if (this.#announcer && this.#announcer.textContent !== line) this.#announcer.textContent = line;
  }

  protected override _onClose(options: DeepPartial<RenderOptions>): void {
    super._onClose(options);
    BattleWindow.instances.delete(this as unknown as BattleWindow);
    for (const [hook, id] of this.#hooks) Hooks.off(hook, id);
    this.#hooks = [];
    this.#answer(null);
  }

  #answer(choice: BattleChoice | null): void {
    const done = this.#onAnswer;
    this.#onAnswer = undefined;
    done?.(choice);
  }

  /** A control changed: the selection follows and the window shows the new plan and preview. */
  #onChange(event: Event): void {
    const el = event.target as HTMLInputElement | HTMLSelectElement | null;
    const name = el?.name ?? "";
    if (!el || !name) return;
    const value = el instanceof HTMLInputElement && el.type === "checkbox" ? el.checked : el.value;
    this.selection = applyControl(battleState(), this.mode, this.selection, name, value);
    void this.render();
  }

  static async #onAuto(this: BattleWindow, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    const side = target.dataset.side as Side | undefined;
    if (side !== "attacker" && side !== "defender") return;
    this.selection = autoSelection(battleState(), this.selection, side);
    await this.render();
  }

  static async #onCancel(this: BattleWindow, event: PointerEvent): Promise<void> {
    event.preventDefault();
    await this.close();
  }

  static async #onCommit(this: BattleWindow, event: PointerEvent): Promise<void> {
    event.preventDefault();
    if (this.#committing) return;
    this.#committing = true;
    try {
      const state = battleState();
      const built = battleOf(state, this.selection);
      if (!("battle" in built)) return warn(new ActionError(built.reason.key, built.reason.data));
      const choice = choiceOf(this.selection);
      if (this.mode === "defend") {
        this.#answer(choice);
        await this.close();
        return;
      }
      const realm = realmOf(this.selection.attacker);
      if (!realm) return;
      if (!this.edit.defender) {
        // The defender answers with its own targets: only the attacker's part is sent.
        const attackers = new Set(choice.attackers);
        choice.assignments = (choice.assignments ?? []).filter((a) => attackers.has(a.from));
        choice.protect = Object.fromEntries(Object.entries(choice.protect ?? {}).filter(([id]) => attackers.has(id)));
        choice.ranged = {};
      }
      const id = this.mode === "reinforce" ? BATTLE_ACTIONS.reinforce : BATTLE_ACTIONS.attack;
      const message = await performAction(id, realm, choice);
      if (message) await this.close();
    } finally {
      this.#committing = false;
    }
  }
}


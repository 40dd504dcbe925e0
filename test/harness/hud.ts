/**
 * v13's token HUD (`foundry.applications.hud.TokenHUD`, `CONFIG.Token.hudClass`) without a canvas:
 * bound to a token document instead of a token placeable. What it mirrors:
 * - It opens for a user who may control the token: a GM, or an owner of its actor (binding it for
 *   anyone else throws; on a real canvas the HUD does not open).
 * - Its status palette lists `CONFIG.statusEffects`, leaving out those with `hud: false` or whose
 *   `hud.actorTypes` does not include the type of the token's actor. A status is active when the
 *   actor has its effect (the effect of the status's static `_id`, else an effect whose only status
 *   it is), an overlay when that effect has `flags.core.overlay`.
 * - Clicking a status (`data-action="effect"`, left or right button) calls
 *   `actor.toggleStatusEffect(id, { active: !active, overlay: right button })`; with no actor,
 *   it warns. The palette re-renders when an effect of its actor is made, changed or deleted.
 */
import { ApplicationV2, work } from "./ui";
import type { TokenDocument } from "./documents";
import type { AnyObject } from "./utils";

interface HudGlobals {
  CONFIG: { statusEffects: AnyObject[] };
  game: { user: { isGM: boolean } | null; i18n: { localize(key: string): string } };
  ui: { notifications: { warn(message: string): void } };
  Hooks: { on(hook: string, fn: (...args: never[]) => unknown): number; off(hook: string, id: number): void };
}
const g = () => globalThis as unknown as HudGlobals;

interface StatusChoice {
  _id?: string;
  id: string;
  title: string;
  src: string;
  isActive: boolean;
  isOverlay: boolean;
  cssClass: string;
}

type HudEffect = { id: string | null; statuses: Set<string>; getFlag(scope: string, key: string): unknown; parent: unknown };
type HudActor = {
  type: string;
  effects: Iterable<HudEffect>;
  testUserPermission(user: unknown, level: string): boolean;
  toggleStatusEffect(id: string, options: { active?: boolean; overlay?: boolean }): Promise<unknown>;
};

const attr = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class TokenHUD extends ApplicationV2 {
  static override DEFAULT_OPTIONS: AnyObject = {
    id: "token-hud-{id}",
    actions: { effect: { handler: TokenHUD.#onToggleEffect, buttons: [0, 2] } },
  };

  #token: TokenDocument | null = null;
  #hooks: [string, number][] = [];

  get document(): TokenDocument | null {
    return this.#token;
  }

  get actor(): HudActor | null {
    return (this.#token?.actor as unknown as HudActor | null) ?? null;
  }

  /** Open the HUD on a token (the current user's right-click on it). */
  async bind(token: TokenDocument): Promise<this> {
    const user = g().game.user;
    const actor = token.actor as unknown as HudActor | null;
    if (!user?.isGM && !actor?.testUserPermission(user, "OWNER")) throw new Error("harness: the token HUD opens only for a user who controls the token");
    this.#unhook();
    this.#token = token;
    const refresh = (effect: HudEffect) => {
      if (this.rendered && effect.parent === this.actor) work.track(this.render());
    };
    for (const hook of ["createActiveEffect", "updateActiveEffect", "deleteActiveEffect"]) this.#hooks.push([hook, g().Hooks.on(hook, refresh)]);
    return this.render({ force: true });
  }

  override async close(options: AnyObject = {}): Promise<this> {
    this.#unhook();
    this.#token = null;
    return super.close(options);
  }

  #unhook(): void {
    for (const [hook, id] of this.#hooks) g().Hooks.off(hook, id);
    this.#hooks = [];
  }

  /** The palette's statuses, as v13 lists them. */
  _getStatusEffectChoices(): Record<string, StatusChoice> {
    const type = this.actor?.type;
    const choices: Record<string, StatusChoice> = {};
    for (const status of g().CONFIG.statusEffects) {
      const hud = status.hud as boolean | { actorTypes?: string[] } | undefined;
      if (hud === false) continue;
      if (hud && typeof hud === "object" && hud.actorTypes && !(type && hud.actorTypes.includes(type))) continue;
      const id = String(status.id);
      choices[id] = {
        _id: typeof status._id === "string" ? status._id : undefined,
        id,
        title: g().game.i18n.localize(String(status.name ?? id)),
        src: String(status.img ?? ""),
        isActive: false,
        isOverlay: false,
        cssClass: "",
      };
    }
    for (const effect of this.actor?.effects ?? []) {
      for (const statusId of effect.statuses) {
        const choice = choices[statusId];
        if (!choice) continue;
        if (choice._id ? choice._id !== effect.id : effect.statuses.size !== 1) continue;
        choice.isActive = true;
        if (effect.getFlag("core", "overlay")) choice.isOverlay = true;
        break;
      }
    }
    for (const choice of Object.values(choices)) choice.cssClass = [choice.isActive ? "active" : "", choice.isOverlay ? "overlay" : ""].filter(Boolean).join(" ");
    return choices;
  }

  override async _prepareContext(_options: AnyObject): Promise<AnyObject> {
    return { statusEffects: this._getStatusEffectChoices() };
  }

  override async _renderHTML(context: AnyObject, _options: AnyObject): Promise<string> {
    const choices = Object.values(context.statusEffects as Record<string, StatusChoice>);
    const icons = choices.map((s) => `<img class="effect-control ${s.cssClass}" data-action="effect" data-status-id="${attr(s.id)}" src="${attr(s.src)}" data-tooltip="${attr(s.title)}" alt="${attr(s.title)}">`);
    return `<div class="palette status-effects" data-palette="effects">${icons.join("")}</div>`;
  }

  static async #onToggleEffect(this: TokenHUD, event: MouseEvent, target: HTMLElement): Promise<void> {
    const actor = this.actor;
    if (!actor) return void g().ui.notifications.warn(g().game.i18n.localize("HUD.WarningEffectNoActor"));
    await actor.toggleStatusEffect(target.dataset.statusId ?? "", { active: !target.classList.contains("active"), overlay: event.button === 2 });
  }
}

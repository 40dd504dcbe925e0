/**
 * Fallout on Foundry: each effect record of the rules (rules/state.ts `EffectRecord`) is an Active
 * Effect of type `skirmish` on the infantry, carrying the record in its system data and its kind
 * as its status, so the token shows it. The statuses are registered in `CONFIG.statusEffects`
 * (the token HUD can toggle them; what it creates is a fallout effect of that kind), with the
 * vehicle's Overheated warning.
 */
import type { ItemSource, Json } from "../../core/rules/changes";
import { EFFECT_RULES } from "./rules/effects";
import { EFFECT_KINDS, type EffectKind, type EffectRecord } from "./rules/state";

/** The Active Effect type of fallout. */
export const EFFECT_TYPE = "skirmish";
/** The status a vehicle past its heat threshold shows. */
export const OVERHEATED = "overheated";

const S = "FACTIONS.Skirmish.";

/** Core icons, one per kind. */
export const EFFECT_ICONS: Record<EffectKind | typeof OVERHEATED, string> = {
  exhausted: "icons/svg/degen.svg",
  hyped: "icons/svg/upgrade.svg",
  morale: "icons/svg/angel.svg",
  muscleTremors: "icons/svg/paralysis.svg",
  boneFracture: "icons/svg/blood.svg",
  ankleSprain: "icons/svg/downgrade.svg",
  memberSlowed: "icons/svg/frozen.svg",
  goneProne: "icons/svg/falling.svg",
  disoriented: "icons/svg/daze.svg",
  concussion: "icons/svg/unconscious.svg",
  dazed: "icons/svg/sleep.svg",
  panic: "icons/svg/terror.svg",
  commsBreakdown: "icons/svg/deaf.svg",
  overheated: "icons/svg/fire.svg",
};

/** i18n key of a status's name ("Exhausted"). */
export const statusKey = (kind: EffectKind | typeof OVERHEATED) => `${S}Status.${kind}`;

/** An effect's name as shown: "Exhausted −2", "Hyped +1", "Dazed". */
export function effectLabel(kind: EffectKind, stack: number): string {
  const i18n = game.i18n!;
  const name = i18n.localize(statusKey(kind));
  const sign = EFFECT_RULES[kind].sign;
  if (sign === 0) return name;
  return i18n.format(`${S}EffectLabel.${sign < 0 ? "penalty" : "bonus"}`, { name, stack: String(stack) });
}

/** The system data of an effect's Active Effect. */
export function effectSystem(e: EffectRecord): { kind: EffectKind; stack: number; roundsLeft: number | null; roundsStill: number; member: string } {
  return { kind: e.kind, stack: e.stack, roundsLeft: e.roundsLeft, roundsStill: e.roundsStill, member: e.member };
}

/** The source of the Active Effect an effect record is (deterministic: every client builds the same). */
export function effectSource(e: EffectRecord): ItemSource {
  return { _id: e.id, name: statusKey(e.kind), type: EFFECT_TYPE, img: EFFECT_ICONS[e.kind], statuses: [e.kind], system: effectSystem(e) as unknown as Json };
}

/** The effect record an Active Effect of type `skirmish` carries. */
export function effectRecordOf(effect: ActiveEffect.Implementation): EffectRecord | null {
  if (effect.type !== EFFECT_TYPE) return null;
  const s = effect._source.system as unknown as ReturnType<typeof effectSystem>;
  return { id: effect.id ?? "", kind: s.kind, stack: s.stack, roundsLeft: s.roundsLeft, roundsStill: s.roundsStill, member: s.member };
}

/** Where each status is described (the fallout journal of the system's pack). */
export const STATUS_JOURNAL = "Compendium.factions.skirmish-statuses.JournalEntry.skirmishFallout0";
const statusPage = (kind: string) => `${STATUS_JOURNAL}.JournalEntryPage.${kind.slice(0, 16).padEnd(16, "0")}`;

/**
 * The status, offered by the token HUD to a GM on the tokens of `actorType` and to no one else:
 * fallout and heat are what applied cards recorded. A getter, which the HUD reads as it opens,
 * for its own user.
 */
function offeredToGM<T extends object>(status: T, actorType: string): T {
  return Object.defineProperty(status, "hud", { enumerable: true, get: () => (game.user?.isGM ? { actorTypes: [actorType] } : false) });
}

/**
 * The Skirmish statuses of `CONFIG.statusEffects`. A fallout status the GM makes from the token HUD
 * is a fresh fallout effect of its kind (its full duration, a stack of 1).
 */
export function skirmishStatusEffects(): Record<string, unknown>[] {
  const fallout = EFFECT_KINDS.map((kind) =>
    offeredToGM(
      {
        id: kind,
        name: statusKey(kind),
        img: EFFECT_ICONS[kind],
        type: EFFECT_TYPE,
        system: { kind, stack: 1, roundsLeft: EFFECT_RULES[kind].rounds, roundsStill: 0, member: "" },
        reference: statusPage(kind),
      },
      "infantry",
    ),
  );
  return [...fallout, offeredToGM({ id: OVERHEATED, name: statusKey(OVERHEATED), img: EFFECT_ICONS.overheated, reference: statusPage(OVERHEATED) }, "vehicle")];
}

/** Register the statuses (on `init`), replacing any of the same ids. */
export function registerStatusEffects(): void {
  const mine = skirmishStatusEffects();
  const ids = new Set(mine.map((s) => s.id));
  CONFIG.statusEffects = [...CONFIG.statusEffects.filter((s) => !ids.has(s.id)), ...(mine as unknown as typeof CONFIG.statusEffects)];
}

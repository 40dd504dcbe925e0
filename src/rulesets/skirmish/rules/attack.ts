import { reachChance, reaches, totalChances } from "../../../core/rules/reach";
import { distancePhrase } from "../../../core/rules/distance";
import { ok, type Line, type Outcome, type Result } from "../../../core/rules/outcome";
import { acting, isLine, line, refusal, refuse, spendFor, type ActingChoice, type SkirmishDetail } from "./common";
import { ACTIONS, type SkirmishContext } from "./context";
import { Draft } from "./draft";
import type { Combatant, SkirmishState, WeaponItem } from "./state";

/** The largest number to reach, either way, a weapon may carry. */
export const MAX_REACH = 1000;

/** A weapon's attack formula: blank (nothing is rolled), or a simple formula whose chances are counted. */
export function isAttackFormula(formula: string): boolean {
  if (typeof formula !== "string") return false;
  return formula.trim() === "" || totalChances(formula.trim()) !== null;
}

export interface AttackChoice extends ActingChoice {
  /** The weapons used: one for infantry; for a vehicle any of its weapons, each once (one only on a pushed major). */
  weapons: string[];
  /** The target's token (its UUID), from the user's targets or the dialog's picker; "" none. */
  target: string;
}

/**
 * What the map says of the target, read from the scene by the Foundry layer (never from the
 * choice): null when the choice names no token that stands on a scene.
 */
export interface TargetOnMap {
  /** The token's UUID. */
  token: string;
  /** The name its token shows. */
  name: string;
  /** The actor it stands for (UUID), "" none. */
  actor: string;
  /** From the attacker's nearest token on the target's scene, on its grid; null if the attacker has no token there. */
  distance: number | null;
  /** The grid's units ("" none). */
  units: string;
}

/** The rule's input: the choice, and what the map says of its target. */
export interface AttackInput extends AttackChoice {
  onMap: TargetOnMap | null;
}

/** One weapon's attack roll: its formula and total (null: nothing rolled), and whether it reached the number (null: none to reach). */
export interface AttackRoll {
  weapon: string;
  formula: string;
  total: number | null;
  reach: number | null;
  reached: boolean | null;
}

export interface AttackDetail extends SkirmishDetail {
  weapons: string[];
  target: TargetOnMap;
  rolls: AttackRoll[];
}

/**
 * Did the attack land? True when a weapon's roll reached its number, false when every weapon fell
 * short of its own; null when no roll had a number to reach (or nothing was rolled): the GM rules.
 */
export function attackLanded(rolls: readonly AttackRoll[]): boolean | null {
  if (rolls.some((r) => r.reached === true)) return true;
  return rolls.length > 0 && rolls.every((r) => r.reached === false) ? false : null;
}

/** A weapon's attack as the GM set it: its formula ("" none) and number to reach (null none). */
export function attackOf(weapon: WeaponItem): { formula: string; reach: number | null } {
  const formula = typeof weapon.system.attack?.formula === "string" ? weapon.system.attack.formula.trim() : "";
  const reach = weapon.system.attack?.reach;
  return { formula, reach: typeof reach === "number" ? reach : null };
}

/** The exact chance of the weapon's roll reaching its number; null when it rolls nothing or has no number. */
export function attackChance(weapon: WeaponItem): number | null {
  const { formula, reach } = attackOf(weapon);
  if (formula === "" || reach === null) return null;
  return reachChance(formula, reach);
}

/** Why the target cannot be attacked, or its fighter. */
function checkTarget(state: SkirmishState, attacker: Combatant, choice: AttackInput): { target: TargetOnMap } | Line {
  const name = attacker.name;
  if (!choice.target) return refusal("NoTarget", { name });
  const target = choice.onMap;
  if (!target) return refusal("TargetGone", { name });
  if (target.actor === attacker.id) return refusal("TargetSelf", { name });
  const fighter = Object.prototype.hasOwnProperty.call(state.actors, target.actor) ? state.actors[target.actor] : undefined;
  if (!fighter || fighter.type === "company") return refusal("TargetNotFighter", { target: target.name });
  if (target.distance === null || !Number.isFinite(target.distance)) return refusal("TargetElsewhere", { name, target: target.name });
  return { target };
}

/**
 * Attack: a major action with a weapon, at a target on the map. A vehicle's own major action
 * fires any of its weapons, each once; a pushed major fires exactly one. Each weapon with an
 * attack formula rolls it, and the card says whether it reached the weapon's number; one without
 * rolls nothing, and the card says so.
 */
export function attack(state: SkirmishState, choice: AttackInput, ctx: SkirmishContext): Result<Outcome<AttackDetail>> {
  const a = acting(state, choice.actor);
  if (isLine(a)) return refuse(a);
  const { actor, budget } = a;
  const name = actor.name;
  if (choice.weapons.length === 0) return refuse(refusal("NoWeaponChosen", { name }));
  const weapons: WeaponItem[] = [];
  for (const id of choice.weapons) {
    const w = actor.weapons.find((x) => x.id === id);
    if (!w) return refuse(refusal("NoWeapon", { name, weapon: String(id) }));
    if (weapons.includes(w)) return refuse(refusal("WeaponTwice", { weapon: w.name }));
    if (!isAttackFormula(attackOf(w).formula)) return refuse(refusal("BadAttackFormula", { weapon: w.name, formula: attackOf(w).formula }));
    weapons.push(w);
  }
  if (actor.type === "infantry" && weapons.length > 1) return refuse(refusal("OneWeapon", { name }));
  const aimed = checkTarget(state, actor, choice);
  if (isLine(aimed)) return refuse(aimed);
  const { target } = aimed;
  const economy = spendFor(actor.id, budget, "major", ctx.settings, choice.gmOverride);
  if (isLine(economy)) return refuse(economy);
  if (economy.spend?.source === "pushed" && weapons.length > 1) return refuse(refusal("OnePushedWeapon", { name }));
  const d = new Draft(state, ctx);
  if (economy.spend?.source === "pushed") d.say("PushedMajor", { name });
  if (economy.spend?.source === "override") d.say("Override", { name });
  const distance = distancePhrase(target.distance!, target.units);
  const summary: Line[] = [];
  const rolls: AttackRoll[] = [];
  for (const w of weapons) {
    d.say(actor.type === "vehicle" ? "FiredAt" : "AttackedAt", { name, weapon: w.name, target: target.name, distance });
    const { formula, reach } = attackOf(w);
    if (formula === "") {
      d.say("NoAttackRoll", { weapon: w.name });
      summary.push(line("NothingRolled", { weapon: w.name }));
      rolls.push({ weapon: w.id, formula, total: null, reach, reached: null });
      continue;
    }
    const total = d.roll(line("AttackRoll", { weapon: w.name }), formula);
    const reached = reach === null ? null : reaches(total, reach);
    const verdict = reach === null ? line("RolledNoReach", { weapon: w.name, total }) : line(reached ? "Reached" : "FellShort", { weapon: w.name, total, reach });
    d.log.push({ ...verdict, repeatsRoll: true });
    summary.push(verdict);
    rolls.push({ weapon: w.id, formula, total, reach, reached });
  }
  const outcome = d.outcome(ACTIONS.attack, actor.id, { economy, effects: [], weapons: weapons.map((w) => w.id), target, rolls });
  return ok({ ...outcome, summary });
}

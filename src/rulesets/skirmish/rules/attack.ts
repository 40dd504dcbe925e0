import { ok, type Outcome, type Result } from "../../../core/rules/outcome";
import { acting, isLine, refusal, refuse, spendFor, type ActingChoice, type SkirmishDetail } from "./common";
import { ACTIONS, type SkirmishContext } from "./context";
import { Draft } from "./draft";
import type { SkirmishState, WeaponItem } from "./state";

export interface AttackChoice extends ActingChoice {
  /** The weapons used: one for infantry; for a vehicle any of its weapons, each once (one only on a pushed major). */
  weapons: string[];
}

export interface AttackDetail extends SkirmishDetail {
  weapons: string[];
}

/**
 * Attack: a major action with a weapon. A vehicle's own major action fires any
 * of its weapons, each once; a pushed major fires exactly one.
 */
export function attack(state: SkirmishState, choice: AttackChoice, ctx: SkirmishContext): Result<Outcome<AttackDetail>> {
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
    weapons.push(w);
  }
  if (actor.type === "infantry" && weapons.length > 1) return refuse(refusal("OneWeapon", { name }));
  const economy = spendFor(actor.id, budget, "major", ctx.settings, choice.gmOverride);
  if (isLine(economy)) return refuse(economy);
  if (economy.spend?.source === "pushed" && weapons.length > 1) return refuse(refusal("OnePushedWeapon", { name }));
  const d = new Draft(state, ctx);
  if (economy.spend?.source === "pushed") d.say("PushedMajor", { name });
  if (economy.spend?.source === "override") d.say("Override", { name });
  for (const w of weapons) d.say(actor.type === "vehicle" ? "Fired" : "Attacked", { name, weapon: w.name });
  return ok(d.outcome(ACTIONS.attack, actor.id, { economy, effects: [], weapons: weapons.map((w) => w.id) }));
}

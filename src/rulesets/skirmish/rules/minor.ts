import { counted, ok, type Outcome, type Result } from "../../../core/rules/outcome";
import { acting, isLine, refusal, refuse, spendFor, type ActingChoice, type SkirmishDetail } from "./common";
import { ACTIONS, type SkirmishContext } from "./context";
import { Draft } from "./draft";
import type { SkirmishState } from "./state";

export interface ReloadChoice extends ActingChoice {
  weapon: string;
}

export interface ReloadDetail extends SkirmishDetail {
  weapon: string;
  /** Reloads left after this one. */
  reloads: number;
}

/** Reload a weapon: a minor action that uses up one of its reloads. */
export function reload(state: SkirmishState, choice: ReloadChoice, ctx: SkirmishContext): Result<Outcome<ReloadDetail>> {
  const a = acting(state, choice.actor);
  if (isLine(a)) return refuse(a);
  const { actor, budget } = a;
  const weapon = actor.weapons.find((x) => x.id === choice.weapon);
  if (!weapon) return refuse(refusal("NoWeapon", { name: actor.name, weapon: String(choice.weapon) }));
  if (weapon.system.reloads.value <= 0) return refuse(refusal("NoReloads", { weapon: weapon.name }));
  const economy = spendFor(actor.id, budget, "minor", ctx.settings, choice.gmOverride);
  if (isLine(economy)) return refuse(economy);
  const d = new Draft(state, ctx);
  const reloads = weapon.system.reloads.value - 1;
  d.setWeapon(actor.id, weapon.id, "system.reloads.value", reloads);
  if (economy.spend?.source === "override") d.say("Override", { name: actor.name });
  d.say(counted("Reloaded", reloads), { name: actor.name, weapon: weapon.name, reloads });
  return ok(d.outcome(ACTIONS.reload, actor.id, { economy, effects: [], weapon: weapon.id, reloads }));
}

/** Deploy (a drone, a device…): a minor action. */
export function deploy(state: SkirmishState, choice: ActingChoice, ctx: SkirmishContext): Result<Outcome<SkirmishDetail>> {
  return plainMinor(state, choice, ctx, "deploy");
}

/** Scan: a minor action. */
export function scan(state: SkirmishState, choice: ActingChoice, ctx: SkirmishContext): Result<Outcome<SkirmishDetail>> {
  return plainMinor(state, choice, ctx, "scan");
}

function plainMinor(state: SkirmishState, choice: ActingChoice, ctx: SkirmishContext, kind: "deploy" | "scan"): Result<Outcome<SkirmishDetail>> {
  const a = acting(state, choice.actor);
  if (isLine(a)) return refuse(a);
  const economy = spendFor(a.actor.id, a.budget, "minor", ctx.settings, choice.gmOverride);
  if (isLine(economy)) return refuse(economy);
  const d = new Draft(state, ctx);
  const name = a.actor.name;
  if (economy.spend?.source === "override") d.say("Override", { name });
  if (kind === "deploy") d.say("Deployed", { name });
  else d.say("Scanned", { name });
  return ok(d.outcome(ACTIONS[kind], a.actor.id, { economy, effects: [] }));
}

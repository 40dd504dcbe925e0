import { ok, type Outcome, type Result } from "../../../core/rules/outcome";
import { acting, isLine, refuse, spendFor, type ActingChoice, type SkirmishDetail } from "./common";
import { ACTIONS, type SkirmishContext } from "./context";
import { Draft } from "./draft";
import type { SkirmishState } from "./state";

export interface FreeChoice extends ActingChoice {
  /** The flavour: banter, a pose, kissing a lucky charm… (plain text; the card escapes it). */
  text: string;
}

/** A free action: pure flavour, as many a round as the world setting allows. */
export function freeAction(state: SkirmishState, choice: FreeChoice, ctx: SkirmishContext): Result<Outcome<SkirmishDetail>> {
  const a = acting(state, choice.actor);
  if (isLine(a)) return refuse(a);
  const economy = spendFor(a.actor.id, a.budget, "free", ctx.settings, choice.gmOverride);
  if (isLine(economy)) return refuse(economy);
  const d = new Draft(state, ctx);
  if (economy.spend?.source === "override") d.say("Override", { name: a.actor.name });
  const text = choice.text.trim();
  if (text === "") d.say("FreeAction", { name: a.actor.name });
  else d.say("Free", { name: a.actor.name, text });
  return ok(d.outcome(ACTIONS.free, a.actor.id, { economy, effects: [] }));
}

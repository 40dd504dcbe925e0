import { ok, type Outcome, type Result } from "../../../core/rules/outcome";
import { refusal, refuse } from "./common";
import { ACTIONS, LOG, type FactionTurnContext } from "./context";
import { Draft } from "./draft";
import type { FactionTurnState } from "./state";

export interface EndTurnChoice {
  faction: string;
}
export type EndTurnDetail = Record<string, never>;

/** End Turn: the faction's turn is over (a destroyed faction may still end it). */
export function endTurn(state: FactionTurnState, choice: EndTurnChoice, ctx: FactionTurnContext): Result<Outcome<EndTurnDetail>> {
  const faction = Object.prototype.hasOwnProperty.call(state.factions, choice.faction) ? state.factions[choice.faction] : undefined;
  if (!faction) return refuse(refusal("NoFaction", { faction: String(choice.faction) }));
  if (!faction.system.turn.started) return refuse(refusal("NotStarted", { faction: faction.name }));
  const d = new Draft(state, ctx);
  d.setFaction(faction.id, "system.turn.started", false);
  d.say(`${LOG}TurnEnd`, { faction: faction.name });
  return ok(d.outcome(ACTIONS.end, faction.id, {}));
}

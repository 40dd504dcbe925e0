import { ok, type Outcome, type Result } from "../../../core/rules/outcome";
import type { SkirmishDetail } from "./common";
import { companyOf } from "./company";
import { ACTIONS, type SkirmishContext } from "./context";
import { Draft } from "./draft";
import { EFFECT_RULES, endedLine } from "./effects";
import type { SkirmishState } from "./state";

export interface MoraleCarried {
  squad: string;
  company: string;
  morale: number;
}

export interface EndCombatDetail extends SkirmishDetail {
  carried: MoraleCarried[];
}

/**
 * The encounter ends (RULES §5): each squad's highest Morale reached is added
 * to its company's morale, and its record is cleared for the next encounter;
 * effects that last some rounds or the rest of the fight end; those the GM
 * removes stay. `actor` of the outcome is "" (the encounter, no one actor).
 */
export function endCombat(state: SkirmishState, ctx: SkirmishContext): Result<Outcome<EndCombatDetail>> {
  const d = new Draft(state, ctx);
  const carried: MoraleCarried[] = [];
  for (const id of Object.keys(state.combatants)) {
    const actor = state.actors[id];
    if (actor?.type !== "infantry") continue;
    const highest = actor.system.highestMorale;
    if (highest > 0) {
      const company = companyOf(state, actor);
      if (company) {
        const morale = d.company(company.id).system.morale + highest;
        d.setActor(company.id, "system.morale", morale);
        carried.push({ squad: actor.id, company: company.id, morale: highest });
        d.say("MoraleCarried", { name: actor.name, company: company.name, bonus: highest, morale });
      } else d.say("NoCompany", { name: actor.name });
      d.setActor(actor.id, "system.highestMorale", 0);
    }
    const fx = d.effects(actor.id);
    for (const e of actor.effects) {
      if (EFFECT_RULES[e.kind].lasts === "gm") continue;
      fx.delete(e.id);
      d.log.push(endedLine(actor.name, e));
    }
  }
  return ok(d.outcome(ACTIONS.endCombat, "", { economy: null, effects: d.effectPlans(), carried }));
}

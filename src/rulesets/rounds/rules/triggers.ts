import { ok, type LabeledRoll, type Line, type Outcome, type Result } from "../../../core/rules/outcome";
import { abilityOf, formulaProblem, rollAbility } from "./abilities";
import { getHero, gmRules, isLine, refusal, refuse, say, stepName } from "./common";
import { ACTIONS, type RoundsContext } from "./context";
import type { InterstepEvent } from "./events";
import type { RoundsState } from "./state";

export interface TriggerDetail {
  hero: string;
  ability: string;
  edge: InterstepEvent["edge"];
  step: InterstepEvent["step"];
  formula: string;
  total: number | null;
}

/**
 * Resolve one interstep event: the ability's text and its roll, if it has a
 * formula. Firing uses nothing; the hero must still be on the map.
 */
export function fireEvent(state: RoundsState, event: InterstepEvent, ctx: RoundsContext): Result<Outcome<TriggerDetail>> {
  const hero = getHero(state, event.hero);
  if (isLine(hero)) return refuse(hero);
  if (!hero.system.onMap && !ctx.override) return refuse(refusal("OffMap", { hero: hero.name }));
  const ability = abilityOf(hero, event.ability);
  if (isLine(ability)) return refuse(ability);
  if (ability.system.timing !== event.edge || ability.system.step !== event.step) return refuse(refusal("NotTriggered", { ability: ability.name }));
  const bad = formulaProblem(ability);
  if (bad) return refuse(bad);

  const log: Line[] = [];
  if (event.edge === "start") log.push(say("TriggeredAtStart", { hero: hero.name, ability: ability.name, step: stepName(event.step) }));
  else log.push(say("TriggeredAtEnd", { hero: hero.name, ability: ability.name, step: stepName(event.step) }));
  const text = ability.system.text.trim();
  if (text !== "") log.push(say("AbilityText", { ability: ability.name, text }));
  const rolls: LabeledRoll[] = [];
  const roll = rollAbility(ability, ctx);
  if (roll) {
    rolls.push(roll);
    // Shown in the card's header; the line keeps it for the chronicle.
    log.push({ ...say("Rolled", { ability: ability.name, formula: roll.formula, total: roll.total }), repeatsRoll: true });
  }
  log.push(gmRules("trigger"));
  return ok({
    action: ACTIONS.trigger,
    actor: hero.id,
    checks: [],
    rolls,
    changes: [],
    log,
    detail: { hero: hero.id, ability: ability.id, edge: event.edge, step: event.step, formula: roll?.formula ?? "", total: roll?.total ?? null },
  });
}

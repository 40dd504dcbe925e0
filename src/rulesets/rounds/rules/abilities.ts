import { isFormula } from "../../../core/rules/formula";
import type { LabeledRoll, Line } from "../../../core/rules/outcome";
import { refusal, say } from "./common";
import type { RoundsContext } from "./context";
import type { AbilityItem, HeroState } from "./state";

/** The hero's ability by item id, or why there is none. */
export function abilityOf(hero: HeroState, id: string): AbilityItem | Line {
  const it = hero.items.find((i) => i.id === id);
  return it && it.type === "ability" ? it : refusal("NoAbility", { hero: hero.name, ability: String(id) });
}

/** The ability's formula is one the dice can roll ("" rolls nothing). */
export function formulaProblem(ability: AbilityItem): Line | null {
  const f = ability.system.formula.trim();
  return f === "" || isFormula(f) ? null : refusal("BadFormula", { ability: ability.name, formula: f });
}

/** Roll the ability's formula, if it has one, through the dice. */
export function rollAbility(ability: AbilityItem | null, ctx: RoundsContext): LabeledRoll | null {
  const formula = ability?.system.formula.trim() ?? "";
  if (!ability || formula === "") return null;
  return { label: say("RollOf", { ability: ability.name }), formula, total: ctx.dice.roll(formula) };
}

/**
 * What an attack does, and the hero's own attack rolls. The seed gives no rules for hurting a hero
 * (its pages on shooting, melee and dismissal are not included), so the system supplies the
 * machinery and the GM the ruling: a Shoot or Melee rolls the hero's own formula if the GM set one,
 * and the attack's card offers the GM the outcomes of a short list (by default Wounded and
 * Defeated), each applied to the target as its own card. Defeated takes the hero off the map; it
 * stays on its team, and may come back at a Reinforce.
 */
import { ChangeRecorder, type Json } from "../../../core/rules/changes";
import { isFormula } from "../../../core/rules/formula";
import { ok, type LabeledRoll, type Line, type Outcome, type Result } from "../../../core/rules/outcome";
import { getHero, isLine, refusal, refuse, say } from "./common";
import { ACTIONS, type RoundsContext } from "./context";
import type { HeroState, RoundsState } from "./state";

/** The outcomes a new world offers (each named by `FACTIONS.Rounds.Outcome.<id>`). */
export const OUTCOME_DEFAULTS = ["wounded", "defeated"] as const;
/** The outcome that takes the hero off the map. */
export const DEFEATED = "defeated";
/** The i18n prefix of a built-in outcome's name. */
export const OUTCOME = "FACTIONS.Rounds.Outcome.";
/** The longest name an outcome may have. */
export const MAX_OUTCOME_NAME = 60;
/** The most outcomes a list holds (the card offers each as a button). */
export const MAX_OUTCOMES = 12;

const isBuiltIn = (outcome: string): boolean => (OUTCOME_DEFAULTS as readonly string[]).includes(outcome);

/** An outcome as a line's data: a built-in's i18n key (the Foundry layer localizes it), else the GM's name as written. */
export const outcomeName = (outcome: string): string => (isBuiltIn(outcome) ? OUTCOME + outcome : outcome);

/**
 * The GM's list of outcomes from the setting's text: names separated by commas (or new lines),
 * trimmed, each once, at most `MAX_OUTCOMES` of at most `MAX_OUTCOME_NAME` characters. A name that
 * is a built-in one, by its id or its name in the table's language (`builtInNames`, id → name),
 * stands for that built-in; a blank text is the default list.
 */
export function outcomeList(text: string, builtInNames: Readonly<Record<string, string>> = {}): string[] {
  const byName = new Map<string, string>();
  for (const id of OUTCOME_DEFAULTS) {
    byName.set(id, id);
    const name = builtInNames[id];
    if (name) byName.set(name.trim().toLocaleLowerCase(), id);
  }
  const out: string[] = [];
  for (const raw of String(text ?? "").split(/[,\n]/)) {
    const name = raw.trim().replace(/\s+/g, " ").slice(0, MAX_OUTCOME_NAME).trim();
    if (!name) continue;
    const id = byName.get(name.toLocaleLowerCase()) ?? name;
    if (!out.includes(id)) out.push(id);
    if (out.length === MAX_OUTCOMES) break;
  }
  return out.length ? out : [...OUTCOME_DEFAULTS];
}

// ---------------------------------------------------------------------------
// The hero's own attack rolls.

export type AttackKind = "shoot" | "melee";

/** The i18n key of an attack's name ("Shoot", "Melee"), for a line's data. */
export const attackName = (kind: AttackKind): string => `FACTIONS.Rounds.Attack.${kind}`;

/** The hero's formula for the attack ("" none). */
export function attackFormula(hero: HeroState, kind: AttackKind): string {
  return String((kind === "shoot" ? hero.system.shootFormula : hero.system.meleeFormula) ?? "").trim();
}

/** Why the hero's formula cannot be rolled, or null (a blank one rolls nothing, which is no fault). */
export function attackFormulaProblem(hero: HeroState, kind: AttackKind): Line | null {
  const f = attackFormula(hero, kind);
  return f === "" || isFormula(f) ? null : refusal("BadAttackFormula", { hero: hero.name, act: attackName(kind), formula: f });
}

/** The hero's attack: its roll through the dice (null: no formula, nothing rolled) and the line that tells it. */
export function rollAttack(hero: HeroState, kind: AttackKind, ctx: RoundsContext): { roll: LabeledRoll | null; line: Line } {
  const formula = attackFormula(hero, kind);
  if (formula === "") return { roll: null, line: say("NoAttackFormula", { hero: hero.name, act: attackName(kind) }) };
  const total = ctx.dice.roll(formula);
  return {
    roll: { label: say("AttackRollOf", { hero: hero.name, act: attackName(kind) }), formula, total },
    // Shown in the card's header; the line keeps it for the chronicle.
    line: { ...say("AttackRolled", { hero: hero.name, act: attackName(kind), formula, total }), repeatsRoll: true },
  };
}

// ---------------------------------------------------------------------------
// Applying an outcome.

export interface OutcomeChoice {
  /** The hero the attack was aimed at. */
  hero: string;
  /** The outcome: a built-in id or the GM's name for it. */
  outcome: string;
  /** The attack's card (its chat message id). */
  card: string;
}

export interface OutcomeDetail {
  hero: string;
  outcome: string;
  card: string;
  /** It takes the hero off the map (Defeated). */
  defeated: boolean;
}

/**
 * The GM applies an outcome of an attack to its target: the hero now bears it (each outcome once);
 * Defeated also takes it off the map, where it stays on its team. Refused for a hero off the map
 * (an outcome already took it off, or it was never on), or one already bearing it.
 */
export function applyOutcome(state: RoundsState, choice: OutcomeChoice): Result<Outcome<OutcomeDetail>> {
  const hero = getHero(state, choice.hero);
  if (isLine(hero)) return refuse(hero);
  const outcome = String(choice.outcome ?? "").trim();
  if (outcome === "" || outcome.length > MAX_OUTCOME_NAME) return refuse(refusal("NoOutcome"));
  if (!hero.system.onMap) return refuse(refusal("OutcomeOffMap", { hero: hero.name }));
  const bears = hero.system.outcomes ?? [];
  if (bears.includes(outcome)) return refuse(refusal("AlreadyBears", { hero: hero.name, outcome: outcomeName(outcome) }));

  const rec = new ChangeRecorder();
  const defeated = outcome === DEFEATED;
  rec.update({ actor: hero.id }, "system.outcomes", [...bears] as Json, [...bears, outcome] as Json);
  const log: Line[] = [say("OutcomeApplied", { hero: hero.name, outcome: outcomeName(outcome) })];
  if (defeated) {
    rec.update({ actor: hero.id }, "system.onMap", true, false);
    log.push(say("DefeatedOffMap", { hero: hero.name }));
  }
  return ok({
    action: ACTIONS.outcome,
    actor: hero.id,
    checks: [],
    rolls: [],
    changes: rec.changes(),
    log,
    detail: { hero: hero.id, outcome, card: choice.card, defeated },
  });
}

/**
 * What bringing a hero in takes away: a hero that comes back onto the map is no longer Defeated
 * (its other outcomes stay). The changes are recorded on `rec`.
 */
export function clearDefeated(rec: ChangeRecorder, hero: HeroState): void {
  const bears = hero.system.outcomes ?? [];
  if (!bears.includes(DEFEATED)) return;
  rec.update({ actor: hero.id }, "system.outcomes", [...bears] as Json, bears.filter((o) => o !== DEFEATED) as Json);
}

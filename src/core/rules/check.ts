import type { Dice } from "./dice";

/**
 * Opposed checks (RULES §1): each side rolls the same die (1d10 unless the
 * settings name another, e.g. `2d6` for Skirmish) + its rating.
 * This file holds the types; the functions are implemented below them.
 */
export type TiePolicy = "defender" | "reroll";

export interface CheckSettings {
  /** Two-tier checks: who wins a tie. */
  tie: TiePolicy;
  /** Four-tier checks: the margin (default 5) at or past which a result is complete. */
  completeMargin: number;
  /** The die both sides roll, a formula such as `1d10` or `2d6` (see `isCheckDie`); absent means 1d10. */
  die?: string;
}

/** The die of RULES §1, rolled when the settings name none. */
export const DEFAULT_DIE = "1d10";

export const DEFAULT_CHECK_SETTINGS: CheckSettings = { tie: "defender", completeMargin: 5 };

export type CheckKind = "twoTier" | "fourTier";
export type Tier = "completeFailure" | "failure" | "success" | "completeSuccess";

/** One named part of a rating; `label` is an i18n key or a document name. */
export interface Modifier {
  label: string;
  value: number;
}

export interface CheckRoll {
  formula: string;
  /** What the die showed: the total less the rating (the d10 face, or the sum of the dice). */
  die: number;
  rating: number;
  total: number;
}

export interface CheckResult {
  kind: CheckKind;
  actor: CheckRoll;
  opposition: CheckRoll;
  /** actor total − opposition total of the deciding roll. */
  margin: number;
  tier: Tier;
  /** Earlier tied attempts that were rolled again under the `reroll` tie policy. */
  ties: { actor: CheckRoll; opposition: CheckRoll }[];
  /** Each side's rating, part by part: what the dialog showed and the card shows. */
  modifiers: { actor: Modifier[]; opposition: Modifier[] };
}

export type TierOdds = Record<Tier, number>;

// Re-exported for callers that only need the dice type with the check API.
export type { Dice };

// ---------------------------------------------------------------------------
// Functions

/** The rating a list of modifiers adds up to. */
export function rating(mods: readonly Modifier[]): number {
  let sum = 0;
  for (const m of mods) sum += m.value;
  return sum;
}

/** The formula one side rolls: `1d10 + 3`, `1d10 - 2`, `1d10` (or with another die: `2d6 + 3`). */
export function formulaFor(r: number, die: string = DEFAULT_DIE): string {
  if (r > 0) return `${die} + ${r}`;
  if (r < 0) return `${die} - ${-r}`;
  return die;
}

/**
 * The tier a margin gives. Two-tier: success iff margin > 0 (a tie is the
 * defender's; `rollCheck` handles the `reroll` policy before asking this).
 * Four-tier with complete margin C: ≥ C complete success, 1..C−1 success,
 * −(C−1)..0 failure, ≤ −C complete failure.
 */
export function tierOf(margin: number, kind: CheckKind, settings: CheckSettings = DEFAULT_CHECK_SETTINGS): Tier {
  if (kind === "twoTier") return margin > 0 ? "success" : "failure";
  const c = Math.max(1, settings.completeMargin);
  if (margin >= c) return "completeSuccess";
  if (margin > 0) return "success";
  if (margin > -c) return "failure";
  return "completeFailure";
}

/** Is the tier a success of either kind? */
export function isSuccess(tier: Tier): boolean {
  return tier === "success" || tier === "completeSuccess";
}

/** Safety stop for `reroll` ties with broken dice; after this many ties the defender wins. */
export const MAX_TIE_REROLLS = 100;

function rollSide(dice: Dice, r: number, die: string): CheckRoll {
  const formula = formulaFor(r, die);
  const total = dice.roll(formula);
  return { formula, die: total - r, rating: r, total };
}

/**
 * Roll an opposed check: each side rolls the die (1d10 by default) + its
 * rating through `dice.roll`, actor first. Under the `reroll` tie policy a two-tier tie is rolled again
 * (the tied attempts are kept in `ties`).
 */
export function rollCheck(
  dice: Dice,
  actorMods: readonly Modifier[],
  oppMods: readonly Modifier[],
  kind: CheckKind,
  settings: CheckSettings = DEFAULT_CHECK_SETTINGS,
): CheckResult {
  const a = rating(actorMods);
  const b = rating(oppMods);
  const die = settings.die ?? DEFAULT_DIE;
  const ties: CheckResult["ties"] = [];
  for (;;) {
    const actor = rollSide(dice, a, die);
    const opposition = rollSide(dice, b, die);
    const margin = actor.total - opposition.total;
    if (kind === "twoTier" && margin === 0 && settings.tie === "reroll" && ties.length < MAX_TIE_REROLLS) {
      ties.push({ actor, opposition });
      continue;
    }
    const modifiers = { actor: actorMods.map((m) => ({ ...m })), opposition: oppMods.map((m) => ({ ...m })) };
    return { kind, actor, opposition, margin, tier: tierOf(margin, kind, settings), ties, modifiers };
  }
}

/** The largest situational modifier, either way, that an action dialog offers and a rule accepts. */
export const MAX_SITUATIONAL = 20;

/** Is `value` a situational modifier a rule may accept: a whole number within ±MAX_SITUATIONAL? */
export function isSituational(value: number): boolean {
  return Number.isInteger(value) && Math.abs(value) <= MAX_SITUATIONAL;
}

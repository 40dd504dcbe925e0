import { ChangeRecorder } from "../../../core/rules/changes";
import { distancePhrase } from "../../../core/rules/distance";
import { ok, type LabeledRoll, type Line, type Outcome, type Result } from "../../../core/rules/outcome";
import { abilityOf, formulaProblem, rollAbility } from "./abilities";
import { getHero, gmRules, isLine, refusal, refuse, say } from "./common";
import { ACTIONS, type RoundsContext } from "./context";
import { attackFormulaProblem, rollAttack, type AttackKind } from "./outcomes";
import { mayAct, type Act } from "./permissions";
import { squareLabel } from "./map";
import { moveRefusal, slipAwayPlaces, squareOfChoice, type Relocation } from "./places";
import type { AbilityItem, HeroState, Position, RoundsState } from "./state";
import { recordUse } from "./uses";

/**
 * The acts whose rules are on pages the seed does not include (moving p. 9,
 * melee p. 18, shooting p. 19, minions p. 23, adventures p. 14): each checks
 * who may act, spends the hero's use of the step, rolls the ability's formula
 * if one is named, and says that the GM rules on the rest. A Shoot or a Melee
 * rolls the hero's own formula for it (if the GM set one) and leaves what it
 * does to the GM, who applies an outcome from its card (./outcomes.ts).
 */
export type RuledAct = "move" | "slipAway" | "shoot" | "unleash" | "melee" | "challenge" | "ability";

export interface ActDetail {
  hero: string;
  act: RuledAct;
  at: Position;
  /** A hero's id (shoot, melee, slip away, an ability's target), the adventure space's id (challenge), the minion (unleash); "" none. */
  target: string;
  targetName: string;
  /** The ability used ("" none), its formula and the total rolled (null: nothing rolled). */
  ability: string;
  formula: string;
  total: number | null;
  /** A Shoot's or a Melee's roll of the hero's own formula for it (null: none set, or another act). */
  attack: { formula: string; total: number } | null;
  /**
   * From the hero's token to the target's, measured on the scene's grid by the client that
   * resolves the act (null: one of them has no token there). Left out when nothing was measured.
   */
  distance?: MapDistance | null;
  /** Heroes the act takes elsewhere on the map (a Move with a square, Slip Away's swap): their tokens go there, and back on undo. */
  moves?: Relocation[];
}

/** A distance on the map, in the scene's grid units ("" none), as the Foundry layer measured it. */
export interface MapDistance {
  value: number;
  units: string;
}

/**
 * What the map says of an aimed act's target: the distance between the two tokens, measured on
 * the scene's grid (null: not both on it). The Foundry layer sets it from the map on every
 * client that resolves the act, whatever a choice says; the rules only show it.
 */
export interface Measured {
  distance?: MapDistance | null;
}

/** What every act names: the hero, and an ability tagged with the step whose formula is rolled. */
export interface ActChoice {
  hero: string;
  ability?: string;
}

export interface TargetedChoice extends ActChoice, Measured {
  /** The enemy hero. */
  target: string;
}

/** A Move: to a square of the map (a dragged token), or left to the GM (none). */
export interface MoveChoice extends ActChoice {
  to?: unknown;
}

/** Slip Away: the enemy, and the square the hero steps to after the swap (none: it stays on the enemy's). */
export interface SlipAwayChoice extends TargetedChoice {
  step?: unknown;
}

export interface UnleashChoice extends ActChoice {
  /** The minion unleashed, as the player names it ("" unnamed). */
  minion: string;
}

export interface AbilityChoice extends Measured {
  hero: string;
  ability: string;
  /** A hero the ability is aimed at, if any; a Melee ability's adjacent enemy (required). */
  target?: string;
}

interface Aim {
  /** The act as the permission check sees it (with the target hero, if any). */
  act: Act;
  target: string;
  targetName: string;
  /** For a hero aimed at: the distance measured on the map, if any was. */
  distance?: MapDistance | null;
}

/** The card's headline of an aimed act: the target, and how far it stands on the scene's grid. */
function aimSummary(aim: Aim): Line[] {
  if (aim.distance === undefined || aim.targetName === "") return [];
  if (aim.distance === null) return [say("TargetUnmeasured", { target: aim.targetName })];
  return [say("TargetAt", { target: aim.targetName, distance: distancePhrase(aim.distance.value, aim.distance.units) })];
}

function resolve(
  state: RoundsState,
  hero: HeroState,
  kind: RuledAct,
  aim: Aim,
  abilityId: string | undefined,
  ctx: RoundsContext,
  lines: Line[],
  moves?: Relocation[],
): Result<Outcome<ActDetail>> {
  const at = state.track;
  const why = mayAct(at, hero, aim.act, ctx.override);
  if (why) return refuse(why);
  let ability: AbilityItem | null = null;
  if (abilityId !== undefined && abilityId !== "") {
    const a = abilityOf(hero, abilityId);
    if (isLine(a)) return refuse(a);
    const wrong = mayAct(at, hero, { kind: "ability", timing: a.system.timing }, ctx.override);
    if (wrong) return refuse(wrong);
    const bad = formulaProblem(a);
    if (bad) return refuse(bad);
    ability = a;
  }
  const attackKind: AttackKind | null = kind === "shoot" || kind === "melee" ? kind : null;
  const badAttack = attackKind ? attackFormulaProblem(hero, attackKind) : null;
  if (badAttack) return refuse(badAttack);

  const rec = new ChangeRecorder();
  const position: Position = { round: at.round, team: at.team, step: at.step };
  recordUse(rec, hero, position, kind);
  const log = [...lines];
  const rolls: LabeledRoll[] = [];
  // The hero's own roll first, then the ability's that adds to it.
  const attack = attackKind ? rollAttack(hero, attackKind, ctx) : null;
  if (attack) {
    if (attack.roll) rolls.push(attack.roll);
    log.push(attack.line);
  }
  const roll = rollAbility(ability, ctx);
  if (roll && ability) {
    rolls.push(roll);
    // Shown in the card's header; the line keeps it for the chronicle.
    log.push({ ...say("Rolled", { ability: ability.name, formula: roll.formula, total: roll.total }), repeatsRoll: true });
  }
  // What an attack does is the GM's to apply, as an outcome from its card; a move on the map is done; anything else, the GM rules on.
  if (attackKind) log.push(say("OutcomeToApply", { target: aim.targetName }));
  else if (!moves) log.push(gmRules(kind));
  const summary = aimSummary(aim);
  return ok({
    action: ACTIONS[kind],
    actor: hero.id,
    checks: [],
    rolls,
    changes: rec.changes(),
    log,
    ...(summary.length ? { summary } : {}),
    detail: {
      hero: hero.id,
      act: kind,
      at: position,
      target: aim.target,
      targetName: aim.targetName,
      ability: ability?.id ?? "",
      formula: roll?.formula ?? "",
      total: roll?.total ?? null,
      attack: attack?.roll ? { formula: attack.roll.formula, total: attack.roll.total } : null,
      ...(aim.distance !== undefined ? { distance: aim.distance } : {}),
      ...(moves ? { moves } : {}),
    },
  });
}

/** The enemy hero an act is aimed at, or why there is none. */
function enemyTarget(state: RoundsState, id: string | undefined): HeroState | Line {
  if (id === undefined || id === "") return refusal("NoTarget");
  return getHero(state, id);
}

/** The distance the Foundry layer measured, if it did (a finite number, or null), else nothing. */
function measured(choice: Measured): { distance?: MapDistance | null } {
  const d = choice.distance;
  if (d === null) return { distance: null };
  if (d && typeof d.value === "number" && Number.isFinite(d.value)) return { distance: { value: d.value, units: typeof d.units === "string" ? d.units : "" } };
  return {};
}

function targeted(state: RoundsState, kind: "shoot" | "melee", choice: TargetedChoice, ctx: RoundsContext, line: (hero: string, target: string) => Line) {
  const hero = getHero(state, choice.hero);
  if (isLine(hero)) return refuse<Outcome<ActDetail>>(hero);
  const target = enemyTarget(state, choice.target);
  if (isLine(target)) return refuse<Outcome<ActDetail>>(target);
  const aim: Aim = { act: { kind, target }, target: target.id, targetName: target.name, ...measured(choice) };
  return resolve(state, hero, kind, aim, choice.ability, ctx, [line(hero.name, target.name)]);
}

/** Action step: move the hero, to a square of the map if the choice names one (its token dragged there). */
export function move(state: RoundsState, choice: MoveChoice, ctx: RoundsContext): Result<Outcome<ActDetail>> {
  const hero = getHero(state, choice.hero);
  if (isLine(hero)) return refuse(hero);
  const aim: Aim = { act: { kind: "move" }, target: "", targetName: "" };
  if (choice.to === undefined) return resolve(state, hero, "move", aim, choice.ability, ctx, [say("Moved", { hero: hero.name })]);
  const to = squareOfChoice(choice.to);
  if (!to) return refuse(refusal("NoSquare"));
  // Who may act first: a hero who may not move learns that, not where it may not go.
  const why = mayAct(state.track, hero, aim.act, ctx.override);
  if (why) return refuse(why);
  const wrong = moveRefusal(state.map, hero, to);
  if (wrong) return refuse(wrong);
  const { column, row } = squareLabel(state.map!, to);
  const line = say("MovedTo", { hero: hero.name, column, row });
  return resolve(state, hero, "move", aim, choice.ability, ctx, [line], [{ hero: hero.id, from: hero.square!, to }]);
}

/** Action step: trade places with an enemy, then move a small distance (./places.ts). */
export function slipAway(state: RoundsState, choice: SlipAwayChoice, ctx: RoundsContext): Result<Outcome<ActDetail>> {
  const hero = getHero(state, choice.hero);
  if (isLine(hero)) return refuse(hero);
  const target = enemyTarget(state, choice.target);
  if (isLine(target)) return refuse(target);
  const aim: Aim = { act: { kind: "slipAway", target }, target: target.id, targetName: target.name, ...measured(choice) };
  const why = mayAct(state.track, hero, aim.act, ctx.override);
  if (why) return refuse(why);
  const step = choice.step === undefined || choice.step === null ? null : squareOfChoice(choice.step);
  if (choice.step !== undefined && choice.step !== null && !step) return refuse(refusal("NoSquare"));
  const moves = slipAwayPlaces(state.map, hero, target, step);
  if (isLine(moves)) return refuse(moves);
  const lines = [say("SlippedAway", { hero: hero.name, target: target.name })];
  const [own] = moves;
  if (step && !(own!.to.x === target.square!.x && own!.to.y === target.square!.y)) {
    const { column, row } = squareLabel(state.map!, own!.to);
    lines.push(say("SteppedTo", { hero: hero.name, column, row }));
  }
  return resolve(state, hero, "slipAway", aim, choice.ability, ctx, lines, moves);
}

/** Action or Reaction step: shoot a ranged weapon at an enemy. */
export function shoot(state: RoundsState, choice: TargetedChoice, ctx: RoundsContext): Result<Outcome<ActDetail>> {
  return targeted(state, "shoot", choice, ctx, (hero, target) => say("Shot", { hero, target }));
}

/** Melee step: attack an adjacent enemy. */
export function melee(state: RoundsState, choice: TargetedChoice, ctx: RoundsContext): Result<Outcome<ActDetail>> {
  return targeted(state, "melee", choice, ctx, (hero, target) => say("Struck", { hero, target }));
}

/** Action step: unleash one minion. */
export function unleash(state: RoundsState, choice: UnleashChoice, ctx: RoundsContext): Result<Outcome<ActDetail>> {
  const hero = getHero(state, choice.hero);
  if (isLine(hero)) return refuse(hero);
  const minion = choice.minion.trim();
  const aim: Aim = { act: { kind: "unleash" }, target: minion, targetName: minion };
  return resolve(state, hero, "unleash", aim, choice.ability, ctx, [minion === "" ? say("UnleashedMinion", { hero: hero.name }) : say("Unleashed", { hero: hero.name, minion })]);
}

/** Adventure step: challenge the adventure space the hero stands on. */
export function challenge(state: RoundsState, choice: ActChoice, ctx: RoundsContext): Result<Outcome<ActDetail>> {
  const hero = getHero(state, choice.hero);
  if (isLine(hero)) return refuse(hero);
  const space = hero.adventure;
  const aim: Aim = { act: { kind: "challenge" }, target: space?.id ?? "", targetName: space?.name ?? "" };
  return resolve(state, hero, "challenge", aim, choice.ability, ctx, [say("Challenged", { hero: hero.name, adventure: space?.name ?? "" })]);
}

/**
 * Use an ability tagged with the current step; it counts as the hero's use of a limited step.
 * A Melee ability is a melee attack: it names its adjacent enemy, as the Melee act does.
 */
export function useAbility(state: RoundsState, choice: AbilityChoice, ctx: RoundsContext): Result<Outcome<ActDetail>> {
  const hero = getHero(state, choice.hero);
  if (isLine(hero)) return refuse(hero);
  const ability = abilityOf(hero, choice.ability);
  if (isLine(ability)) return refuse(ability);
  let target: HeroState | null = null;
  if (ability.system.timing === "melee") {
    const t = enemyTarget(state, choice.target);
    if (isLine(t)) return refuse(t);
    target = t;
  } else if (choice.target !== undefined && choice.target !== "") {
    const t = getHero(state, choice.target);
    if (isLine(t)) return refuse(t);
    target = t;
  }
  const aim: Aim = { act: { kind: "ability", timing: ability.system.timing, target }, target: target?.id ?? "", targetName: target?.name ?? "", ...(target ? measured(choice) : {}) };
  const used = target ? say("UsedAbilityOn", { hero: hero.name, ability: ability.name, target: target.name }) : say("UsedAbility", { hero: hero.name, ability: ability.name });
  const text = ability.system.text.trim();
  return resolve(state, hero, "ability", aim, ability.id, ctx, text === "" ? [used] : [used, say("AbilityText", { ability: ability.name, text })]);
}

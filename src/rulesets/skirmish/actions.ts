/**
 * The Skirmish actions as the shared pipeline sees them: each wraps its pure rule against the
 * world read now (data/state.ts) and adds what the rule leaves to the documents (changes.ts: the
 * fallout as Active Effects, the card's budget entry in its encounter). A spend's GM override is an
 * action of its own, for GMs only, so a player's choice can never carry it. The dialogs are in dialogs.ts.
 */
import { registerAction, type ActionDefinition, type ActionRun } from "../../core/actions/definition";
import { ok, reject, type Outcome, type Result } from "../../core/rules/outcome";
import { effectChanges, freshRound, withDocumentChanges } from "./changes";
import { ActionError } from "../../core/actions/errors";
import type { ActionMessage } from "../../core/actions/pipeline";
import { encounterRecords, liveEntries, skirmishWorld, storedRound, worldOf, type SkirmishWorld } from "./data/state";
import { SKIRMISH_ACTION_IMAGES } from "./images";
import { removeDraw, postDraw } from "./table";
import * as rules from "./rules";
import { skirmishSettings } from "./settings";
import { CHOICE_SHAPES } from "./choices";
import { overrideId, SPENDS, type SpendName } from "./spends";
import { attackInput, targetRefusal } from "./targets";
import { attackFollowUps, onAttackFollowUp, outcomeDefinition } from "./outcomes";
import { SYSTEM_ID } from "../../core/constants";

const A = rules.ACTIONS;

export { overrideId, SPENDS, type SpendName } from "./spends";

export const ICONS: Record<keyof typeof A, string> = {
  push: "fa-solid fa-bolt",
  move: "fa-solid fa-person-running",
  attack: "fa-solid fa-crosshairs",
  reload: "fa-solid fa-rotate",
  deploy: "fa-solid fa-satellite",
  scan: "fa-solid fa-satellite-dish",
  free: "fa-solid fa-comment",
  check: "fa-solid fa-dice-d10",
  removeEffect: "fa-solid fa-eraser",
  advanceRound: "fa-solid fa-hourglass-half",
  endCombat: "fa-solid fa-flag-checkered",
  outcome: "fa-solid fa-heart-crack",
};


const label = (name: keyof typeof A) => `FACTIONS.Skirmish.Action.${name}`;

function context(run: ActionRun): rules.SkirmishContext {
  return { dice: run.dice, newId: run.newId, settings: skirmishSettings() };
}

// ---------------------------------------------------------------------------
// Choices arrive as data from anywhere (a macro, a forged card): each is read into its shape.

const str = (v: unknown): string => (typeof v === "string" ? v : "");
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);
const num = (v: unknown): number => (typeof v === "number" ? v : Number.NaN);
type Raw = Record<string, unknown>;

const acting = (c: Raw): rules.ActingChoice => ({ actor: str(c.actor) });
const SHAPES = {
  push: (c: Raw): rules.PushChoice => ({ ...acting(c), members: strings(c.members) }),
  move: (c: Raw): rules.MoveChoice => ({ ...acting(c), leaveSlowedBehind: c.leaveSlowedBehind === true }),
  attack: (c: Raw): rules.AttackChoice => ({ ...acting(c), weapons: strings(c.weapons), target: str(c.target) }),
  reload: (c: Raw): rules.ReloadChoice => ({ ...acting(c), weapon: str(c.weapon) }),
  deploy: acting,
  scan: acting,
  free: (c: Raw): rules.FreeChoice => ({ ...acting(c), text: str(c.text) }),
};

type Rule<C, D extends rules.SkirmishDetail> = (state: rules.SkirmishState, choice: C, ctx: rules.SkirmishContext) => Result<Outcome<D>>;

/** A rule run against `world`, its outcome completed with the document changes. */
function run<C, D extends rules.SkirmishDetail>(rule: Rule<C, D>, world: SkirmishWorld, choice: C, r: ActionRun): Result<Outcome> {
  const result = rule(world.state, choice, context(r));
  if (!result.ok) return result;
  return ok(withDocumentChanges(result.value, world.combat) as Outcome);
}

/** A combatant's action, in its encounter now; `gmOverride` as the definition says, never as the choice does. */
function combatantAction<C extends rules.ActingChoice, D extends rules.SkirmishDetail>(
  id: string,
  name: keyof typeof SHAPES,
  rule: Rule<C, D>,
  extra: Partial<ActionDefinition<Raw>> = {},
  override = false,
): ActionDefinition<Raw> {
  return {
    id,
    label: override ? `FACTIONS.Skirmish.Action.Override.${name}` : label(name),
    icon: ICONS[name],
    img: SKIRMISH_ACTION_IMAGES[name],
    shape: CHOICE_SHAPES[name],
    actingActor: (choice) => str(choice.actor),
    resolve: (choice, r) => {
      const shaped = { ...SHAPES[name](choice), gmOverride: override } as unknown as C;
      const world = worldOf(shaped.actor);
      // An attack's target is read from the map, never from the choice: its name, actor and distance.
      const input = name === "attack" ? (attackInput(shaped as unknown as rules.AttackChoice, world) as unknown as C) : shaped;
      return run(rule, world, input, r);
    },
    // A player's attack at a token they cannot see (a hidden one) is refused as if it were not there.
    // Its applied card offers the outcomes for its target (./outcomes.ts).
    ...(name === "attack" ? { checkUser: (choice: Raw, user: User.Implementation) => targetRefusal(choice, user), followUps: attackFollowUps, onFollowUp: onAttackFollowUp } : {}),
    uncommit: takeBackEntry,
    ...(override ? { gmOnly: true } : {}),
    ...extra,
  };
}

// ---------------------------------------------------------------------------
// The round going forward, and the end of the encounter: a GM's, for the whole encounter.

export interface RoundChoice {
  /** The encounter's id. */
  combat: string;
  /** The round it went forward to. */
  round: number;
}

export interface RoundDetail extends rules.SkirmishDetail {
  from: number;
  to: number;
  ticked: number;
}

/** The latest round before `to` that any fighter has a record of (0 if none): the round that ends. */
export function roundEnding(combat: Combat.Implementation, to: number): number {
  let from = 0;
  for (const rounds of Object.values(encounterRecords(combat))) {
    for (const [key, record] of Object.entries(rounds ?? {})) if (record && Number(key) < to) from = Math.max(from, Number(key));
  }
  return from;
}

/**
 * The round goes forward to `to`: every fighter gets its record of the new round, and every
 * infantry's effects tick over the rounds that ended, each told whether it moved in the round that
 * ended (a move action, or its token moved on the canvas).
 */
export function resolveRound(choice: RoundChoice): Result<Outcome<RoundDetail>> {
  const combat = game.combats?.get(str(choice.combat));
  if (!combat) return reject("FACTIONS.Action.Error.Missing");
  const to = num(choice.round);
  if (!Number.isInteger(to) || to < 1) return reject("FACTIONS.Action.Error.BadRequest");
  const from = roundEnding(combat, to);
  const world = skirmishWorld(combat, from);
  const moved = new Set([...world.combatants.keys()].filter((uuid) => storedRound(combat, uuid, from)?.moved));
  const advance = rules.advanceRound(world.state, to, moved);
  const changes = effectChanges(advance.effects);
  for (const uuid of world.combatants.keys()) if (!storedRound(combat, uuid, to)) changes.push(freshRound(combat, uuid, to));
  const log = advance.log.length ? advance.log : [{ key: `${rules.LOG}RoundStarted`, data: { round: to }, heading: true }];
  return ok({ action: A.advanceRound, actor: "", checks: [], rolls: [], changes, log, detail: { economy: null, effects: advance.effects, from, to, ticked: advance.ticked } });
}

export interface EndChoice {
  /** The actors (UUIDs) that fought in the encounter. */
  combatants: string[];
}

/** The encounter ended: each squad's highest Morale goes to its company, and the effects of the fight end. */
export function resolveEnd(choice: EndChoice, r: ActionRun): Result<Outcome> {
  const world = skirmishWorld(null);
  const fought = strings(choice.combatants).filter((uuid) => world.state.actors[uuid]);
  world.state.combatants = Object.fromEntries(fought.map((uuid) => [uuid, rules.newBudget(0)]));
  return run((state, _c: EndChoice, ctx) => rules.endCombat(state, ctx), world, choice, r);
}

// ---------------------------------------------------------------------------
// Undoing a card that spent or pushed: its entry leaves its fighter's budget with the rest of its
// changes, and the round is replayed without it. The rules' `refundAction` refuses when a later
// card would lose what it took (a push's extra major spent): undo that card first.

/** The budget entry a card's changes added: `flags.factions.budgets.<fighter>.<round>.entries.<key>`. */
const ENTRY_PATH = new RegExp(`^flags\\.${SYSTEM_ID}\\.budgets\\.([^.]+)\\.(\\d+)\\.entries\\.(\\d+)$`);

/**
 * After a card's changes are reversed (on the GM's client, before the undo is recorded): refuse,
 * which puts everything back, if the round without its entry leaves a later card without the
 * action it took.
 */
async function takeBackEntry(_card: ActionMessage, outcome: Outcome): Promise<void> {
  for (const change of outcome.changes) {
    const match = change.op === "update" ? ENTRY_PATH.exec(change.path) : null;
    const combat = match ? game.combats?.find((c) => c.uuid === change.ref.actor) : undefined;
    if (!match || !combat || change.op !== "update") continue;
    const [, fighter, round, key] = match as unknown as [string, string, string, string];
    const now = liveEntries(encounterRecords(combat)[fighter]?.[round] ?? null);
    const entries = { ...now, [key]: change.to as unknown as rules.BudgetEntry };
    const budget = rules.replayBudget(Number(round), entries, skirmishSettings()).budget;
    const back = rules.refundAction(budget, key, skirmishSettings());
    if (!back.ok) throw new ActionError(back.reason.key, back.reason.data);
  }
}

/** A push taken back: its entry as any card's, then its draw out of chat. */
async function takeBackPush(card: ActionMessage, outcome: Outcome): Promise<void> {
  await takeBackEntry(card, outcome);
  await removeDraw(card);
}

// ---------------------------------------------------------------------------

/** Every Skirmish action definition. */
export function skirmishDefinitions(): ActionDefinition<Raw>[] {
  const spends: ActionDefinition<Raw>[] = [];
  const rulesOf = { move: rules.move, attack: rules.attack, reload: rules.reload, deploy: rules.deploy, scan: rules.scan, free: rules.freeAction } as const;
  for (const name of Object.keys(SPENDS) as SpendName[]) {
    const rule = rulesOf[name] as Rule<rules.ActingChoice, rules.SkirmishDetail>;
    spends.push(combatantAction(A[name], name, rule), combatantAction(overrideId(name), name, rule, {}, true));
  }
  const check: ActionDefinition<Raw> = {
    id: A.check,
    label: label("check"),
    icon: ICONS.check,
    img: SKIRMISH_ACTION_IMAGES.check,
    shape: CHOICE_SHAPES.check,
    actingActor: (choice) => str(choice.actor),
    resolve: (choice, r) => {
      const stat = str(choice.stat);
      if (!(rules.STATS as readonly string[]).includes(stat)) return reject(`${rules.REJECT}BadStat`);
      const shaped: rules.CheckChoice = { actor: str(choice.actor), stat: stat as rules.Stat, difficulty: num(choice.difficulty), modifier: choice.modifier === undefined ? 0 : num(choice.modifier) };
      return run(rules.rollSkirmishCheck, skirmishWorld(null), shaped, r);
    },
  };
  const removeEffect: ActionDefinition<Raw> = {
    id: A.removeEffect,
    label: label("removeEffect"),
    icon: ICONS.removeEffect,
    img: SKIRMISH_ACTION_IMAGES.removeEffect,
    shape: CHOICE_SHAPES.removeEffect,
    gmOnly: true,
    actingActor: (choice) => str(choice.actor),
    resolve: (choice, r) => run(rules.removeEffect, skirmishWorld(null), { actor: str(choice.actor), effect: str(choice.effect) }, r),
  };
  const round: ActionDefinition<Raw> = {
    id: A.advanceRound,
    label: label("advanceRound"),
    icon: ICONS.advanceRound,
    img: SKIRMISH_ACTION_IMAGES.advanceRound,
    shape: CHOICE_SHAPES.advanceRound,
    gmOnly: true,
    actingActor: () => "",
    resolve: (choice) => resolveRound(choice as unknown as RoundChoice) as Result<Outcome>,
  };
  const end: ActionDefinition<Raw> = {
    id: A.endCombat,
    label: label("endCombat"),
    icon: ICONS.endCombat,
    img: SKIRMISH_ACTION_IMAGES.endCombat,
    shape: CHOICE_SHAPES.endCombat,
    gmOnly: true,
    actingActor: () => "",
    resolve: (choice, r) => resolveEnd(choice as unknown as EndChoice, r),
  };
  const push = combatantAction(A.push, "push", rules.push, { commit: postDraw, uncommit: takeBackPush });
  return [push, ...spends, check, removeEffect, round, end, outcomeDefinition];
}

export function registerSkirmishActions(): void {
  for (const def of skirmishDefinitions()) registerAction(def);
}

/**
 * The Rounds actions as the shared pipeline sees them. Each reads the encounter its choice names
 * (its track on the Combat, its heroes with their tokens' squares and adventure spaces) and
 * resolves with the pure rules; what lies outside the documents' changes (a token placed on the
 * scene, loot taken off the ground, the end-of-game card) is the apply's commit, undone with it.
 */
import { actorOf } from "../../../core/actions/documents";
import { registerAction, type ActionDefinition, type ActionRun } from "../../../core/actions/definition";
import type { ActionMessage } from "../../../core/actions/pipeline";
import { templatePath } from "../../../core/constants";
import { ok, reject, type Line, type Outcome, type Result } from "../../../core/rules/outcome";
import type { ItemSource } from "../../../core/rules/changes";
import * as rules from "../rules";
import { encounterScene, squareFree, squareLabel, tokenOf } from "../encounter/scene";
import { encounterOf, roundsCombatOf, roundsState, type RoundsCombat } from "../encounter/state";
import { ROUNDS_ACTION_IMAGES } from "../images";
import { ENCOUNTER_SHAPES, HERO_ACT_SHAPES } from "../choices";
import { FIRE, HERO_ACTS, ICONS, overrideId, type HeroAct } from "./ids";
import { attackFollowUps, onAttackFollowUp, outcomeDefinition } from "./outcomes";
import { aimedInput, unseenTarget } from "../targets";
import { movesBlocked, putBack, relocate } from "../encounter/relocate";
import { worldDocument } from "../../../core/documents/uuid";

/** Every choice names the encounter it is taken in. */
export interface InEncounter {
  combat: string;
}

export type BringInChoice = InEncounter & rules.BringInChoice;
export type PickUpChoice = InEncounter & { hero: string; source: string };
export type StepChoice = InEncounter & { override?: boolean };

export interface BringInDetail extends rules.BringInDetail {
  /** The token placed for the hero (its id), on which scene and square. */
  token: string;
  scene: string;
  square: rules.Square;
}

export interface PickUpDetail extends rules.PickUpDetail {
  /** The ground item as it was, so undo puts it back. */
  ground: ItemSource;
}

export interface GameOverDetail extends rules.StepCardDetail {
  /** The id of the end-of-game card, posted with the card that ends the game. */
  gameOverCard: string;
}

type Rule<C> = (state: rules.RoundsState, choice: C, ctx: rules.RoundsContext) => Result<Outcome>;

const refuse = (key: string, data?: Line["data"]) => reject<Outcome>(key, data);

/** Resolve in the encounter the choice names, against the world as it is now. */
function inEncounter<C>(choice: C, work: (combat: RoundsCombat, state: rules.RoundsState) => Result<Outcome>): Result<Outcome> {
  const combat = roundsCombatOf((choice as Partial<InEncounter> | null)?.combat);
  if (!combat) return refuse("FACTIONS.Rounds.Reject.NoEncounter");
  return work(combat, roundsState(combat));
}

const context = (run: ActionRun, override: boolean): rules.RoundsContext => ({ dice: run.dice, newId: run.newId, override });

const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : []);

// ---------------------------------------------------------------------------
// The heroes' acts.

const RULES: Record<HeroAct, Rule<never>> = {
  move: rules.move,
  slipAway: rules.slipAway,
  shoot: rules.shoot,
  unleash: (state, choice: rules.UnleashChoice, ctx) => rules.unleash(state, { ...choice, minion: String(choice.minion ?? "") }, ctx),
  melee: rules.melee,
  challenge: rules.challenge,
  ability: rules.useAbility,
  trade: (state, choice: rules.TradeChoice, ctx) => rules.tradeLoot(state, { ...choice, give: strings(choice.give), take: strings(choice.take) }, ctx),
  pickUp: pickUp,
  reinforce: bringIn,
};

/**
 * Loot on the ground is a world loot item every player can see (the GM's own library, seen by no
 * player, is not on the ground): what it is does not depend on who asks.
 */
export function onGround(item: unknown): item is Item.Implementation {
  if (!(item instanceof Item) || item.parent || item.pack || item.type !== "loot") return false;
  const everyone = ((item as Item.Implementation)._source.ownership as Record<string, number> | undefined)?.default ?? CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE;
  return everyone >= CONST.DOCUMENT_OWNERSHIP_LEVELS.LIMITED;
}

function pickUp(state: rules.RoundsState, choice: PickUpChoice, ctx: rules.RoundsContext): Result<Outcome> {
  const item = typeof choice.source === "string" ? (worldDocument(choice.source) as unknown) : null;
  if (!onGround(item)) return refuse("FACTIONS.Rounds.Reject.NotOnGround");
  const ground = item;
  const system = ground._source.system as unknown as rules.LootSystem;
  const result = rules.pickUpLoot(state, { hero: choice.hero, loot: { name: ground.name, system: { description: system.description } }, source: ground.uuid }, ctx);
  if (!result.ok) return result;
  return ok({ ...result.value, detail: { ...result.value.detail, ground: ground.toObject() as unknown as ItemSource } });
}

/** The scene of the encounter the choice names, where heroes come onto the map. */
function sceneOfChoice(choice: InEncounter): Scene.Implementation | null {
  const combat = roundsCombatOf(choice.combat);
  return combat ? encounterScene(combat) : null;
}

/** The rule checks the hero, the wave and its team's edge (on the GM's client too, when applied); the scene, that the square is free. */
function bringIn(state: rules.RoundsState, choice: BringInChoice, ctx: rules.RoundsContext): Result<Outcome> {
  const result = rules.bringIn(state, { hero: choice.hero, square: choice.square }, ctx);
  if (!result.ok) return result;
  const scene = sceneOfChoice(choice);
  if (!scene) return refuse("FACTIONS.Rounds.Reject.NoScene");
  const square = choice.square;
  if (!square) return refuse("FACTIONS.Rounds.Reject.NoSquare");
  const where = squareLabel(scene, square);
  if (!squareFree(scene, square, actorOf(choice.hero) ?? undefined)) return refuse("FACTIONS.Rounds.Reject.SquareTaken", where);
  const token = ctx.newId();
  const placed = { key: "FACTIONS.Rounds.Log.Placed", data: { hero: state.heroes[choice.hero]?.name ?? "", ...where } };
  return ok({ ...result.value, log: [...result.value.log, placed], detail: { ...result.value.detail, token, scene: scene.uuid, square: { x: square.x, y: square.y } } });
}

/** The hero comes onto the map as a token on its square (unless the GM already put one there). */
async function placeToken(card: ActionMessage, outcome: Outcome): Promise<void> {
  const detail = outcome.detail as BringInDetail | undefined;
  const actor = detail ? actorOf(card.system.actor) : null;
  const scene = detail ? (worldDocument(detail.scene) as Scene.Implementation | null) : null;
  if (!detail || !actor || !scene) return;
  if (tokenOf(scene, actor)) return;
  const size = scene.grid.size;
  // A hero is one person: its token is linked to it, whatever its prototype says.
  const token = await actor.getTokenDocument({ _id: detail.token, x: detail.square.x * size, y: detail.square.y * size, actorLink: true } as TokenDocument.CreateData);
  await scene.createEmbeddedDocuments("Token", [token.toObject() as TokenDocument.CreateData], { keepId: true });
}

async function removeToken(_card: ActionMessage, outcome: Outcome): Promise<void> {
  const detail = outcome.detail as BringInDetail | undefined;
  const scene = detail ? (worldDocument(detail.scene) as Scene.Implementation | null) : null;
  if (detail && scene?.tokens.has(detail.token)) await scene.deleteEmbeddedDocuments("Token", [detail.token]);
}

/** The loot leaves the ground once it is in the hero's hands; undo lays it down again. */
async function liftFromGround(_card: ActionMessage, outcome: Outcome): Promise<void> {
  const detail = outcome.detail as PickUpDetail | undefined;
  const item = detail ? game.items?.get(detail.ground._id) : undefined;
  if (item) await item.delete();
}

async function layOnGround(_card: ActionMessage, outcome: Outcome): Promise<void> {
  const detail = outcome.detail as PickUpDetail | undefined;
  if (detail && !game.items?.has(detail.ground._id)) await Item.implementation.create(detail.ground as unknown as Item.CreateData, { keepId: true });
}

/** Tokens the act takes elsewhere on the map go there when the card is applied, and back on undo (../encounter/relocate.ts). */
const RELOCATES = { commit: relocate, uncommit: putBack };

const COMMITS: Partial<Record<HeroAct, Pick<ActionDefinition, "commit" | "uncommit">>> = {
  move: RELOCATES,
  slipAway: RELOCATES,
  reinforce: { commit: placeToken, uncommit: removeToken },
  pickUp: { commit: liftFromGround, uncommit: layOnGround },
};

/** An attack's card offers the GM its outcomes for the target (./outcomes.ts). */
const ATTACK: Pick<ActionDefinition, "followUps" | "onFollowUp"> = { followUps: attackFollowUps, onFollowUp: onAttackFollowUp };
const FOLLOW_UPS: Partial<Record<HeroAct, Pick<ActionDefinition, "followUps" | "onFollowUp">>> = { shoot: ATTACK, melee: ATTACK, ability: ATTACK };

const OVERRIDDEN = { key: "FACTIONS.Rounds.Log.Overridden" };

/** The acts aimed at a hero on the map: their target is read from the map (the hero, the distance), never from the choice alone. */
const AIMED: readonly HeroAct[] = ["slipAway", "shoot", "melee", "ability"];

/** An act that moves heroes on the map: the squares they go to must be free on the scene, whose UUID the card keeps for its commit. */
function onScene(combat: RoundsCombat, result: Result<Outcome>): Result<Outcome> {
  const moves = result.ok ? (result.value.detail as rules.ActDetail).moves : undefined;
  if (!result.ok || !moves) return result;
  const scene = encounterScene(combat);
  if (!scene) return refuse("FACTIONS.Rounds.Reject.NoScene");
  const blocked = movesBlocked(scene, moves);
  if (blocked) return refuse(blocked.key, blocked.data);
  return ok({ ...result.value, detail: { ...(result.value.detail as rules.ActDetail), scene: scene.uuid } });
}

/** A hero's act, taken by its owner within who may act, or by a GM whatever the step (`override`). */
function heroAct(act: HeroAct, override: boolean): ActionDefinition<InEncounter & { hero: string }> {
  const rule = RULES[act] as Rule<InEncounter & { hero: string }>;
  return {
    id: override ? overrideId(act) : rules.ACTIONS[act],
    label: `FACTIONS.Rounds.Act.${act}`,
    icon: ICONS[act],
    img: ROUNDS_ACTION_IMAGES[act],
    shape: HERO_ACT_SHAPES[act],
    actingActor: (choice) => choice.hero,
    ...(override ? { gmOnly: true } : {}),
    resolve: (choice, run) =>
      inEncounter(choice, (combat, state) => {
        const input = AIMED.includes(act) ? aimedInput(combat, state, choice) : ok(choice);
        if (!input.ok) return refuse(input.reason.key, input.reason.data);
        const result = onScene(combat, rule(state, input.value, context(run, override)));
        return override && result.ok ? ok({ ...result.value, log: [OVERRIDDEN, ...result.value.log] }) : result;
      }),
    // A player's act aimed at a token they cannot see (a hidden one) is refused as if it were not there.
    ...(AIMED.includes(act) ? { checkUser: (choice: InEncounter & { hero: string }, user: User.Implementation) => unseenTarget(choice, user) } : {}),
    ...COMMITS[act],
    ...FOLLOW_UPS[act],
  };
}

// ---------------------------------------------------------------------------
// The encounter's moves and its interstep events.

function stepDefinition(how: "step" | "turn"): ActionDefinition<StepChoice> {
  const name = how === "step" ? "nextStep" : "nextTurn";
  return {
    id: rules.ENCOUNTER_ACTIONS[name],
    label: `FACTIONS.Rounds.Tracker.${name}`,
    icon: ICONS[name],
    img: ROUNDS_ACTION_IMAGES[name],
    shape: ENCOUNTER_SHAPES[name],
    actingActor: (choice) => choice.combat,
    gmOnly: true,
    resolve: (choice, run) =>
      inEncounter(choice, (combat, state) => {
        const result = rules.stepCard(state, encounterOf(combat), how, choice.override === true);
        if (!result.ok || !result.value.detail.summary) return result;
        return ok({ ...result.value, detail: { ...result.value.detail, gameOverCard: run.newId() } });
      }),
    commit: postGameOver,
    uncommit: removeGameOver,
  };
}

/** The card that sums up the game, posted when the card that ends it is applied. */
async function postGameOver(card: ActionMessage, outcome: Outcome): Promise<void> {
  const detail = outcome.detail as GameOverDetail | undefined;
  if (!detail?.summary) return;
  const name = (uuid: string) => actorOf(uuid)?.name ?? "";
  const context = {
    rounds: detail.summary.rounds,
    teams: rules.TEAMS.map((team) => ({
      team,
      name: game.i18n!.localize(`FACTIONS.Rounds.Team.${team}`),
      onMap: detail.summary!.teams[team].onMap.map(name),
      offMap: detail.summary!.teams[team].offMap.map(name),
    })),
  };
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("rounds/game-over.hbs"), context);
  await ChatMessage.implementation.create(
    { _id: detail.gameOverCard, speaker: card.speaker, content, flags: { factions: { gameOver: card.id } } } as ChatMessage.CreateData,
    { keepId: true },
  );
}

async function removeGameOver(_card: ActionMessage, outcome: Outcome): Promise<void> {
  const detail = outcome.detail as GameOverDetail | undefined;
  if (detail?.gameOverCard) await game.messages?.get(detail.gameOverCard)?.delete();
}

const back: ActionDefinition<StepChoice> = {
  id: rules.ENCOUNTER_ACTIONS.back,
  label: "FACTIONS.Rounds.Tracker.back",
  icon: ICONS.back,
  img: ROUNDS_ACTION_IMAGES.back,
  shape: ENCOUNTER_SHAPES.back,
  actingActor: (choice) => choice.combat,
  gmOnly: true,
  resolve: (choice) => inEncounter(choice, (combat, state) => rules.backCard(state, encounterOf(combat))),
};

const order: ActionDefinition<InEncounter & rules.OrderChoice> = {
  id: rules.ENCOUNTER_ACTIONS.order,
  label: "FACTIONS.Rounds.Tracker.order",
  icon: ICONS.order,
  img: ROUNDS_ACTION_IMAGES.order,
  shape: ENCOUNTER_SHAPES.order,
  actingActor: (choice) => choice.hero,
  resolve: (choice) => inEncounter(choice, (combat, state) => rules.orderCard(state, encounterOf(combat), { hero: choice.hero, order: strings(choice.order) })),
};

const fire: ActionDefinition<InEncounter & rules.FireChoice> = {
  id: FIRE,
  label: "FACTIONS.Rounds.Tracker.trigger",
  icon: ICONS.trigger,
  img: ROUNDS_ACTION_IMAGES.trigger,
  shape: ENCOUNTER_SHAPES.trigger,
  actingActor: (choice) => choice.hero,
  gmOnly: true,
  resolve: (choice, run) => inEncounter(choice, (combat, state) => rules.fireCard(state, encounterOf(combat), choice, context(run, false))),
};

export const ROUNDS_DEFINITIONS: ActionDefinition[] = [
  ...HERO_ACTS.flatMap((act) => [heroAct(act, false), heroAct(act, true)]),
  stepDefinition("step"),
  stepDefinition("turn"),
  back,
  order,
  fire,
  outcomeDefinition,
] as unknown as ActionDefinition[];

export function registerRoundsActions(): void {
  for (const def of ROUNDS_DEFINITIONS) registerAction(def);
}

/**
 * The outcomes of an attack (issue 18 §3): an applied Shoot or Melee (or an ability aimed at an
 * enemy) offers the GM one button per outcome of the world's list, for its target. A click takes
 * the option and posts the outcome as its own card (the `rounds.outcome` action), through the same
 * pipeline: checked, applied by the GM's client, recorded and undoable. Undoing it gives the
 * attack's option back. Defeated takes the hero's token off the scene as the apply's commit; undo
 * puts the very token back (its whole source, kept in the card's record).
 */
import { actorOf } from "../../../core/actions/documents";
import type { ActionDefinition, FollowUp } from "../../../core/actions/definition";
import { ActionError } from "../../../core/actions/errors";
import { performAction, type ActionMessage } from "../../../core/actions/pipeline";
import { recordViewOf } from "../../../core/chat/action-message";
import type { Json } from "../../../core/rules/changes";
import { ok, reject, type Line, type Outcome, type Result } from "../../../core/rules/outcome";
import * as rules from "../rules";
import { encounterScene, tokenOf } from "../encounter/scene";
import { roundsCombatOf, roundsState } from "../encounter/state";
import { roundsOutcomes } from "../settings";
import { ICONS } from "./ids";
import { ROUNDS_ACTION_IMAGES } from "../images";
import { OUTCOME_SHAPE } from "../choices";
import { worldDocument } from "../../../core/documents/uuid";

/** The one option of an attack's card: taking any of its outcomes spends it. */
export const OUTCOME_SLOT = "outcome";

export type OutcomeChoice = rules.OutcomeChoice & { combat: string };

/** A token's whole source, as the scene holds it. */
type TokenSource = Record<string, Json>;

export interface OutcomeCardDetail extends rules.OutcomeDetail {
  /** The scene of the token Defeated takes off ("" none) and the token as it was (null: none on it). */
  scene: string;
  token: TokenSource | null;
}

const refuse = (key: string, data?: Line["data"]) => reject<Outcome>(key, data);

/** Is the act an attack on an enemy: a Shoot, a Melee, or an ability aimed at a hero of the other team? */
function attacked(detail: rules.ActDetail): boolean {
  if (detail.act === "shoot" || detail.act === "melee") return detail.target !== "";
  if (detail.act !== "ability" || detail.target === "") return false;
  const [hero, target] = [actorOf(detail.hero), actorOf(detail.target)];
  const team = (a: Actor.Implementation | null) => (a?.system as { team?: string } | undefined)?.team;
  return !!hero && !!target && team(hero) !== team(target);
}

const OUTCOME_ICONS: Record<string, string> = { wounded: "fa-solid fa-heart-crack", defeated: "fa-solid fa-skull" };

/** The options of an applied attack's card: each outcome of the list, for its target, the GM's to take. */
export function attackFollowUps(outcome: Outcome): FollowUp[] {
  const detail = outcome.detail as rules.ActDetail | undefined;
  if (!detail || !attacked(detail)) return [];
  return roundsOutcomes().map((o) => ({
    slot: OUTCOME_SLOT,
    step: o,
    // No actor: only a GM sees the buttons (the seed leaves what an attack does to the GM).
    actor: "",
    icon: OUTCOME_ICONS[o] ?? "fa-solid fa-bandage",
    label: { key: "FACTIONS.Rounds.Outcome.Button", data: { target: detail.targetName, outcome: rules.outcomeName(o) } },
    grant: { outcome: o },
  }));
}

/** A GM clicked an outcome on the attack's card: it is posted as its own card, applied by the GM's client. */
export async function onAttackFollowUp(card: ActionMessage, followUp: FollowUp): Promise<void> {
  const detail = card.system.resolvedOutcome?.detail as rules.ActDetail | undefined;
  const target = detail ? actorOf(detail.target) : null;
  const combat = card.system.choiceAs<{ combat?: string }>().combat;
  if (!detail || !target || typeof combat !== "string") throw new ActionError("FACTIONS.Action.Error.Missing");
  const choice: OutcomeChoice = { combat, hero: detail.target, outcome: followUp.step, card: card.id! };
  await performAction(rules.ACTIONS.outcome, target, choice);
}

/** The attack the card names, as the GM's record keeps it: its act, who made it and at whom, if it is one that offered `outcome`. */
function attackOf(choice: OutcomeChoice): { attacker: string; attack: string } | null {
  const record = typeof choice.card === "string" && choice.card ? recordViewOf(choice.card) : null;
  const detail = record?.outcome?.detail as rules.ActDetail | undefined;
  if (!record || !detail || detail.target !== choice.hero) return null;
  if (!record.followUps.some((f) => f.slot === OUTCOME_SLOT && f.step === choice.outcome)) return null;
  const hero = actorOf(detail.hero);
  const ability = detail.ability ? hero?.items.get(detail.ability)?.name : undefined;
  const attack = detail.act === "shoot" || detail.act === "melee" ? rules.attackName(detail.act) : (ability ?? rules.actName(detail.act));
  return { attacker: (hero as { displayName?: string } | null)?.displayName ?? hero?.name ?? "", attack };
}

function resolveOutcome(choice: OutcomeChoice): Result<Outcome> {
  const combat = roundsCombatOf(choice.combat);
  if (!combat) return refuse("FACTIONS.Rounds.Reject.NoEncounter");
  const state = roundsState(combat);
  const from = attackOf(choice);
  const name = state.heroes[choice.hero]?.name ?? "";
  if (!from) return refuse("FACTIONS.Rounds.Reject.NotAnAttack", { hero: name || String(choice.hero) });
  const result = rules.applyOutcome(state, choice);
  if (!result.ok) return result;
  const { detail } = result.value;
  const actor = actorOf(choice.hero);
  const scene = encounterScene(combat);
  const token = detail.defeated && actor && scene ? tokenOf(scene, actor) : null;
  // An unlinked token's hero lives in its token: off the map, it would be gone from its team.
  if (detail.defeated && actor?.isToken) return refuse("FACTIONS.Rounds.Reject.UnlinkedDefeated", { hero: name });
  const cardDetail: OutcomeCardDetail = { ...detail, scene: token && scene ? scene.uuid : "", token: token ? (token.toObject() as unknown as TokenSource) : null };
  const of = { key: "FACTIONS.Rounds.Log.OutcomeOf", data: from };
  return ok({ ...result.value, log: [...result.value.log, of], detail: cardDetail });
}

const sceneOf = (uuid: string) => (uuid ? (worldDocument(uuid) as Scene.Implementation | null) : null);

/** Defeated: the hero's token leaves the scene. */
async function takeOffMap(_card: ActionMessage, outcome: Outcome): Promise<void> {
  const detail = outcome.detail as OutcomeCardDetail | undefined;
  const id = detail?.token?._id;
  const scene = detail ? sceneOf(detail.scene) : null;
  if (scene && typeof id === "string" && scene.tokens.has(id)) await scene.deleteEmbeddedDocuments("Token", [id]);
}

/** Its undo: the very token comes back, as it was. */
async function putBackOnMap(_card: ActionMessage, outcome: Outcome): Promise<void> {
  const detail = outcome.detail as OutcomeCardDetail | undefined;
  const id = detail?.token?._id;
  const scene = detail ? sceneOf(detail.scene) : null;
  if (!scene || !detail?.token || typeof id !== "string" || scene.tokens.has(id)) return;
  await scene.createEmbeddedDocuments("Token", [foundry.utils.deepClone(detail.token) as unknown as TokenDocument.CreateData], { keepId: true });
}

export const outcomeDefinition: ActionDefinition<OutcomeChoice> = {
  id: rules.ACTIONS.outcome,
  label: "FACTIONS.Rounds.Outcome.Title",
  icon: ICONS.outcome,
  img: ROUNDS_ACTION_IMAGES.outcome,
  shape: OUTCOME_SHAPE,
  title: (choice) => ({ key: "FACTIONS.Rounds.Outcome.CardTitle", data: { outcome: rules.outcomeName(String(choice.outcome)) } }),
  // The card is the target's: the GM applies what the attack did to it.
  actingActor: (choice) => choice.hero,
  gmOnly: true,
  // An outcome exists only as an attack's card offered it, once per attack.
  claims: (choice) =>
    typeof choice.card === "string" && choice.card ? [{ card: choice.card, slot: OUTCOME_SLOT, grant: { outcome: choice.outcome } }] : { key: "FACTIONS.Action.Error.NotOffered" },
  resolve: (choice) => resolveOutcome(choice),
  commit: takeOffMap,
  uncommit: putBackOnMap,
};

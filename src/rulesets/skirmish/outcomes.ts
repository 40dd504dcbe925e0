/**
 * The outcomes of a Skirmish attack (issue 18 §3): an applied attack's card offers, for its target,
 * the outcomes of rules/outcomes.ts, each a button that posts it as its own card (the
 * `skirmish.outcome` action) through the same pipeline: checked, applied by the GM's client,
 * recorded, undoable, linked to the attack. Each outcome is taken once per attack, and undoing it
 * gives it back. The GM's buttons are the GM's alone; Member Injured! is also the target squad's
 * owner's, who picks the member it puts out of the fight (dialogs.ts).
 */
import { actorOf } from "../../core/actions/documents";
import type { ActionDefinition, FollowUp } from "../../core/actions/definition";
import { ActionError } from "../../core/actions/errors";
import { performAction, type ActionMessage } from "../../core/actions/pipeline";
import { recordViewOf } from "../../core/chat/action-message";
import { ok, reject, type Outcome, type Result } from "../../core/rules/outcome";
import { withDocumentChanges } from "./changes";
import { CHOICE_SHAPES } from "./choices";
import { actorState, skirmishWorld, type SkirmishWorld } from "./data/state";
import { SKIRMISH_ACTION_IMAGES } from "./images";
import * as rules from "./rules";
import { skirmishSettings } from "./settings";

/** The option of an attack's card that one outcome takes (each outcome once per attack). */
export const outcomeSlot = (outcome: string): string => `outcome.${outcome}`;

const OUTCOME_ICONS: Record<rules.AttackOutcome, string> = {
  injury: "fa-solid fa-user-injured",
  memberInjured: "fa-solid fa-user-minus",
  moraleDown: "fa-solid fa-flag",
  concussion: "fa-solid fa-head-side-virus",
  dazed: "fa-solid fa-face-dizzy",
  panic: "fa-solid fa-person-running",
  commsBreakdown: "fa-solid fa-tower-broadcast",
};

const RULING_ICON = "fa-solid fa-gavel";

/** The world, with the target's actor in it (a token's own actor is not among the world's actors). */
function worldWith(target: string): SkirmishWorld {
  const world = skirmishWorld(null);
  const actor = actorOf(target);
  if (actor && !world.state.actors[actor.uuid]) {
    const state = actorState(actor);
    if (state) world.state.actors[actor.uuid] = state;
  }
  return world;
}

/**
 * The options of an applied attack's card: each outcome its target may bear now, the GM's (Member
 * Injured! of a hit the squad owner's too); after a miss, the GM's rulings alone, marked as such.
 */
export function attackFollowUps(outcome: Outcome): FollowUp[] {
  const detail = outcome.detail as rules.AttackDetail | undefined;
  const target = detail?.target?.actor;
  if (!target) return [];
  return rules.offeredOutcomes(worldWith(target).state, detail).map(({ outcome: o, byOwner, ruling }) => ({
    slot: outcomeSlot(o),
    step: o,
    // "" is a GM only.
    actor: byOwner ? target : "",
    icon: ruling ? RULING_ICON : OUTCOME_ICONS[o],
    label: { key: `FACTIONS.Skirmish.Outcome.${ruling ? "Ruling" : "Button"}`, data: { target: detail.target.name, outcome: rules.outcomeLabel(o) } },
    grant: { outcome: o },
  }));
}

/** An outcome was clicked on the attack's card: posted as its own card (Member Injured! asks the member first). */
export async function onAttackFollowUp(card: ActionMessage, followUp: FollowUp): Promise<void> {
  const detail = card.system.resolvedOutcome?.detail as rules.AttackDetail | undefined;
  const target = detail ? actorOf(detail.target.actor) : null;
  if (!detail || !target) throw new ActionError("FACTIONS.Action.Error.Missing");
  let member = "";
  if (followUp.step === rules.MEMBER_OUTCOME) {
    const picked = await (await import("./dialogs")).pickInjuredMember(target);
    if (picked === null) return;
    member = picked;
  }
  const choice: rules.OutcomeChoice = { target: target.uuid, outcome: followUp.step, member, card: card.id! };
  await performAction(rules.ACTIONS.outcome, target, choice);
}

/** The attack the card names, as the records keep it, if it offered `outcome` for this target: who attacked, and whether it missed. */
function attackOf(choice: rules.OutcomeChoice): { attacker: string; missed: boolean } | null {
  const record = choice.card ? recordViewOf(choice.card) : null;
  const detail = record?.outcome?.detail as rules.AttackDetail | undefined;
  if (!record || !detail || detail.target?.actor !== choice.target) return null;
  if (!record.followUps.some((f) => f.slot === outcomeSlot(choice.outcome) && f.step === choice.outcome)) return null;
  return { attacker: record.actorName, missed: rules.attackLanded(detail.rolls ?? []) === false };
}

const str = (v: unknown): string => (typeof v === "string" ? v : "");

function resolveOutcome(raw: Record<string, unknown>, ctx: rules.SkirmishContext): Result<Outcome> {
  const choice: rules.OutcomeChoice = { target: str(raw.target), outcome: str(raw.outcome), member: str(raw.member), card: str(raw.card) };
  const world = worldWith(choice.target);
  const name = world.state.actors[choice.target]?.name ?? choice.target;
  const from = attackOf(choice);
  if (!from) return reject(`${rules.REJECT}NotAnAttack`, { name });
  const result = rules.applyAttackOutcome(world.state, choice, ctx);
  if (!result.ok) return result;
  const done = withDocumentChanges(result.value, null);
  const of = { key: `${rules.LOG}OutcomeOf`, data: { attacker: from.attacker } };
  // A miss harms only by the GM's word, and its card says so first.
  const ruling = from.missed ? [{ key: `${rules.LOG}RuledOnMiss`, data: { attacker: from.attacker } }] : [];
  return ok({ ...done, summary: [...ruling, ...(done.summary ?? [])], log: [...done.log, of] } as Outcome);
}

export const outcomeDefinition: ActionDefinition<Record<string, unknown>> = {
  id: rules.ACTIONS.outcome,
  label: "FACTIONS.Skirmish.Action.outcome",
  icon: "fa-solid fa-heart-crack",
  img: SKIRMISH_ACTION_IMAGES.outcome,
  shape: CHOICE_SHAPES.outcome,
  title: (choice) => ({ key: `${rules.SKIRMISH}Outcome.Title`, data: { outcome: rules.isAttackOutcome(choice.outcome) ? rules.outcomeLabel(choice.outcome) : str(choice.outcome) } }),
  // The card is the target's. Not a GM-only action: the squad's owner takes Member Injured!; the
  // claim decides who may take which outcome (the card offers the others to a GM only).
  actingActor: (choice) => str(choice.target),
  // An outcome exists only as an attack's card offered it, each once per attack.
  claims: (choice) => {
    const card = str(choice.card);
    const outcome = str(choice.outcome);
    return card ? [{ card, slot: outcomeSlot(outcome), grant: { outcome } }] : { key: "FACTIONS.Action.Error.NotOffered" };
  },
  resolve: (choice, run) => resolveOutcome(choice, { dice: run.dice, newId: run.newId, settings: skirmishSettings() }),
};

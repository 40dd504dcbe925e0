/**
 * The Operations actions as the shared pipeline sees them: for each of the twenty, the pure rule
 * that resolves it and whether its card goes unnoticed, plus the stance and upkeep follow-ups.
 * Sheets call `takeOperationsAction`, which loads the dialogs (./dialogs.ts) when first used.
 */
import { registerAction, type ActionDefinition, type Claim, type FollowUp } from "../../core/actions/definition";
import { actorOf } from "../../core/actions/documents";
import { promptAction } from "../../core/actions/prompt";
import { ActionError, localizeLine, warn } from "../../core/actions/errors";
import { attachLink, performAction, takeOption, type ActionMessage } from "../../core/actions/pipeline";
import { locationLabel } from "../../core/locations";
import type { Json } from "../../core/rules/changes";
import type { Outcome, Rejection } from "../../core/rules/outcome";
import { ICONS, OPERATIONS_ACTIONS, type OperationsActionName } from "./action-list";
import { CHOICE_SHAPES } from "./choices";
import { operationsState } from "./data/state";
import { operationsSettings, RULES, type Rule } from "./rule-table";
import { OPERATIONS_ACTION_IMAGES } from "./images";
import * as rules from "./rules";
import type { OperationsContext, StanceTriggerChoice, StanceTriggerDetail } from "./rules";

export { ACTION_GROUPS, ICONS, OPERATIONS_ACTIONS, type OperationsActionName } from "./action-list";

const D = "FACTIONS.Operations.Dialog.";
const i18n = () => game.i18n!;
const fmt = (key: string, data: Record<string, string | number>) => localizeLine({ key, data });

function resolver<C>(rule: Rule<C>) {
  return (choice: C, run: { dice: OperationsContext["dice"]; newId: () => string }) =>
    rule(operationsState(), choice, { dice: run.dice, newId: run.newId, settings: operationsSettings() });
}


// ---------------------------------------------------------------------------
// Definitions.

const detailOf = (outcome: Outcome) => (outcome.detail ?? {}) as { unnoticed?: boolean };

function definition<C extends { lieutenant: string }>(name: OperationsActionName, rule: Rule<C>, extra: Partial<ActionDefinition<C>> = {}): ActionDefinition<C> {
  return {
    id: rules.ACTIONS[name],
    label: `FACTIONS.Operations.Action.${name}`,
    icon: ICONS[name],
    img: OPERATIONS_ACTION_IMAGES[name],
    shape: CHOICE_SHAPES[name],
    actingActor: (choice) => choice.lieutenant,
    resolve: resolver(rule),
    unnoticed: (outcome) => detailOf(outcome).unnoticed === true,
    followUps: (outcome) => attachFollowUps(name, outcome),
    onFollowUp: onAttach,
    ...extra,
  };
}

// ---------------------------------------------------------------------------
// Narrative results: the GM attaches what the player gets as a journal entry.

const ATTACH = "attach";

/** Does this outcome give information or a thing that is not a document? */
export function narrativeResult(name: OperationsActionName, outcome: Outcome): boolean {
  const detail = (outcome.detail ?? {}) as Record<string, unknown>;
  const won = detail.tier === "success" || detail.tier === "completeSuccess";
  const thing = (a: unknown) => {
    const r = a as { acquired?: boolean; capital?: number; unit?: string | null; lieutenant?: string | null } | undefined;
    return !!r?.acquired && !r.capital && !r.unit && !r.lieutenant;
  };
  switch (name) {
    case "investigate":
      return detail.learned !== undefined && detail.learned !== "nothing";
    case "surveil":
      return detail.watching === true || detail.glimpse === true || won;
    case "raid":
    case "steal":
      return thing(detail.acquisition);
    case "purchase":
      return detail.acquired === true && !detail.unit;
    default:
      return false;
  }
}

function attachFollowUps(name: OperationsActionName, outcome: Outcome): FollowUp[] {
  if (!narrativeResult(name, outcome)) return [];
  // No actor: only a GM sees the button.
  return [{ slot: ATTACH, step: ATTACH, actor: "", icon: "fa-solid fa-paperclip", label: { key: `${D}Attach` } }];
}

async function onAttach(card: ActionMessage, followUp: FollowUp): Promise<void> {
  if (followUp.step !== ATTACH) return;
  if (!game.user!.isGM) throw new ActionError("FACTIONS.Action.Error.GMOnly");
  const title = i18n().localize(definitionLabel(card));
  const values = await promptAction({ title, fields: [{ kind: "text", name: "text", label: `${D}AttachText`, value: "" }], submit: "FACTIONS.Dialog.Confirm" });
  if (!values) return;
  const text = String(values.text ?? "").trim();
  if (!text) throw new ActionError(`${D}AttachEmpty`);
  // Owned by the acting lieutenant's owners, observed by nobody else.
  const lt = actorOf(card.system.actor);
  const ownership: Record<string, number> = { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE };
  for (const u of game.users?.contents ?? []) if (!u.isGM && lt?.testUserPermission(u, "OWNER")) ownership[u.id!] = CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER;
  const journal = await JournalEntry.implementation.create({
    name: title,
    ownership,
    pages: [{ name: title, type: "text", text: { content: `<p>${escape(text).replace(/\n/g, "<br>")}</p>` } }],
  } as JournalEntry.CreateData);
  if (!journal) return;
  try {
    await attachLink(card, { uuid: journal.uuid, label: title }, ATTACH);
  } catch (error) {
    await journal.delete();
    throw error;
  }
}

const definitionLabel = (card: ActionMessage) => `FACTIONS.Operations.Action.${card.system.action.split(".").at(-1) ?? ""}`;

// ---------------------------------------------------------------------------
// Unpaid upkeep: the GM releases each unit or lieutenant, or lets it be paid later.

const upkeepSlot = (id: string) => `upkeep:${id}`;

function upkeepFollowUps(outcome: Outcome): FollowUp[] {
  const detail = outcome.detail as rules.StartRoundDetail;
  return detail.unpaid.flatMap((item) =>
    (["release", "later"] as const).map((decision) => ({
      slot: upkeepSlot(item.id),
      step: decision,
      // No actor: only a GM sees the buttons.
      actor: "",
      icon: decision === "release" ? "fa-solid fa-user-minus" : "fa-solid fa-clock",
      label: { key: `${D}${decision === "release" ? "Release" : "PayLater"}`, data: { name: item.name } },
    })),
  );
}

async function onUpkeepFollowUp(card: ActionMessage, followUp: FollowUp): Promise<void> {
  const detail = card.system.resolvedOutcome?.detail as rules.StartRoundDetail | undefined;
  const item = detail?.unpaid.find((u) => upkeepSlot(u.id) === followUp.slot);
  const org = detail && actorOf(detail.organization);
  if (!detail || !item || !org) throw new ActionError("FACTIONS.Action.Error.Missing");
  const choice: rules.UpkeepDecisionChoice = {
    organization: detail.organization,
    card: card.id!,
    kind: item.kind,
    id: item.id,
    owner: item.owner,
    decision: followUp.step === "release" ? "release" : "later",
  };
  await performAction(rules.ACTIONS.upkeep, org, choice);
}

// ---------------------------------------------------------------------------
// Stances: after a move is applied, each stance it walked into rolls; the roll offers the
// mover and the stance's holder their options, each taken once.

/** After a move is applied (on the GM's client, which applies), each stance it walked into rolls. */
async function onMoveApplied(message: ActionMessage): Promise<void> {
  const system = message.system;
  if (system.action !== rules.ACTIONS.moveMinion) return;
  const detail = system.resolvedOutcome?.detail as (rules.MoveMinionDetail & rules.ActionDetail) | undefined;
  const mover = actorOf(system.choiceAs<rules.MoveMinionChoice>().lieutenant);
  if (!detail || !mover) return;
  for (const trigger of detail.triggers) {
    const holder = actorOf(trigger.stance);
    if (!holder) continue;
    const choice: TriggerChoice = {
      stance: trigger.stance,
      mover: { organization: detail.organization, ...(trigger.lieutenant ? { lieutenant: mover.uuid } : {}), units: trigger.units },
      location: trigger.location,
    };
    await performAction(rules.ACTIONS.stanceTrigger, holder, choice);
  }
}

type TriggerChoice = StanceTriggerChoice & { location: string };
type TriggerOutcome = Outcome<StanceTriggerDetail>;
type Party = "mover" | "ambush";

/** What a stance's roll grants the attack that takes an option: exactly these, or no attack at all. */
interface StanceGrant {
  reaction: true;
  target: string;
  location: string;
  units: string[];
  attackBonus: number;
  defenseBonus: number;
}

const grantOf = (choice: rules.AttackChoice): StanceGrant => ({
  reaction: true,
  target: choice.target,
  location: choice.location,
  units: choice.units,
  attackBonus: choice.attackBonus ?? 0,
  defenseBonus: choice.defenseBonus ?? 0,
});

/** A reaction or a stance bonus exists only as the option a stance trigger card offered. */
function stanceClaims(choice: rules.AttackChoice): Claim[] | Rejection {
  const privileged = choice.reaction || choice.attackBonus !== undefined || choice.defenseBonus !== undefined;
  if (!choice.trigger) return privileged ? { key: "FACTIONS.Action.Error.NotOffered" } : [];
  return [{ card: choice.trigger.card, slot: choice.trigger.party, grant: grantOf(choice) as unknown as Json }];
}

function triggerFollowUps(outcome: Outcome, choice: TriggerChoice): FollowUp[] {
  const { detail } = outcome as TriggerOutcome;
  const o = detail.options;
  const out: FollowUp[] = [];
  if (o.moverMayAttack) {
    const grant: StanceGrant = {
      reaction: true,
      target: detail.organization,
      location: choice.location,
      units: choice.mover.units,
      attackBonus: o.moverAttackBonus,
      defenseBonus: o.defenseBonus,
    };
    for (const strategy of ["aggressive", "cautious"] as const) {
      const attack = `FACTIONS.Operations.Action.${strategy}Attack`;
      out.push({
        slot: "mover",
        step: strategy,
        actor: detail.mover,
        icon: strategy === "aggressive" ? ICONS.aggressiveAttack : ICONS.cautiousAttack,
        label: o.moverAttackBonus ? { key: `${D}AttackWithBonus`, data: { attack, bonus: o.moverAttackBonus } } : { key: attack },
        grant: grant as unknown as Json,
      });
    }
  }
  if (o.ambush) {
    const holder = operationsState().lieutenants[detail.stance];
    const grant: StanceGrant = {
      reaction: true,
      target: detail.mover,
      location: choice.location,
      units: holder?.system.stance.units ?? [],
      attackBonus: o.ambush.bonus,
      defenseBonus: 0,
    };
    out.push({
      slot: "ambush",
      step: "ambush",
      actor: detail.organization,
      icon: ICONS.ambush,
      label: { key: `${D}AmbushStrike`, data: { strategy: `${D}StrategyKind.${o.ambush.strategy}`, bonus: o.ambush.bonus } },
      grant: grant as unknown as Json,
    });
  }
  const note = (step: "bypass" | "stop", icon: string): FollowUp => ({ slot: "mover", step, actor: detail.mover, icon, label: { key: `${D}${step === "bypass" ? "Bypass" : "Stop"}` } });
  if (o.mayBypass) out.push(note("bypass", "fa-solid fa-person-walking-arrow-right"));
  if (o.mustStop || o.moverMayAttack) out.push(note("stop", "fa-solid fa-hand"));
  return out;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

async function onTriggerFollowUp(card: ActionMessage, followUp: FollowUp): Promise<void> {
  const { detail } = card.system.resolvedOutcome as TriggerOutcome;
  const choice = card.system.choiceAs<TriggerChoice>();
  const party = followUp.slot as Party;
  if (followUp.step === "bypass" || followUp.step === "stop") {
    await takeOption(card, party);
    const moverLt = choice.mover.lieutenant ? actorOf(choice.mover.lieutenant) : null;
    const speaker = ChatMessage.getSpeaker({ actor: moverLt ?? undefined });
    const text = fmt(`${D}${followUp.step === "bypass" ? "Bypassed" : "Stopped"}`, { location: locationLabel(choice.location) });
    await ChatMessage.create({ speaker, content: `<p class="factions">${escape(text)}</p>` } as ChatMessage.CreateData);
    return;
  }
  const grant = followUp.grant as unknown as StanceGrant;
  const attacker = party === "mover" ? (choice.mover.lieutenant ? actorOf(choice.mover.lieutenant) : null) : actorOf(detail.stance);
  if (!attacker) throw new ActionError(`${D}NoMoverLieutenant`);
  const attack: rules.AttackChoice = {
    lieutenant: attacker.uuid,
    ...(party === "mover" ? { organization: detail.mover } : {}),
    target: grant.target,
    location: grant.location,
    units: grant.units,
    reaction: true,
    attackBonus: grant.attackBonus,
    defenseBonus: grant.defenseBonus,
    trigger: { card: card.id!, party },
  };
  const strategy = party === "ambush" ? (detail.options.ambush?.strategy ?? "aggressive") : followUp.step === "cautious" ? "cautious" : "aggressive";
  await performAction(rules.ACTIONS[`${strategy}Attack`], attacker, attack);
}

const ATTACKS = new Set<OperationsActionName>(["aggressiveAttack", "cautiousAttack"]);

export const OPERATIONS_DEFINITIONS: ActionDefinition[] = [
  ...OPERATIONS_ACTIONS.map((name) =>
    ATTACKS.has(name) ? definition<rules.AttackChoice>(name, RULES[name] as Rule<rules.AttackChoice>, { claims: stanceClaims }) : definition(name, RULES[name]),
  ),
  {
    id: rules.ACTIONS.stanceTrigger,
    label: "FACTIONS.Operations.Action.stanceTrigger",
    icon: ICONS.stanceTrigger,
    img: OPERATIONS_ACTION_IMAGES.stanceTrigger,
    shape: CHOICE_SHAPES.stanceTrigger,
    actingActor: (choice) => choice.stance,
    // Rolled by the GM's client when it applies a move into the stance.
    gmOnly: true,
    resolve: resolver(rules.triggerStance),
    unnoticed: (outcome) => (outcome as TriggerOutcome).detail.unnoticed,
    followUps: triggerFollowUps,
    onFollowUp: onTriggerFollowUp,
  } as ActionDefinition<TriggerChoice>,
  {
    id: rules.ACTIONS.startRound,
    label: "FACTIONS.Operations.Action.startRound",
    icon: ICONS.startRound,
    img: OPERATIONS_ACTION_IMAGES.startRound,
    shape: CHOICE_SHAPES.startRound,
    actingActor: (choice) => choice.organization,
    gmOnly: true,
    resolve: resolver(rules.startRound),
    followUps: upkeepFollowUps,
    onFollowUp: onUpkeepFollowUp,
  } as ActionDefinition<rules.StartRoundChoice>,
  {
    id: rules.ACTIONS.upkeep,
    label: "FACTIONS.Operations.Action.upkeep",
    icon: ICONS.upkeep,
    img: OPERATIONS_ACTION_IMAGES.upkeep,
    shape: CHOICE_SHAPES.upkeep,
    actingActor: (choice) => choice.organization,
    gmOnly: true,
    resolve: resolver(rules.decideUpkeep),
    // A decision exists only for an unpaid upkeep a Start Round card put to the GM.
    claims: (choice) => (typeof choice.card === "string" ? [{ card: choice.card, slot: upkeepSlot(choice.id) }] : { key: "FACTIONS.Action.Error.NotOffered" }),
  } as ActionDefinition<rules.UpkeepDecisionChoice>,
] as unknown as ActionDefinition[];

export function registerOperationsActions(): void {
  for (const def of OPERATIONS_DEFINITIONS) registerAction(def);
  Hooks.on("factions.applied", (message) => void onMoveApplied(message).catch(warn));
}

/**
 * Open the dialog of an Operations action for the lieutenant, then roll, post the card and
 * apply. The dialogs load the first time one opens; a refusal is shown and changes nothing.
 */
export async function takeOperationsAction(lieutenant: Actor.Implementation, name: OperationsActionName, preset: Record<string, string> = {}): Promise<void> {
  const dialogs = await import("./dialogs");
  return dialogs.takeOperationsAction(lieutenant, name, preset);
}

/** Start a round for an organization (the GM's client, at each round's start). */
export function startOperationsRound(organization: Actor.Implementation) {
  return performAction(rules.ACTIONS.startRound, organization, { organization: organization.uuid });
}

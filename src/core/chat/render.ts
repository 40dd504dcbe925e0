import { templatePath } from "../constants";
import { shownNumber, signed } from "../format";
import { actionDefinition } from "../actions/definition";
import { actorOf } from "../actions/documents";
import { ActionError, localizeLine, warn } from "../actions/errors";
import { answerMessage, applyMessage, isActionMessage, undoMessage, type ActionMessage } from "../actions/pipeline";
import { hiddenNames, openFollowUps, type RecordView, type ShownOutcome } from "../records/record";
import { askReveals, revealedView } from "../records/reveals";
import { redactOutcome } from "../records/views";
import type { CheckRoll, Modifier } from "../rules/check";
import type { Line } from "../rules/outcome";
import { groupLog, type ActionCardContext, type CardButton } from "./card-context";

const TEMPLATE = templatePath("core/action-card.hbs");

/** Does `user` own (or, as GM, stand in for) the actor behind `ref`? */
function owns(ref: string, user: User.Implementation): boolean {
  const actor = actorOf(ref);
  return user.isGM || !!actor?.testUserPermission(user, "OWNER");
}

/**
 * The outcome `user` is shown: the card's own, whose Stealth names are masked for everyone; where
 * the GM's ruling says it masks names of an actor `user` owns, their own view of it once the GM's
 * client told it (../records/reveals.ts: asked here, the card drawn again when it comes). A card of
 * an earlier release, holding its names, is masked here.
 */
function shownOutcome(message: ActionMessage, view: RecordView | null, user: User.Implementation): ShownOutcome | null {
  const own = message.system.outcome as ShownOutcome | null;
  const masked = message.system.gmRuling?.masked ?? [];
  if (view && masked.some((actor) => owns(actor, user))) {
    const revealed = revealedView(message.id!);
    if (revealed?.outcome) return revealed.outcome;
    askReveals([message.id!]);
  }
  const secrets = message.system.secrets as { actor: string; names: string[] }[];
  return own && redactOutcome(own, hiddenNames(secrets, { id: user.id!, isGM: user.isGM, owns: (actor) => owns(actor, user) }));
}

/** "Force +5, Situational modifier +1": a side's rating part by part. */
function breakdown(mods: readonly Modifier[]): string {
  const i18n = game.i18n!;
  return mods.map((m) => `${i18n.localize(m.label)} ${signed(m.value)}`).join(", ");
}

const cardRoll = (r: CheckRoll, mods: readonly Modifier[]) => ({
  breakdown: breakdown(mods),
  formula: r.formula,
  dice: r.formula.replace(/\s*[+-]\s*\d+\s*$/, ""),
  die: r.die,
  rating: r.rating,
  total: r.total,
  ratingText: signed(r.rating),
  totalText: shownNumber(r.total),
});

function userName(id: string): string {
  return game.users?.get(id)?.name ?? game.i18n!.localize("FACTIONS.Card.SomeUser");
}

/** Where the card stands for `user`: the GM's record, as they may read it, else what it was posted as. */
const statusOf = (message: ActionMessage, view: RecordView | null) => view?.status ?? message.system.phase;

function buttons(message: ActionMessage, view: RecordView | null, user: User.Implementation): CardButton[] {
  const i18n = game.i18n!;
  const status = statusOf(message, view);
  const { awaiting } = message.system;
  const list: CardButton[] = [];
  if (status === "awaiting" && owns(awaiting, user)) {
    list.push({ action: "answer", label: i18n.localize("FACTIONS.Card.Answer"), icon: "fa-solid fa-shield-halved" });
  }
  if (status === "resolved" && (user.isGM || message.isAuthor)) {
    list.push({ action: "apply", label: i18n.localize("FACTIONS.Card.Apply"), icon: "fa-solid fa-check" });
  }
  if (status === "applied" && view) {
    for (const f of openFollowUps(view)) {
      if (owns(f.actor, user)) list.push({ action: "followUp", label: localizeLine(f.label), icon: f.icon, data: { slot: f.slot, step: f.step } });
    }
    if (user.isGM && !view.archived) list.push({ action: "undo", label: i18n.localize("FACTIONS.Card.Undo"), icon: "fa-solid fa-rotate-left" });
  }
  return list;
}

function footer(message: ActionMessage, view: RecordView | null): string {
  const i18n = game.i18n!;
  const { awaiting, prompt } = message.system;
  const status = statusOf(message, view);
  const archived = view?.archived ? ` ${i18n.localize("FACTIONS.Card.Archived")}` : "";
  switch (status) {
    case "awaiting":
      return i18n.format("FACTIONS.Card.Awaiting", { actor: actorOf(awaiting)?.name ?? "?", prompt: i18n.localize(prompt) });
    case "answered":
      return i18n.localize("FACTIONS.Card.Answered");
    case "resolved":
      return i18n.localize("FACTIONS.Card.NotApplied");
    case "applied":
      return i18n.format("FACTIONS.Card.AppliedBy", { user: userName(view?.done.user ?? "") }) + archived;
    case "undone":
      return i18n.format("FACTIONS.Card.UndoneBy", { user: userName(view?.undone?.user ?? "") }) + archived;
  }
}

/** Everything the card shows to `user`, localized and with their hidden names masked. */
export function actionCardContext(message: ActionMessage, user: User.Implementation): ActionCardContext {
  const i18n = game.i18n!;
  const def = actionDefinition(message.system.action);
  const view = message.system.record;
  const outcome = shownOutcome(message, view, user);
  const status = statusOf(message, view);
  const actor = actorOf(message.system.actor);
  const line = (l: Line) => localizeLine(l);
  const sides = outcome?.sides ? { actor: line(outcome.sides.actor), opposition: line(outcome.sides.opposition) } : null;
  const actorImg = actor?.img ?? "icons/svg/mystery-man.svg";
  return {
    actor: { name: actor?.displayName ?? message.speaker.alias ?? "", img: actorImg, uuid: message.system.actor },
    title: def?.title ? line(def.title(message.system.choice)) : def ? i18n.localize(def.label) : message.system.action,
    icon: def?.icon ?? "fa-solid fa-dice-d10",
    img: def?.img ?? actorImg,
    status,
    statusText: i18n.localize(`FACTIONS.Card.Status.${status}`),
    checks: (outcome?.checks ?? []).map(({ label, check }) => ({
      label: line(label),
      actor: cardRoll(check.actor, check.modifiers.actor),
      opposition: cardRoll(check.opposition, check.modifiers.opposition),
      margin: check.margin,
      marginText: signed(check.margin),
      tier: check.tier,
      tierLabel: i18n.localize(`FACTIONS.Check.Tier.${check.tier}`),
      success: check.tier === "success" || check.tier === "completeSuccess",
      ties: check.ties.length,
    })),
    rolls: (outcome?.rolls ?? []).map((r) => ({ label: line(r.label), formula: r.formula, total: r.total })),
    summary: (outcome?.summary ?? []).map(line),
    sides,
    // A roll is shown once, in the header: a line that only repeats it is left out of the list.
    log: groupLog((outcome?.log ?? []).filter((l) => !l.repeatsRoll).map((l) => ({ text: line(l), heading: l.heading, fold: l.fold, side: l.side })), sides),
    footer: footer(message, view),
    unnoticed: message.system.unnoticed,
    buttons: buttons(message, view, user),
    links: view?.links ?? [],
  };
}

async function onClick(message: ActionMessage, event: MouseEvent): Promise<void> {
  const button = (event.target as HTMLElement | null)?.closest<HTMLButtonElement>("button[data-action]");
  if (!button) return;
  event.preventDefault();
  button.disabled = true;
  try {
    switch (button.dataset.action) {
      case "answer":
        return await answerMessage(message);
      case "apply":
        return void (await applyMessage(message));
      case "undo":
        return void (await undoMessage(message));
      case "followUp": {
        const def = actionDefinition(message.system.action);
        const record = message.system.record;
        const followUp = record && openFollowUps(record).find((f) => f.slot === button.dataset.slot && f.step === button.dataset.step);
        // A button drawn before the option was taken elsewhere.
        if (!followUp) return warn(new ActionError("FACTIONS.Action.Error.AlreadyTaken"));
        if (def?.onFollowUp) await def.onFollowUp(message, followUp).catch(warn);
      }
    }
  } finally {
    button.disabled = false;
  }
}

/**
 * Render an action card into its message element, for the current user. The
 * card is drawn from the message's data each time, so its buttons survive
 * reloads, re-renders and pop-outs, and "applied" lives in the data, not the DOM.
 */
export async function renderActionCard(message: ChatMessage.Implementation, html: HTMLElement): Promise<void> {
  if (!isActionMessage(message)) return;
  await drawCard(message, html);
  html.addEventListener("click", (event) => void onClick(message, event));
}

async function drawCard(message: ActionMessage, html: HTMLElement): Promise<void> {
  // A whisper with rolls reaches everyone; core shows the others only that dice were rolled, and so does the card.
  if (!message.isContentVisible) return;
  const context = actionCardContext(message, game.user!);
  const content = await foundry.applications.handlebars.renderTemplate(TEMPLATE, context as unknown as Record<string, unknown>);
  const target = html.querySelector(".message-content");
  if (target) target.innerHTML = content;
}

/**
 * Draw again, in place, the cards on screen (chat log and pop-outs alike) whose record
 * changed: their status, buttons and footer follow what the GM's client decided.
 */
export async function redrawCards(ids: readonly string[]): Promise<void> {
  for (const id of ids) {
    const message = game.messages?.get(id);
    if (!isActionMessage(message)) continue;
    for (const element of document.querySelectorAll<HTMLElement>(`.chat-message[data-message-id="${CSS.escape(id)}"]`)) await drawCard(message, element);
  }
}

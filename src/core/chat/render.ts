import { templatePath } from "../constants";
import { actionDefinition } from "../actions/definition";
import { actorOf } from "../actions/documents";
import { localizeLine, warn } from "../actions/errors";
import { answerMessage, applyMessage, isActionMessage, undoMessage, type ActionMessage } from "../actions/pipeline";
import type { CheckRoll, Modifier } from "../rules/check";
import type { Line, Outcome } from "../rules/outcome";
import type { ActionCardContext, CardButton } from "./card-context";

const TEMPLATE = templatePath("core/action-card.hbs");

/** Does `user` own (or, as GM, stand in for) the actor behind `ref`? */
function owns(ref: string, user: User.Implementation): boolean {
  const actor = actorOf(ref);
  return user.isGM || !!actor?.testUserPermission(user, "OWNER");
}

/** A viewer who does not own a faction sees its secret names as "a hidden asset". */
function redactor(message: ActionMessage, user: User.Implementation): (line: Line) => Line {
  const hidden = new Set(message.system.secretList.filter((s) => !owns(s.actor, user)).flatMap((s) => s.names));
  if (!hidden.size) return (line) => line;
  const mask = game.i18n!.localize("FACTIONS.Card.HiddenAsset");
  return (line) => ({
    key: line.key,
    data: line.data && Object.fromEntries(Object.entries(line.data).map(([k, v]) => [k, hidden.has(String(v)) ? mask : v])),
  });
}

/** "Force +5, Situational modifier +1": a side's rating part by part. */
function breakdown(mods: readonly Modifier[]): string {
  const i18n = game.i18n!;
  return mods.map((m) => `${i18n.localize(m.label)} ${m.value < 0 ? "−" : "+"}${Math.abs(m.value)}`).join(", ");
}

const cardRoll = (r: CheckRoll, mods: readonly Modifier[]) => ({ breakdown: breakdown(mods), formula: r.formula, die: r.die, rating: r.rating, total: r.total });

function userName(id: string): string {
  return game.users?.get(id)?.name ?? game.i18n!.localize("FACTIONS.Card.SomeUser");
}

function buttons(message: ActionMessage, outcome: Outcome | null, user: User.Implementation): CardButton[] {
  const i18n = game.i18n!;
  const { status, awaiting } = message.system;
  const list: CardButton[] = [];
  if (status === "awaiting" && owns(awaiting, user)) {
    list.push({ action: "answer", label: i18n.localize("FACTIONS.Card.Answer"), icon: "fa-solid fa-shield-halved" });
  }
  if (status === "resolved" && (user.isGM || message.isAuthor)) {
    list.push({ action: "apply", label: i18n.localize("FACTIONS.Card.Apply"), icon: "fa-solid fa-check" });
  }
  if (status === "applied") {
    const def = actionDefinition(message.system.action);
    for (const follow of (outcome && def?.followUps?.(outcome)) ?? []) {
      if (owns(follow.actor, user)) list.push({ action: "followUp", label: follow.label, icon: follow.icon, data: follow.data });
    }
    if (user.isGM) list.push({ action: "undo", label: i18n.localize("FACTIONS.Card.Undo"), icon: "fa-solid fa-rotate-left" });
  }
  return list;
}

function footer(message: ActionMessage): string {
  const i18n = game.i18n!;
  const { status, appliedBy, undoneBy, awaiting, prompt } = message.system;
  switch (status) {
    case "awaiting":
      return i18n.format("FACTIONS.Card.Awaiting", { actor: actorOf(awaiting)?.name ?? "?", prompt: i18n.localize(prompt) });
    case "answered":
      return i18n.localize("FACTIONS.Card.Answered");
    case "resolved":
      return i18n.localize("FACTIONS.Card.NotApplied");
    case "applied":
      return i18n.format("FACTIONS.Card.AppliedBy", { user: userName(appliedBy?.user ?? "") });
    case "undone":
      return i18n.format("FACTIONS.Card.UndoneBy", { user: userName(undoneBy?.user ?? "") });
  }
}

/** Everything the card shows to `user`, localized and with their hidden names masked. */
export function actionCardContext(message: ActionMessage, user: User.Implementation): ActionCardContext {
  const i18n = game.i18n!;
  const def = actionDefinition(message.system.action);
  const outcome = message.system.resolvedOutcome;
  const redact = redactor(message, user);
  const actor = actorOf(message.system.actor);
  const line = (l: Line) => localizeLine(redact(l));
  return {
    actor: { name: actor?.name ?? message.speaker.alias ?? "", img: actor?.img ?? "icons/svg/mystery-man.svg", uuid: message.system.actor },
    title: def ? i18n.localize(def.label) : message.system.action,
    icon: def?.icon ?? "fa-solid fa-dice-d10",
    status: message.system.status,
    statusText: i18n.localize(`FACTIONS.Card.Status.${message.system.status}`),
    checks: (outcome?.checks ?? []).map(({ label, check }) => ({
      label: line(label),
      actor: cardRoll(check.actor, check.modifiers.actor),
      opposition: cardRoll(check.opposition, check.modifiers.opposition),
      margin: check.margin,
      tier: check.tier,
      tierLabel: i18n.localize(`FACTIONS.Check.Tier.${check.tier}`),
      success: check.tier === "success" || check.tier === "completeSuccess",
      ties: check.ties.length,
    })),
    rolls: (outcome?.rolls ?? []).map((r) => ({ label: line(r.label), formula: r.formula, total: r.total })),
    log: (outcome?.log ?? []).map((l) => ({ text: line(l), heading: !!l.heading })),
    footer: footer(message),
    unnoticed: message.system.unnoticed,
    buttons: buttons(message, outcome, user),
    links: def?.links?.(message) ?? [],
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
        const outcome = message.system.resolvedOutcome;
        if (def?.onFollowUp && outcome) await def.onFollowUp(outcome, { ...button.dataset } as Record<string, string>).catch(warn);
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
  const context = actionCardContext(message, game.user!);
  const content = await foundry.applications.handlebars.renderTemplate(TEMPLATE, context as unknown as Record<string, unknown>);
  const target = html.querySelector(".message-content");
  if (target) target.innerHTML = content;
}

/**
 * A follow-up button (a strike at a new Base, a stance option…) is spent when
 * another card takes it up, but the card that shows it does not change. So
 * whenever an action card is posted or changes, the cards on screen that show
 * follow-up buttons are drawn again in place (chat log and pop-outs alike).
 */
export async function refreshFollowUps(): Promise<void> {
  const shown = [...document.querySelectorAll<HTMLElement>(".chat-message[data-message-id]")].filter((e) =>
    e.querySelector('button[data-action="followUp"]'),
  );
  for (const element of shown) {
    const message = game.messages?.get(element.dataset.messageId ?? "");
    if (isActionMessage(message)) await drawCard(message, element);
  }
}

export function registerCardRefresh(): void {
  const refresh = (message: ChatMessage.Implementation) => {
    if (isActionMessage(message)) void refreshFollowUps();
  };
  Hooks.on("createChatMessage", refresh);
  Hooks.on("updateChatMessage", refresh);
}

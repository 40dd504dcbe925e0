import { cardOutcome } from "../records/views";
import type { Outcome } from "../rules/outcome";
import type { ActionDefinition, Choice } from "./definition";
import { ActionError } from "./errors";
import type { ActionMessage } from "../chat/action-message";
import { runWithRolls } from "./roller";

/** Ids for created documents that stay the same across the re-runs of one resolution. */
function idSource(ids: string[]): () => () => string {
  return () => {
    let used = 0;
    return () => ids[used++] ?? (ids.push(foundry.utils.randomID()), ids[used - 1]!);
  };
}

/** Resolve with real rolls; throws the rules' rejection. */
export async function resolveWithRolls(def: ActionDefinition, choice: Choice) {
  const ids: string[] = [];
  const fresh = idSource(ids);
  const { value: result, rolls } = await runWithRolls((dice) => def.resolve(choice, { dice, newId: fresh() }));
  if (!result.ok) throw new ActionError(result.reason.key, result.reason.data);
  Hooks.callAll("factions.resolved", def.id, choice, result.value);
  return { outcome: result.value, rolls: rolls.map((r) => r.roll), formulas: rolls.map((r) => r.formula), ids };
}

/** The encounter this client shows, and its round: where an action is taken. */
const currentEncounter = () => ({ round: game.combat?.round ?? 0, encounter: game.combat?.id ?? "" });

/** Who sees an unnoticed action's card: the GMs and the acting actor's owners. */
export function unnoticedAudience(actor: Actor.Implementation): string[] {
  return (game.users?.contents ?? []).filter((u) => u.isGM || actor.testUserPermission(u, "OWNER")).map((u) => u.id!);
}

/**
 * Post an action card as the current user (an action of no one actor speaks as its title). Every
 * client receives the card, so its outcome holds the action's secret names masked: the GM's client
 * checks it with the same names masked, and shows them to whom they may (../records/reveals.ts).
 * An unnoticed action's card is whispered to its audience and carries its rolls as data, not as
 * rolls: Foundry sends a whisper that carries rolls to every client.
 */
export async function postCard(def: ActionDefinition, actor: Actor.Implementation | null, system: Record<string, unknown>, rolls: Roll[] = []): Promise<ActionMessage | undefined> {
  const outcome = system.outcome as Outcome | undefined;
  const unnoticed = !!actor && !!outcome && !!def.unnoticed?.(outcome);
  const choice = system.choice as Choice;
  const shown = outcome ? { outcome: cardOutcome(outcome, def.secrets?.(choice, outcome) ?? []) } : {};
  const whispered = unnoticed && !!actor;
  const data = {
    type: "action" as const,
    speaker: actor ? ChatMessage.getSpeaker({ actor }) : ChatMessage.getSpeaker({ alias: game.i18n!.localize(def.label) }),
    rolls: whispered ? [] : rolls,
    ...(whispered ? { whisper: unnoticedAudience(actor) } : {}),
    system: { action: def.id, actor: actor?.uuid ?? "", ...currentEncounter(), unnoticed, ...(whispered ? { dice: rolls.map((r) => JSON.stringify(r.toJSON())) } : {}), ...system, ...shown },
  };
  return (await ChatMessage.create(data as ChatMessage.CreateData)) as ActionMessage | undefined;
}

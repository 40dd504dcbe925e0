import { SYSTEM_ID } from "../constants";
import { isActionMessage, type ActionMessage } from "../actions/pipeline";
import { upsertEntry, type ChronicleEntry } from "./entry";

export function chronicle(): ChronicleEntry[] {
  return game.settings!.get(SYSTEM_ID, "chronicle") as ChronicleEntry[];
}

function entryOf(message: ActionMessage): ChronicleEntry | null {
  const { status, outcome, appliedBy } = message.system;
  if ((status !== "applied" && status !== "undone") || !outcome) return null;
  return {
    id: message.id!,
    time: appliedBy?.time ?? message.timestamp,
    round: message.system.round,
    actor: message.system.actor,
    actorName: message.speaker.alias ?? "",
    action: message.system.action,
    status,
    log: (outcome as { log: ChronicleEntry["log"] }).log,
  };
}

/** Record an applied or undone card. Only the active GM writes the chronicle (a world setting). */
export async function record(message: ChatMessage.Implementation): Promise<void> {
  if (!isActionMessage(message) || game.users?.activeGM !== game.user) return;
  const entry = entryOf(message);
  if (entry) await game.settings!.set(SYSTEM_ID, "chronicle", upsertEntry(chronicle(), entry));
}

/** Cards applied while no GM was connected are recorded when one connects. */
export async function backfill(): Promise<void> {
  if (game.users?.activeGM !== game.user) return;
  let entries = chronicle();
  const known = new Set(entries.map((e) => `${e.id}:${e.status}`));
  for (const message of game.messages ?? []) {
    if (!isActionMessage(message)) continue;
    const entry = entryOf(message);
    if (entry && !known.has(`${entry.id}:${entry.status}`)) entries = upsertEntry(entries, entry);
  }
  if (entries.length !== known.size) await game.settings!.set(SYSTEM_ID, "chronicle", entries);
}

export function registerChronicle(): void {
  Hooks.on("updateChatMessage", (message) => void record(message));
}

import type { Change } from "../rules/changes";
import type { Outcome } from "../rules/outcome";
import type { LedgerRecord, Secret, Stamp } from "./record";
import { ledger, writeLedger } from "./store";

/** What a first-release card said of itself when it was applied or undone. */
export interface LegacyCard {
  id: string;
  action: string;
  actor: string;
  actorName: string;
  round: number;
  timestamp: number;
  outcome: Outcome | null;
  secrets: Secret[];
  whisper: string[];
  legacy: { status: "applied" | "undone"; applied: Change[]; appliedBy: Stamp | null; undoneBy: Stamp | null };
}

/** The ledger record of a first-release card, believed once, by the GM who migrates the world. */
export function recordFromLegacy(card: LegacyCard): LedgerRecord {
  const { changes: _changes, ...shown } = card.outcome ?? { changes: [] as Change[], action: card.action, actor: card.actor, checks: [], rolls: [], log: [], detail: null };
  return {
    id: card.id,
    status: card.legacy.status,
    action: card.action,
    actor: card.actor,
    actorName: card.actorName,
    round: card.round,
    done: card.legacy.appliedBy ?? { user: "", time: card.timestamp },
    undone: card.legacy.status === "undone" ? (card.legacy.undoneBy ?? { user: "", time: card.timestamp }) : null,
    changes: card.legacy.applied,
    outcome: shown,
    secrets: card.secrets,
    audience: card.whisper.length ? card.whisper : null,
    followUps: [],
    taken: {},
    claims: [],
    links: [],
    resolvedBy: null,
  };
}

/** Schema 2: move each first-release card's own applied/undone record into the ledger. */
export async function migrateLegacyCards(): Promise<void> {
  const next = { ...ledger() };
  const cleared: ChatMessage.Implementation[] = [];
  for (const message of game.messages ?? []) {
    if (message.type !== "action") continue;
    const system = message.system as unknown as Omit<LegacyCard, "id" | "actorName" | "timestamp" | "whisper"> & { legacy: LegacyCard["legacy"] | null };
    if (!system.legacy) continue;
    if (!next[message.id!]) {
      next[message.id!] = recordFromLegacy({
        ...system,
        legacy: system.legacy,
        id: message.id!,
        actorName: message.speaker.alias ?? "",
        timestamp: message.timestamp,
        whisper: (message._source.whisper as unknown as string[]) ?? [],
      });
    }
    cleared.push(message);
  }
  if (!cleared.length) return;
  await writeLedger(next);
  for (const message of cleared) await message.update({ "system.legacy": null } as ChatMessage.UpdateData);
}

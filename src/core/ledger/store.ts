/**
 * The ledger's store: a world setting, which only a GM may write. Every client reads it to
 * draw the cards; only the active GM's client writes it (src/core/actions/authority.ts).
 */
import { SYSTEM_ID } from "../constants";
import type { Ledger, LedgerRecord } from "./record";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "factions.ledger": Ledger;
  }
}

export function ledger(): Ledger {
  return game.settings!.get(SYSTEM_ID, "ledger") ?? {};
}

export function recordOf(id: string): LedgerRecord | null {
  return ledger()[id] ?? null;
}

/** Replace the ledger (the active GM's client only; the setting refuses anyone else). */
export async function writeLedger(next: Ledger): Promise<void> {
  await game.settings!.set(SYSTEM_ID, "ledger", next);
}

/** Records as last seen on this client, to tell which cards a change concerns. */
let seen: Record<string, string> = {};

/** The ids of the records that differ from what this client saw last. */
function changedRecords(next: Ledger): string[] {
  const now: Record<string, string> = {};
  for (const [id, record] of Object.entries(next)) now[id] = JSON.stringify(record);
  const ids = new Set([...Object.keys(now), ...Object.keys(seen)].filter((id) => now[id] !== seen[id]));
  seen = now;
  return [...ids];
}

/** Register the setting; `onRecords` hears the ids of the records each change touched. */
export function registerLedger(onRecords: (ids: string[]) => void): void {
  game.settings!.register(SYSTEM_ID, "ledger", {
    scope: "world",
    config: false,
    type: Object,
    default: {},
    onChange: (value) => onRecords(changedRecords(value as Ledger)),
  });
}

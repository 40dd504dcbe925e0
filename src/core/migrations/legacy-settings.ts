/**
 * The world settings earlier releases kept the GM's records in, registered only so the migration
 * (./records.ts, loaded when a world needs it) can read and empty them.
 */
import { SYSTEM_ID } from "../constants";
import type { LedgerRecord, LegacyEntry } from "./records";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "factions.ledger": Record<string, LedgerRecord>;
    "factions.gmRecords": Record<string, Record<string, unknown>>;
    "factions.chronicle": LegacyEntry[];
  }
}

export function registerLegacySettings(): void {
  const settings = game.settings!;
  settings.register(SYSTEM_ID, "ledger", { scope: "world", config: false, type: Object, default: {} });
  settings.register(SYSTEM_ID, "gmRecords", { scope: "world", config: false, type: Object, default: {} });
  settings.register(SYSTEM_ID, "chronicle", { scope: "world", config: false, type: Array, default: [] });
}


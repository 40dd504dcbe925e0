import { SYSTEM_ID } from "../../core/constants";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "factions.operationsRecovery": boolean;
    "factions.operationsOneAction": boolean;
  }
}

/** The Operations world settings (RULES §3): recovery each round, one action per round. */
export function registerOperationsSettings(): void {
  const settings = game.settings!;
  settings.register(SYSTEM_ID, "operationsRecovery", {
    name: "FACTIONS.Operations.Settings.recovery.name",
    hint: "FACTIONS.Operations.Settings.recovery.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
  settings.register(SYSTEM_ID, "operationsOneAction", {
    name: "FACTIONS.Operations.Settings.oneAction.name",
    hint: "FACTIONS.Operations.Settings.oneAction.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
}

import { SYSTEM_ID } from "./constants";
import type { CheckSettings, TiePolicy } from "./rules/check";

export const RULESETS = ["factionTurn", "operations", "battle", "skirmish", "rounds"] as const;
export type RulesetId = (typeof RULESETS)[number];

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "factions.ruleset.factionTurn": boolean;
    "factions.ruleset.operations": boolean;
    "factions.ruleset.battle": boolean;
    "factions.ruleset.skirmish": boolean;
    "factions.ruleset.rounds": boolean;
    "factions.tiePolicy": TiePolicy;
    "factions.completeMargin": number;
    "factions.turnIncome": boolean;
    "factions.autoApply": boolean;
    "factions.locations": string[];
    "factions.schemaVersion": number;
  }
}

/** Register every world setting of the shared core. Rulesets register their own. */
export function registerCoreSettings(): void {
  const settings = game.settings!;
  for (const id of RULESETS) {
    settings.register(SYSTEM_ID, `ruleset.${id}`, {
      name: `FACTIONS.Ruleset.${id}`,
      hint: "FACTIONS.Settings.ruleset.hint",
      scope: "world",
      config: true,
      requiresReload: true,
      type: Boolean,
      default: true,
    });
  }
  settings.register(SYSTEM_ID, "tiePolicy", {
    name: "FACTIONS.Settings.tiePolicy.name",
    hint: "FACTIONS.Settings.tiePolicy.hint",
    scope: "world",
    config: true,
    type: String,
    choices: { defender: "FACTIONS.Settings.tiePolicy.defender", reroll: "FACTIONS.Settings.tiePolicy.reroll" },
    default: "defender",
  });
  settings.register(SYSTEM_ID, "completeMargin", {
    name: "FACTIONS.Settings.completeMargin.name",
    hint: "FACTIONS.Settings.completeMargin.hint",
    scope: "world",
    config: true,
    type: Number,
    range: { min: 1, max: 10, step: 1 },
    default: 5,
  });
  settings.register(SYSTEM_ID, "turnIncome", {
    name: "FACTIONS.Settings.turnIncome.name",
    hint: "FACTIONS.Settings.turnIncome.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
  settings.register(SYSTEM_ID, "autoApply", {
    name: "FACTIONS.Settings.autoApply.name",
    hint: "FACTIONS.Settings.autoApply.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
  settings.register(SYSTEM_ID, "locations", { scope: "world", config: false, type: Array, default: [] });
  settings.register(SYSTEM_ID, "schemaVersion", { scope: "world", config: false, type: Number, default: 0 });
}

export function rulesetEnabled(id: RulesetId): boolean {
  return game.settings!.get(SYSTEM_ID, `ruleset.${id}`);
}

export function checkSettings(): CheckSettings {
  const settings = game.settings!;
  return { tie: settings.get(SYSTEM_ID, "tiePolicy"), completeMargin: settings.get(SYSTEM_ID, "completeMargin") };
}

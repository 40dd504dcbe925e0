import { SYSTEM_ID } from "../../core/constants";
import { DEFAULT_DIE } from "../../core/rules/check";
import { isCheckDie } from "../../core/rules/odds";
import { checkSettings } from "../../core/settings";
import type { SkirmishSettings } from "./rules/context";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "factions.skirmishFreeActions": number;
    "factions.skirmishCheckDie": string;
  }
}

/** The Skirmish world settings: free actions a round (the seed's norm is one), and the die of Body and Nerves checks. */
export function registerSkirmishSettings(): void {
  const settings = game.settings!;
  settings.register(SYSTEM_ID, "skirmishFreeActions", {
    name: "FACTIONS.Skirmish.Settings.freeActions.name",
    hint: "FACTIONS.Skirmish.Settings.freeActions.hint",
    scope: "world",
    config: true,
    type: Number,
    range: { min: 0, max: 5, step: 1 },
    default: 1,
  });
  settings.register(SYSTEM_ID, "skirmishCheckDie", {
    name: "FACTIONS.Skirmish.Settings.checkDie.name",
    hint: "FACTIONS.Skirmish.Settings.checkDie.hint",
    scope: "world",
    config: true,
    type: String,
    default: DEFAULT_DIE,
  });
}

/** The settings the Skirmish rules read (a die that is not a check die is read as the core's 1d10). */
export function skirmishSettings(): SkirmishSettings {
  const s = game.settings!;
  const die = s.get(SYSTEM_ID, "skirmishCheckDie").replace(/\s+/g, "");
  return { ...checkSettings(), die: isCheckDie(die) ? die : DEFAULT_DIE, freeActions: s.get(SYSTEM_ID, "skirmishFreeActions") };
}

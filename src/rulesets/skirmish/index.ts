import { registerTypeImages } from "../../core/documents/type-images";
import { onMigration } from "../../core/migrations";
import { registerSkirmishActions } from "./actions";
import { CompanyData } from "./data/company";
import { SkirmishCombatantData } from "./data/combatant";
import { SkirmishEffectData } from "./data/effect";
import { InfantryData } from "./data/infantry";
import { COMBATANT_TYPE } from "./data/state";
import { HEAT_BAR, VehicleData } from "./data/vehicle";
import { WeaponData } from "./data/weapon";
import { EFFECT_TYPE, registerStatusEffects } from "./effects";
import { registerSkirmishCombatants } from "./encounter/combatants";
import { registerSkirmishEnd } from "./encounter/end";
import { registerSkirmishMovement } from "./encounter/movement";
import { registerSkirmishRedraws } from "./encounter/redraw";
import { registerSkirmishRounds } from "./encounter/round";
import { registerHeatWarning } from "./heat";
import { SKIRMISH_TYPE_IMAGES } from "./images";
import { registerSkirmishSettings } from "./settings";
import { registerSkirmishSheets, SKIRMISH_TEMPLATES } from "./sheets/sheets";
import { registerSkirmishTracker } from "./tracker/pips";
import { registerSides } from "../../core/sides/sides";
import { skirmishSides } from "./sides";

/**
 * The Skirmish ruleset's part of `init`: its actor and item types, the Combatant and Active Effect
 * subtypes that hold the budget and the fallout, the statuses, settings, sheets, actions, and the
 * encounter (round tick, canvas movement, the end of the fight, the tracker).
 */
export const skirmish = {
  id: "skirmish" as const,
  actorTypes: { infantry: InfantryData, vehicle: VehicleData, company: CompanyData },
  itemTypes: { weapon: WeaponData },
  templates: SKIRMISH_TEMPLATES,
  init(): void {
    registerSides("skirmish", skirmishSides);
    registerTypeImages("Actor", SKIRMISH_TYPE_IMAGES.Actor);
    registerTypeImages("Item", SKIRMISH_TYPE_IMAGES.Item);
    Object.assign(CONFIG.Combatant.dataModels, { [COMBATANT_TYPE]: SkirmishCombatantData });
    Object.assign(CONFIG.ActiveEffect.dataModels, { [EFFECT_TYPE]: SkirmishEffectData });
    const trackable = CONFIG.Actor.trackableAttributes as Record<string, { bar: string[]; value: string[] }>;
    trackable.vehicle = { bar: [HEAT_BAR], value: ["heat", "heatThreshold", "speed"] };
    trackable.infantry = { bar: [], value: ["body", "nerves", "speed", "injuries"] };
    registerStatusEffects();
    registerSkirmishSettings();
    registerSkirmishSheets();
    registerSkirmishActions();
    registerSkirmishCombatants();
    registerSkirmishRounds();
    registerSkirmishMovement();
    registerSkirmishEnd();
    registerSkirmishTracker();
    registerSkirmishRedraws();
    registerHeatWarning();
    // Budgets an earlier release kept on Combatants move into their encounters, once.
    // Budgets of release 0.1.0, on each Combatant, move into their encounter with the schema 3 migration.
    // Loaded only in a world saved by 0.1.0 that still needs it.
    onMigration(3, async () => (await import("./encounter/legacy")).migrateLegacyBudgets());
  },
};

import { registerTypeImages } from "../../core/documents/type-images";
import { registerRoundsActions } from "./actions/definitions";
import { registerEventChain } from "./actions/events";
import { ADVENTURE_BEHAVIOR, AdventureBehaviorData } from "./data/adventure";
import { RoundsCombatData } from "./data/combat";
import { HeroData } from "./data/hero";
import { AbilityData, LootData } from "./data/items";
import { TeamData } from "./data/team";
import { registerHeroDrag } from "./encounter/drag";
import { registerTeamSync } from "./encounter/setup";
import { ROUNDS_TYPE_IMAGES } from "./images";
import { registerRoundsSettings } from "./settings";
import { ROUNDS_SHEET_TEMPLATES, registerRoundsSheets, registerSheetRefresh } from "./sheets";
import { registerTracker, TRACKER_TEMPLATE } from "./tracker/decorate";
import { templatePath } from "../../core/constants";
import { registerSides } from "../../core/sides/sides";
import { roundsSides } from "./sides";

/**
 * The Rounds ruleset's part of `init`: heroes with their loot and abilities, the Rounds encounter
 * (its track on the Combat, its two teams as CombatantGroups), adventure spaces as scene Region
 * behaviors, the actions, the tracker and the sheets.
 */
export const rounds = {
  id: "rounds" as const,
  actorTypes: { hero: HeroData },
  itemTypes: { loot: LootData, ability: AbilityData },
  templates: [...ROUNDS_SHEET_TEMPLATES, TRACKER_TEMPLATE, templatePath("rounds/game-over.hbs")],
  init(): void {
    registerSides("rounds", roundsSides);
    registerTypeImages("Actor", ROUNDS_TYPE_IMAGES.Actor);
    registerTypeImages("Item", ROUNDS_TYPE_IMAGES.Item);
    CONFIG.Combat.dataModels.rounds = RoundsCombatData;
    CONFIG.CombatantGroup.dataModels.team = TeamData;
    CONFIG.RegionBehavior.dataModels[ADVENTURE_BEHAVIOR] = AdventureBehaviorData;
    CONFIG.RegionBehavior.typeIcons[ADVENTURE_BEHAVIOR] = "fa-solid fa-dungeon";
    registerRoundsSettings();
    registerRoundsSheets();
    registerSheetRefresh();
    registerRoundsActions();
    registerEventChain();
    registerTeamSync();
    registerTracker();
    registerHeroDrag();
  },
};

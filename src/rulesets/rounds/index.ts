import { ADVENTURE_BEHAVIOR, AdventureBehaviorData } from "./data/adventure";
import { RoundsCombatData } from "./data/combat";
import { HeroData } from "./data/hero";
import { AbilityData, LootData } from "./data/items";
import { TeamData } from "./data/team";

/** The Rounds ruleset's part of `init`: its types (heroes, loot, abilities, the encounter, teams, adventure spaces). */
export const rounds = {
  id: "rounds" as const,
  actorTypes: { hero: HeroData },
  itemTypes: { loot: LootData, ability: AbilityData },
  templates: [] as string[],
  init(): void {
    CONFIG.Combat.dataModels.rounds = RoundsCombatData;
    CONFIG.CombatantGroup.dataModels.team = TeamData;
    CONFIG.RegionBehavior.dataModels[ADVENTURE_BEHAVIOR] = AdventureBehaviorData;
    CONFIG.RegionBehavior.typeIcons[ADVENTURE_BEHAVIOR] = "fa-solid fa-dungeon";
  },
};

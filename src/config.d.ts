/**
 * The system's documents, data models, flags and queries, as fvtt-types learns them: each
 * ruleset's data model by its type name. Types only; it sits above core and the rulesets so that
 * core imports no ruleset.
 */
import type { FactionsActor } from "./core/documents/actor";
import type { FactionsItem } from "./core/documents/item";
import type { FactionsChatMessage } from "./core/documents/chat-message";
import type { CombatPosition, FactionsCombat } from "./core/documents/combat";
import type { ActionMessageData } from "./core/chat/action-message";
import type { QUERIES } from "./core/actions/requests";
import type { RequestMessageData } from "./core/chat/request-message";
import type { AssetData } from "./rulesets/faction-turn/data/asset";
import type { FactionData } from "./rulesets/faction-turn/data/faction";
import type { RealmData } from "./rulesets/battle/data/realm";
import type { BuildingData, CharacterData, FortificationData, LocationData, TechnologyData, UnitCounterData } from "./rulesets/battle/data/items";
import type { CharacterCardData } from "./rulesets/battle/data/card";
import type { LieutenantData } from "./rulesets/operations/data/lieutenant";
import type { OrganizationData } from "./rulesets/operations/data/organization";
import type { ProjectData } from "./rulesets/operations/data/project";
import type { UnitData } from "./rulesets/operations/data/unit";
import type { InfantryData } from "./rulesets/skirmish/data/infantry";
import type { VehicleData } from "./rulesets/skirmish/data/vehicle";
import type { CompanyData } from "./rulesets/skirmish/data/company";
import type { WeaponData } from "./rulesets/skirmish/data/weapon";
import type { SkirmishCombatantData } from "./rulesets/skirmish/data/combatant";
import type { SkirmishEffectData } from "./rulesets/skirmish/data/effect";
import type { HeroData } from "./rulesets/rounds/data/hero";
import type { AbilityData, LootData } from "./rulesets/rounds/data/items";
import type { RoundsCombatData } from "./rulesets/rounds/data/combat";
import type { TeamData } from "./rulesets/rounds/data/team";
import type { AdventureBehaviorData } from "./rulesets/rounds/data/adventure";

declare module "fvtt-types/configuration" {
  interface DocumentClassConfig {
    Actor: typeof FactionsActor<Actor.SubType>;
    Item: typeof FactionsItem<Item.SubType>;
    ChatMessage: typeof FactionsChatMessage<ChatMessage.SubType>;
    Combat: typeof FactionsCombat<Combat.SubType>;
  }

  interface FlagConfig {
    Combat: {
      factions: {
        /** The furthest position the encounter reached (combat.ts). */
        frontier: CombatPosition;
      };
    };
  }

  interface ConfiguredActor<SubType extends Actor.SubType> {
    document: FactionsActor<SubType>;
  }

  interface ConfiguredItem<SubType extends Item.SubType> {
    document: FactionsItem<SubType>;
  }

  interface ConfiguredChatMessage<SubType extends ChatMessage.SubType> {
    document: FactionsChatMessage<SubType>;
  }

  interface ConfiguredCombat<SubType extends Combat.SubType> {
    document: FactionsCombat<SubType>;
  }

  interface DataModelConfig {
    Actor: {
      faction: typeof FactionData;
      organization: typeof OrganizationData;
      lieutenant: typeof LieutenantData;
      realm: typeof RealmData;
      infantry: typeof InfantryData;
      vehicle: typeof VehicleData;
      company: typeof CompanyData;
      hero: typeof HeroData;
    };
    Item: {
      asset: typeof AssetData;
      unit: typeof UnitData;
      project: typeof ProjectData;
      location: typeof LocationData;
      building: typeof BuildingData;
      technology: typeof TechnologyData;
      character: typeof CharacterData;
      fortification: typeof FortificationData;
      unitCounter: typeof UnitCounterData;
      weapon: typeof WeaponData;
      loot: typeof LootData;
      ability: typeof AbilityData;
    };
    Card: {
      character: typeof CharacterCardData;
    };
    Combatant: {
      skirmish: typeof SkirmishCombatantData;
    };
    ActiveEffect: {
      skirmish: typeof SkirmishEffectData;
    };
    ChatMessage: {
      action: typeof ActionMessageData;
      request: typeof RequestMessageData;
    };
    Combat: {
      rounds: typeof RoundsCombatData;
    };
    CombatantGroup: {
      team: typeof TeamData;
    };
    RegionBehavior: {
      "factions.adventure": typeof AdventureBehaviorData;
    };
  }
}

declare global {
  /** Whether this is the maintainer's build (`npm run build:test`, and the tests), which ships the Quench batches (core/testing.ts). */
  const __FACTIONS_TESTS__: boolean;

  namespace CONFIG {
    interface Queries {
      "factions.request": (typeof QUERIES)["factions.request"];
    }
  }
}

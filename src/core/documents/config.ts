import type { FactionsActor } from "./actor";
import type { FactionsItem } from "./item";
import type { FactionsChatMessage } from "./chat-message";
import type { ActionMessageData } from "../chat/action-message";
import type { QUERIES } from "../actions/queries";
import type { AssetData } from "../../rulesets/faction-turn/data/asset";
import type { FactionData } from "../../rulesets/faction-turn/data/faction";

declare module "fvtt-types/configuration" {
  interface DocumentClassConfig {
    Actor: typeof FactionsActor<Actor.SubType>;
    Item: typeof FactionsItem<Item.SubType>;
    ChatMessage: typeof FactionsChatMessage<ChatMessage.SubType>;
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

  interface DataModelConfig {
    Actor: {
      faction: typeof FactionData;
    };
    Item: {
      asset: typeof AssetData;
    };
    ChatMessage: {
      action: typeof ActionMessageData;
    };
  }
}

declare global {
  namespace CONFIG {
    interface Queries {
      "factions.apply": (typeof QUERIES)["factions.apply"];
      "factions.answer": (typeof QUERIES)["factions.answer"];
    }
  }
}

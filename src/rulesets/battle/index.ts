import { registerTypeImages } from "../../core/documents/type-images";
import { addEncounterTypes } from "../../core/encounter";
import { registerBattleActions } from "./actions";
import { CharacterCardData } from "./data/card";
import { BATTLE_ITEM_TYPES } from "./data/items";
import { RealmData } from "./data/realm";
import { BATTLE_TYPE_IMAGES } from "./images";
import { registerBattleSettings } from "./settings";
import { BATTLE_TEMPLATES, registerBattleSheets } from "./sheets";
import { registerRealmTurns } from "./tracker/turns";
import { registerSides } from "../../core/sides/sides";
import { battleSides } from "./sides";

/** The Battle ruleset's part of `init`: its types (a realm, six item types, character cards), sheets, settings, actions and turns on the tracker. */
export const battle = {
  id: "battle" as const,
  actorTypes: { realm: RealmData },
  itemTypes: BATTLE_ITEM_TYPES,
  templates: BATTLE_TEMPLATES,
  init(): void {
    registerSides("battle", battleSides);
    registerTypeImages("Actor", BATTLE_TYPE_IMAGES.Actor);
    registerTypeImages("Item", BATTLE_TYPE_IMAGES.Item);
    Object.assign(CONFIG.Card.dataModels, { character: CharacterCardData });
    registerBattleSettings();
    registerBattleSheets();
    registerBattleActions();
    registerRealmTurns();
    addEncounterTypes("realm");
  },
};

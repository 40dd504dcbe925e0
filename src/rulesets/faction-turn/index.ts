import { registerTypeImages } from "../../core/documents/type-images";
import { addEncounterTypes } from "../../core/encounter";
import { registerFactionTurnActions } from "./actions";
import { AssetData } from "./data/asset";
import { FactionData } from "./data/faction";
import { FACTION_TURN_TYPE_IMAGES } from "./images";
import { FACTION_TURN_TEMPLATES, registerFactionTurnSheets } from "./sheets";
import { registerFactionTurnStatuses } from "./statuses";
import { registerTurnTracker } from "./tracker/turns";
import { registerSides } from "../../core/sides/sides";
import { factionTurnSides } from "./sides";

/** The Faction Turn ruleset's part of `init`: its types, sheets, actions, tracker and token statuses. */
export const factionTurn = {
  id: "factionTurn" as const,
  actorTypes: { faction: FactionData },
  itemTypes: { asset: AssetData },
  templates: FACTION_TURN_TEMPLATES,
  init(): void {
    registerSides("factionTurn", factionTurnSides);
    registerTypeImages("Actor", FACTION_TURN_TYPE_IMAGES.Actor);
    registerTypeImages("Item", FACTION_TURN_TYPE_IMAGES.Item);
    registerFactionTurnSheets();
    registerFactionTurnActions();
    registerTurnTracker();
    registerFactionTurnStatuses();
    addEncounterTypes("faction");
  },
};

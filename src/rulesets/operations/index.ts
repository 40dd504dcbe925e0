import { registerTypeImages } from "../../core/documents/type-images";
import { addEncounterTypes } from "../../core/encounter";
import { registerOperationsActions } from "./actions";
import { LieutenantData } from "./data/lieutenant";
import { OrganizationData } from "./data/organization";
import { ProjectData } from "./data/project";
import { UnitData } from "./data/unit";
import { OPERATIONS_TYPE_IMAGES } from "./images";
import { registerOperationsSettings } from "./settings";
import { OPERATIONS_TEMPLATES, registerOperationsSheets } from "./sheets";
import { registerOperationsStatuses } from "./statuses";
import { registerRoundTracker } from "./tracker/rounds";
import { registerSides } from "../../core/sides/sides";
import { operationsSides } from "./sides";

/** The Operations ruleset's part of `init`: its types, settings, sheets, actions, round tracker and token statuses. */
export const operations = {
  id: "operations" as const,
  actorTypes: { organization: OrganizationData, lieutenant: LieutenantData },
  itemTypes: { unit: UnitData, project: ProjectData },
  templates: OPERATIONS_TEMPLATES,
  init(): void {
    registerSides("operations", operationsSides);
    registerTypeImages("Actor", OPERATIONS_TYPE_IMAGES.Actor);
    registerTypeImages("Item", OPERATIONS_TYPE_IMAGES.Item);
    registerOperationsSettings();
    registerOperationsSheets();
    registerOperationsActions();
    registerRoundTracker();
    registerOperationsStatuses();
    addEncounterTypes("organization", "lieutenant");
  },
};

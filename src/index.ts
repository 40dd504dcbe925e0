/**
 * The system's only entry. On init it registers the shared core and asks each
 * ruleset to register itself; the rulesets never import each other.
 */
import "../styles/factions.scss";
import "./core/hooks";
import { api } from "./core/api";
import { ActionMessageData } from "./core/chat/action-message";
import { redrawCards } from "./core/chat/render";
import { RequestMessageData } from "./core/chat/request-message";
import { openChronicle, refreshChronicle } from "./core/chronicle/open";
import { registerChronicleControls } from "./core/chronicle/controls";
import { registerRecords } from "./core/records/register";
import { SYSTEM_ID, templatePath } from "./core/constants";
import { FactionsActor } from "./core/documents/actor";
import { FactionsChatMessage } from "./core/documents/chat-message";
import { FactionsCombat } from "./core/documents/combat";
import { FactionsItem } from "./core/documents/item";
import { registerEncounterControls } from "./core/encounter";
import { registerGMRequests } from "./core/actions/pipeline";
import { registerRequests } from "./core/actions/requests";
import { registerGMRecords } from "./core/data/keeping";
import { registerLegacySettings } from "./core/migrations/legacy-settings";
import { guardRulesetTypes, type Ruleset } from "./core/rulesets";
import { registerCoreSettings } from "./core/settings";
import { registerTesting } from "./core/testing";
import { registerWelcomeMenu } from "./core/welcome";
import { registerSidesWindow } from "./core/sides/window";
import { startClient } from "./core/start";
import { factionTurn } from "./rulesets/faction-turn";
import { operations } from "./rulesets/operations";
import { battle } from "./rulesets/battle";
import { skirmish } from "./rulesets/skirmish";
import { rounds } from "./rulesets/rounds";

const RULESETS: Ruleset[] = [factionTurn, operations, battle, skirmish, rounds];

const CORE_TEMPLATES = ["core/action-card.hbs", "core/action-dialog.hbs", "core/odds.hbs", "core/chronicle.hbs", "core/description.hbs", "core/sheet-tabs.hbs", "core/sides.hbs"].map(templatePath);

Hooks.once("init", () => {
  CONFIG.Actor.documentClass = FactionsActor;
  CONFIG.Item.documentClass = FactionsItem;
  CONFIG.ChatMessage.documentClass = FactionsChatMessage;
  CONFIG.Combat.documentClass = FactionsCombat;
  Object.assign(CONFIG.Actor.dataModels, ...RULESETS.map((r) => r.actorTypes));
  Object.assign(CONFIG.Item.dataModels, ...RULESETS.map((r) => r.itemTypes));
  Object.assign(CONFIG.ChatMessage.dataModels, { action: ActionMessageData, request: RequestMessageData });

  registerCoreSettings();
  registerLegacySettings();
  game.settings!.registerMenu(SYSTEM_ID, "chronicle", {
    name: "FACTIONS.Chronicle.Title",
    label: "FACTIONS.Chronicle.Open",
    hint: "FACTIONS.Chronicle.Hint",
    icon: "fa-solid fa-book-open",
    type: ChronicleMenu,
    restricted: true,
  });
  registerWelcomeMenu();
  registerSidesWindow();
  registerChronicleControls();
  registerRecords((ids) => {
    void redrawCards(ids);
    refreshChronicle();
  });
  registerRequests();
  registerGMRequests();
  registerGMRecords();
  registerEncounterControls();
  for (const ruleset of RULESETS) ruleset.init();
  guardRulesetTypes(RULESETS);
  void foundry.applications.handlebars.loadTemplates([...CORE_TEMPLATES, ...RULESETS.flatMap((r) => r.templates)]);
  Object.assign(game, { factions: api });
});

// The Quench batches, their settings and the players' steps: the maintainer's build only (`npm run build:test`).
if (__FACTIONS_TESTS__) registerTesting();

Hooks.once("ready", startClient);

/** The settings menu entry opens the chronicle. */
class ChronicleMenu extends foundry.applications.api.ApplicationV2 {
  override render(): Promise<this> {
    openChronicle();
    return Promise.resolve(this);
  }
}

/**
 * Operations in the gallery: the lieutenant sheet (for the GM, and for its player once it acted), the
 * organization sheet, the unit and project sheets, an action dialog with the four-tier odds, and an
 * unnoticed card.
 */
import { packImage } from "../pack-images";
import { OPERATIONS_ACTION_IMAGES, OPERATIONS_TYPE_IMAGES } from "../../../src/rulesets/operations/images";
import { defineSamples, logLines, shownOdds, shownRoll } from "../samples";
import { I18n, loadTranslations, renderTemplate } from "../../harness/handlebars";
import { checkOdds } from "../../../src/core/rules/odds";
import { DEFAULT_CHECK_SETTINGS, type Tier } from "../../../src/core/rules/check";
import type { ActionCardContext, OddsContext } from "../../../src/core/chat/card-context";
import { NO_STANCE, type LieutenantSystem, type UnitSystem } from "../../../src/rulesets/operations/rules/state";
import { lieutenantSheetContext } from "../../../src/rulesets/operations/sheets/lieutenant-context";
import { organizationSheetContext } from "../../../src/rulesets/operations/sheets/organization-context";

const i18n = new I18n(loadTranslations());
const L = (key: string) => i18n.localize(key);
const S = "FACTIONS.Operations.Sheet.";

function field(prefix: string, path: string, extra: Record<string, unknown> = {}) {
  const key = `FACTIONS.Operations.${prefix}.FIELDS.${path}`;
  const hint = i18n.has(`${key}.hint`) ? i18n.localize(`${key}.hint`) : undefined;
  return { fieldPath: `system.${path}`, label: i18n.localize(`${key}.label`), hint, ...extra };
}
const CONDITIONS = ["fresh", "dinged", "damaged", "defeated", "destroyed"];
const conditionChoices = CONDITIONS.map((c) => ({ value: c, label: L(`${S}Condition.${c}`) }));
const PLACES = L("FACTIONS.Location.Named");
const locationChoices = ["Saltmarsh Docks", "Greyford Crossing"].map((p) => ({ value: `name:${p}`, label: p, group: PLACES }));
const description = (html: string) => ({ field: "system.description", source: html, enriched: html });

const vex = { level: 4, force: 2, sneak: 4, charm: 1, lore: 0, hiding: 0, location: "name:Saltmarsh Docks", organization: "Actor.red", recruiter: "", captor: "", condition: "dinged", acted: false, defended: false, bonded: false, cost: 0, upkeep: 0, penalties: {}, stance: { ...NO_STANCE, kind: "ambush" } } as unknown as LieutenantSystem;
const lieutenantFields = {
  ...Object.fromEntries(["level", "force", "sneak", "charm", "lore", "hiding"].map((f) => [f, field("Lieutenant", f, { integer: true, min: 0 })])),
  ...Object.fromEntries(["location", "organization"].map((f) => [f, field("Lieutenant", f)])),
};

/** The lieutenant sheet as its context function builds it, for the GM or for its player. */
function lieutenantSheet(view: { gm: boolean; system: LieutenantSystem; actionReason: string }) {
  return {
    document: { name: "Vex the Quiet", img: OPERATIONS_TYPE_IMAGES.Actor.lieutenant, uuid: "Actor.vex" },
    editable: true,
    rootId: `gallery-lieutenant-${view.gm ? "gm" : "player"}`,
    systemFields: lieutenantFields,
    ...lieutenantSheetContext({
      system: view.system,
      organizationName: "The Red Hand",
      locationName: "Saltmarsh Docks",
      stance: { kind: "ambush", text: `${L(`${S}StanceKind.ambush`)} · ${L("FACTIONS.Operations.Dialog.StrategyKind.aggressive")} · Against The Blue Lotus · with Thugs` },
      owner: true,
      actionReason: view.actionReason,
      gm: view.gm,
      locationChoices,
      organizationChoices: [{ value: "Actor.red", label: "The Red Hand" }],
      i18n,
    }),
    description: description("<p>A patient knife of the Red Hand, never seen twice in the same coat.</p>"),
  };
}
const lieutenant = lieutenantSheet({ gm: true, system: vex, actionReason: "" });
const lieutenantActed = lieutenantSheet({ gm: false, system: { ...vex, acted: true }, actionReason: i18n.format("FACTIONS.Operations.Reject.Acted", { name: "Vex the Quiet" }) });

const unit = (location: string, level: number, competency: "force" | "sneak", condition: UnitSystem["condition"], hiding = 0): UnitSystem => ({
  level, competency, upkeep: 1, cost: level, bonded: false, condition, hiding, location, lieutenant: "", selective: false, recruiter: "", acted: false, defended: false,
});
const lieutenantAt = (location: string, level: number, condition: LieutenantSystem["condition"], acted: boolean, stance: LieutenantSystem["stance"]["kind"]) =>
  ({ ...vex, level, location, condition, acted, recruiter: "", captor: "", defended: false, bonded: false, stance: { ...NO_STANCE, kind: stance } }) as LieutenantSystem;
const DOCKS = "name:Saltmarsh Docks";
const FORD = "name:Greyford Crossing";

const organization = {
  document: { name: "The Red Hand", img: OPERATIONS_TYPE_IMAGES.Actor.organization, uuid: "Actor.red" },
  editable: true,
  isGM: true,
  rootId: "gallery-organization",
  systemFields: { cohesion: field("Organization", "cohesion", { min: 1, max: 5, integer: true }), capital: field("Organization", "capital", { min: 0, integer: true }), npc: field("Organization", "npc", { initial: false }) },
  ...organizationSheetContext({
    system: {
      cohesion: 3, capital: 17, npc: false, round: 2, claims: {}, penalties: {}, surveillance: [],
      standings: {
        guild: { faction: "Actor.guild", influence: 6, allied: true, penalty: 0, influenceCost: 0, gainPenalty: 0 },
        temple: { faction: "Actor.temple", influence: 0, allied: false, penalty: -2, influenceCost: 1, gainPenalty: 0 },
      },
    },
    lieutenants: [
      { uuid: "Actor.vex", name: "Vex the Quiet", system: lieutenantAt(DOCKS, 4, "dinged", true, "ambush") },
      { uuid: "Actor.orm", name: "Orm Halfhand", system: lieutenantAt(FORD, 2, "fresh", false, "") },
    ],
    units: [
      { id: "u1", name: "Thief Pack", system: unit(DOCKS, 4, "sneak", "fresh", 3) },
      { id: "u2", name: "Thugs", system: unit(DOCKS, 3, "force", "damaged") },
      { id: "u3", name: "Assassins", system: unit(FORD, 6, "sneak", "defeated") },
    ],
    projects: [
      { id: "p1", name: "Ward of Ash", system: { kind: "research", required: 8, progress: 5, blocked: false, target: "", training: "", stat: "" } },
      { id: "p2", name: "Train the Thugs", system: { kind: "training", required: 6, progress: 2, blocked: true, target: "u2", training: "level", stat: "" } },
    ],
    stances: [{ location: DOCKS, holder: "Vex the Quiet (The Red Hand)", kind: "ambush", text: lieutenant.stance.text }],
    nameOf: (ref) => ({ "Actor.guild": "Merchant Guild", "Actor.temple": "Temple of the Tide" })[ref] ?? ref,
    locationLabel: (ref) => ref.slice("name:".length),
    i18n,
  }),
  description: description("<p>A thieves' guild grown into a power on the docks.</p>"),
};

const blanks = { location: L(`${S}Nowhere`), organization: L(`${S}NoOrganization`), none: "—" };
const statChoices = ["force", "sneak", "charm", "lore"].map((s) => ({ value: s, label: L(`FACTIONS.Operations.Log.Rating.Stat.${s}`) }));
const unitSheet = {
  document: { name: "Thief Pack", img: packImage("Thief Pack", OPERATIONS_TYPE_IMAGES.Item.unit), uuid: "Actor.red.Item.u1" },
  editable: true,
  rootId: "gallery-unit",
  isUnit: true,
  system: unit(DOCKS, 4, "sneak", "dinged", 3),
  systemFields: {
    ...Object.fromEntries(["level", "upkeep", "cost", "hiding"].map((f) => [f, field("Unit", f, { integer: true, min: 0 })])),
    competency: field("Unit", "competency", { choices: ["force", "sneak", "charm", "lore"] }),
    condition: field("Unit", "condition", { choices: CONDITIONS }),
    location: field("Unit", "location"),
    bonded: field("Unit", "bonded", { type: "boolean" }),
    selective: field("Unit", "selective", { type: "boolean" }),
  },
  statChoices,
  conditionChoices,
  locationChoices,
  blanks,
  ownerName: "The Red Hand",
  description: description("<p>Quick hands from the net-menders' lanes; they answer to Vex.</p>"),
};
const projectSheet = {
  document: { name: "Train the Thugs", img: OPERATIONS_TYPE_IMAGES.Item.project, uuid: "Actor.red.Item.p2" },
  editable: true,
  rootId: "gallery-project",
  isUnit: false,
  system: { kind: "training", required: 6, progress: 2, blocked: true, target: "u2", training: "level", stat: "" },
  systemFields: {
    kind: field("Project", "kind", { choices: ["research", "training"] }),
    required: field("Project", "required", { integer: true, min: 1 }),
    progress: field("Project", "progress", { integer: true, min: 0 }),
    blocked: field("Project", "blocked", { type: "boolean" }),
    training: field("Project", "training", { choices: ["", "level", "type"] }),
    stat: field("Project", "stat", { choices: ["", "force", "sneak", "charm", "lore"] }),
  },
  kindChoices: [
    { value: "research", label: L("FACTIONS.Operations.Action.researchMagic") },
    { value: "training", label: L("FACTIONS.Operations.Action.trainMinion") },
  ],
  trainingChoices: [
    { value: "level", label: L("FACTIONS.Operations.Dialog.TrainingKind.level") },
    { value: "type", label: L("FACTIONS.Operations.Dialog.TrainingKind.type") },
  ],
  projectStatChoices: statChoices,
  blanks,
  ownerName: "The Red Hand",
  description: description("<p>Blocked until a drill master is found.</p>"),
};

const TIERS: Tier[] = ["completeFailure", "failure", "success", "completeSuccess"];
const odds = checkOdds(9, 7, "fourTier", DEFAULT_CHECK_SETTINGS);
const oddsContext: OddsContext = shownOdds({
  actor: [
    { label: "Level", value: 3 },
    { label: "Force", value: 2 },
    { label: "Thugs", value: 3 },
    { label: "Other units", value: 1 },
  ],
  opposition: [
    { label: "Dock Guards", value: 4 },
    { label: "Mara", value: 3 },
  ],
  actorTotal: 9,
  oppositionTotal: 7,
  tiers: TIERS.map((tier) => ({ tier, label: L(`FACTIONS.Check.Tier.${tier}`), value: odds[tier], percent: `${(odds[tier] * 100).toFixed(1)}%` })),
});

const attackDialog = {
  fields: [
    { kind: "info", text: i18n.format("FACTIONS.Operations.Dialog.Acting", { lieutenant: "Vex the Quiet", organization: "The Red Hand", location: "Saltmarsh Docks", cohesion: "3" }) },
    { kind: "select", name: "opsTarget", label: L("FACTIONS.Operations.Dialog.TargetOrganization"), options: [{ value: "Actor.blue", label: "The Blue Lotus" }] },
    {
      kind: "checkboxes",
      name: "units",
      label: `${L("FACTIONS.Operations.Dialog.Units")} — ${i18n.format("FACTIONS.Operations.Dialog.Limit", { max: "3" })}`,
      options: [
        { value: "u2", label: "Thugs (L3, Force, Saltmarsh Docks, Fresh)", checked: true },
        { value: "u1", label: "Cutpurses (L2, Sneak, Saltmarsh Docks, Fresh)", checked: true },
      ],
    },
    { kind: "checkboxes", name: "stealthy", label: L("FACTIONS.Operations.Dialog.Stealth"), options: [{ value: "on", label: L("FACTIONS.Operations.Dialog.Stealthy") }] },
    { kind: "number", name: "opsModifier", label: L("FACTIONS.Dialog.Modifier"), value: 0, min: -20, max: 20 },
  ],
  odds: renderTemplate("systems/factions/templates/core/odds.hbs", oddsContext),
};

const stealCard: ActionCardContext = {
  actor: { name: "Vex the Quiet", img: OPERATIONS_TYPE_IMAGES.Actor.lieutenant, uuid: "Actor.vex" },
  title: L("FACTIONS.Operations.Action.steal"),
  icon: "fa-solid fa-mask",
  img: OPERATIONS_ACTION_IMAGES.steal,
  status: "applied",
  statusText: L("FACTIONS.Card.Status.applied"),
  checks: [
    {
      label: "Vex the Quiet: Sneak vs Sneak",
      actor: shownRoll({ breakdown: "Level +5, Sneak +3", formula: "1d10 + 8", die: 9, rating: 8, total: 17 }),
      opposition: shownRoll({ breakdown: "Thief Pack +4", formula: "1d10 + 4", die: 3, rating: 4, total: 7 }),
      margin: 10,
      marginText: "+10",
      tier: "completeSuccess",
      tierLabel: L("FACTIONS.Check.Tier.completeSuccess"),
      success: true,
      ties: 0,
    },
  ],
  rolls: [],
  ...logLines(L("FACTIONS.Operations.Tier.steal.completeSuccess"), "3 Capital taken from The Blue Lotus.", L("FACTIONS.Operations.Log.Unnoticed")),
  footer: i18n.format("FACTIONS.Card.AppliedBy", { user: "Alice" }),
  unnoticed: true,
  buttons: [{ action: "undo", label: L("FACTIONS.Card.Undo"), icon: "fa-solid fa-rotate-left" }],
};

export default defineSamples([
  { id: "operations-lieutenant-sheet", title: "Vex the Quiet", template: "systems/factions/templates/operations/lieutenant-sheet.hbs", context: lieutenant, width: 640, wrapperClass: "factions sheet actor factions-operations factions-lieutenant", kind: "sheet" },
  { id: "operations-lieutenant-sheet-acted", title: "Vex the Quiet (player, acted)", template: "systems/factions/templates/operations/lieutenant-sheet.hbs", context: lieutenantActed, width: 640, wrapperClass: "factions sheet actor factions-operations factions-lieutenant", kind: "sheet" },
  { id: "operations-organization-sheet", title: "The Red Hand", template: "systems/factions/templates/operations/organization-sheet.hbs", context: organization, width: 720, wrapperClass: "factions sheet actor factions-operations factions-organization", kind: "sheet" },
  { id: "operations-unit-sheet", title: "Thief Pack", template: "systems/factions/templates/operations/item-sheet.hbs", context: unitSheet, width: 480, wrapperClass: "factions sheet item factions-operations", kind: "sheet" },
  { id: "operations-project-sheet", title: "Train the Thugs", template: "systems/factions/templates/operations/item-sheet.hbs", context: projectSheet, width: 480, wrapperClass: "factions sheet item factions-operations", kind: "sheet" },
  { id: "operations-dialog-attack", title: L("FACTIONS.Operations.Action.aggressiveAttack"), template: "systems/factions/templates/core/action-dialog.hbs", context: attackDialog, width: 460, wrapperClass: "factions factions-dialog dialog", kind: "dialog" },
  { id: "operations-card-steal-unnoticed", title: "Unnoticed Steal", template: "systems/factions/templates/core/action-card.hbs", context: stealCard, width: 300, kind: "card" },
]);

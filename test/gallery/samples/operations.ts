/**
 * Operations in the gallery: the lieutenant sheet, the organization sheet, an action dialog with
 * the four-tier odds, and an unnoticed card.
 */
import { defineSamples, logLines } from "../samples";
import { I18n, loadTranslations, renderTemplate } from "../../harness/handlebars";
import { checkOdds } from "../../../src/core/rules/odds";
import { DEFAULT_CHECK_SETTINGS, type Tier } from "../../../src/core/rules/check";
import type { ActionCardContext, OddsContext } from "../../../src/core/chat/card-context";
import { NO_STANCE, type LieutenantSystem, type UnitSystem } from "../../../src/rulesets/operations/rules/state";
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
const GROUPS: Record<string, string[]> = {
  force: ["aggressiveAttack", "cautiousAttack", "raid"],
  sneak: ["conceal", "steal", "surveil"],
  charm: ["purchase", "investigate", "recruit", "sellItem"],
  lore: ["researchMagic"],
  other: ["moveMinion", "trainMinion", "hireOut"],
  stance: ["ambush", "blockRoute"],
  influence: ["gainInfluence", "ally", "claim", "rally"],
};

const lieutenant = {
  document: { name: "Vex the Quiet", img: "icons/svg/mystery-man.svg" },
  editable: true,
  system: { level: 4, force: 2, sneak: 4, charm: 1, lore: 0, hiding: 0, location: "name:Saltmarsh Docks", organization: "Actor.red", condition: "dinged", acted: false },
  rootId: "gallery-lieutenant",
  systemFields: {
    ...Object.fromEntries(["level", "force", "sneak", "charm", "lore", "hiding"].map((f) => [f, field("Lieutenant", f, { integer: true, min: 0 })])),
    ...Object.fromEntries(["location", "organization"].map((f) => [f, field("Lieutenant", f)])),
    condition: field("Lieutenant", "condition", { choices: CONDITIONS }),
  },
  ladder: CONDITIONS.map((c) => ({ key: c, label: L(`${S}Condition.${c}`), current: c === "dinged" })),
  organizationName: "The Red Hand",
  locationName: "Saltmarsh Docks",
  hidingText: L(`${S}NotHidden`),
  actedText: L(`${S}Ready`),
  stance: { kind: "ambush", text: `${L(`${S}StanceKind.ambush`)} · ${L("FACTIONS.Operations.Dialog.StrategyKind.aggressive")} · Against The Blue Lotus · with Thugs` },
  groups: Object.entries(GROUPS).map(([group, names]) => ({
    group,
    label: L(`${S}Groups.${group}`),
    actions: names.map((id) => ({ id, label: L(`FACTIONS.Operations.Action.${id}`), icon: "fa-solid fa-dice-d10", disabled: false })),
  })),
  conditionChoices,
  locationChoices,
  organizationChoices: [{ value: "Actor.red", label: "The Red Hand" }],
  blanks: { location: L(`${S}Nowhere`), organization: L(`${S}NoOrganization`), none: "—" },
  enrichedDescription: "<p>A patient knife of the Red Hand, never seen twice in the same coat.</p>",
};

const unit = (location: string, level: number, competency: "force" | "sneak", condition: UnitSystem["condition"], hiding = 0): UnitSystem => ({
  level, competency, upkeep: 1, cost: level, bonded: false, condition, hiding, location, lieutenant: "", selective: false, recruiter: "", acted: false, defended: false,
});
const lieutenantAt = (location: string, level: number, condition: LieutenantSystem["condition"], acted: boolean, stance: LieutenantSystem["stance"]["kind"]) =>
  ({ ...lieutenant.system, level, location, condition, acted, recruiter: "", captor: "", defended: false, bonded: false, stance: { ...NO_STANCE, kind: stance } }) as LieutenantSystem;
const DOCKS = "name:Saltmarsh Docks";
const FORD = "name:Greyford Crossing";

const organization = {
  document: { name: "The Red Hand", img: "icons/svg/mystery-man.svg" },
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
  enrichedDescription: "<p>A thieves' guild grown into a power on the docks.</p>",
};

const TIERS: Tier[] = ["completeFailure", "failure", "success", "completeSuccess"];
const odds = checkOdds(9, 7, "fourTier", DEFAULT_CHECK_SETTINGS);
const oddsContext: OddsContext = {
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
};

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
  actor: { name: "Vex the Quiet", img: "icons/svg/mystery-man.svg", uuid: "Actor.vex" },
  title: L("FACTIONS.Operations.Action.steal"),
  icon: "fa-solid fa-mask",
  status: "applied",
  statusText: L("FACTIONS.Card.Status.applied"),
  checks: [
    {
      label: "Vex the Quiet: Sneak vs Sneak",
      actor: { breakdown: "Level +5, Sneak +3", formula: "1d10 + 8", die: 9, rating: 8, total: 17 },
      opposition: { breakdown: "Thief Pack +4", formula: "1d10 + 4", die: 3, rating: 4, total: 7 },
      margin: 10,
      tier: "completeSuccess",
      tierLabel: L("FACTIONS.Check.Tier.completeSuccess"),
      success: true,
      ties: 0,
    },
  ],
  rolls: [],
  log: logLines("You acquire your target and the action is automatically stealthy.", "3 Capital taken from The Blue Lotus.", "The action is automatically stealthy: it remains unnoticed."),
  footer: i18n.format("FACTIONS.Card.AppliedBy", { user: "Alice" }),
  unnoticed: true,
  buttons: [{ action: "undo", label: L("FACTIONS.Card.Undo"), icon: "fa-solid fa-rotate-left" }],
};

export default defineSamples([
  { id: "operations-lieutenant-sheet", title: "Vex the Quiet", template: "systems/factions/templates/operations/lieutenant-sheet.hbs", context: lieutenant, width: 640, wrapperClass: "factions sheet actor factions-operations factions-lieutenant", kind: "sheet" },
  { id: "operations-organization-sheet", title: "The Red Hand", template: "systems/factions/templates/operations/organization-sheet.hbs", context: organization, width: 720, wrapperClass: "factions sheet actor factions-operations factions-organization", kind: "sheet" },
  { id: "operations-dialog-attack", title: L("FACTIONS.Operations.Action.aggressiveAttack"), template: "systems/factions/templates/core/action-dialog.hbs", context: attackDialog, width: 460, wrapperClass: "factions factions-dialog dialog", kind: "dialog" },
  { id: "operations-card-steal-unnoticed", title: "Unnoticed Steal", template: "systems/factions/templates/core/action-card.hbs", context: stealCard, width: 300, kind: "card" },
]);

import { defineSamples, shownOdds } from "../samples";
import { I18n, loadTranslations, renderTemplate } from "../../harness/handlebars";
import { checkOdds } from "../../../src/core/rules/odds";
import { DEFAULT_CHECK_SETTINGS } from "../../../src/core/rules/check";

/** The odds part as `oddsContext` builds it: Force 5 (+1 situational) against Force 4, two-tier. */
const odds = checkOdds(6, 4, "twoTier", DEFAULT_CHECK_SETTINGS);
const oddsContext = shownOdds({
  actor: [
    { label: "Force", value: 5 },
    { label: "Situational modifier", value: 1 },
  ],
  opposition: [{ label: "Force", value: 4 }],
  actorTotal: 6,
  oppositionTotal: 4,
  tiers: (["failure", "success"] as const).map((tier) => ({
    tier,
    label: tier === "success" ? "Success" : "Failure",
    value: odds[tier],
    percent: `${(odds[tier] * 100).toFixed(1)}%`,
  })),
});

const attackDialog = {
  fields: [
    { kind: "select", name: "target", label: "Faction attacked", options: [{ value: "Actor.b", label: "The Order of the Ashen Lantern" }] },
    {
      kind: "checkboxes",
      name: "attackers",
      label: "Attacking assets",
      options: [
        { value: "a1", label: "Infantry (Saltmarsh Docks)", checked: true, hint: "1d8" },
        { value: "a2", label: "Shieldwall Veterans (Greyford Crossing)", hint: "1d10" },
      ],
    },
    { kind: "number", name: "modifier", label: "Situational modifier", value: 1, min: -20, max: 20 },
  ],
  odds: renderTemplate("systems/factions/templates/core/odds.hbs", oddsContext),
};

const repairDialog = {
  fields: [
    {
      kind: "counts",
      name: "fixes",
      label: "Fixes per asset (the 1st costs 1 Treasure, the 2nd 2, the 3rd 3…)",
      options: [{ value: "a1", label: "Shieldwall Veterans (5/8)", max: 10, hint: "each fix heals 3 HP" }],
    },
    { kind: "checkboxes", name: "heal", label: "Heal the faction", options: [{ value: "faction", label: "Heal the faction 4 HP for 1 Treasure (once a turn)" }] },
  ],
  odds: "",
};

/** One filter of the chronicle as `ChronicleApp#filterLists` gives it: "All …" first, `selected` the value chosen. */
const filterList = (name: string, label: string, all: string, options: { value: string; label: string }[], selected = "") => ({
  name,
  label,
  options: [{ value: "", label: all }, ...options].map((o) => ({ ...o, selected: o.value === selected })),
});

/** The chronicle's filters: the games, turns and actors of what the reader may read. */
const chronicleFilters = (chosen: { ruleset?: string; round?: string; actor?: string } = {}) => [
  filterList("ruleset", "Game", "All games", [{ value: "factionTurn", label: "Faction Turn" }, { value: "operations", label: "Operations" }], chosen.ruleset),
  filterList("round", "Turn", "All turns", [{ value: "0", label: "Outside the turn tracker" }, { value: "1", label: "Turn 1" }, { value: "2", label: "Turn 2" }], chosen.round),
  filterList(
    "actor",
    "Actor",
    "All actors",
    [
      { value: "Actor.compact", label: "The Saltmarsh Compact" },
      { value: "Actor.lantern", label: "The Order of the Ashen Lantern" },
      { value: "Actor.thornwall", label: "The Thornwall Marches" },
    ],
    chosen.actor,
  ),
];

const chronicle = {
  empty: false,
  filtered: true,
  filters: chronicleFilters(),
  rounds: [
    {
      title: "Turn 1",
      turns: [
        {
          actorName: "The Thornwall Marches",
          entries: [
            { id: "msg1", action: "Start Turn", undone: false, log: ["The Thornwall Marches earns 3 Treasure (5 now)."] },
            { id: "msg2", action: "Attack", undone: false, log: ["Infantry attacks; Idealistic Thugs defends.", "Idealistic Thugs takes 5 damage (3 HP left)."] },
          ],
        },
        { actorName: "The Saltmarsh Compact", entries: [{ id: "msg3", action: "Sell Asset", undone: true, log: ["Pedlar Caravan is sold for 1 Treasure (4 now)."] }] },
      ],
    },
  ],
};

/** The GM's chronicle: the Archive tool, an archived card among the rest, Undo on the others. */
const gmChronicle = {
  ...chronicle,
  canArchive: true,
  rounds: chronicle.rounds.map((round) => ({
    ...round,
    turns: round.turns.map((turn, i) => (i === 0 ? { ...turn, entries: turn.entries.map((e, j) => (j === 0 ? { ...e, archived: true } : { ...e, undoable: !e.undone })) } : turn)),
  })),
};

/** A player's chronicle narrowed to one actor in one turn: the lists stay whole, the entries narrow. */
const narrowedChronicle = {
  empty: false,
  filtered: true,
  filters: chronicleFilters({ round: "1", actor: "Actor.lantern" }),
  rounds: [
    {
      title: "Turn 1",
      turns: [
        {
          actorName: "The Order of the Ashen Lantern",
          entries: [{ id: "msg4", action: "Attack", undone: false, log: ["Zealots attacks; a hidden asset defends.", "Zealots takes 2 damage (4 HP left)."] }],
        },
      ],
    },
  ],
};

/** Filters that leave nothing: the chronicle says so. */
const emptyChronicle = { empty: true, filtered: true, filters: chronicleFilters({ ruleset: "operations", actor: "Actor.thornwall" }), rounds: [] };

const archiveDialog = {
  fields: [
    { kind: "info", text: "Archived cards can no longer be undone and their options close; the chronicle keeps their lines. What undo needed is no longer stored." },
    { kind: "number", name: "round", label: "Before turn", value: 0, min: 0, hint: "Every card of an earlier turn (0: none). Cards outside the turn tracker count as turn 0." },
    { kind: "text", name: "date", label: "Before date", value: "", input: "date" },
  ],
  odds: "",
};

const i18n = new I18n(loadTranslations());
const people = [
  { value: "", label: i18n.localize("FACTIONS.Sides.Nobody") },
  { value: "alice", label: i18n.format("FACTIONS.Sides.Connected", { name: "Alice" }) },
  { value: "bob", label: i18n.format("FACTIONS.Sides.Connected", { name: "Bob" }) },
  { value: "cass", label: "Cass" },
];
const side = (row: number, name: string, count: number, value: string) => ({
  row,
  name,
  count: i18n.format("FACTIONS.Sides.Count", { count: String(count) }),
  value,
  options: value === "keep" ? [{ value: "keep", label: i18n.localize("FACTIONS.Sides.Mixed") }, ...people] : people,
});
/** The GM hands out the sides after importing two Adventures: one owned in part, left as it is. */
const sides = {
  empty: false,
  noPlayers: false,
  games: [
    { name: i18n.localize("FACTIONS.Chronicle.Game.battle"), sides: [side(0, "The Kingdom of Harrowmere", 4, "alice"), side(1, "The Lightwalker Wardens", 4, "bob")] },
    { name: i18n.localize("FACTIONS.Chronicle.Game.skirmish"), sides: [side(2, "Ash Hound Company", 4, ""), side(3, "Grey Wolves Company", 6, "keep")] },
  ],
};

export default defineSamples([
  { id: "core-sides", title: i18n.localize("FACTIONS.Sides.Title"), template: "systems/factions/templates/core/sides.hbs", context: sides, width: 480, wrapperClass: "factions factions-sides-window", kind: "sheet" },
  { id: "core-dialog-attack", title: "Attack", template: "systems/factions/templates/core/action-dialog.hbs", context: attackDialog, width: 420, wrapperClass: "factions factions-dialog dialog", kind: "dialog" },
  { id: "core-dialog-repair", title: "Repair Asset", template: "systems/factions/templates/core/action-dialog.hbs", context: repairDialog, width: 420, wrapperClass: "factions factions-dialog dialog", kind: "dialog" },
  { id: "core-chronicle", title: "Chronicle", template: "systems/factions/templates/core/chronicle.hbs", context: chronicle, width: 520, wrapperClass: "factions factions-chronicle-window", kind: "sheet" },
  { id: "core-chronicle-narrowed", title: "Chronicle (player): narrowed to one actor in one turn", template: "systems/factions/templates/core/chronicle.hbs", context: narrowedChronicle, width: 520, wrapperClass: "factions factions-chronicle-window", kind: "sheet" },
  { id: "core-chronicle-no-match", title: "Chronicle: filters that leave nothing", template: "systems/factions/templates/core/chronicle.hbs", context: emptyChronicle, width: 520, wrapperClass: "factions factions-chronicle-window", kind: "sheet" },
  { id: "core-chronicle-gm", title: "Chronicle (GM): Archive, an archived card, Undo", template: "systems/factions/templates/core/chronicle.hbs", context: gmChronicle, width: 520, wrapperClass: "factions factions-chronicle-window", kind: "sheet" },
  { id: "core-dialog-archive", title: "Archive the chronicle", template: "systems/factions/templates/core/action-dialog.hbs", context: archiveDialog, width: 420, wrapperClass: "factions factions-dialog dialog", kind: "dialog" },
]);

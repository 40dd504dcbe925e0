/**
 * Skirmish in the gallery: the combat tracker at 300 px with each fighter's pips (pushed ones too);
 * the infantry (a squad in an encounter, with fallout: as the GM sees it, the used-up actions
 * offering the override, and as its player does, disabled saying why), vehicle (past its heat
 * threshold, its one Fire and its minor and free actions spent), company and weapon sheets; the push dialog (every row's exact chance and what it does, grouped into harm
 * and help, for a squad and an individual, and a vehicle's heat), a check and the end of the fight;
 * and the cards of a push (the drawn result, or a vehicle's heat, as headline), a GM override, the
 * round's tick and the end of the fight. An attack: its dialog with the user's target picked and
 * the exact odds of reaching the weapon's number; a vehicle's Fire with its picker when nothing is
 * targeted (every weapon checked for its own major action, one for a pushed one; one that rolls
 * nothing); and its cards (reached, fallen short, nothing
 * rolled); the attack's cards drawn by the system in the Adventure (reached: the GM's outcomes and
 * the squad owner's Member Injured!; fallen short: the GM's rulings, nothing for the owner) and the
 * outcomes' own cards, the GM's ruling too; the member picker; the weapon sheet as the GM edits its
 * attack and as its player sees it. Numbers come
 * from the pure rules.
 */
import fs from "node:fs";
import path from "node:path";
import { packImage } from "../pack-images";
import { described, defineSamples, logLines, shownOdds } from "../samples";
import { I18n, ROOT, loadTranslations, renderTemplate } from "../../harness/handlebars";
import type { ActionCardContext, OddsContext } from "../../../src/core/chat/card-context";
import { checkOdds } from "../../../src/core/rules/odds";
import { counted } from "../../../src/core/rules/outcome";
import { DEFAULT_CHECK_SETTINGS } from "../../../src/core/rules/check";
import { SKIRMISH_ACTION_IMAGES, SKIRMISH_TYPE_IMAGES } from "../../../src/rulesets/skirmish/images";
import { PUSH_DIALOG_WIDTH, pushTableContext } from "../../../src/rulesets/skirmish/push-view";
import { reachChance } from "../../../src/core/rules/reach";
import { falloutTextKey, newBudget, rowKey, type ActionBudget } from "../../../src/rulesets/skirmish/rules";
import { budgetView, pipsMarkup } from "../../../src/rulesets/skirmish/tracker/budget-view";

const i18n = new I18n(loadTranslations());
const L = (key: string) => i18n.localize(key);
const F = (key: string, data: Record<string, string | number>) => i18n.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])));
const S = "FACTIONS.Skirmish.";
const T = "systems/factions/templates";

function field(prefix: string, path: string, extra: Record<string, unknown> = {}) {
  const key = `${S}${prefix}.FIELDS.${path}`;
  const hint = i18n.has(`${key}.hint`) ? L(`${key}.hint`) : undefined;
  return { fieldPath: `system.${path}`, label: L(`${key}.label`), hint, ...extra };
}

/** The pips of a budget, as the sheets and the tracker draw them. */
const pips = (b: ActionBudget) => budgetView(b, { freeActions: 1 }, i18n);

const budget: ActionBudget = { round: 3, spent: { move: 1, major: 1, minor: 0, free: 0 }, pushes: 1, pushed: { major: 0, minor: 1, move: 0 }, overridden: { move: 0, major: 0, minor: 0, free: 0 }, entries: {} };
/**
 * A sheet's action button as its context gives it: ready; or, with the refusal's words, disabled
 * (a player's) or offering the override (a GM's, when only the budget stands in the way).
 */
const action = (id: string, icon: string, opts: { stat?: string; why?: string; override?: boolean; label?: string } = {}) => {
  const reason = !opts.why ? "" : opts.override ? F(`${S}Sheet.OverrideOffer`, { reason: opts.why }) : opts.why;
  return {
    id,
    icon,
    disabled: !!opts.why && !opts.override,
    override: !!opts.why && !!opts.override,
    reason,
    tooltip: reason,
    label: opts.label ?? (opts.stat ? F(`${S}Sheet.Check`, { stat: L(`${S}Modifier.${opts.stat}`) }) : L(`${S}Action.${id}`)),
    ...(opts.stat ? { stat: opts.stat } : {}),
  };
};
const usedUp = (kind: string) => L(`${S}Reject.UsedUp.${kind}`);
const attackIcon = "fa-solid fa-crosshairs";
const reloadIcon = "fa-solid fa-rotate";
const weapon = (id: string, name: string, reloads: number, max: number, heavy = false, buttons: ReturnType<typeof action>[] = []) => ({
  id,
  name,
  img: packImage(name, SKIRMISH_TYPE_IMAGES.Item.weapon),
  reloads: F(counted(`${S}Sheet.Reloads`, max), { value: reloads, max }),
  heavy,
  empty: reloads <= 0,
  buttons,
});
/** An actor's image as the packs give it, else its type's. */
const actorImg = (name: string, type: keyof typeof SKIRMISH_TYPE_IMAGES.Actor) => packImage(name, SKIRMISH_TYPE_IMAGES.Actor[type]);

const kindChoices = { individual: L(`${S}Sheet.Kind.individual`), squad: L(`${S}Sheet.Kind.squad`) };
const stateChoices = Object.fromEntries(["ready", "slowed", "out"].map((s) => [s, L(`${S}Sheet.MemberState.${s}`)]));

const squad = {
  document: { name: "Wolf Squad Alpha", img: actorImg("Wolf Squad Alpha", "infantry") },
  editable: true,
  isGM: true,
  rootId: "gallery-squad",
  system: { kind: "squad", body: 2, nerves: 3, speed: 6, injuries: 1, company: "Actor.wolves", vehicle: "", highestMorale: 2 },
  systemFields: {
    ...Object.fromEntries(["body", "nerves", "speed", "injuries"].map((f) => [f, field("Infantry", f, { integer: true, min: 0 })])),
    ...Object.fromEntries(["kind", "company", "vehicle"].map((f) => [f, field("Infantry", f, { choices: {} })])),
  },
  isSquad: true,
  kindChoices,
  stateChoices,
  companyChoices: { "": L(`${S}Sheet.NoCompany`), "Actor.wolves": "Grey Wolves Company" },
  vehicleChoices: { "": L(`${S}Sheet.OnFoot`), "Actor.bulwark": "Bulwark APC" },
  speed: { value: 3, text: L(`${S}Sheet.Speed.halved`), halved: true },
  stats: [
    { stat: "body", label: L(`${S}Modifier.body`), total: 1, totalText: "+1", parts: `${L(`${S}Modifier.exhausted`)} −2, ${L(`${S}Modifier.morale`)} +2, ${L(`${S}Modifier.boneFracture`)} −1` },
    { stat: "nerves", label: L(`${S}Modifier.nerves`), total: 3, totalText: "+3", parts: `${L(`${S}Modifier.exhausted`)} −2, ${L(`${S}Modifier.morale`)} +2` },
  ],
  highestMoraleText: "+2",
  encounter: { round: 3, budget: pips(budget) },
  // The GM's view: move and major used up (the override offered), the machine gun out of reloads.
  actions: [
    action("move", "fa-solid fa-person-running", { why: usedUp("move"), override: true }),
    action("deploy", "fa-solid fa-satellite"),
    action("scan", "fa-solid fa-satellite-dish"),
    action("free", "fa-solid fa-comment"),
    action("push", "fa-solid fa-bolt"),
    action("check", "fa-solid fa-dice-d10", { stat: "body" }),
    action("check", "fa-solid fa-dice-d10", { stat: "nerves" }),
  ],
  members: [
    { id: "a1", name: "Dana Reyes", state: "ready" },
    { id: "a2", name: "Tomas Kell", state: "slowed" },
    { id: "a3", name: "Ines Marr", state: "out" },
    { id: "a4", name: "Oskar Bly", state: "ready" },
  ].map((m) => ({ ...m, stateLabel: stateChoices[m.state] })),
  weapons: [
    weapon("w1", "Assault rifles", 2, 3, false, [action("attack", attackIcon, { why: usedUp("major"), override: true }), action("reload", reloadIcon)]),
    weapon("w2", "Heavy machine gun", 0, 2, true, [action("attack", attackIcon, { why: usedUp("major"), override: true }), action("reload", reloadIcon, { why: F(`${S}Reject.NoReloads`, { weapon: "Heavy machine gun" }) })]),
  ],
  effects: [
    { id: "e1", name: `${L(`${S}Status.exhausted`)} −2`, img: "icons/svg/degen.svg", text: L(falloutTextKey("exhausted")), lasts: `${F(`${S}Sheet.RoundsLeft`, { rounds: 8 })} · ${F(`${S}Sheet.RoundsStill`, { rounds: 1, of: 5 })}`, member: "" },
    { id: "e2", name: `${L(`${S}Status.morale`)} +2`, img: "icons/svg/angel.svg", text: L(falloutTextKey("morale")), lasts: F(counted(`${S}Sheet.RoundsLeft`, 1), { rounds: 1 }), member: "" },
    { id: "e3", name: L(`${S}Status.memberSlowed`), img: "icons/svg/frozen.svg", text: L(falloutTextKey("memberSlowed")), lasts: L(`${S}Sheet.Lasts.gm`), member: "Tomas Kell" },
  ],
  hasEffects: true,
  description: described("<p>The company's fire team: rifles and the heavy machine gun.</p>"),
};
/** The same squad as its player sees it: what is used up is disabled, each saying why. */
const squadPlayer = {
  ...squad,
  isGM: false,
  rootId: "gallery-squad-player",
  actions: [action("move", "fa-solid fa-person-running", { why: usedUp("move") }), ...squad.actions.slice(1)],
  weapons: [
    weapon("w1", "Assault rifles", 2, 3, false, [action("attack", attackIcon, { why: usedUp("major") }), action("reload", reloadIcon)]),
    weapon("w2", "Heavy machine gun", 0, 2, true, [action("attack", attackIcon, { why: usedUp("major") }), action("reload", reloadIcon, { why: F(`${S}Reject.NoReloads`, { weapon: "Heavy machine gun" }) })]),
  ],
};

const vehicle = {
  document: { name: "Bulwark APC", img: actorImg("Bulwark APC", "vehicle") },
  editable: true,
  isGM: false,
  rootId: "gallery-vehicle",
  system: { speed: 10, heat: 4, heatThreshold: 3 },
  systemFields: Object.fromEntries(["speed", "heat", "heatThreshold"].map((f) => [f, field("Vehicle", f, { integer: true, min: 0 })])),
  heat: { hot: true, text: F(`${S}Sheet.Overheated`, { heat: 4, threshold: 3 }) },
  encounter: { round: 3, budget: pips({ ...budget, spent: { move: 0, major: 1, minor: 1, free: 1 }, pushes: 0, pushed: { major: 0, minor: 0, move: 0 } }) },
  // Its player's view: Fire (the major), the minor and the free actions spent this round.
  actions: [
    action("move", "fa-solid fa-person-running"),
    action("attack", attackIcon, { why: usedUp("major"), label: L(`${S}Sheet.Fire`) }),
    action("deploy", "fa-solid fa-satellite", { why: usedUp("minor") }),
    action("scan", "fa-solid fa-satellite-dish", { why: usedUp("minor") }),
    action("free", "fa-solid fa-comment", { why: usedUp("free") }),
    action("push", "fa-solid fa-bolt"),
  ],
  // A vehicle fires from its bar: its rows reload.
  weapons: [weapon("w1", "Autocannon", 3, 4, true, [action("reload", reloadIcon, { why: usedUp("minor") })]), weapon("w2", "Coaxial machine gun", 5, 5, false, [action("reload", reloadIcon, { why: usedUp("minor") })])],
  description: described("<p>A tracked carrier. Its major action fires both its guns together.</p>"),
};

const company = {
  document: { name: "Grey Wolves Company", img: actorImg("Grey Wolves Company", "company") },
  editable: true,
  isGM: true,
  rootId: "gallery-company",
  system: { morale: 5, squads: ["Actor.alpha"] },
  moraleText: "+5",
  systemFields: { morale: field("Company", "morale", { integer: true }) },
  squads: [
    { uuid: "Actor.alpha", name: "Wolf Squad Alpha", img: actorImg("Wolf Squad Alpha", "infantry"), kind: L(`${S}Sheet.Kind.squad`), ready: F(`${S}Sheet.MembersReady`, { ready: 3, of: 4 }), highestMorale: 2, highestMoraleText: "+2", listed: true },
    { uuid: "Actor.voss", name: "Sergeant Mara Voss", img: actorImg("Sergeant Mara Voss", "infantry"), kind: L(`${S}Sheet.Kind.individual`), ready: "", highestMorale: 0, highestMoraleText: "+0", listed: false },
  ],
  missing: [{ uuid: "Actor.lost" }],
  hasSquads: true,
  description: described("<p>A veteran company of the line.</p>"),
};

const weaponSheet = {
  document: { name: "Heavy machine gun", img: packImage("Heavy machine gun", SKIRMISH_TYPE_IMAGES.Item.weapon) },
  editable: true,
  rootId: "gallery-weapon",
  ownerName: "Wolf Squad Alpha",
  isGM: true,
  system: { reloads: { value: 1, max: 2 }, heavy: true, attack: { formula: "2d6 + 1", reach: 8 } },
  systemFields: {
    reloads: { fields: { value: field("Weapon", "reloads.value", { integer: true, min: 0 }), max: field("Weapon", "reloads.max", { integer: true, min: 0 }) } },
    heavy: field("Weapon", "heavy", { initial: false }),
    attack: { fields: { formula: field("Weapon", "attack.formula"), reach: field("Weapon", "attack.reach", { integer: true, nullable: true }) } },
  },
  description: described("<p>A heavy weapon: on Ammo loss it rolls its own d6.</p>"),
};
/** The same weapon as its player sees it: the attack is the GM's, shown but not editable. */
const weaponSheetPlayer = { ...weaponSheet, isGM: false, rootId: "gallery-weapon-player" };

/** A roll against a number, as `reachOddsContext` shows it. */
function reachOdds(weapon: string, formula: string, reach: number): OddsContext {
  const p = reachChance(formula, reach)!;
  const pc = (x: number) => `${(x * 100).toFixed(1)}%`;
  return {
    actor: [{ label: weapon, value: 0, text: formula }],
    opposition: [{ label: L("FACTIONS.Odds.ReachNumber"), value: reach, text: String(reach) }],
    actorTotal: 0,
    oppositionTotal: reach,
    actorTotalText: formula,
    oppositionTotalText: String(reach),
    tiers: [
      { tier: "success", label: F("FACTIONS.Odds.Reaches", { reach }), value: p, percent: pc(p) },
      { tier: "failure", label: L("FACTIONS.Odds.FallsShort"), value: 1 - p, percent: pc(1 - p) },
    ],
  };
}
/** A fighter in the target picker: its side, marked (enemies first, then neutral, then allies), and its distance. */
const targetLine = (target: string, distance: number) => F(`${S}Dialog.TargetLine`, { target, distance: F(counted("FACTIONS.Distance.Squares", distance), { n: distance }) });
const enemy = L(`${S}Dialog.Relation.enemy`);
const ally = L(`${S}Dialog.Relation.ally`);
const weaponLine = (weapon: string, reloads: number, max: number) => F(counted(`${S}Dialog.WeaponLine`, max), { weapon, reloads, max });
/** Infantry attacking the token its player targets: the target picked, the odds of the rifles reaching 7. */
const attackDialog = {
  fields: [
    { kind: "select", name: "weapon", label: `${S}Dialog.Weapon`, value: "rifles", options: [{ value: "rifles", label: weaponLine("Assault rifles", 2, 3) }, { value: "hmg", label: weaponLine("Heavy machine gun", 1, 2) }] },
    { kind: "select", name: "skirmishTarget", label: `${S}Dialog.Target`, value: "raiders", options: [{ value: "raiders", label: targetLine("Red Raiders", 6), group: enemy }, { value: "hauler", label: targetLine("Scrap Hauler", 9), group: enemy }, { value: "voss", label: targetLine("Sergeant Mara Voss", 2), group: ally }] },
    { kind: "info", text: L(`${S}Dialog.TargetedHint`) },
  ],
  odds: renderTemplate(`${T}/core/odds.hbs`, reachOdds("Assault rifles", "1d10 + 2", 7)),
};
/** A vehicle's Fire with nothing targeted: its weapons, all checked for its own major action; the picker; one that rolls nothing. */
const fireFields = (pushed: boolean) => [
  { kind: "info", text: F(`${S}Dialog.${pushed ? "FirePushed" : "FireOwn"}`, { name: "Bulwark APC" }) },
  { kind: "checkboxes", name: "weapons", label: `${S}Dialog.Weapons`, options: [{ value: "cannon", label: weaponLine("Autocannon", 3, 4), checked: true }, { value: "smoke", label: weaponLine("Smoke launcher", 1, 1), checked: !pushed }] },
  { kind: "select", name: "skirmishTarget", label: `${S}Dialog.Target`, value: "", options: [{ value: "", label: L(`${S}Dialog.ChooseTarget`) }, { value: "raiders", label: targetLine("Red Raiders", 5), group: enemy }, { value: "boss", label: targetLine("Raider Boss Kaz", 7.07), group: enemy }] },
  { kind: "info", text: F(`${S}Dialog.NoFormula`, { weapon: "Smoke launcher" }) },
];
const fireDialog = { fields: fireFields(false), odds: renderTemplate(`${T}/core/odds.hbs`, reachOdds("Autocannon", "2d6 + 2", 9)) };
/** Its pushed major action: one weapon fires, the first checked. */
const firePushed = { ...fireDialog, fields: fireFields(true) };

/**
 * The combat tracker at 300 px, each fighter's pips in a row under it: a fresh budget, one spent and
 * pushed (the push converted into minor actions), and one that pushed twice (one push turned into
 * moves, the other into minor actions, half of each left): the widest row two pushes give.
 */
const spent = (over: Partial<ActionBudget>): ActionBudget => ({ ...newBudget(3), ...over });
const trackerRow = (id: string, name: string, type: "infantry" | "vehicle", initiative: number, b: ActionBudget, active = false, freeActions = 1) => ({
  id,
  name,
  img: actorImg(name, type),
  initiative,
  active,
  pips: pipsMarkup(budgetView(b, { freeActions }, i18n), "factions factions-skirmish-pips factions-tracker-pips"),
});
const skirmishTracker = {
  combatants: [
    trackerRow("c1", "Wolf Squad Alpha", "infantry", 14, budget, true),
    trackerRow("c2", "Sergeant Mara Voss", "infantry", 12, spent({ spent: { move: 1, major: 1, minor: 1, free: 0 }, pushes: 1, pushed: { major: 0, minor: 1, move: 0 } })),
    trackerRow("c3", "Corporal Ilya Fenn", "infantry", 9, spent({ spent: { move: 1, major: 0, minor: 0, free: 1 }, pushes: 2, pushed: { major: 0, minor: 1, move: 1 } })),
    trackerRow("c4", "Bulwark APC", "vehicle", 7, newBudget(3)),
  ],
};
/** The settings at their extremes: 5 free actions a round, and a fighter that pushed 4 times. */
const skirmishTrackerExtremes = {
  combatants: [
    trackerRow("c1", "Wolf Squad Alpha", "infantry", 14, spent({ spent: { move: 1, major: 2, minor: 0, free: 2 }, pushes: 4, pushed: { major: 0, minor: 1, move: 1 } }), true, 5),
    trackerRow("c2", "Sergeant Mara Voss", "infantry", 12, newBudget(3), false, 5),
  ],
};

const pushSquad = {
  name: "Wolf Squad Alpha",
  vehicle: null,
  table: pushTableContext("squad", i18n),
  members: [{ value: "", label: L(`${S}Dialog.SquadOrder`) }, { value: "a1", label: "Dana Reyes" }, { value: "a2", label: "Tomas Kell" }, { value: "a4", label: "Oskar Bly" }],
};
const pushIndividual = { name: "Sergeant Mara Voss", vehicle: null, table: pushTableContext("individual", i18n), members: null };
const pushVehicle = { name: "Bulwark APC", vehicle: { from: 3, to: 4, threshold: 3, warning: true }, table: null, members: null };

const checkOddsValue = checkOdds(1, 3, "twoTier", DEFAULT_CHECK_SETTINGS);
const oddsContext: OddsContext = shownOdds({
  actor: [
    { label: L(`${S}Modifier.body`), value: 3 },
    { label: L(`${S}Modifier.exhausted`), value: -2 },
    { label: L("FACTIONS.Check.Situational"), value: 0 },
  ],
  opposition: [{ label: L(`${S}Modifier.difficulty`), value: 3 }],
  actorTotal: 1,
  oppositionTotal: 3,
  tiers: (["failure", "success"] as const).map((tier) => ({ tier, label: L(`FACTIONS.Check.Tier.${tier}`), value: checkOddsValue[tier], percent: `${(checkOddsValue[tier] * 100).toFixed(1)}%` })),
});
const checkDialog = {
  fields: [
    { kind: "select", name: "skirmishStat", label: `${S}Dialog.Stat`, value: "body", options: [{ value: "body", label: L(`${S}Modifier.body`) }, { value: "nerves", label: L(`${S}Modifier.nerves`) }] },
    { kind: "number", name: "skirmishDifficulty", label: `${S}Dialog.Difficulty`, value: 3, hint: `${S}Dialog.DifficultyHint` },
    { kind: "number", name: "skirmishModifier", label: `${S}Dialog.Modifier`, value: 0, min: -20, max: 20 },
  ],
  odds: renderTemplate(`${T}/core/odds.hbs`, oddsContext),
};
const endDialog = {
  fields: [
    { kind: "info", text: L(`${S}Dialog.EndIntro`) },
    { kind: "info", text: F(`${S}Log.MoraleCarried`, { name: "Wolf Squad Alpha", company: "Grey Wolves Company", bonus: 3, morale: 8 }) },
    { kind: "info", text: F(`${S}Log.Ended.exhausted`, { name: "Wolf Squad Alpha" }) },
    { kind: "info", text: F(`${S}Log.Ended.boneFracture`, { name: "Sergeant Mara Voss" }) },
  ],
  odds: "",
};

/** A card as `actionCardContext` gives it: the action's image, the acting actor's own beside its name. */
const card = (action: keyof typeof SKIRMISH_ACTION_IMAGES, title: string, icon: string, actor: ActionCardContext["actor"], extra: Partial<ActionCardContext>): ActionCardContext => ({
  actor,
  title,
  icon,
  img: SKIRMISH_ACTION_IMAGES[action],
  status: "applied",
  statusText: L("FACTIONS.Card.Status.applied"),
  checks: [],
  rolls: [],
  ...logLines(),
  footer: F("FACTIONS.Card.AppliedBy", { user: "Gamemaster" }),
  unnoticed: false,
  buttons: [{ action: "undo", label: L("FACTIONS.Card.Undo"), icon: "fa-solid fa-rotate-left" }],
  ...extra,
});
const fighter = (name: string) => ({ name, img: actorImg(name, "infantry"), uuid: `Actor.${name.replace(/\W/g, "")}` });
/** The round's and the end's cards act as no actor: they speak as their action, and show no actor line. */
const encounter = (action: "advanceRound" | "endCombat") => ({ name: L(`${S}Action.${action}`), img: "icons/svg/mystery-man.svg", uuid: "" });

const pushCard = card("push", L(`${S}Action.push`), "fa-solid fa-bolt", fighter("Wolf Squad Alpha"), {
  rolls: [
    { label: F(`${S}Log.PushRoll.squad`, { name: "Wolf Squad Alpha" }), formula: "3d6", total: 5 },
    { label: F(`${S}Log.HeavyAmmoRoll`, { weapon: "Heavy machine gun" }), formula: "1d6", total: 3 },
  ],
  ...logLines(
    F(`${S}Log.Pushed`, { name: "Wolf Squad Alpha" }),
    F(`${S}Log.Row.squad`, { result: L(rowKey("squad", 5)) }),
    F(`${S}Log.AmmoLost`, { weapon: "Assault rifles", reloads: 2 }),
    F(`${S}Log.AmmoKept`, { weapon: "Heavy machine gun" }),
  ),
  // The drawn result headlines the card, with what it does.
  summary: [F(`${S}Log.PushHeadline.harm`, { roll: 5, result: L(rowKey("squad", 5)) }), L(falloutTextKey("ammoLoss"))],
});
const pushVehicleCard = card("push", L(`${S}Action.push`), "fa-solid fa-bolt", { name: "Bulwark APC", img: actorImg("Bulwark APC", "vehicle"), uuid: "Actor.BulwarkAPC" }, {
  ...logLines(F(`${S}Log.Pushed`, { name: "Bulwark APC" }), F(`${S}Log.Heat`, { name: "Bulwark APC", heat: 4 }), F(`${S}Log.Overheated`, { name: "Bulwark APC", heat: 4, threshold: 3 })),
  summary: [F(`${S}Log.PushHeadline.overheated`, { name: "Bulwark APC", from: 3, to: 4, threshold: 3 })],
});
const overrideCard = card("move", L(`${S}Action.Override.move`), "fa-solid fa-person-running", fighter("Sergeant Mara Voss"), {
  ...logLines(F(`${S}Log.Moved`, { name: "Sergeant Mara Voss", speed: 7 }), F(`${S}Log.Override`, { name: "Sergeant Mara Voss" })),
});
const roundCard = card("advanceRound", L(`${S}Action.advanceRound`), "fa-solid fa-hourglass-half", encounter("advanceRound"), {
  ...logLines(`#${F(`${S}Log.RoundStarted`, { round: 4 })}`, F(`${S}Log.Ended.hyped`, { name: "Sergeant Mara Voss" }), F(`${S}Log.Ended.disoriented`, { name: "Corporal Ilya Fenn" })),
});
/**
 * The attack's cards and their outcomes as the system draws them in the Skirmish Adventure, as the
 * GM and as the target's owner see them (test/foundry/gallery-cards.test.ts keeps the file true).
 */
const drawn = JSON.parse(fs.readFileSync(path.join(ROOT, "test/gallery/fixtures/cards/skirmish-attack.json"), "utf8")) as Record<
  "reachedGm" | "reachedOwner" | "member" | "morale" | "shortGm" | "shortOwner" | "ruling",
  ActionCardContext
>;
const attackUnrolled = card("attack", L(`${S}Action.attack`), "fa-solid fa-crosshairs", fighter("Sergeant Mara Voss"), {
  ...logLines(F(`${S}Log.AttackedAt`, { name: "Sergeant Mara Voss", target: "Raider Boss Kaz", weapon: "Service pistol", distance: "3 m" }), F(`${S}Log.NoAttackRoll`, { weapon: "Service pistol" })),
  summary: [F(`${S}Log.NothingRolled`, { weapon: "Service pistol" })],
});
/** Member Injured!: the squad's owner picks who is out of the fight. */
const memberDialog = {
  fields: [
    {
      kind: "select",
      name: "skirmishMember",
      label: `${S}Dialog.MemberInjured`,
      value: "m1",
      options: ["Tamsin Roe", "Brick Halloway", "Juno Vell"].map((label, i) => ({ value: `m${i + 1}`, label })),
    },
  ],
  odds: "",
};
const endCard = card("endCombat", L(`${S}Action.endCombat`), "fa-solid fa-flag-checkered", encounter("endCombat"), {
  ...logLines(F(`${S}Log.MoraleCarried`, { name: "Wolf Squad Alpha", company: "Grey Wolves Company", bonus: 3, morale: 8 }), F(`${S}Log.Ended.exhausted`, { name: "Wolf Squad Alpha" })),
});

export default defineSamples([
  { id: "skirmish-infantry-sheet", title: "Wolf Squad Alpha", template: `${T}/skirmish/infantry-sheet.hbs`, context: squad, width: 660, wrapperClass: "factions sheet actor factions-skirmish factions-infantry", kind: "sheet" },
  { id: "skirmish-infantry-sheet-player", title: "Wolf Squad Alpha (its player)", template: `${T}/skirmish/infantry-sheet.hbs`, context: squadPlayer, width: 660, wrapperClass: "factions sheet actor factions-skirmish factions-infantry", kind: "sheet" },
  { id: "skirmish-vehicle-sheet", title: "Bulwark APC", template: `${T}/skirmish/vehicle-sheet.hbs`, context: vehicle, width: 620, wrapperClass: "factions sheet actor factions-skirmish factions-vehicle", kind: "sheet" },
  { id: "skirmish-company-sheet", title: "Grey Wolves Company", template: `${T}/skirmish/company-sheet.hbs`, context: company, width: 560, wrapperClass: "factions sheet actor factions-skirmish factions-company", kind: "sheet" },
  { id: "skirmish-weapon-sheet", title: "Heavy machine gun", template: `${T}/skirmish/weapon-sheet.hbs`, context: weaponSheet, width: 460, wrapperClass: "factions sheet item factions-skirmish factions-weapon", kind: "sheet" },
  { id: "skirmish-weapon-sheet-player", title: "Heavy machine gun (its player)", template: `${T}/skirmish/weapon-sheet.hbs`, context: weaponSheetPlayer, width: 460, wrapperClass: "factions sheet item factions-skirmish factions-weapon", kind: "sheet" },
  // Foundry's combat sidebar is about 300 px wide; the tracker is no window of the system's.
  { id: "skirmish-tracker", title: "Combat tracker (Skirmish)", template: "test/gallery/fixtures/skirmish/tracker.hbs", context: skirmishTracker, width: 300, wrapperClass: "combat-sidebar", kind: "sheet", narrow: false },
  { id: "skirmish-tracker-extremes", title: "Combat tracker (Skirmish): 5 free actions, 4 pushes", template: "test/gallery/fixtures/skirmish/tracker.hbs", context: skirmishTrackerExtremes, width: 300, wrapperClass: "combat-sidebar", kind: "sheet", narrow: false },
  { id: "skirmish-dialog-push-squad", title: F(`${S}Dialog.PushTitle`, { name: "Wolf Squad Alpha" }), template: `${T}/skirmish/push-dialog.hbs`, context: pushSquad, width: PUSH_DIALOG_WIDTH, wrapperClass: "factions factions-dialog factions-skirmish dialog", kind: "dialog" },
  { id: "skirmish-dialog-push-individual", title: F(`${S}Dialog.PushTitle`, { name: "Sergeant Mara Voss" }), template: `${T}/skirmish/push-dialog.hbs`, context: pushIndividual, width: PUSH_DIALOG_WIDTH, wrapperClass: "factions factions-dialog factions-skirmish dialog", kind: "dialog", idSuffix: "individual" },
  { id: "skirmish-dialog-push-vehicle", title: F(`${S}Dialog.PushTitle`, { name: "Bulwark APC" }), template: `${T}/skirmish/push-dialog.hbs`, context: pushVehicle, width: 420, wrapperClass: "factions factions-dialog factions-skirmish dialog", kind: "dialog" },
  { id: "skirmish-dialog-check", title: F(`${S}Dialog.CheckTitle`, { name: "Sergeant Mara Voss" }), template: `${T}/core/action-dialog.hbs`, context: checkDialog, width: 440, wrapperClass: "factions factions-dialog dialog", kind: "dialog" },
  { id: "skirmish-dialog-end", title: L(`${S}Dialog.EndTitle`), template: `${T}/core/action-dialog.hbs`, context: endDialog, width: 440, wrapperClass: "factions factions-dialog dialog", kind: "dialog" },
  { id: "skirmish-dialog-attack", title: `${L(`${S}Action.attack`)}: Wolf Squad Alpha`, template: `${T}/core/action-dialog.hbs`, context: attackDialog, width: 440, wrapperClass: "factions factions-dialog dialog", kind: "dialog" },
  { id: "skirmish-dialog-fire", title: `${L(`${S}Sheet.Fire`)}: Bulwark APC`, template: `${T}/core/action-dialog.hbs`, context: fireDialog, width: 440, wrapperClass: "factions factions-dialog dialog", kind: "dialog", idSuffix: "fire" },
  { id: "skirmish-dialog-fire-pushed", title: `${L(`${S}Sheet.Fire`)}: Bulwark APC (pushed)`, template: `${T}/core/action-dialog.hbs`, context: firePushed, width: 440, wrapperClass: "factions factions-dialog dialog", kind: "dialog", idSuffix: "fire-pushed" },
  { id: "skirmish-card-attack-outcomes", title: "An attack that reached its number (the GM: its outcomes)", template: `${T}/core/action-card.hbs`, context: drawn.reachedGm, width: 300, kind: "card" },
  { id: "skirmish-card-attack-outcomes-owner", title: "An attack that reached its number (the target squad's owner)", template: `${T}/core/action-card.hbs`, context: drawn.reachedOwner, width: 300, kind: "card" },
  { id: "skirmish-card-attack-short", title: "An attack that fell short (the GM: rulings only)", template: `${T}/core/action-card.hbs`, context: drawn.shortGm, width: 300, kind: "card" },
  { id: "skirmish-card-attack-short-owner", title: "An attack that fell short (the target squad's owner: no harm)", template: `${T}/core/action-card.hbs`, context: drawn.shortOwner, width: 300, kind: "card" },
  { id: "skirmish-card-attack-unrolled", title: "An attack with no formula", template: `${T}/core/action-card.hbs`, context: attackUnrolled, width: 300, kind: "card" },
  { id: "skirmish-card-outcome-member", title: "Outcome: Member Injured!", template: `${T}/core/action-card.hbs`, context: drawn.member, width: 300, kind: "card" },
  { id: "skirmish-card-outcome-morale", title: "Outcome: Morale −1", template: `${T}/core/action-card.hbs`, context: drawn.morale, width: 300, kind: "card" },
  { id: "skirmish-card-outcome-ruling", title: "Outcome: the GM's ruling on a miss", template: `${T}/core/action-card.hbs`, context: drawn.ruling, width: 300, kind: "card" },
  { id: "skirmish-dialog-member-injured", title: F(`${S}Dialog.MemberInjuredTitle`, { name: "Red Raiders" }), template: `${T}/core/action-dialog.hbs`, context: memberDialog, width: 400, wrapperClass: "factions factions-dialog dialog", kind: "dialog" },
  { id: "skirmish-card-push", title: "A squad's push", template: `${T}/core/action-card.hbs`, context: pushCard, width: 300, kind: "card" },
  { id: "skirmish-card-push-vehicle", title: "A vehicle's push past its heat threshold", template: `${T}/core/action-card.hbs`, context: pushVehicleCard, width: 300, kind: "card" },
  { id: "skirmish-card-override", title: "A GM override", template: `${T}/core/action-card.hbs`, context: overrideCard, width: 300, kind: "card" },
  { id: "skirmish-card-round", title: "The round begins", template: `${T}/core/action-card.hbs`, context: roundCard, width: 300, kind: "card" },
  { id: "skirmish-card-end", title: "The end of the fight", template: `${T}/core/action-card.hbs`, context: endCard, width: 300, kind: "card" },
]);

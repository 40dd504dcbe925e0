/**
 * Rounds in the gallery: the hero sheet (a Skyhawk whose Action step is spent, with the Shoot and
 * Melee formulas the GM set, as its player and as the GM, who may override, see it; a Psiclone
 * seen by another player, Wounded, with no buttons), the ability and loot
 * sheets, the tracker panel as the GM and a player see it, an act's dialog (a shot saying what it
 * rolls, its target taken from the player's targeted token, each enemy with its distance on the
 * grid), a melee's picker with nothing targeted, the events' ordering and the new game, and the
 * cards (each naming its target and distance): a shot with the hero's roll and
 * the GM's outcome buttons, a melee attack with no formula (nothing rolled), an outcome (Defeated),
 * Next Step with the events due, an interstep event, the team's order, and the end of the game.
 */
import { escapeHtml } from "../../../src/core/html";
import { packImage } from "../pack-images";
import { described, defineSamples, logLines } from "../samples";
import { I18n, loadTranslations } from "../../harness/handlebars";
import type { ActionCardContext } from "../../../src/core/chat/card-context";
import { ROUNDS_ACTION_IMAGES, ROUNDS_TYPE_IMAGES } from "../../../src/rulesets/rounds/images";
import type { TrackerContext } from "../../../src/rulesets/rounds/tracker/context";

const i18n = new I18n(loadTranslations());
const L = (key: string) => i18n.localize(key);
const F = (key: string, data: Record<string, string | number>) => i18n.format(key, Object.fromEntries(Object.entries(data).map(([k, v]) => [k, String(v)])));
const team = (t: string) => L(`FACTIONS.Rounds.Team.${t}`);
const step = (s: string) => L(`FACTIONS.Rounds.Step.${s}`);
const act = (a: string) => L(`FACTIONS.Rounds.Act.${a}`);
/** Images as the packs give them, else their type's. */
const heroImg = (name: string) => packImage(name, ROUNDS_TYPE_IMAGES.Actor.hero);
const itemImg = (name: string, type: keyof typeof ROUNDS_TYPE_IMAGES.Item) => packImage(name, ROUNDS_TYPE_IMAGES.Item[type]);
const position = (round: number, t: string, s: string) => F("FACTIONS.Rounds.Log.Position", { round, last: 3, team: team(t), step: step(s) });

function field(prefix: string, path: string, extra: Record<string, unknown> = {}) {
  const key = `FACTIONS.Rounds.${prefix}.FIELDS.${path}`;
  const hint = i18n.has(`${key}.hint`) ? L(`${key}.hint`) : undefined;
  return { fieldPath: `system.${path}`, label: L(`${key}.label`), hint, ...extra };
}

const teamChoices = ["skyhawks", "psiclones"].map((t) => ({ value: t, label: team(t) }));
const heroFields = {
  team: field("Hero", "team", { choices: ["skyhawks", "psiclones"] }),
  onMap: field("Hero", "onMap", { type: "boolean" }),
  entered: field("Hero", "entered", { integer: true, min: 0 }),
  shootFormula: field("Hero", "shootFormula"),
  meleeFormula: field("Hero", "meleeFormula"),
};

/**
 * How a button shows a refusal, as the sheet's context gives it: a player's disabled, a GM's
 * marked as the override; `shared` when its reason is the step's one refusal line.
 */
const refusable = (why: string, gm = false, shared = true) => {
  if (!why) return { disabled: false, override: false, tooltip: "", description: "", shared: false };
  const shown = gm ? F("FACTIONS.Rounds.Sheet.Override", { reason: why }) : why;
  return { disabled: !gm, override: gm, tooltip: escapeHtml(shown), description: shared ? (gm ? L("FACTIONS.Rounds.Sheet.OverrideNote") : "") : shown, shared };
};
const actButton = (id: string, icon: string, why = "", gm = false) => ({ id, label: act(id), icon, ...refusable(why, gm) });
const ability = (id: string, name: string, timing: string, text: string, formula = "", why = "", tagged = true, gm = false, shared = true) => ({
  id,
  name,
  img: itemImg(name, "ability"),
  timing,
  text,
  formula,
  tagged,
  usable: tagged,
  ...(tagged ? refusable(why, gm, shared) : refusable("")),
});

// Ilse has moved: every act of the Action step is spent, the reason said once above the buttons.
const spent = F("FACTIONS.Rounds.Reject.UsedAction", { hero: "Captain Ilse Varro" });
const ilseActs = (gm: boolean) => [
  actButton("move", "fa-solid fa-person-running", spent, gm),
  actButton("slipAway", "fa-solid fa-right-left", spent, gm),
  actButton("shoot", "fa-solid fa-crosshairs", spent, gm),
  actButton("unleash", "fa-solid fa-dragon", spent, gm),
];
const ilseAbilities = (gm: boolean) => [
  ability("a1", "Quick Shot", F("FACTIONS.Rounds.Sheet.Tagged", { step: step("action") }), "A fast shot at an enemy in sight.", "1d6", spent, true, gm),
  // Tagged with another step: its own reason, on its own button.
  ability("a4", "Iron Guard", F("FACTIONS.Rounds.Sheet.Tagged", { step: step("melee") }), "Turns a blow aside in the press of melee.", "", F("FACTIONS.Rounds.Reject.AbilityWrongStep", { tagged: step("melee"), step: step("action") }), true, gm, false),
  ability("a2", "Rally Cry", F("FACTIONS.Rounds.Sheet.Triggered", { edge: L("FACTIONS.Rounds.Edge.end"), step: step("free") }), "End of Free: the hero's shout steadies every teammate on the map.", "", "", false),
];

const ilse = {
  document: { name: "Captain Ilse Varro", img: heroImg("Captain Ilse Varro") },
  editable: true,
  rootId: "gallery-hero",
  uuid: "Actor.ilse",
  system: { team: "skyhawks", onMap: true, entered: 1, used: [{ at: "2:skyhawks:action", acts: ["move"] }], shootFormula: "1d8+1", meleeFormula: "1d6", outcomes: [] },
  systemFields: heroFields,
  teamName: team("skyhawks"),
  teamChoices,
  placeText: L("FACTIONS.Rounds.Sheet.OnMap"),
  encounter: {
    position: position(2, "skyhawks", "action"),
    usedText: F("FACTIONS.Rounds.Sheet.Used", { acts: act("move") }),
    adventure: F("FACTIONS.Rounds.Sheet.Standing", { adventure: "Sunken Vault" }),
    canAct: true,
    acts: ilseActs(false),
    refusal: spent,
  },
  abilities: ilseAbilities(false),
  loot: [
    { id: "l1", name: "Signal Flare", img: itemImg("Signal Flare", "loot") },
    { id: "l2", name: "Rope", img: itemImg("Rope", "loot") },
  ],
  description: described("<p>Leader of the Skyhawks' strike wing, calm under fire.</p>"),
};

// The GM sees Ilse's spent step too, each button still pressable as the override.
const ilseGM = {
  ...ilse,
  rootId: "gallery-hero-gm",
  gmEditable: true,
  isGM: true,
  encounter: { ...ilse.encounter, acts: ilseActs(true) },
  abilities: ilseAbilities(true),
};

const prophet = {
  ...ilse,
  document: { name: "The Null Prophet", img: heroImg("The Null Prophet") },
  editable: false,
  rootId: "gallery-prophet",
  system: { team: "psiclones", onMap: false, entered: 0, used: [], shootFormula: "", meleeFormula: "2d4", outcomes: ["wounded", "defeated"] },
  teamName: team("psiclones"),
  placeText: L("FACTIONS.Rounds.Sheet.OffMap"),
  outcomesText: F("FACTIONS.Rounds.Sheet.Outcomes", { outcomes: `${L("FACTIONS.Rounds.Outcome.wounded")}, ${L("FACTIONS.Rounds.Outcome.defeated")}` }),
  encounter: {
    position: position(2, "skyhawks", "reaction"),
    usedText: "",
    adventure: "",
    // Not the viewer's hero: no act or Use button.
    canAct: false,
    acts: [],
    refusal: "",
  },
  abilities: [ability("a3", "Dread Omen", F("FACTIONS.Rounds.Sheet.Triggered", { edge: L("FACTIONS.Rounds.Edge.start"), step: step("reaction") }), "Start of Reaction: a whisper of fear runs through the enemy team.", "", "", false)],
  loot: [],
  description: described("<p>The Psiclones' speaker, who hears thoughts before they are spoken.</p>"),
};

const timingChoices = ["free", "action", "reaction", "melee", "adventure", "start", "end"].map((t) => ({ value: t, label: L(`FACTIONS.Rounds.Sheet.Timing.${t}`) }));
const stepChoices = ["free", "action", "reaction", "melee", "adventure", "reinforce"].map((s) => ({ value: s, label: step(s) }));
const battleTrance = {
  document: { name: "Battle Trance", img: itemImg("Battle Trance", "ability") },
  editable: true,
  rootId: "gallery-ability",
  uuid: "Item.trance",
  isAbility: true,
  triggered: true,
  typeLabel: L("TYPES.Item.ability"),
  timingText: F("FACTIONS.Rounds.Sheet.Triggered", { edge: L("FACTIONS.Rounds.Edge.start"), step: step("melee") }),
  ownerName: "Tamsin Vale",
  system: { timing: "start", step: "melee", formula: "1d4", text: "Start of Melee: the hero sinks into a fighting calm before the blows fall." },
  // As the schema gives them: the choices' values; the sheet passes their labels as options.
  systemFields: { timing: field("Ability", "timing", { choices: timingChoices.map((c) => c.value) }), step: field("Ability", "step", { choices: stepChoices.map((c) => c.value) }), formula: field("Ability", "formula") },
  timingChoices,
  stepChoices,
};
const lantern = {
  document: { name: "Lantern", img: itemImg("Lantern", "loot") },
  editable: false,
  rootId: "gallery-loot",
  uuid: "Item.lantern",
  isAbility: false,
  typeLabel: L("TYPES.Item.loot"),
  timingText: "",
  ownerName: "Sister Moth",
  system: { description: "<p>A shuttered oil lantern.</p>" },
  systemFields: {},
  description: described("<p>A shuttered oil lantern that throws a narrow beam into dark places.</p>"),
};

const hero = (name: string, onMap: boolean, note: string) => ({ uuid: `Actor.${name.replace(/\W/g, "")}`, combatantId: name.replace(/\W/g, ""), name, img: heroImg(name), onMap, note });
const teamsAt = (activeTeam: string, acting: string[]): TrackerContext["teams"] =>
  (["skyhawks", "psiclones"] as const).map((t) => ({
    team: t,
    groupId: t,
    name: team(t),
    acting: acting.includes(t),
    roleText: L(`FACTIONS.Rounds.Tracker.${t === activeTeam ? "Active" : "Inactive"}`) + (acting.includes(t) ? ` · ${L("FACTIONS.Rounds.Tracker.Acting")}` : ""),
    countText: F("FACTIONS.Rounds.Tracker.Count", { onMap: 2, offMap: 4 }),
    heroes:
      t === "skyhawks"
        ? [
            hero("Captain Ilse Varro", true, `${L("FACTIONS.Rounds.Tracker.OnMap")} · ${F("FACTIONS.Rounds.Tracker.Used", { acts: act("shoot") })}`),
            hero("Wren Adeyemi", true, L("FACTIONS.Rounds.Tracker.OnMap")),
            hero("Brakka the Tall", false, L("FACTIONS.Rounds.Tracker.OffMap")),
          ]
        : [
            hero("The Null Prophet", true, `${L("FACTIONS.Rounds.Tracker.OnMap")} · ${L("FACTIONS.Rounds.Outcome.wounded")}`),
            hero("Kesh", false, `${L("FACTIONS.Rounds.Tracker.OffMap")} · ${L("FACTIONS.Rounds.Outcome.defeated")}`),
          ],
  }));
const stepsOf = (current: string) =>
  (["free", "action", "reaction", "melee", "adventure", "reinforce"] as const).map((s, i, all) => ({ id: s, label: step(s), current: s === current, done: i < all.indexOf(current as (typeof all)[number]) }));

const trackerGM: TrackerContext = {
  position: position(2, "skyhawks", "action"),
  over: false,
  steps: stepsOf("action"),
  teams: teamsAt("skyhawks", ["skyhawks"]),
  wave: null,
  events: {
    groups: [
      {
        text: F("FACTIONS.Rounds.Tracker.EventGroup", { edge: L("FACTIONS.Rounds.Edge.end"), step: step("free"), team: team("skyhawks") }),
        who: F("FACTIONS.Rounds.Tracker.OrderBy", { team: team("skyhawks") }),
        ordered: false,
        events: ["Captain Ilse Varro: Rally Cry", "Sister Moth: Second Wind"],
      },
      {
        text: F("FACTIONS.Rounds.Tracker.EventGroup", { edge: L("FACTIONS.Rounds.Edge.start"), step: step("action"), team: team("skyhawks") }),
        who: F("FACTIONS.Rounds.Tracker.OrderedBy", { team: team("skyhawks") }),
        ordered: true,
        events: ["The Null Prophet: Dread Omen"],
      },
    ],
    canOrder: true,
    orderText: F("FACTIONS.Rounds.Tracker.Waiting", { team: team("skyhawks") }),
    canResolve: false,
  },
  isGM: true,
};
const trackerPlayer: TrackerContext = {
  position: position(2, "psiclones", "reinforce"),
  over: false,
  steps: stepsOf("reinforce"),
  teams: teamsAt("psiclones", ["psiclones"]),
  wave: {
    text: F("FACTIONS.Rounds.Tracker.Wave", { team: team("psiclones"), owed: 2, size: 2 }),
    candidates: [
      { uuid: "Actor.kesh", name: "Kesh", canBring: true, why: "" },
      { uuid: "Actor.saint", name: "The Hollow Saint", canBring: true, why: "" },
      // Not this player's: the row says whose it is to bring in.
      { uuid: "Actor.orlo", name: "Orlo Mindbreaker", canBring: false, why: F("FACTIONS.Rounds.Tracker.BringsIn", { players: "Priya" }) },
      { uuid: "Actor.prophet", name: "The Null Prophet", canBring: false, why: L("FACTIONS.Rounds.Tracker.GMBringsIn") },
    ],
  },
  events: null,
  isGM: false,
};

/** An applied card as `actionCardContext` gives it: its action's image, the acting hero's own beside its name. */
function card(action: keyof typeof ROUNDS_ACTION_IMAGES, title: string, icon: string, actor: ActionCardContext["actor"], rolls: ActionCardContext["rolls"], ...log: string[]): ActionCardContext {
  return {
    actor,
    title,
    icon,
    img: ROUNDS_ACTION_IMAGES[action],
    status: "applied",
    statusText: L("FACTIONS.Card.Status.applied"),
    checks: [],
    rolls,
    ...logLines(...log),
    footer: F("FACTIONS.Card.AppliedBy", { user: "Gamemaster" }),
    unnoticed: false,
    buttons: [],
  };
}
const heroActor = (name: string) => ({ name, img: heroImg(name), uuid: `Actor.${name.replace(/\W/g, "")}` });

const outcomeButton = (outcome: string, icon: string) => ({
  action: "followUp",
  label: F("FACTIONS.Rounds.Outcome.Button", { target: "The Null Prophet", outcome: L(`FACTIONS.Rounds.Outcome.${outcome}`) }),
  icon,
  data: { slot: "outcome", step: outcome },
});
// As the GM sees it: the hero's own Shoot roll, the ability's beside it, and the outcomes to apply.
const shootCard: ActionCardContext = {
  ...card(
    "shoot",
    act("shoot"),
    "fa-solid fa-crosshairs",
    heroActor("Wren Adeyemi"),
    [
      { label: F("FACTIONS.Rounds.Log.AttackRollOf", { hero: "Wren Adeyemi", act: L("FACTIONS.Rounds.Attack.shoot") }), formula: "1d8+1", total: 7 },
      { label: "Quick Shot", formula: "1d6", total: 5 },
    ],
    F("FACTIONS.Rounds.Log.Shot", { hero: "Wren Adeyemi", target: "The Null Prophet" }),
    F("FACTIONS.Rounds.Log.OutcomeToApply", { target: "The Null Prophet" }),
  ),
  // The target and its distance, measured on the scene's grid (5 ft a square).
  summary: [F("FACTIONS.Rounds.Log.TargetAt", { target: "The Null Prophet", distance: "30 ft" })],
  buttons: [
    outcomeButton("wounded", "fa-solid fa-heart-crack"),
    outcomeButton("defeated", "fa-solid fa-skull"),
    { action: "undo", label: L("FACTIONS.Card.Undo"), icon: "fa-solid fa-rotate-left" },
  ],
};
// As a player sees it: a hero with no Melee formula rolls nothing, and the card says so; the target stands diagonally next to it.
const meleeCard: ActionCardContext = {
  ...card(
    "melee",
    act("melee"),
    "fa-solid fa-hand-fist",
    heroActor("Kesh"),
    [],
    F("FACTIONS.Rounds.Log.Struck", { hero: "Kesh", target: "Brakka the Tall" }),
    F("FACTIONS.Rounds.Log.NoAttackFormula", { hero: "Kesh", act: L("FACTIONS.Rounds.Attack.melee") }),
    F("FACTIONS.Rounds.Log.OutcomeToApply", { target: "Brakka the Tall" }),
  ),
  summary: [F("FACTIONS.Rounds.Log.TargetAt", { target: "Brakka the Tall", distance: "5 ft" })],
};
const outcomeCard: ActionCardContext = {
  ...card(
    "outcome",
    L("FACTIONS.Rounds.Outcome.Title"),
    "fa-solid fa-heart-crack",
    heroActor("The Null Prophet"),
    [],
    F("FACTIONS.Rounds.Log.OutcomeApplied", { hero: "The Null Prophet", outcome: L("FACTIONS.Rounds.Outcome.defeated") }),
    F("FACTIONS.Rounds.Log.DefeatedOffMap", { hero: "The Null Prophet" }),
    F("FACTIONS.Rounds.Log.OutcomeOf", { attacker: "Wren Adeyemi", attack: L("FACTIONS.Rounds.Attack.shoot") }),
  ),
  buttons: [{ action: "undo", label: L("FACTIONS.Card.Undo"), icon: "fa-solid fa-rotate-left" }],
};
// The encounter's cards act as no actor: they speak as their action, and show no actor line.
const stepCard = card(
  "nextStep",
  L("FACTIONS.Rounds.Tracker.nextStep"),
  "fa-solid fa-forward-step",
  { name: L("FACTIONS.Rounds.Tracker.nextStep"), img: "icons/svg/mystery-man.svg", uuid: "" },
  [],
  position(2, "skyhawks", "action"),
  F("FACTIONS.Rounds.Log.EventsDue", { edge: L("FACTIONS.Rounds.Edge.end"), step: step("free"), team: team("skyhawks"), events: "Captain Ilse Varro: Rally Cry, Sister Moth: Second Wind" }),
);
const triggerCard = card(
  "trigger",
  L("FACTIONS.Rounds.Tracker.trigger"),
  "fa-solid fa-bolt",
  heroActor("Tamsin Vale"),
  [{ label: "Battle Trance", formula: "1d4", total: 3 }],
  F("FACTIONS.Rounds.Log.TriggeredAtStart", { hero: "Tamsin Vale", ability: "Battle Trance", step: step("melee") }),
  F("FACTIONS.Rounds.Log.AbilityText", { ability: "Battle Trance", text: "the hero sinks into a fighting calm before the blows fall." }),
  L("FACTIONS.Rounds.Log.GmRules.trigger"),
);
const orderCard = card(
  "order",
  L("FACTIONS.Rounds.Tracker.order"),
  "fa-solid fa-list-ol",
  heroActor("Sister Moth"),
  [],
  F("FACTIONS.Rounds.Log.EventsOrdered", { team: team("skyhawks"), events: "Sister Moth: Second Wind, Captain Ilse Varro: Rally Cry" }),
);
const gameOver = {
  rounds: 3,
  teams: [
    { team: "skyhawks", name: team("skyhawks"), onMap: ["Captain Ilse Varro", "Wren Adeyemi", "Brakka the Tall", "Sister Moth", "Jory Quickfoot", "Tamsin Vale"], offMap: [] },
    { team: "psiclones", name: team("psiclones"), onMap: ["The Null Prophet", "Vexa Thorn", "The Grey Twins", "Kesh"], offMap: ["Orlo Mindbreaker", "The Hollow Saint"] },
  ],
};

const targetLine = (target: string, distance: string) => F("FACTIONS.Rounds.Dialog.TargetLine", { target, distance });
const shootDialog = {
  fields: [
    { kind: "info", text: position(2, "skyhawks", "action") },
    { kind: "info", text: F("FACTIONS.Rounds.Dialog.AttackFormula", { hero: "Wren Adeyemi", act: L("FACTIONS.Rounds.Attack.shoot"), formula: "1d8+1", min: 2, max: 9 }) },
    // Wren's player targets Vexa Thorn's token on the map: the picker has her, each enemy with its distance.
    {
      kind: "select",
      name: "roundsTarget",
      label: "FACTIONS.Rounds.Dialog.Target",
      value: "Actor.vexa",
      options: [
        { value: "Actor.prophet", label: targetLine(F("FACTIONS.Rounds.Dialog.Adjacent", { hero: "The Null Prophet" }), "5 ft") },
        { value: "Actor.vexa", label: targetLine("Vexa Thorn", "30 ft") },
      ],
    },
    { kind: "info", text: L("FACTIONS.Rounds.Dialog.TargetedHint") },
    { kind: "select", name: "roundsAbility", label: "FACTIONS.Rounds.Dialog.Ability", options: [{ value: "", label: L("FACTIONS.Rounds.Dialog.NoAbility") }, { value: "a1", label: "Quick Shot (1d6)" }] },
    { kind: "checkboxes", name: "roundsOverride", label: "FACTIONS.Rounds.Dialog.GM", options: [{ value: "on", label: L("FACTIONS.Rounds.Dialog.Override") }] },
  ],
  odds: "",
};
// Nothing targeted: the picker lists the enemies the player can see, the adjacent ones marked, with their distances.
const meleeDialog = {
  fields: [
    { kind: "info", text: position(2, "psiclones", "melee") },
    { kind: "info", text: F("FACTIONS.Rounds.Dialog.NoAttackFormula", { hero: "Kesh", act: L("FACTIONS.Rounds.Attack.melee") }) },
    {
      kind: "select",
      name: "roundsMeleeTarget",
      label: "FACTIONS.Rounds.Dialog.Target",
      options: [
        { value: "Actor.brakka", label: targetLine(F("FACTIONS.Rounds.Dialog.Adjacent", { hero: "Brakka the Tall" }), "5 ft") },
        { value: "Actor.moth", label: targetLine(F("FACTIONS.Rounds.Dialog.Adjacent", { hero: "Sister Moth" }), "5 ft") },
        { value: "Actor.ilse", label: targetLine("Captain Ilse Varro", "20 ft") },
      ],
    },
    { kind: "select", name: "roundsMeleeAbility", label: "FACTIONS.Rounds.Dialog.Ability", options: [{ value: "", label: L("FACTIONS.Rounds.Dialog.NoAbility") }] },
  ],
  odds: "",
};
const orderDialog = {
  fields: ["Captain Ilse Varro: Rally Cry", "Sister Moth: Second Wind"].map((_e, i, all) => ({
    kind: "select",
    name: `event${i + 1}`,
    label: F("FACTIONS.Rounds.Dialog.Nth", { n: i + 1 }),
    value: `k${i}`,
    options: all.map((label, j) => ({ value: `k${j}`, label })),
  })),
  odds: "",
};
const newGameDialog = {
  fields: [
    { kind: "number", name: "lastRound", label: "FACTIONS.Rounds.Dialog.LastRound", value: 3, min: 1, hint: "FACTIONS.Rounds.Dialog.LastRoundHint" },
    { kind: "select", name: "scene", label: "FACTIONS.Rounds.Dialog.Scene", options: [{ value: "s", label: "Rounds: The Shattered Causeway" }] },
    {
      kind: "checkboxes",
      name: "heroes",
      label: "FACTIONS.Rounds.Dialog.Heroes",
      options: [
        { value: "h1", label: `Captain Ilse Varro (${team("skyhawks")})`, checked: true },
        { value: "h2", label: `The Null Prophet (${team("psiclones")})`, checked: true },
      ],
    },
  ],
  odds: "",
};

const T = "systems/factions/templates";
// The tracker panel sits in Foundry's combat sidebar, not in a window of the system: Foundry sets its width (about 300 px).
// Slip Away: the enemy targeted on the map, then the small move after the swap.
const slipDialog = {
  fields: [
    { kind: "info", text: position(2, "skyhawks", "action") },
    { kind: "select", name: "roundsSlipTarget", label: "FACTIONS.Rounds.Dialog.Target", value: "Actor.prophet", options: [{ value: "Actor.prophet", label: targetLine(F("FACTIONS.Rounds.Dialog.Adjacent", { hero: "The Null Prophet" }), "5 ft") }] },
    { kind: "info", text: L("FACTIONS.Rounds.Dialog.TargetedHint") },
    {
      kind: "select",
      name: "roundsSlipStep",
      label: "FACTIONS.Rounds.Dialog.StepAfter",
      value: "se",
      options: [{ value: "", label: L("FACTIONS.Rounds.Dialog.StepStay") }, ...["n", "ne", "e", "se", "s", "sw", "w", "nw"].map((d) => ({ value: d, label: L(`FACTIONS.Rounds.Dialog.Step.${d}`) }))],
    },
    { kind: "info", text: L("FACTIONS.Rounds.Dialog.ClickStep") },
    { kind: "select", name: "roundsSlipAbility", label: "FACTIONS.Rounds.Dialog.Ability", options: [{ value: "", label: L("FACTIONS.Rounds.Dialog.NoAbility") }] },
  ],
  odds: "",
};
// Bring in: the entry squares light up on the map; the list is the keyboard's way.
const bringInDialog = {
  fields: [
    { kind: "info", text: position(1, "skyhawks", "reinforce") },
    { kind: "info", text: L("FACTIONS.Rounds.Dialog.ClickEntrySquare") },
    {
      kind: "select",
      name: "roundsSquare",
      label: "FACTIONS.Rounds.Dialog.EntrySquare",
      options: [1, 2, 3, 4].map((row) => ({ value: `0,${row}`, label: F("FACTIONS.Rounds.Dialog.Square", { column: 1, row }) })),
    },
  ],
  odds: "",
};
// A dragged token's Move, and Slip Away's swap: done on the map, nothing left to the GM.
const moveCard = card("move", act("move"), "fa-solid fa-person-running", heroActor("Brakka the Tall"), [], F("FACTIONS.Rounds.Log.MovedTo", { hero: "Brakka the Tall", column: 7, row: 4 }));
const slipCard = card(
  "slipAway",
  act("slipAway"),
  "fa-solid fa-right-left",
  heroActor("Wren Adeyemi"),
  [],
  F("FACTIONS.Rounds.Log.SlippedAway", { hero: "Wren Adeyemi", target: "The Null Prophet" }),
  F("FACTIONS.Rounds.Log.SteppedTo", { hero: "Wren Adeyemi", column: 9, row: 5 }),
);
const DIALOG = "factions factions-dialog dialog";
export default defineSamples([
  { id: "rounds-hero-sheet", title: "Captain Ilse Varro", template: `${T}/rounds/hero-sheet.hbs`, context: ilse, width: 560, wrapperClass: "factions sheet actor factions-rounds factions-hero", kind: "sheet" },
  { id: "rounds-hero-sheet-gm", title: "Captain Ilse Varro (GM)", template: `${T}/rounds/hero-sheet.hbs`, context: ilseGM, width: 560, wrapperClass: "factions sheet actor factions-rounds factions-hero", kind: "sheet" },
  { id: "rounds-hero-sheet-observer", title: "The Null Prophet", template: `${T}/rounds/hero-sheet.hbs`, context: prophet, width: 560, wrapperClass: "factions sheet actor factions-rounds factions-hero", kind: "sheet" },
  { id: "rounds-ability-sheet", title: "Battle Trance", template: `${T}/rounds/item-sheet.hbs`, context: battleTrance, width: 460, wrapperClass: "factions sheet item factions-rounds", kind: "sheet" },
  { id: "rounds-loot-sheet", title: "Lantern", template: `${T}/rounds/item-sheet.hbs`, context: lantern, width: 460, wrapperClass: "factions sheet item factions-rounds", kind: "sheet" },
  { id: "rounds-tracker-gm", title: "Combat tracker (GM)", template: `${T}/rounds/tracker.hbs`, context: trackerGM, width: 300, wrapperClass: "combat-sidebar", kind: "sheet", narrow: false },
  { id: "rounds-tracker-player", title: "Combat tracker (player)", template: `${T}/rounds/tracker.hbs`, context: trackerPlayer, width: 300, wrapperClass: "combat-sidebar", kind: "sheet", narrow: false },
  { id: "rounds-dialog-shoot", title: F("FACTIONS.Rounds.Dialog.Title", { act: act("shoot"), hero: "Wren Adeyemi" }), template: `${T}/core/action-dialog.hbs`, context: shootDialog, width: 420, wrapperClass: DIALOG, kind: "dialog" },
  { id: "rounds-dialog-melee-picker", title: F("FACTIONS.Rounds.Dialog.Title", { act: act("melee"), hero: "Kesh" }), template: `${T}/core/action-dialog.hbs`, context: meleeDialog, width: 420, wrapperClass: DIALOG, kind: "dialog" },
  { id: "rounds-dialog-slip-away", title: F("FACTIONS.Rounds.Dialog.Title", { act: act("slipAway"), hero: "Wren Adeyemi" }), template: `${T}/core/action-dialog.hbs`, context: slipDialog, width: 420, wrapperClass: DIALOG, kind: "dialog" },
  { id: "rounds-dialog-bring-in", title: F("FACTIONS.Rounds.Dialog.Title", { act: act("reinforce"), hero: "Brakka the Tall" }), template: `${T}/core/action-dialog.hbs`, context: bringInDialog, width: 420, wrapperClass: DIALOG, kind: "dialog" },
  { id: "rounds-dialog-order", title: L("FACTIONS.Rounds.Dialog.OrderTitle"), template: `${T}/core/action-dialog.hbs`, context: orderDialog, width: 420, wrapperClass: DIALOG, kind: "dialog" },
  { id: "rounds-dialog-new-game", title: L("FACTIONS.Rounds.Dialog.NewGame"), template: `${T}/core/action-dialog.hbs`, context: newGameDialog, width: 420, wrapperClass: DIALOG, kind: "dialog" },
  { id: "rounds-card-shoot", title: "Shoot", template: `${T}/core/action-card.hbs`, context: shootCard, width: 300, kind: "card" },
  { id: "rounds-card-melee-no-roll", title: "Melee, no formula", template: `${T}/core/action-card.hbs`, context: meleeCard, width: 300, kind: "card" },
  { id: "rounds-card-move", title: "Move (a dragged token)", template: `${T}/core/action-card.hbs`, context: moveCard, width: 300, kind: "card" },
  { id: "rounds-card-slip-away", title: "Slip Away", template: `${T}/core/action-card.hbs`, context: slipCard, width: 300, kind: "card" },
  { id: "rounds-card-outcome", title: "Outcome: Defeated", template: `${T}/core/action-card.hbs`, context: outcomeCard, width: 300, kind: "card" },
  { id: "rounds-card-next-step", title: "Next Step", template: `${T}/core/action-card.hbs`, context: stepCard, width: 300, kind: "card" },
  { id: "rounds-card-order", title: "Events put in order", template: `${T}/core/action-card.hbs`, context: orderCard, width: 300, kind: "card" },
  { id: "rounds-card-trigger", title: "Interstep event", template: `${T}/core/action-card.hbs`, context: triggerCard, width: 300, kind: "card" },
  { id: "rounds-card-game-over", title: "End of the game", template: `${T}/rounds/game-over.hbs`, context: gameOver, width: 300, kind: "card" },
]);

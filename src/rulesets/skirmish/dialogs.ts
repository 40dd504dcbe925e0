/**
 * Asking for a Skirmish action's choice, on the acting user's client, then taking it through the
 * pipeline: the push (with the exact chance of every consequence row, or the heat it adds), a
 * Body or Nerves check (with its modifiers and exact odds), and the spends. A spend that is used up
 * is refused with its reason; a GM is asked whether to override it.
 */
import { oddsContext, promptAction, reachOddsContext, type DialogField, type FormValues } from "../../core/actions/dialog";
import type { OddsContext } from "../../core/chat/card-context";
import { nearestTo, targetedTokens, tokensOfActor } from "../../core/canvas/targets";
import { ActionError, phraseText, warn } from "../../core/actions/errors";
import { distancePhrase } from "../../core/rules/distance";
import { SIDE_ORDER, sideOf } from "../../core/canvas/dispositions";
import { performAction } from "../../core/actions/pipeline";
import { templatePath } from "../../core/constants";
import { MAX_SITUATIONAL } from "../../core/rules/check";
import { counted } from "../../core/rules/outcome";
import { overrideId, SPENDS, type SpendName } from "./spends";
import { actorState, worldOf } from "./data/state";
import * as rules from "./rules";
import { skirmishSettings } from "./settings";
import { pickableTargets } from "./targets";
import { PUSH_DIALOG_WIDTH, pushTableContext } from "./push-view";

const D = "FACTIONS.Skirmish.Dialog.";
const i18n = () => game.i18n!;
const str = (v: FormValues[string] | undefined) => (v === undefined ? "" : String(v));

/** What a sheet button may preset: the weapon of its row, the stat of a check. */
export interface Preset {
  weapon?: string;
  stat?: rules.Stat;
}

export type SkirmishActionName = SpendName | "push" | "check";

/**
 * The actor as the rules see it now; throws the rules' refusal, before anything is asked, if it
 * cannot fight (or, for an action of the encounter, is not in one).
 */
function fighter(actor: Actor.Implementation, inEncounter = true): rules.Combatant {
  const state = worldOf(actor.uuid).state;
  const found = inEncounter ? rules.acting(state, actor.uuid) : rules.combatantActor(state, actor.uuid);
  if (rules.isLine(found)) throw new ActionError(found.key, found.data);
  return "budget" in found ? found.actor : found;
}

// ---------------------------------------------------------------------------
// Push

/** What the push dialog shows: the table's rows with their exact chances, or the heat a vehicle takes. */
export function pushDialogContext(actor: rules.Combatant) {
  if (actor.type === "vehicle") {
    const to = actor.system.heat + 1;
    return { vehicle: { from: actor.system.heat, to, threshold: actor.system.heatThreshold, warning: rules.overheated(to, actor.system.heatThreshold) }, table: null, members: null };
  }
  const table = actor.system.kind;
  const ready = actor.system.members.filter((m) => m.state !== "out");
  const members = table === "squad" && ready.length ? [{ value: "", label: i18n().localize(`${D}SquadOrder`) }, ...ready.map((m) => ({ value: m.id, label: m.name }))] : null;
  return { vehicle: null, table: pushTableContext(table), members };
}

async function askPush(actor: Actor.Implementation): Promise<void> {
  const a = fighter(actor);
  const context = { name: a.name, ...pushDialogContext(a) };
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("skirmish/push-dialog.hbs"), context);
  let members: string[] | null = null;
  await foundry.applications.api.DialogV2.wait({
    window: { title: i18n().format(`${D}PushTitle`, { name: a.name }) },
    position: { width: PUSH_DIALOG_WIDTH },
    classes: ["factions", "factions-dialog", "factions-skirmish"],
    content,
    rejectClose: false,
    buttons: [
      {
        action: "ok",
        label: "FACTIONS.Skirmish.Action.push",
        icon: "fa-solid fa-bolt",
        default: true,
        callback: (_event, button) => {
          const form = button.form!;
          const pick = (name: string) => form.querySelector<HTMLSelectElement>(`select[name="${name}"]`)?.value ?? "";
          members = [pick("member1"), pick("member2")].filter((m, i, all) => m !== "" && all.indexOf(m) === i);
          return "ok";
        },
      },
      { action: "cancel", label: "FACTIONS.Dialog.Cancel", icon: "fa-solid fa-xmark" },
    ],
  });
  if (members === null) return;
  const choice: rules.PushChoice = { actor: actor.uuid, members };
  await performAction(rules.ACTIONS.push, actor, choice);
}

// ---------------------------------------------------------------------------
// Checks

async function askCheck(actor: Actor.Implementation, stat: rules.Stat = "body"): Promise<void> {
  const a = fighter(actor, false);
  if (a.type !== "infantry") throw new ActionError(`${rules.REJECT}NotInfantry`, { name: a.name });
  const settings = skirmishSettings();
  const fields: DialogField[] = [
    { kind: "select", name: "skirmishStat", label: `${D}Stat`, value: stat, options: rules.STATS.map((s) => ({ value: s, label: i18n().localize(`${rules.MODIFIER}${s}`) })) },
    { kind: "number", name: "skirmishDifficulty", label: `${D}Difficulty`, value: 0, min: -rules.MAX_DIFFICULTY, max: rules.MAX_DIFFICULTY, hint: `${D}DifficultyHint` },
    { kind: "number", name: "skirmishModifier", label: `${D}Modifier`, value: 0, min: -MAX_SITUATIONAL, max: MAX_SITUATIONAL },
  ];
  const statOf = (v: FormValues) => ((rules.STATS as readonly string[]).includes(str(v.skirmishStat)) ? (str(v.skirmishStat) as rules.Stat) : stat);
  const values = await promptAction({
    title: i18n().format(`${D}CheckTitle`, { name: a.name }),
    fields,
    odds: (v) => [oddsContext(rules.checkModifiers(a, statOf(v), Number(v.skirmishModifier) || 0), rules.difficultyModifiers(Number(v.skirmishDifficulty) || 0), "twoTier", settings)],
  });
  if (!values) return;
  const choice: rules.CheckChoice = { actor: actor.uuid, stat: statOf(values), difficulty: Number(values.skirmishDifficulty) || 0, modifier: Number(values.skirmishModifier) || 0 };
  // A difficulty or modifier typed past the fields' bounds gets the rules' own words, not the shape's.
  const chances = rules.checkChances(worldOf(actor.uuid).state, choice, settings);
  if (!chances.ok) throw new ActionError(chances.reason.key, chances.reason.data);
  await performAction(rules.ACTIONS.check, actor, choice);
}

// ---------------------------------------------------------------------------
// Spends

/** What spending one action of `kind` would take now: its source, or the economy's refusal; null outside an encounter. */
function nextSpend(actor: Actor.Implementation, kind: rules.ActionKind): ReturnType<typeof rules.spendAction> | null {
  const { state } = worldOf(actor.uuid);
  const budget = state.combatants[actor.uuid];
  return budget ? rules.spendAction(rules.budgetForRound(budget, state.round), kind, skirmishSettings()) : null;
}

/**
 * The action id to take: the spend itself, or (a GM, when it is used up) its override if the GM
 * confirms; null if the GM declines.
 */
async function spendId(actor: Actor.Implementation, name: SpendName): Promise<string | null> {
  if (!game.user!.isGM) return rules.ACTIONS[name];
  const spent = nextSpend(actor, SPENDS[name]);
  if (!spent || spent.ok) return rules.ACTIONS[name];
  const yes = await foundry.applications.api.DialogV2.confirm({
    window: { title: i18n().localize(`FACTIONS.Skirmish.Action.Override.${name}`) },
    classes: ["factions", "factions-dialog", "factions-skirmish"],
    content: `<p>${i18n().localize(spent.reason.key)}</p><p>${i18n().localize(`${D}OverrideAsk`)}</p>`,
  });
  return yes === true ? overrideId(name) : null;
}

const weaponOptions = (a: rules.Combatant, filter: (w: rules.WeaponItem) => boolean = () => true) =>
  a.weapons.filter(filter).map((w) => ({ value: w.id, label: i18n().format(counted(`${D}WeaponLine`, w.system.reloads.max), { weapon: w.name, reloads: String(w.system.reloads.value), max: String(w.system.reloads.max) }) }));

/** The weapons' odds of reaching their numbers, for those with a formula and a number. */
function attackOdds(a: rules.Combatant, weapons: string[]): OddsContext[] {
  return a.weapons
    .filter((w) => weapons.includes(w.id))
    .flatMap((w) => {
      const { formula, reach } = rules.attackOf(w);
      const chance = rules.attackChance(w);
      return chance === null || reach === null ? [] : [reachOddsContext(w.name, formula, reach, chance)];
    });
}

/** What the dialog says of each weapon that rolls nothing, or rolls with no number to reach. */
function attackNotes(a: rules.Combatant): DialogField[] {
  return a.weapons.flatMap((w): DialogField[] => {
    const { formula, reach } = rules.attackOf(w);
    if (formula === "") return [{ kind: "info", text: i18n().format(`${D}NoFormula`, { weapon: w.name }) }];
    if (reach === null) return [{ kind: "info", text: i18n().format(`${D}NoReach`, { weapon: w.name, formula }) }];
    return [];
  });
}

/**
 * A vehicle's Fire: whether the major action it takes is a pushed one, which fires one weapon
 * (rules/attack.ts), and the weapons checked at first: every one for its own major action (or the
 * GM's override), the first alone for a pushed one, or the one a caller presets.
 */
function vehicleFire(actor: Actor.Implementation, a: rules.Combatant, preset: Preset, override: boolean): { pushed: boolean; fired: string[] } {
  const spent = nextSpend(actor, "major");
  const pushed = !override && spent?.ok === true && spent.value.spend.source === "pushed";
  if (preset.weapon) return { pushed, fired: a.weapons.some((w) => w.id === preset.weapon) ? [preset.weapon] : [] };
  return { pushed, fired: (pushed ? a.weapons.slice(0, 1) : a.weapons).map((w) => w.id) };
}

/**
 * An attack's choice: its weapon (or a vehicle's weapons) and its target, the token the user
 * targets on the map if it is one of the fighters on the attacker's scene, else the one picked in
 * the dialog's list of them; with the exact odds of each weapon reaching its number.
 */
async function attackChoice(actor: Actor.Implementation, a: rules.Combatant, title: string, preset: Preset, override: boolean): Promise<object | null> {
  const user = game.user!;
  const pickable = pickableTargets(actor, user);
  const targeted = targetedTokens().find((t) => pickable.includes(t)) ?? null;
  const mine = tokensOfActor(actor);
  // Enemies first, then the others, then allies, each marked; nearer first within each.
  const from = mine[0]?.disposition ?? 0;
  const options = pickable
    .map((t) => ({ t, side: sideOf(from, t.disposition ?? 0), near: nearestTo(mine, t) }))
    .sort((a, b) => SIDE_ORDER.indexOf(a.side) - SIDE_ORDER.indexOf(b.side) || (a.near?.distance.value ?? Infinity) - (b.near?.distance.value ?? Infinity))
    .map(({ t, side, near }) => {
      const label = near ? i18n().format(`${D}TargetLine`, { target: t.name ?? "", distance: phraseText(distancePhrase(near.distance.value, near.distance.units)) }) : i18n().format(`${D}TargetFar`, { target: t.name ?? "" });
      return { value: t.uuid, label, group: i18n().localize(`${D}Relation.${side}`) };
    });
  const targetField: DialogField = options.length
    ? { kind: "select", name: "skirmishTarget", label: `${D}Target`, value: targeted?.uuid ?? "", options: [...(targeted ? [] : [{ value: "", label: i18n().localize(`${D}ChooseTarget`) }]), ...options] }
    : { kind: "info", text: i18n().localize(`${D}NoTargets`) };
  // A token targeted that the attack cannot take (its own, no fighter, on another scene) is not picked: the dialog says why.
  const refused = targeted ? null : (targetedTokens()[0] ?? null);
  const hint: DialogField[] = targeted
    ? [{ kind: "info", text: i18n().localize(`${D}TargetedHint`) }]
    : refused
      ? [{ kind: "info", text: i18n().format(`${D}TargetNotFighter`, { target: refused.name ?? "", name: a.name }) }]
      : [];
  const { pushed, fired } = a.type === "vehicle" ? vehicleFire(actor, a, preset, override) : { pushed: false, fired: [] };
  const weaponField: DialogField[] =
    a.type === "infantry"
      ? [{ kind: "select", name: "weapon", label: `${D}Weapon`, value: preset.weapon ?? a.weapons[0]?.id ?? "", options: weaponOptions(a) }]
      : [
          { kind: "info", text: i18n().format(`${D}${pushed ? "FirePushed" : "FireOwn"}`, { name: a.name }) },
          { kind: "checkboxes", name: "weapons", label: `${D}Weapons`, options: weaponOptions(a).map((o) => ({ ...o, checked: fired.includes(o.value) })) },
        ];
  const chosen = (v: FormValues): string[] => {
    if (a.type === "infantry") return [v.weapon === undefined ? (preset.weapon ?? a.weapons[0]?.id ?? "") : str(v.weapon)];
    return Array.isArray(v.weapons) ? v.weapons : fired;
  };
  const values = await promptAction({
    title,
    fields: [...weaponField, targetField, ...hint, ...attackNotes(a)],
    odds: (v) => attackOdds(a, chosen(v)),
  });
  if (!values) return null;
  return { actor: actor.uuid, weapons: chosen(values), target: options.length ? str(values.skirmishTarget) : "" };
}

/** The choice of a spend (asking what it needs); null if the user cancelled. */
async function spendChoice(actor: Actor.Implementation, a: rules.Combatant, name: SpendName, preset: Preset, override: boolean): Promise<object | null> {
  // A vehicle's attack is its Fire (one button on its sheet).
  const label = name === "attack" && a.type === "vehicle" ? "FACTIONS.Skirmish.Sheet.Fire" : `FACTIONS.Skirmish.Action.${name}`;
  const title = `${i18n().localize(label)}: ${a.name}`;
  const confirm = "FACTIONS.Dialog.Confirm";
  switch (name) {
    case "move": {
      const slowed = a.type === "infantry" && a.system.kind === "squad" && a.effects.some((e) => e.kind === "memberSlowed");
      if (!slowed) return { actor: actor.uuid };
      const { state } = worldOf(actor.uuid);
      const match = rules.speedOf(state, a).value;
      const leave = rules.speedOf(state, a, { leaveSlowedBehind: true }).value;
      const values = await promptAction({
        title,
        submit: confirm,
        fields: [
          {
            kind: "select",
            name: "pace",
            label: `${D}Pace`,
            options: [
              { value: "match", label: i18n().format(`${D}PaceMatch`, { speed: String(match) }) },
              { value: "leave", label: i18n().format(`${D}PaceLeave`, { speed: String(leave) }) },
            ],
          },
        ],
      });
      return values ? { actor: actor.uuid, leaveSlowedBehind: values.pace === "leave" } : null;
    }
    case "attack":
      return attackChoice(actor, a, title, preset, override);
    case "reload": {
      if (preset.weapon) return { actor: actor.uuid, weapon: preset.weapon };
      const values = await promptAction({ title, submit: confirm, fields: [{ kind: "select", name: "weapon", label: `${D}Weapon`, options: weaponOptions(a) }] });
      return values ? { actor: actor.uuid, weapon: str(values.weapon) } : null;
    }
    case "free": {
      const values = await promptAction({ title, submit: confirm, fields: [{ kind: "text", name: "text", label: `${D}Flavour`, value: "" }] });
      return values ? { actor: actor.uuid, text: str(values.text) } : null;
    }
    default:
      return { actor: actor.uuid };
  }
}

async function askSpend(actor: Actor.Implementation, name: SpendName, preset: Preset): Promise<void> {
  const a = fighter(actor);
  const id = await spendId(actor, name);
  if (!id) return;
  const choice = await spendChoice(actor, a, name, preset, id === overrideId(name));
  if (choice) await performAction(id, actor, choice);
}

/** Take a Skirmish action from a sheet button: ask what it needs, then roll, post and apply. Refusals are shown. */
export async function takeSkirmishAction(actor: Actor.Implementation, name: SkirmishActionName, preset: Preset = {}): Promise<void> {
  try {
    if (name === "push") return await askPush(actor);
    if (name === "check") return await askCheck(actor, preset.stat);
    await askSpend(actor, name, preset);
  } catch (error) {
    warn(error);
  }
}

// ---------------------------------------------------------------------------
// An attack's outcome

/**
 * Member Injured! on a squad: its owner (or the GM) picks the member it puts out of the fight. One
 * member left in the fight is taken without asking; none left gives "" (the rule says so). Null if
 * the user cancelled.
 */
export async function pickInjuredMember(target: Actor.Implementation): Promise<string | null> {
  const a = actorState(target);
  const members = a && a.type !== "company" ? rules.membersInFight(a) : [];
  if (members.length <= 1) return members[0]?.id ?? "";
  const values = await promptAction({
    title: i18n().format(`${D}MemberInjuredTitle`, { name: a!.name }),
    submit: "FACTIONS.Dialog.Confirm",
    fields: [{ kind: "select", name: "skirmishMember", label: `${D}MemberInjured`, options: members.map((m) => ({ value: m.id, label: m.name })) }],
  });
  return values ? str(values.skirmishMember) : null;
}

/** What the Skirmish sheets render, built from the documents and the rules (no writes). */
import { signed } from "../../../core/format";
import { rating } from "../../../core/rules/check";
import { counted, type Line, type Result } from "../../../core/rules/outcome";
import { localizeLine } from "../../../core/actions/errors";
import { escapeHtml } from "../../../core/html";
import { ICONS } from "../actions";
import { isCompany, isInfantry, isVehicle, worldOf } from "../data/state";
import * as rules from "../rules";
import { skirmishSettings } from "../settings";
import { budgetView, type PipGroup } from "../tracker/budget-view";
import { worldDocument } from "../../../core/documents/uuid";

const S = "FACTIONS.Skirmish.Sheet.";
const i18n = () => game.i18n!;
const loc = (key: string) => i18n().localize(key);

const nameOf = (uuid: string) => (uuid ? ((worldDocument(uuid) as { name?: string } | null)?.name ?? uuid) : "");

/** Actors of a type to pick from, with "none" first and the current one kept even if it is gone. */
function actorChoices(type: string, current: string, none: string): Record<string, string> {
  const out: Record<string, string> = { "": loc(none) };
  for (const a of game.actors ?? []) if (a.type === type) out[a.uuid] = a.name;
  if (current && !(current in out)) out[current] = current;
  return out;
}

// ---------------------------------------------------------------------------
// What a fighter can do now, asked of the pure rules (this module loads on first use; the rules
// load at start-up, so what only the sheets ask lives here).

/** The actions a fighter's sheet offers. */
export type SheetActionName = "move" | "attack" | "reload" | "deploy" | "scan" | "free" | "push" | "check";

/** Why an action cannot be taken now: the refusal its rule gives first, and whether a GM's override lets it through. */
export interface Unavailable {
  reason: Line;
  /** Only the used-up budget stands in the way. */
  overridable: boolean;
}

/** The context of a dry run: the rules run dry roll no dice, and nothing of the run is kept. */
const dryContext = (settings: rules.SkirmishSettings): rules.SkirmishContext => ({ dice: { roll: () => 0 }, settings, newId: () => "" });

type DryRule = (state: rules.SkirmishState, choice: { actor: string; weapon: string; text: string; gmOverride?: boolean }, ctx: rules.SkirmishContext) => Result<unknown>;
const DRY: Partial<Record<SheetActionName, DryRule>> = { move: rules.move, reload: rules.reload, deploy: rules.deploy, scan: rules.scan, free: rules.freeAction };

const blocked = (reason: Line, overridable = false): Unavailable => ({ reason, overridable });

/**
 * Whether `actor` can take `action` now (with `weapon`, for a weapon's row), as its rule would
 * answer: null if it can. The spends whose whole choice the sheet knows are dry runs of their own
 * rules (once more with the GM's override when refused); an attack's target is picked only in its
 * dialog, so an attack is asked what its rule asks of the fighter: to be in the encounter, to have
 * the weapon (one at all, for a vehicle's Fire), and a major action left (a weapon's formula is
 * valid by its data model). Pure, and cheap: a sheet asks once per button at each render.
 */
export function unavailable(state: rules.SkirmishState, actor: string, action: SheetActionName, settings: rules.SkirmishSettings, weapon = ""): Unavailable | null {
  const rule = DRY[action];
  if (rule) {
    const ctx = dryContext(settings);
    const choice = { actor, weapon, text: "" };
    const first = rule(state, choice, ctx);
    if (first.ok) return null;
    return blocked(first.reason, rule(state, { ...choice, gmOverride: true }, ctx).ok);
  }
  if (action === "check") {
    const a = rules.combatantActor(state, actor);
    if (rules.isLine(a)) return blocked(a);
    return a.type === "infantry" ? null : blocked(rules.refusal("NotInfantry", { name: a.name }));
  }
  const a = rules.acting(state, actor);
  if (rules.isLine(a)) return blocked(a);
  if (action === "push") return null;
  const name = a.actor.name;
  const weapons = weapon ? a.actor.weapons.filter((w) => w.id === weapon) : a.actor.weapons;
  if (weapons.length === 0) return blocked(weapon ? rules.refusal("NoWeapon", { name, weapon }) : rules.refusal("NoWeaponChosen", { name }));
  const spent = rules.spendAction(a.budget, "major", settings);
  return spent.ok ? null : blocked(spent.reason, true);
}

// ---------------------------------------------------------------------------

/** A button of a fighter's sheet: the actions bar's, or a weapon row's. */
export interface SheetAction {
  id: string;
  label: string;
  icon: string;
  /** `data-stat` of a check. */
  stat?: string;
  /** It cannot be taken now: not clickable. */
  disabled: boolean;
  /** Used up, and the user is a GM: clickable, to confirm the override. */
  override: boolean;
  /** Why not, as the refusal says it (with the GM's override offered), plain; "" when it can be taken. */
  reason: string;
  /** The same as HTML, for `data-tooltip` (names in it escaped). */
  tooltip: string;
}

/**
 * The buttons of the fighter `uuid` in `world` as this user sees them, each asked of the rules
 * (`unavailable`) once per render; none for a user who does not own it.
 */
function actionButtons(world: ReturnType<typeof worldOf>, uuid: string, owner: boolean) {
  const settings = skirmishSettings();
  const gm = !!game.user?.isGM;
  return (id: SheetActionName, opts: { stat?: rules.Stat; weapon?: string; label?: string } = {}): SheetAction | null => {
    if (!owner) return null;
    const why = unavailable(world.state, uuid, id, settings, opts.weapon);
    const override = gm && !!why?.overridable;
    const reason = !why ? "" : override ? i18n().format(`${S}OverrideOffer`, { reason: localizeLine(why.reason) }) : localizeLine(why.reason);
    const { stat } = opts;
    const label = opts.label ?? (stat ? i18n().format(`${S}Check`, { stat: loc(`${rules.MODIFIER}${stat}`) }) : loc(`FACTIONS.Skirmish.Action.${id}`));
    return { id, label, icon: ICONS[id], disabled: !!why && !override, override, reason, tooltip: escapeHtml(reason), ...(stat ? { stat } : {}) };
  };
}

const present = <T>(list: (T | null)[]): T[] => list.filter((x): x is T => x !== null);

/** The encounter part: its round and what is left of the budget, or null outside one. */
function encounterView(world: ReturnType<typeof worldOf>, uuid: string): { round: number; budget: PipGroup[] } | null {
  const budget = world.state.combatants[uuid];
  if (!budget) return null;
  return { round: world.state.round, budget: budgetView(rules.budgetForRound(budget, world.state.round), skirmishSettings()) };
}

/** The weapons, each row with its Reload button and, for infantry, its Attack (a vehicle fires from its bar). */
function weaponRows(actor: Actor.Implementation, button: ReturnType<typeof actionButtons>) {
  const attacks = actor.type === "infantry";
  return actor.items.contents
    .filter((i) => i.type === "weapon")
    .map((i) => {
      const s = i._source.system as unknown as rules.WeaponSystem;
      const reloads = i18n().format(counted(`${S}Reloads`, s.reloads.max), { value: String(s.reloads.value), max: String(s.reloads.max) });
      const weapon = i.id ?? "";
      const buttons = present([attacks ? button("attack", { weapon }) : null, button("reload", { weapon })]);
      return { id: i.id, name: i.name, img: i.img, reloads, heavy: s.heavy, empty: s.reloads.value <= 0, buttons };
    });
}

function speedText(speed: rules.Speed, vehicle: string): string {
  if (speed.source === "vehicle") return i18n().format(`${S}SpeedVehicle`, { vehicle });
  return loc(`${S}Speed.${speed.source}`);
}

export function infantryContext(actor: Actor.Implementation) {
  if (!isInfantry(actor)) throw new Error(`${actor.uuid} is not infantry`);
  const world = worldOf(actor.uuid);
  const a = world.state.actors[actor.uuid] as rules.InfantryState;
  const system = actor._source.system as unknown as rules.InfantrySystem;
  const speed = rules.speedOf(world.state, a);
  const encounter = encounterView(world, actor.uuid);
  const button = actionButtons(world, actor.uuid, actor.isOwner);
  const effects = actor.effects.contents.flatMap((effect) => {
    const e = a.effects.find((x) => x.id === effect.id);
    if (!e) return [];
    const rule = rules.EFFECT_RULES[e.kind];
    const member = e.member ? system.members.find((m) => m.id === e.member)?.name : undefined;
    const lasts =
      rule.lasts === "rounds"
        ? i18n().format(counted(`${S}RoundsLeft`, e.roundsLeft ?? 0), { rounds: String(e.roundsLeft ?? 0) }) + (rule.stillRounds ? ` · ${i18n().format(`${S}RoundsStill`, { rounds: String(e.roundsStill), of: String(rule.stillRounds) })}` : "")
        : loc(`${S}Lasts.${rule.lasts}`);
    return [{ id: e.id, name: effect.name, img: effect.img, text: loc(rules.falloutTextKey(e.kind)), lasts, member: member ?? "" }];
  });
  const stats = rules.STATS.map((stat) => {
    const mods = rules.checkModifiers(a, stat);
    const total = rating(mods);
    return { stat, label: loc(`${rules.MODIFIER}${stat}`), total, totalText: signed(total), parts: mods.slice(1).map((m) => `${loc(m.label)} ${signed(m.value)}`).join(", ") };
  });
  return {
    system,
    isSquad: system.kind === "squad",
    kindChoices: Object.fromEntries(rules.INFANTRY_KINDS.map((k) => [k, loc(`${S}Kind.${k}`)])),
    stateChoices: Object.fromEntries(rules.MEMBER_STATES.map((st) => [st, loc(`${S}MemberState.${st}`)])),
    companyChoices: actorChoices("company", system.company, `${S}NoCompany`),
    vehicleChoices: actorChoices("vehicle", system.vehicle, `${S}OnFoot`),
    speed: { value: speed.value, text: speedText(speed, nameOf(system.vehicle)), halved: speed.source === "halved" },
    stats,
    highestMoraleText: signed(system.highestMorale),
    encounter,
    actions: present([button("move"), button("deploy"), button("scan"), button("free"), button("push"), button("check", { stat: "body" }), button("check", { stat: "nerves" })]),
    members: system.members.map((m) => ({ ...m, stateLabel: loc(`${S}MemberState.${m.state}`) })),
    weapons: weaponRows(actor, button),
    effects,
    hasEffects: effects.length > 0,
  };
}

export function vehicleContext(actor: Actor.Implementation) {
  if (!isVehicle(actor)) throw new Error(`${actor.uuid} is not a vehicle`);
  const world = worldOf(actor.uuid);
  const system = actor._source.system as unknown as rules.VehicleSystem;
  const encounter = encounterView(world, actor.uuid);
  const button = actionButtons(world, actor.uuid, actor.isOwner);
  const hot = rules.overheated(system.heat, system.heatThreshold);
  return {
    system,
    heat: { hot, text: i18n().format(`${S}${hot ? "Overheated" : "HeatUnder"}`, { heat: String(system.heat), threshold: String(system.heatThreshold) }) },
    encounter,
    // One Fire: its dialog picks the weapons that fire (the rows have no Attack).
    actions: present([button("move"), button("attack", { label: loc(`${S}Fire`) }), button("deploy"), button("scan"), button("free"), button("push")]),
    weapons: weaponRows(actor, button),
  };
}

export function companyContext(actor: Actor.Implementation) {
  if (!isCompany(actor)) throw new Error(`${actor.uuid} is not a company`);
  const system = actor._source.system as unknown as rules.CompanySystem;
  const squads = (game.actors?.contents ?? [])
    .filter((a) => isInfantry(a) && (a.system.company === actor.uuid || system.squads.includes(a.uuid)))
    .map((a) => {
      const s = a._source.system as unknown as rules.InfantrySystem;
      return {
        uuid: a.uuid,
        name: a.name,
        img: a.img,
        kind: loc(`${S}Kind.${s.kind}`),
        // An individual has no members to count.
        ready: s.kind === "squad" ? i18n().format(`${S}MembersReady`, { ready: String(s.members.filter((m) => m.state !== "out").length), of: String(s.members.length) }) : "",
        highestMorale: s.highestMorale,
        highestMoraleText: signed(s.highestMorale),
        listed: system.squads.includes(a.uuid),
      };
    });
  // A listed squad not in this world (imported without it) is named so, never by its raw reference.
  const missing = system.squads.filter((uuid) => !squads.some((s) => s.uuid === uuid)).map((uuid) => ({ uuid }));
  return { system, moraleText: signed(system.morale), squads, missing, hasSquads: squads.length > 0 };
}

export function weaponContext(item: Item.Implementation) {
  const system = item._source.system as unknown as rules.WeaponSystem;
  // A weapon made before attacks existed has none stored yet: shown blank.
  const attack = system.attack ?? { formula: "", reach: null };
  return { system: { ...system, attack }, ownerName: item.actor?.name ?? "" };
}

/** What the Skirmish sheets render, built from the documents and the rules (no writes). */
import { signed } from "../../../core/format";
import { rating } from "../../../core/rules/check";
import { counted } from "../../../core/rules/outcome";
import { ICONS } from "../actions";
import { isCompany, isInfantry, isVehicle, worldOf } from "../data/state";
import * as rules from "../rules";
import { skirmishSettings } from "../settings";
import { budgetView, type PipGroup } from "../tracker/budget-view";

const S = "FACTIONS.Skirmish.Sheet.";
const i18n = () => game.i18n!;
const loc = (key: string) => i18n().localize(key);

const nameOf = (uuid: string) => (uuid ? ((foundry.utils.fromUuidSync(uuid as `Actor.${string}`, { strict: false }) as { name?: string } | null)?.name ?? uuid) : "");

/** Actors of a type to pick from, with "none" first and the current one kept even if it is gone. */
function actorChoices(type: string, current: string, none: string): Record<string, string> {
  const out: Record<string, string> = { "": loc(none) };
  for (const a of game.actors ?? []) if (a.type === type) out[a.uuid] = a.name;
  if (current && !(current in out)) out[current] = current;
  return out;
}

/** A button of the actions bar. */
export interface SheetAction {
  id: string;
  label: string;
  icon: string;
  /** `data-stat` of a check. */
  stat?: string;
  disabled: boolean;
}

function action(id: keyof typeof ICONS, disabled: boolean, stat?: rules.Stat): SheetAction {
  const label = stat ? i18n().format(`${S}Check`, { stat: loc(`${rules.MODIFIER}${stat}`) }) : loc(`FACTIONS.Skirmish.Action.${id}`);
  return { id, label, icon: ICONS[id], disabled, ...(stat ? { stat } : {}) };
}

/** The encounter part: its round and what is left of the budget, or null outside one. */
function encounterView(world: ReturnType<typeof worldOf>, uuid: string): { round: number; budget: PipGroup[] } | null {
  const budget = world.state.combatants[uuid];
  if (!budget) return null;
  return { round: world.state.round, budget: budgetView(rules.budgetForRound(budget, world.state.round), skirmishSettings()) };
}

function weaponRows(actor: Actor.Implementation) {
  return actor.items.contents
    .filter((i) => i.type === "weapon")
    .map((i) => {
      const s = i._source.system as unknown as rules.WeaponSystem;
      const reloads = i18n().format(counted(`${S}Reloads`, s.reloads.max), { value: String(s.reloads.value), max: String(s.reloads.max) });
      return { id: i.id, name: i.name, img: i.img, reloads, heavy: s.heavy, empty: s.reloads.value <= 0 };
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
  const cannot = !actor.isOwner;
  const noEncounter = cannot || !encounter;
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
    actions: [action("move", noEncounter), action("deploy", noEncounter), action("scan", noEncounter), action("free", noEncounter), action("push", noEncounter), action("check", cannot, "body"), action("check", cannot, "nerves")],
    members: system.members.map((m) => ({ ...m, stateLabel: loc(`${S}MemberState.${m.state}`) })),
    weapons: weaponRows(actor),
    canAttack: !noEncounter,
    effects,
    hasEffects: effects.length > 0,
  };
}

export function vehicleContext(actor: Actor.Implementation) {
  if (!isVehicle(actor)) throw new Error(`${actor.uuid} is not a vehicle`);
  const world = worldOf(actor.uuid);
  const system = actor._source.system as unknown as rules.VehicleSystem;
  const encounter = encounterView(world, actor.uuid);
  const noEncounter = !actor.isOwner || !encounter;
  const hot = rules.overheated(system.heat, system.heatThreshold);
  return {
    system,
    heat: { hot, text: i18n().format(`${S}${hot ? "Overheated" : "HeatUnder"}`, { heat: String(system.heat), threshold: String(system.heatThreshold) }) },
    encounter,
    actions: [action("move", noEncounter), action("attack", noEncounter), action("deploy", noEncounter), action("scan", noEncounter), action("free", noEncounter), action("push", noEncounter)],
    weapons: weaponRows(actor),
    canAttack: !noEncounter,
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

/** What the Operations sheets render, built from prepared documents (no writes). */
import { locationLabel, locationOptions } from "../../../core/locations";
import { ACTION_GROUPS, ICONS } from "../actions";
import { isLieutenant, isProject, isUnit } from "../data/state";
import { CONDITIONS, STATS, type LieutenantSystem, type OrganizationSystem, type ProjectSystem, type UnitSystem } from "../rules/state";

const S = "FACTIONS.Operations.Sheet.";
const i18n = () => game.i18n!;
const loc = (k: string) => i18n().localize(k);

export interface Option {
  value: string;
  label: string;
}

export const conditionOptions = (): Record<string, string> => Object.fromEntries(CONDITIONS.map((c) => [c, loc(`${S}Condition.${c}`)]));
export const statOptions = (): Record<string, string> => Object.fromEntries(STATS.map((s) => [s, loc(`FACTIONS.Operations.Log.Rating.Stat.${s}`)]));
export const locationChoices = (current: string): Record<string, string> =>
  Object.fromEntries([["", loc(`${S}Nowhere`)], ...locationOptions([current]).map((o) => [o.value, o.group ? `${o.group}: ${o.label}` : o.label])]);

export function organizationChoices(current: string): Record<string, string> {
  const out: Record<string, string> = { "": loc(`${S}NoOrganization`) };
  for (const a of game.actors ?? []) if (a.type === "organization") out[a.uuid] = a.name;
  if (current && !(current in out)) out[current] = current;
  return out;
}

const nameOf = (uuid: string) => (uuid ? ((foundry.utils.fromUuidSync(uuid as `Actor.${string}`, { strict: false }) as { name?: string } | null)?.name ?? uuid) : "");

export function stanceView(system: LieutenantSystem, unitNames: (id: string) => string) {
  const st = system.stance;
  if (st.kind === "") return { kind: "", text: loc(`${S}NoStance`) };
  const parts = [loc(`${S}StanceKind.${st.kind}`)];
  if (st.kind === "ambush") parts.push(loc(`FACTIONS.Operations.Dialog.StrategyKind.${st.strategy}`));
  parts.push(i18n().format(`${S}StanceAgainst`, { factions: st.factions.map(nameOf).join(", ") }));
  if (st.units.length) parts.push(i18n().format(`${S}StanceUnits`, { units: st.units.map(unitNames).join(", ") }));
  return { kind: st.kind, text: parts.join(" · ") };
}

/**
 * The stances set at a location (whose, which, against whom), as the current
 * user may see them: those of lieutenants it can observe (a GM sees all).
 */
export function stancesAt(location: string): { holder: string; kind: string; text: string }[] {
  const user = game.user!;
  return (game.actors?.contents ?? [])
    .filter((a) => isLieutenant(a) && a.testUserPermission(user, "OBSERVER"))
    .map((a) => ({ a, s: a._source.system as unknown as LieutenantSystem }))
    .filter(({ s }) => s.stance.kind !== "" && s.location === location)
    .map(({ a, s }) => {
      const org = foundry.utils.fromUuidSync(s.organization as `Actor.${string}`, { strict: false }) as Actor.Implementation | null;
      const view = stanceView(s, (id) => org?.items.get(id)?.name ?? id);
      return { holder: i18n().format(`${S}StanceHolder`, { lieutenant: a.name, organization: org?.name ?? loc(`${S}NoOrganization`) }), kind: view.kind, text: view.text };
    });
}

export function actionGroups(disabled: boolean) {
  return Object.entries(ACTION_GROUPS).map(([group, names]) => ({
    group,
    label: loc(`${S}Groups.${group}`),
    actions: names.map((id) => ({ id, label: loc(`FACTIONS.Operations.Action.${id}`), icon: ICONS[id], disabled })),
  }));
}

export function lieutenantContext(actor: Actor.Implementation) {
  if (!isLieutenant(actor)) throw new Error(`${actor.uuid} is not a lieutenant`);
  const system = actor._source.system as unknown as LieutenantSystem;
  const org = foundry.utils.fromUuidSync(system.organization as `Actor.${string}`, { strict: false }) as Actor.Implementation | null;
  const unitName = (id: string) => org?.items.get(id)?.name ?? id;
  const ladder = CONDITIONS.map((c) => ({ key: c, label: loc(`${S}Condition.${c}`), current: c === system.condition }));
  return {
    system,
    ladder,
    organizationName: org?.name ?? loc(`${S}NoOrganization`),
    locationName: locationLabel(system.location),
    hidingText: system.hiding > 0 ? i18n().format(`${S}Hidden`, { level: String(system.hiding) }) : loc(`${S}NotHidden`),
    actedText: loc(`${S}${system.acted ? "Acted" : "Ready"}`),
    stance: stanceView(system, unitName),
    groups: actionGroups(!actor.isOwner),
    conditionChoices: conditionOptions(),
    locationChoices: locationChoices(system.location),
    organizationChoices: organizationChoices(system.organization),
    penalty: actor.system.conditionPenalty,
  };
}

export function organizationContext(actor: Actor.Implementation) {
  const system = actor._source.system as unknown as OrganizationSystem;
  const standings = Object.values(system.standings).map((s) => ({ ...s, name: nameOf(s.faction) }));
  const lieutenants = (game.actors?.contents ?? [])
    .filter((a) => isLieutenant(a) && a.system.organization === actor.uuid)
    .map((a) => {
      const s = a.system as unknown as LieutenantSystem;
      return { uuid: a.uuid, name: a.name, img: a.img, level: s.level, location: locationLabel(s.location), condition: loc(`${S}Condition.${s.condition}`), acted: s.acted, stance: s.stance.kind ? loc(`${S}StanceKind.${s.stance.kind}`) : "" };
    });
  const units = actor.items.contents.filter(isUnit).map((u) => {
    const s = u.system as unknown as UnitSystem;
    return {
      id: u.id,
      name: u.name,
      img: u.img,
      level: s.level,
      competency: loc(`FACTIONS.Operations.Log.Rating.Stat.${s.competency}`),
      condition: s.condition,
      conditionLabel: loc(`${S}Condition.${s.condition}`),
      hiding: s.hiding,
      hidingText: s.hiding > 0 ? i18n().format(`${S}Hidden`, { level: String(s.hiding) }) : "",
      upkeep: s.upkeep,
      location: s.location,
    };
  });
  // Each place the organization has units or a lieutenant's stance, with the stances set there.
  const ownStances = (game.actors?.contents ?? []).filter((a) => isLieutenant(a) && (a._source.system as unknown as LieutenantSystem).organization === actor.uuid);
  const places = [...units.map((u) => u.location), ...ownStances.map((a) => a._source.system as unknown as LieutenantSystem).filter((s) => s.stance.kind !== "").map((s) => s.location)];
  const byLocation = [...new Set(places)].map((l) => ({ location: locationLabel(l), units: units.filter((u) => u.location === l), stances: stancesAt(l) }));
  const projects = actor.items.contents.filter(isProject).map((p) => {
    const s = p.system as unknown as ProjectSystem;
    return { id: p.id, name: p.name, ...s, percent: Math.min(100, Math.round((100 * s.progress) / Math.max(1, s.required))), progressText: i18n().format(`${S}Progress`, { progress: String(s.progress), required: String(s.required) }) };
  });
  return { system, standings, lieutenants, unitsByLocation: byLocation, hasUnits: units.length > 0, projects, upkeepText: i18n().format(`${S}Upkeep`, { amount: String(units.reduce((t, u) => t + u.upkeep, 0)) }) };
}

export function itemContext(item: Item.Implementation) {
  const system = item._source.system as unknown as Record<string, unknown>;
  const isU = isUnit(item);
  return {
    system,
    isUnit: isU,
    isProject: !isU,
    conditionChoices: conditionOptions(),
    statChoices: statOptions(),
    kindChoices: { research: loc("FACTIONS.Operations.Action.researchMagic"), training: loc("FACTIONS.Operations.Action.trainMinion") },
    trainingChoices: { "": "—", level: loc("FACTIONS.Operations.Dialog.TrainingKind.level"), type: loc("FACTIONS.Operations.Dialog.TrainingKind.type") },
    projectStatChoices: { "": "—", ...statOptions() },
    locationChoices: locationChoices(String(system.location ?? "")),
    ownerName: item.actor?.name ?? "",
  };
}

/**
 * The organization sheet's render context from plain data (no Foundry), so the sheet, its tests
 * and the benchmark build the same thing. Everything the template prints is localized here.
 */
import { shownNumber } from "../../../core/format";
import type { Localizer } from "../../../core/sheets/text";
import type { LieutenantSystem, OrganizationSystem, ProjectSystem, UnitSystem } from "../rules/state";

const S = "FACTIONS.Operations.Sheet.";

/** A stance the viewer may see, where it is set. */
export interface StanceAt {
  location: string;
  holder: string;
  kind: string;
  text: string;
}

export interface OrganizationSheetInput {
  system: OrganizationSystem;
  lieutenants: readonly { uuid: string; name: string; system: LieutenantSystem }[];
  units: readonly { id: string; name: string; system: UnitSystem }[];
  projects: readonly { id: string; name: string; system: ProjectSystem }[];
  /** Every stance the viewer may see, of any organization. */
  stances: readonly StanceAt[];
  /** A standing's faction name from its reference. */
  nameOf: (ref: string) => string;
  locationLabel: (ref: string) => string;
  i18n: Localizer;
}

export function organizationSheetContext(input: OrganizationSheetInput) {
  const { system, i18n } = input;
  const L = (k: string) => i18n.localize(k);
  // A penalty is shown with the minus sign ("−2").
  const standings = Object.values(system.standings).map((s) => ({ ...s, name: input.nameOf(s.faction), penalty: shownNumber(s.penalty) }));
  const lieutenants = input.lieutenants.map(({ uuid, name, system: s }) => ({
    uuid,
    name,
    level: s.level,
    location: input.locationLabel(s.location),
    condition: L(`${S}Condition.${s.condition}`),
    acted: s.acted,
    stance: s.stance.kind ? L(`${S}StanceKind.${s.stance.kind}`) : "",
  }));
  const level = L(`${S}Level`);
  const units = input.units.map(({ id, name, system: s }) => ({
    id,
    name,
    level: s.level,
    levelText: `${level} ${s.level}`,
    competency: L(`FACTIONS.Operations.Log.Rating.Stat.${s.competency}`),
    condition: s.condition,
    conditionLabel: L(`${S}Condition.${s.condition}`),
    hiding: s.hiding,
    hidingText: s.hiding > 0 ? i18n.format(`${S}Hidden`, { level: String(s.hiding) }) : "",
    upkeep: s.upkeep,
    location: s.location,
  }));
  // Each place the organization has units or a lieutenant's stance (in that order of first
  // appearance), with its units and the stances set there: one pass over each list, whatever the
  // number of places.
  type Place = { location: string; units: typeof units; stances: { holder: string; kind: string; text: string }[] };
  const byPlace = new Map<string, Place>();
  const place = (ref: string) => byPlace.get(ref) ?? byPlace.set(ref, { location: input.locationLabel(ref), units: [], stances: [] }).get(ref)!;
  for (const u of units) place(u.location).units.push(u);
  for (const l of input.lieutenants) if (l.system.stance.kind !== "") place(l.system.location);
  for (const { location, holder, kind, text } of input.stances) byPlace.get(location)?.stances.push({ holder, kind, text });
  const byLocation = [...byPlace.values()];
  const projects = input.projects.map(({ id, name, system: s }) => ({
    id,
    name,
    ...s,
    percent: Math.min(100, Math.round((100 * s.progress) / Math.max(1, s.required))),
    progressText: i18n.format(`${S}Progress`, { progress: String(s.progress), required: String(s.required) }),
  }));
  return {
    system,
    standings,
    lieutenants,
    unitsByLocation: byLocation,
    hasUnits: units.length > 0,
    projects,
    upkeepText: i18n.format(`${S}Upkeep`, { amount: String(units.reduce((t, u) => t + u.upkeep, 0)) }),
  };
}

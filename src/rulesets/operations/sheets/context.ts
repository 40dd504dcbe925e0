/** What the Operations sheets render, built from prepared documents (no writes). */
import { locationLabel, locationOptions } from "../../../core/locations";
import { localizeLine } from "../../../core/actions/errors";
import { operationsSettings } from "../rule-table";
import { isLieutenant, isOrganization, isProject, isUnit, organizationStateOf } from "../data/state";
import { actingLieutenant, isLine } from "../rules/common";
import { CONDITIONS, STATS, type LieutenantSystem, type OperationsState, type OrganizationSystem, type ProjectSystem, type UnitSystem } from "../rules/state";
import { blankLabels, lieutenantSheetContext, type Option } from "./lieutenant-context";
import { organizationSheetContext, type StanceAt } from "./organization-context";
import { worldDocument } from "../../../core/documents/uuid";

const S = "FACTIONS.Operations.Sheet.";
const i18n = () => game.i18n!;
const loc = (k: string) => i18n().localize(k);

export const conditionOptions = (): Option[] => CONDITIONS.map((c) => ({ value: c, label: loc(`${S}Condition.${c}`) }));
export const statOptions = (): Option[] => STATS.map((s) => ({ value: s, label: loc(`FACTIONS.Operations.Log.Rating.Stat.${s}`) }));
/** Every place (the current one kept even if it is gone); "" is the select's blank entry. */
export const locationChoices = (current: string): Option[] =>
  locationOptions([current]).map((o) => ({ value: o.value, label: o.label, ...(o.group ? { group: o.group } : {}) }));

/** Every organization of the world (and the current reference, kept even if it is gone: named as not in this world); "" is the select's blank entry. */
export function organizationChoices(current: string): Option[] {
  const out: Option[] = [];
  for (const a of game.actors ?? []) if (a.type === "organization") out.push({ value: a.uuid, label: a.name });
  if (current && !out.some((o) => o.value === current)) out.push({ value: current, label: loc(`${S}NotInWorld`) });
  return out;
}

const blanks = () => blankLabels(i18n());

const fromUuid = (uuid: string) => (uuid ? (worldDocument(uuid) as Actor.Implementation | null) : null);
/** A referenced actor's name; one imported without it (not in this world) is named so, never by its raw reference. */
const nameOf = (uuid: string) => (uuid ? (fromUuid(uuid)?.name ?? loc(`${S}NotInWorld`)) : "");

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
 * Every stance set anywhere (whose, which, against whom, where), as the current user may see
 * them: those of lieutenants it can observe (a GM sees all).
 */
export function visibleStances(): StanceAt[] {
  const user = game.user!;
  const out: StanceAt[] = [];
  for (const a of game.actors?.contents ?? []) {
    if (!isLieutenant(a) || !a.testUserPermission(user, "OBSERVER")) continue;
    const s = a._source.system as unknown as LieutenantSystem;
    if (s.stance.kind === "") continue;
    const org = worldDocument(s.organization) as Actor.Implementation | null;
    const view = stanceView(s, (id) => org?.items.get(id)?.name ?? id);
    out.push({ location: s.location, holder: i18n().format(`${S}StanceHolder`, { lieutenant: a.name, organization: org?.name ?? loc(`${S}NoOrganization`) }), kind: view.kind, text: view.text });
  }
  return out;
}

/**
 * Why the lieutenant cannot act now ("" if it can), as the rules would refuse it: no organization
 * to act for, captive, defeated or destroyed, or already acted this round.
 */
function whyNot(actor: Actor.Implementation, system: LieutenantSystem): string {
  const own = fromUuid(system.organization);
  const org = own && isOrganization(own) ? own : fromUuid(system.recruiter);
  if (!org || !isOrganization(org)) return i18n().format(`${S}NoOrganizationToAct`, { name: actor.name });
  const state: OperationsState = {
    organizations: { [org.uuid]: organizationStateOf(org) },
    lieutenants: { [actor.uuid]: { id: actor.uuid, name: actor.name, system } },
    locales: {},
  };
  const acting = actingLieutenant(state, { lieutenant: actor.uuid, organization: org.uuid }, operationsSettings());
  return isLine(acting) ? localizeLine(acting) : "";
}

export function lieutenantContext(actor: Actor.Implementation) {
  if (!isLieutenant(actor)) throw new Error(`${actor.uuid} is not a lieutenant`);
  const system = actor._source.system as unknown as LieutenantSystem;
  const org = fromUuid(system.organization);
  return lieutenantSheetContext({
    system,
    organizationName: org?.name ?? loc(`${S}NoOrganization`),
    locationName: locationLabel(system.location),
    stance: stanceView(system, (id) => org?.items.get(id)?.name ?? id),
    owner: actor.isOwner,
    actionReason: actor.isOwner ? whyNot(actor, system) : "",
    gm: !!game.user?.isGM,
    locationChoices: locationChoices(system.location),
    organizationChoices: organizationChoices(system.organization),
    i18n: i18n(),
  });
}

export function organizationContext(actor: Actor.Implementation) {
  const labels = new Map<string, string>();
  return organizationSheetContext({
    system: actor._source.system as unknown as OrganizationSystem,
    lieutenants: (game.actors?.contents ?? [])
      .filter((a) => isLieutenant(a) && a.system.organization === actor.uuid)
      .map((a) => ({ uuid: a.uuid, name: a.name, system: a.system as unknown as LieutenantSystem })),
    units: actor.items.contents.filter(isUnit).map((u) => ({ id: u.id ?? "", name: u.name, system: u.system as unknown as UnitSystem })),
    projects: actor.items.contents.filter(isProject).map((p) => ({ id: p.id ?? "", name: p.name, system: p.system as unknown as ProjectSystem })),
    stances: visibleStances(),
    nameOf,
    locationLabel: (ref) => labels.get(ref) ?? labels.set(ref, locationLabel(ref)).get(ref)!,
    i18n: i18n(),
  });
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
    kindChoices: [
      { value: "research", label: loc("FACTIONS.Operations.Action.researchMagic") },
      { value: "training", label: loc("FACTIONS.Operations.Action.trainMinion") },
    ],
    trainingChoices: [
      { value: "level", label: loc("FACTIONS.Operations.Dialog.TrainingKind.level") },
      { value: "type", label: loc("FACTIONS.Operations.Dialog.TrainingKind.type") },
    ],
    projectStatChoices: statOptions(),
    locationChoices: locationChoices(String(system.location ?? "")),
    blanks: blanks(),
    ownerName: item.actor?.name ?? "",
  };
}

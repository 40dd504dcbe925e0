import { ok, type Line, type Outcome, type Result } from "../../../core/rules/outcome";
import { ACTIONS, LOG, type BattleContext } from "./context";
import {
  builtAtMatches,
  canPay,
  ChangeList,
  costData,
  findItem,
  getRealm,
  isCost,
  isLine,
  isStat,
  missingRequirement,
  refusal,
  refuse,
} from "./realm";
import { ITEM_TYPES, RESOURCES, type BattleState, type RealmState, type Resources, type UnitSpec, type UnitSystem } from "./state";

export interface UseBuildingChoice {
  realm: string;
  /** The military building used. */
  building: string;
  /** A unit technology used at that building: it makes the technology's unit, and the counter goes on the technology. */
  technology?: string;
}

export interface UseBuildingDetail {
  /** Id of the new unit counter. */
  unit: string;
  /** The card the counter sits on (the building, or the technology). */
  source: string;
  cost: Resources;
  support: number;
}

/** Pay a cost out of the realm's resources. */
export function payCost(changes: ChangeList, realm: RealmState, cost: Resources, log: Line[]): void {
  for (const r of RESOURCES) {
    if (cost[r] !== 0) changes.update(realm.id, undefined, `system.resources.${r}`, realm.system.resources[r], realm.system.resources[r] - cost[r]);
  }
  if (RESOURCES.some((r) => cost[r] !== 0)) log.push({ key: `${LOG}Paid`, data: { realm: realm.name, ...costData(cost) } });
}

function specOk(spec: UnitSpec): boolean {
  return isStat(spec.a) && isStat(spec.d) && isStat(spec.s) && Number.isInteger(spec.support) && isCost(spec.cost);
}

/**
 * Use a military building (once a turn) to make its unit, or the unit of a
 * technology used at it ("Build at …"; its "Requires" must all be in the
 * realm): pay the unit's cost, spend its support, put its counter on the
 * building (or on the technology), and mark the building used.
 */
export function useBuilding(state: BattleState, choice: UseBuildingChoice, ctx: BattleContext): Result<Outcome<UseBuildingDetail>> {
  const realm = getRealm(state, choice.realm);
  if (isLine(realm)) return refuse(realm);
  const building = findItem(realm, choice.building);
  if (!building || building.type !== "building") return refuse(refusal("NoBuilding", { building: String(choice.building), realm: realm.name }));
  if (!building.system.military) return refuse(refusal("NotMilitary", { building: building.name }));
  if (building.system.usedThisTurn) return refuse(refusal("BuildingUsed", { building: building.name }));
  let spec: UnitSpec | null;
  let source: string;
  let techName = "";
  if (choice.technology !== undefined) {
    const tech = findItem(realm, choice.technology);
    if (!tech || tech.type !== "technology") return refuse(refusal("NoTechnology", { technology: String(choice.technology), realm: realm.name }));
    if (!builtAtMatches(tech, building)) return refuse(refusal("WrongBuilding", { technology: tech.name, building: building.name, builtAt: tech.system.builtAt }));
    const missing = missingRequirement(realm, tech);
    if (missing !== undefined) return refuse(refusal("MissingRequirement", { technology: tech.name, requirement: missing }));
    spec = tech.system.unit;
    if (!spec) return refuse(refusal("NoUnit", { building: tech.name }));
    source = tech.id;
    techName = tech.name;
  } else {
    spec = building.system.unit;
    if (!spec) return refuse(refusal("NoUnit", { building: building.name }));
    source = building.id;
  }
  if (!specOk(spec)) return refuse(refusal("BadStats", { name: spec.name }));
  if (!canPay(realm.system.resources, spec.cost)) return refuse(refusal("ResourcesShort", { name: spec.name, ...costData(spec.cost) }));
  const supportAfter = realm.system.support + spec.support;
  if (ctx.settings.enforceSupport && spec.support < 0 && supportAfter < 0) {
    return refuse(refusal("SupportShort", { name: spec.name, need: -spec.support, support: realm.system.support }));
  }

  const changes = new ChangeList();
  const log: Line[] = [];
  const id = ctx.newId();
  const system: UnitSystem = { a: spec.a, d: spec.d, s: spec.s, support: spec.support, source, exhausted: false, inOffensive: false };
  changes.create(realm.id, { _id: id, name: spec.name, type: ITEM_TYPES.unit, system: { ...system } });
  if (techName !== "") log.push({ key: `${LOG}MadeWith`, data: { realm: realm.name, unit: spec.name, building: building.name, technology: techName } });
  else log.push({ key: `${LOG}Made`, data: { realm: realm.name, unit: spec.name, building: building.name } });
  payCost(changes, realm, spec.cost, log);
  if (spec.support !== 0) {
    changes.update(realm.id, undefined, "system.support", realm.system.support, supportAfter);
    log.push({ key: `${LOG}SupportSpent`, data: { realm: realm.name, support: -spec.support, left: supportAfter } });
  }
  changes.update(realm.id, building.id, "system.usedThisTurn", false, true);
  return ok({
    action: ACTIONS.make,
    actor: realm.id,
    checks: [],
    rolls: [],
    changes: changes.list,
    log,
    detail: { unit: id, source, cost: { ...spec.cost }, support: spec.support },
  });
}

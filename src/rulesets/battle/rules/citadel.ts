import { ok, type Line, type Outcome, type Result } from "../../../core/rules/outcome";
import { ACTIONS, LOG } from "./context";
import { ChangeList, getRealm, isLine, ownBuildings, refusal, refuse } from "./realm";
import type { BattleState } from "./state";

export interface CitadelLossChoice {
  /** The realm whose citadel was hurt. */
  realm: string;
  /** The building (or fortification) it destroys. */
  building: string;
}

export interface CitadelLossDetail {
  building: string;
  /** Unit counters that sat on the building and went with it. */
  counters: string[];
  /** Buildings still owed. */
  left: number;
}

/**
 * After an attack that damaged its citadel, the defender destroys one of its
 * own buildings of its choice (a fortification on a location it controls
 * counts). The unit counters on that building go with it, giving their
 * support back; counters on technologies stay.
 */
export function chooseCitadelLoss(state: BattleState, choice: CitadelLossChoice): Result<Outcome<CitadelLossDetail>> {
  const realm = getRealm(state, choice.realm);
  if (isLine(realm)) return refuse(realm);
  if (!(realm.system.buildingsToDestroy >= 1)) return refuse(refusal("NoLossOwed", { realm: realm.name }));
  const found = ownBuildings(state, realm).find((b) => b.item.id === choice.building);
  if (!found) return refuse(refusal("NotOwnBuilding", { building: String(choice.building), realm: realm.name }));
  const { holder, item } = found;
  const changes = new ChangeList();
  const log: Line[] = [];
  changes.delete(holder.id, item);
  log.push({ key: `${LOG}BuildingDestroyed`, data: { realm: realm.name, building: item.name } });
  const counters: string[] = [];
  let back = 0;
  for (const it of holder.items) {
    if (it.type !== "unit" || it.system.source !== item.id) continue;
    counters.push(it.id);
    back -= it.system.support;
    changes.delete(holder.id, it);
    log.push({ key: `${LOG}CounterLost`, data: { unit: it.name, building: item.name } });
  }
  if (back !== 0) {
    changes.update(holder.id, undefined, "system.support", holder.system.support, holder.system.support + back);
    log.push({ key: `${LOG}SupportReturned`, data: { realm: holder.name, support: back } });
  }
  const left = realm.system.buildingsToDestroy - 1;
  changes.update(realm.id, undefined, "system.buildingsToDestroy", realm.system.buildingsToDestroy, left);
  return ok({ action: ACTIONS.citadelLoss, actor: realm.id, checks: [], rolls: [], changes: changes.list, log, detail: { building: item.id, counters, left } });
}

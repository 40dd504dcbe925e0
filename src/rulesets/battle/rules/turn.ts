import { ok, type Line, type Outcome, type Result } from "../../../core/rules/outcome";
import { ACTIONS, LOG } from "./context";
import { ChangeList, getRealm, isLine, refuse } from "./realm";
import { ATTACKS_PER_TURN, type BattleState } from "./state";

export interface StartRealmTurnChoice {
  realm: string;
}

export interface StartRealmTurnDetail {
  turn: number;
  /** Buildings and technologies made ready again. */
  readied: string[];
  /** Units and characters no longer exhausted. */
  rested: string[];
  /** Buildings still owed after citadel attacks (Start Turn does not clear them). */
  buildingsToDestroy: number;
}

/**
 * Start the realm's turn: its buildings and technologies are ready again, its
 * units and characters are no longer exhausted nor in an offensive, and it has
 * three attacks.
 */
export function startRealmTurn(state: BattleState, choice: StartRealmTurnChoice): Result<Outcome<StartRealmTurnDetail>> {
  const realm = getRealm(state, choice.realm);
  if (isLine(realm)) return refuse(realm);
  const changes = new ChangeList();
  const log: Line[] = [];
  const turn = realm.system.turn + 1;
  changes.update(realm.id, undefined, "system.turn", realm.system.turn, turn);
  changes.update(realm.id, undefined, "system.attacksLeft", realm.system.attacksLeft, ATTACKS_PER_TURN);
  log.push({ key: `${LOG}TurnStarted`, data: { realm: realm.name, turn, attacks: ATTACKS_PER_TURN } });
  const readied: string[] = [];
  const rested: string[] = [];
  for (const it of realm.items) {
    if (it.type === "building" || it.type === "technology") {
      if (it.system.usedThisTurn) {
        readied.push(it.id);
        changes.update(realm.id, it.id, "system.usedThisTurn", true, false);
      }
    } else if (it.type === "unit" || it.type === "character") {
      if (it.system.exhausted || it.system.inOffensive) rested.push(it.id);
      changes.update(realm.id, it.id, "system.exhausted", it.system.exhausted, false);
      changes.update(realm.id, it.id, "system.inOffensive", it.system.inOffensive, false);
    }
  }
  if (readied.length > 0) log.push({ key: `${LOG}Readied`, data: { count: readied.length } });
  if (rested.length > 0) log.push({ key: `${LOG}Rested`, data: { count: rested.length } });
  const owed = realm.system.buildingsToDestroy;
  if (owed > 0) log.push({ key: `${LOG}BuildingStillOwed`, data: { realm: realm.name, count: owed } });
  return ok({
    action: ACTIONS.start,
    actor: realm.id,
    checks: [],
    rolls: [],
    changes: changes.list,
    log,
    detail: { turn, readied, rested, buildingsToDestroy: owed },
  });
}

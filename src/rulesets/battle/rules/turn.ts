import { counted, ok, type Line, type Outcome, type Result } from "../../../core/rules/outcome";
import { turnIsOpen } from "../../../core/rules/turn-order";
import { ACTIONS, LOG } from "./context";
import { ChangeList, getRealm, isLine, refusal, refuse } from "./realm";
import { ATTACKS_PER_TURN, type BattleState, type RealmState } from "./state";

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
 * three attacks. Once a turn: not while its turn is under way (so the three
 * attacks cannot be had again), and in an encounter only when the encounter
 * gives the realm its turn.
 */
export function startRealmTurn(state: BattleState, choice: StartRealmTurnChoice): Result<Outcome<StartRealmTurnDetail>> {
  const realm = getRealm(state, choice.realm);
  if (isLine(realm)) return refuse(realm);
  if (realm.system.started) return refuse(refusal("TurnStarted", { realm: realm.name }));
  if (!turnIsOpen(state.order, realm.id)) return refuse(refusal("NotItsTurn", { realm: realm.name }));
  const changes = new ChangeList();
  const log: Line[] = [];
  const turn = realm.system.turn + 1;
  changes.update(realm.id, undefined, "system.turn", realm.system.turn, turn);
  changes.update(realm.id, undefined, "system.started", false, true);
  changes.update(realm.id, undefined, "system.attacksLeft", realm.system.attacksLeft, ATTACKS_PER_TURN);
  log.push({ key: counted(`${LOG}TurnStarted`, ATTACKS_PER_TURN), data: { realm: realm.name, turn, attacks: ATTACKS_PER_TURN } });
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
  if (readied.length > 0) log.push({ key: counted(`${LOG}Readied`, readied.length), data: { count: readied.length } });
  if (rested.length > 0) log.push({ key: counted(`${LOG}Rested`, rested.length), data: { count: rested.length } });
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

/**
 * Whether the realm did something this turn that its state keeps: an attack or a reinforcement
 * made (attacks left below three), or a building or technology used. Drawing and playing a
 * character leave no mark of the turn. End Turn asks before passing a turn without any.
 */
export function actedThisTurn(realm: RealmState): boolean {
  if (!realm.system.started) return false;
  if (realm.system.attacksLeft < ATTACKS_PER_TURN) return true;
  return realm.items.some((it) => (it.type === "building" || it.type === "technology") && it.system.usedThisTurn);
}

export interface EndRealmTurnChoice {
  realm: string;
}

export interface EndRealmTurnDetail {
  turn: number;
  /** Attacks it did not make (lost with the turn). */
  unused: number;
}

/**
 * End the realm's turn (it passes, or the encounter moves on past it): the attacks it has not
 * made are gone until its next Start Turn.
 */
export function endRealmTurn(state: BattleState, choice: EndRealmTurnChoice): Result<Outcome<EndRealmTurnDetail>> {
  const realm = getRealm(state, choice.realm);
  if (isLine(realm)) return refuse(realm);
  if (!realm.system.started) return refuse(refusal("TurnNotStarted", { realm: realm.name }));
  const changes = new ChangeList();
  changes.update(realm.id, undefined, "system.started", true, false);
  changes.update(realm.id, undefined, "system.attacksLeft", realm.system.attacksLeft, 0);
  const unused = realm.system.attacksLeft;
  return ok({
    action: ACTIONS.end,
    actor: realm.id,
    checks: [],
    rolls: [],
    changes: changes.list,
    log: [{ key: counted(`${LOG}TurnEnded`, unused), data: { realm: realm.name, turn: realm.system.turn, unused } }],
    detail: { turn: realm.system.turn, unused },
  });
}

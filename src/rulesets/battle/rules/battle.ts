import { ok, type Line, type Result } from "../../../core/rules/outcome";
import { autoFill } from "./auto";
import { ILLEGAL } from "./context";
import { IdIndex } from "./id-index";
import type { Assignment, Battle, BattleChoice, BattleRun, BattleStep, Combatant, Side, StepPositions } from "./battle-types";
import { goneTarget, rememberIndex, Tracker } from "./legality";
import { findLocation, fortificationsAt, getRealm, hasCitadel, isLine, isStat, locationOwner, pieceName, refusal, refuse } from "./realm";
import { typeKey, type BattleState, type CharacterItem, type FortificationItem, type RealmItem, type RealmState, type UnitItem } from "./state";

/** The id assignments use for the defender's citadel. */
export const CITADEL = "citadel";

export type { Assignment, Battle, BattleChoice, BattleHit, BattleRun, BattleStep, BattleTarget, Combatant, CombatantKind, Side, StepPositions } from "./battle-types";

const isCombatantItem = (i: RealmItem | undefined): i is UnitItem | CharacterItem => i !== undefined && (i.type === "unit" || i.type === "character");

function statsOk(x: { a: number; d: number; s: number }): boolean {
  return isStat(x.a) && isStat(x.d) && isStat(x.s);
}

/** Fire at range by default when it deals more (x > A), or as much sooner. */
export function prefersRange(f: FortificationItem): boolean {
  const r = f.system.range;
  return r !== null && (r.x > f.system.a || (r.x === f.system.a && r.y > f.system.s));
}

/** The most numerous unit type among the side's unit counters (ties: the first seen), or "". */
export function defaultProtect(combatants: readonly Combatant[], side: Side): string {
  const counts = new Map<string, { name: string; n: number; first: number }>();
  combatants.forEach((x, i) => {
    if (x.side !== side || x.kind !== "unit") return;
    const k = typeKey(x.type);
    const e = counts.get(k);
    if (e) e.n++;
    else counts.set(k, { name: x.type, n: 1, first: i });
  });
  let best: { name: string; n: number; first: number } | undefined;
  for (const e of counts.values()) if (!best || e.n > best.n || (e.n === best.n && e.first < best.first)) best = e;
  return best?.name ?? "";
}

/**
 * The battle a choice describes, or why it may not be fought: both realms,
 * an attack left, the target (a location the defender controls; a citadel the
 * defender has; the attacker's own captured, undamaged, not full location to
 * reinforce), attackers ready and not yet in an offensive this turn, defenders
 * ready, protection types and range choices that fit.
 */
export function buildBattle(state: BattleState, choice: BattleChoice): Result<Battle> {
  const attacker = getRealm(state, choice.attacker);
  if (isLine(attacker)) return refuse(attacker);
  const defender = getRealm(state, choice.defender);
  if (isLine(defender)) return refuse(defender);
  const target = choice.target;
  let reinforce = false;
  let objective: string;
  let objectiveName: string;
  let location: Battle["location"] = null;
  if (target?.kind === "location") {
    const found = findLocation(state, target.id);
    if (!found) return refuse(refusal("NoLocation", { location: String(target.id) }));
    const loc = found.location;
    if (locationOwner(found.holder, loc) !== defender.id) return refuse(refusal("NotDefendersLocation", { location: loc.name, realm: defender.name }));
    if (defender.id === attacker.id) {
      reinforce = true;
      if (loc.system.damaged) return refuse(refusal("ReinforceDamaged", { location: loc.name }));
      if (loc.system.control >= loc.system.maxControl) return refuse(refusal("ReinforceFull", { location: loc.name }));
    }
    objective = loc.id;
    objectiveName = loc.name;
    location = { holder: found.holder.id, control: loc.system.control, maxControl: loc.system.maxControl };
  } else if (target?.kind === "citadel") {
    if (defender.id === attacker.id) return refuse(refusal("OwnCitadel", { realm: attacker.name }));
    if (!hasCitadel(defender)) return refuse(refusal("NoCitadel", { realm: defender.name }));
    objective = CITADEL;
    objectiveName = defender.items.find((i) => i.type === "building" && i.system.citadel)!.name;
  } else return refuse(refusal("NoTarget"));

  if (!attacker.system.started) return refuse(refusal("TurnNotStarted", { realm: attacker.name }));
  if (!(attacker.system.attacksLeft >= 1)) return refuse(refusal("NoAttacksLeft", { realm: attacker.name }));
  if (!Array.isArray(choice.attackers) || choice.attackers.length === 0) return refuse(refusal("NoAttackers"));
  if (!Array.isArray(choice.defenders)) return refuse(refusal("NoDefenders"));
  if (reinforce && choice.defenders.length > 0) return refuse(refusal("ReinforceDefenders"));

  const combatants: Combatant[] = [];
  const index = new IdIndex(choice.attackers.length + choice.defenders.length);
  const sourceItems: RealmItem[] = [];
  /** Give `id` position `n` (the next one); false if it is the objective or already in the battle. */
  const claim = (id: string, n: number): boolean => id !== objective && index.claim(id, n);
  const enlist = (x: Combatant, item: RealmItem) => {
    combatants.push(x);
    sourceItems.push(item);
  };
  /**
   * The side's fighters, refused at the first id (in order) that is a duplicate or not a ready
   * unit or character of the realm. Each id is claimed first; one pass over the realm's items then
   * finds them through the claims (no map of every item of the realm).
   */
  const addFighters = (realm: RealmState, ids: readonly string[], side: Side): Line | null => {
    const first = combatants.length;
    let dup = ids.length;
    for (let k = 0; k < ids.length; k++) {
      if (!claim(ids[k]!, first + k)) {
        dup = k;
        break;
      }
    }
    // The last item with the id, as a map of the realm's items by id would give.
    const found: (UnitItem | CharacterItem | undefined)[] = new Array(dup);
    // Ids usually name the realm's items in the realm's order: an item with the id after the last
    // one found is at that position without a lookup (the same answer `index.get` would give).
    let next = 0;
    for (const it of realm.items) {
      if (!isCombatantItem(it)) continue;
      const p = next < dup && it.id === ids[next] ? first + next : index.get(it.id);
      if (p !== undefined && p >= first && p < first + dup) {
        found[p - first] = it;
        next = p - first + 1;
      }
    }
    for (let k = 0; k < dup; k++) {
      const id = ids[k]!;
      const it = found[k];
      if (!isCombatantItem(it)) return refusal("NotCombatant", { name: pieceName(state, String(id)), realm: realm.name });
      if (!statsOk(it.system)) return refusal("BadStats", { name: it.name });
      if (it.system.exhausted) return refusal("Exhausted", { name: it.name });
      if (side === "attacker" && it.system.inOffensive) return refusal("AlreadyAttacked", { name: it.name });
    }
    if (dup < ids.length) return refusal("Duplicate", { name: pieceName(state, String(ids[dup])) });
    for (let k = 0; k < dup; k++) {
      const it = found[k]!;
      const { a, d, s } = it.system;
      enlist({
        id: ids[k]!,
        name: it.name,
        side,
        kind: it.type === "unit" ? "unit" : "character",
        realm: realm.id,
        a,
        d,
        s,
        type: it.type === "unit" ? it.name : "",
        protect: it.type === "character" ? it.system.unitType : "",
        ranged: false,
        damage: a,
        speed: s,
      }, it);
    }
    return null;
  };
  const r1 = addFighters(attacker, choice.attackers, "attacker");
  if (r1) return refuse(r1);
  const r2 = addFighters(defender, choice.defenders, "defender");
  if (r2) return refuse(r2);

  const ranged = choice.ranged ?? {};
  const rangeCapable = new Set<string>();
  if (target.kind === "location" && !reinforce) {
    for (const { holder, fortification: f } of fortificationsAt(state, target.id)) {
      if (!claim(f.id, combatants.length)) return refuse(refusal("Duplicate", { name: f.name }));
      const range = f.system.range;
      if (!statsOk(f.system) || (range !== null && !(isStat(range.x) && isStat(range.y)))) return refuse(refusal("BadStats", { name: f.name }));
      if (range !== null) rangeCapable.add(f.id);
      const atRange = range !== null && (Object.prototype.hasOwnProperty.call(ranged, f.id) ? ranged[f.id] === true : prefersRange(f));
      const { a, d, s } = f.system;
      enlist({
        id: f.id,
        name: f.name,
        side: "defender",
        kind: "fortification",
        realm: holder.id,
        a,
        d,
        s,
        type: "",
        protect: "",
        ranged: atRange,
        damage: atRange ? range.x : a,
        speed: atRange ? range.y : s,
      }, f);
    }
  }
  const byId = { get: (id: string) => (index.has(id) ? combatants[index.get(id)!] : undefined) };
  for (const [id, on] of Object.entries(ranged)) {
    const x = byId.get(id);
    if (!x || x.kind !== "fortification" || (on === true && !rangeCapable.has(id))) {
      return refuse(refusal("RangedNotFortification", { name: pieceName(state, id) }));
    }
  }

  const protect = choice.protect ?? {};
  for (const id of Object.keys(protect)) {
    const x = byId.get(id);
    if (!x || x.kind !== "character") return refuse(refusal("ProtectNotCharacter", { name: pieceName(state, id) }));
  }
  // Each side's unit types and most numerous type, counted only if a character needs them.
  let typesOf: Record<Side, Set<string>> | undefined;
  const hasType = (side: Side, type: string) => {
    if (!typesOf) {
      typesOf = { attacker: new Set<string>(), defender: new Set<string>() };
      for (const x of combatants) if (x.kind === "unit") typesOf[x.side].add(typeKey(x.type));
    }
    return typesOf[side].has(typeKey(type));
  };
  const defaults: Partial<Record<Side, string>> = {};
  for (const x of combatants) {
    if (x.kind !== "character") continue;
    const picked = Object.prototype.hasOwnProperty.call(protect, x.id) ? protect[x.id]! : "";
    if (x.protect !== "") {
      // A character with a unit type is protected by that type, whatever is chosen.
      if (picked !== "" && typeKey(picked) !== typeKey(x.protect)) return refuse(refusal("FixedType", { name: x.name, type: x.protect }));
    } else if (picked !== "") {
      if (!hasType(x.side, picked)) return refuse(refusal("ProtectType", { name: x.name, type: picked }));
      x.protect = picked;
    } else x.protect = defaults[x.side] ??= defaultProtect(combatants, x.side);
  }

  const speeds = [...new Set(combatants.map((x) => x.speed))].sort((p, q) => q - p);
  const battle: Battle = { attacker: attacker.id, defender: defender.id, target, objective, objectiveName, reinforce, location, combatants, speeds };
  rememberIndex(battle, { index, items: sourceItems });
  return ok(battle);
}

/** Within a step: hits on units first, then on characters, then on the objective (the order that makes a step legal if any does). */
function rank(t: Tracker, to: string): number {
  if (to === t.battle.objective) return 2;
  const j = t.index.get(to);
  return j !== undefined && t.c[j]!.kind === "character" ? 1 : 0;
}

/**
 * Resolve a battle (RULES §4): per distinct speed, highest first, every
 * surviving combatant of that speed on both sides deals its damage to its
 * target (given, or automatic); all damage of the step lands at once; a
 * combatant whose damage taken ≥ D is destroyed after the step. Damage to a
 * location lowers its control (never below 0); at 0 it is captured, and the
 * battle goes on: every later step is fought, but the captured location is
 * no longer a target (never assigned automatically; a hit given up front on
 * it is not dealt: its control stays 0, and it stays undamaged).
 * Reinforcing raises control by the attackers' A, up to max.
 * An illegal given assignment refuses the whole battle, with the reason;
 * planned hits of combatants destroyed at an earlier step are dropped, and
 * planned hits on them deal nothing.
 */
export function fight(battle: Battle, given: readonly Assignment[] = []): Result<BattleRun> {
  const t = new Tracker(battle);
  const speedSet = new Set(battle.speeds);
  const byStep = new Map<number, Assignment[]>();
  for (const a of given) {
    if (!speedSet.has(a.step)) {
      const x = battle.combatants.find((y) => y.id === a.from);
      return refuse({ key: `${ILLEGAL}NotActing`, data: { attacker: x?.name ?? String(a.from), step: a.step } });
    }
    const list = byStep.get(a.step);
    if (list) list.push(a);
    else byStep.set(a.step, [a]);
  }
  const steps: BattleStep[] = [];
  const positions: StepPositions[] = [];
  const assignments: Assignment[] = [];
  const destroyed: string[] = [];
  let objectiveDamage = 0;
  for (const speed of battle.speeds) {
    t.begin(speed);
    const list = (byStep.get(speed) ?? []).map((a, n) => ({ a, n, r: rank(t, a.to) }));
    list.sort((p, q) => p.r - q.r || p.n - q.n);
    for (const { a } of list) {
      const i = t.index.get(a.from);
      if (i === undefined) return refuse({ key: `${ILLEGAL}UnknownCombatant`, data: { attacker: String(a.from) } });
      // A combatant destroyed at an earlier step does not act: its planned hit is dropped.
      if (!t.alive[i] && t.c[i]!.speed === speed) continue;
      const actor = t.actorReason(i);
      if (actor) return refuse(actor);
      const why = t.targetReason(i, a.to);
      // A target gone at an earlier step (destroyed, or the location captured) is no error: the hit deals nothing.
      if (why && !goneTarget(why)) return refuse(why);
      t.assign(i, a.to);
      assignments.push({ step: speed, from: a.from, to: a.to });
    }
    autoFill(t, "attacker", assignments);
    autoFill(t, "defender", assignments);
    const landed = t.land();
    // A loop, not push(...list): a list of 100,000 ids as call arguments is slow (and can overflow the stack).
    for (const id of landed.destroyed) destroyed.push(id);
    objectiveDamage += landed.objective;
    steps.push({ speed, hits: landed.hits, destroyed: landed.destroyed, objective: landed.objective, control: t.control });
    positions.push(landed.at);
  }
  const survivors: string[] = [];
  for (let i = 0; i < t.c.length; i++) if (t.alive[i]) survivors.push(t.ids[i]!);
  return ok({ steps, assignments, destroyed, survivors, objectiveDamage, control: t.control, captured: t.captured, positions });
}

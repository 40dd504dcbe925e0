import type { Line } from "../../../core/rules/outcome";
import type { Assignment, Battle, BattleHit, Combatant, Side, StepPositions } from "./battle-types";
import { ILLEGAL } from "./context";
import { IdIndex } from "./id-index";
import { typeKey, type RealmItem } from "./state";

function illegal(name: string, data: Line["data"]): Line {
  return { key: ILLEGAL + name, data };
}

/**
 * Whether a target's reason is only that it is gone since an earlier step (a combatant destroyed, the
 * location captured): an assignment made up front to it is no error, its hit deals nothing.
 */
export function goneTarget(reason: Line | null): boolean {
  return reason !== null && (reason.key === `${ILLEGAL}Dead` || reason.key === `${ILLEGAL}Captured`);
}

/** Lookups of a battle built once: combatant id → position, and the item each combatant is. */
export interface BattleIndex {
  index: IdIndex;
  /** The item of each combatant (undefined for a battle not made by `buildBattle`). */
  items: (RealmItem | undefined)[];
}

const INDEXES = new WeakMap<Battle, BattleIndex>();

/** Keep the lookups `buildBattle` made for its battle. */
export function rememberIndex(battle: Battle, index: BattleIndex): void {
  INDEXES.set(battle, index);
}

/** The lookups of a battle (kept from `buildBattle`, or made once on first use). */
export function battleIndex(battle: Battle): BattleIndex {
  let x = INDEXES.get(battle);
  if (!x) {
    const index = new IdIndex(battle.combatants.length);
    battle.combatants.forEach((c, i) => index.set(c.id, i));
    x = { index, items: [] };
    INDEXES.set(battle, x);
  }
  return x;
}

/** One possible target of a combatant at a step, and why it may not be picked. */
export interface TargetOption {
  /** A combatant id, or the battle's objective (the location id, or `"citadel"`). */
  id: string;
  name: string;
  legal: boolean;
  /** Why not (null when legal). */
  reason: Line | null;
}

/** What one step did once its damage landed. */
export interface Landed {
  hits: BattleHit[];
  /** Ids of the combatants destroyed after the step. */
  destroyed: string[];
  /** Damage dealt to the objective (or control added when reinforcing). */
  objective: number;
  /** Positions in the battle's combatants: of each hit's source and target (-1 for the objective), and of the destroyed. */
  at: StepPositions;
}


/**
 * The running account of one battle: damage taken, who is alive, who has been
 * assigned damage, and the counters the rules ask about, each kept so that a
 * legality question is O(1).
 */
export class Tracker {
  readonly c: readonly Combatant[];
  readonly index: IdIndex;
  readonly damage: Float64Array;
  readonly alive: Uint8Array;
  /** Assigned a non-zero hit in this battle (earlier steps or earlier in this step). */
  readonly assigned: Uint8Array;
  /** Defenders not yet assigned damage. */
  unassignedDefenders = 0;
  /** The location's control after the steps landed so far (null for a citadel). */
  control: number | null;
  /** The location fell at a step already landed: it is no longer a target; hits given up front on it are not dealt. */
  captured = false;
  /** Per (side, type) slot: that side's units (not characters) of the type not yet assigned damage. */
  private readonly typeLeft: number[] = [];
  /** Per combatant: its (side, type) slot (units), the slot protecting it (characters), or -1. */
  private readonly typeOf: Int32Array;
  private readonly protectOf: Int32Array;
  /**
   * Positions of each side's units and fortifications, of its characters, and of its fighters
   * acting at each speed, in order; and per position what every hit and step reads of a combatant
   * (id, side, D, A, damage dealt). These are read for every hit of a step, not the combatants
   * themselves: scattered objects, slow to visit by the 100,000.
   */
  readonly units: Record<Side, number[]> = { attacker: [], defender: [] };
  readonly characters: Record<Side, number[]> = { attacker: [], defender: [] };
  readonly ids: string[];
  readonly isAttacker: Uint8Array;
  readonly d: Float64Array;
  readonly a: Float64Array;
  /** A plain array, not a typed one: a hit's damage keeps the number as the combatant has it (a small integer, not a boxed double). */
  readonly deals: number[] = [];
  private readonly acting: Record<Side, Map<number, number[]>> = { attacker: new Map(), defender: new Map() };
  /** Step being assigned: the speed, and a stamp for "already assigned this step". */
  step = Number.NaN;
  private stamp = 0;
  private readonly acted: Int32Array;
  private readonly pending: Float64Array;
  private touched: number[] = [];
  private hits: BattleHit[] = [];
  private at: StepPositions = { from: [], to: [], destroyed: [] };
  private objectivePending = 0;

  constructor(readonly battle: Battle) {
    const c = battle.combatants;
    this.c = c;
    this.index = battleIndex(battle).index;
    this.control = battle.location ? battle.location.control : null;
    const n = c.length;
    this.damage = new Float64Array(n);
    this.alive = new Uint8Array(n).fill(1);
    this.assigned = new Uint8Array(n);
    this.acted = new Int32Array(n);
    this.pending = new Float64Array(n);
    this.ids = new Array<string>(n);
    this.isAttacker = new Uint8Array(n);
    this.d = new Float64Array(n);
    this.a = new Float64Array(n);
    this.typeOf = new Int32Array(n).fill(-1);
    this.protectOf = new Int32Array(n).fill(-1);
    const slots = { attacker: new Map<string, number>(), defender: new Map<string, number>() };
    const slot = (side: Side, type: string): number => {
      const key = typeKey(type);
      let k = slots[side].get(key);
      if (k === undefined) {
        k = this.typeLeft.length;
        this.typeLeft.push(0);
        slots[side].set(key, k);
      }
      return k;
    };
    for (let i = 0; i < n; i++) {
      const x = c[i]!;
      (x.kind === "character" ? this.characters : this.units)[x.side].push(i);
      this.ids[i] = x.id;
      this.isAttacker[i] = x.side === "attacker" ? 1 : 0;
      this.d[i] = x.d;
      this.a[i] = x.a;
      this.deals.push(x.damage);
      const list = this.acting[x.side].get(x.speed);
      if (list) list.push(i);
      else this.acting[x.side].set(x.speed, [i]);
      if (x.side === "defender") this.unassignedDefenders++;
      if (x.kind === "unit") {
        const k = slot(x.side, x.type);
        this.typeOf[i] = k;
        this.typeLeft[k]!++;
      } else if (x.kind === "character" && x.protect !== "") this.protectOf[i] = slot(x.side, x.protect);
    }
  }

  /** Start assigning the step at this speed. */
  begin(step: number): void {
    this.step = step;
    this.stamp++;
    this.hits = [];
    this.at = { from: [], to: [], destroyed: [] };
    this.objectivePending = 0;
  }

  /** Positions of the side's fighters whose speed is the current step (living or not, assigned or not). */
  actingNow(side: Side): readonly number[] {
    return this.acting[side].get(this.step) ?? [];
  }

  /** Units of the character's protecting type still to be assigned damage (0 = it may be hit). */
  protectorsLeft(i: number): number {
    const k = this.protectOf[i]!;
    return k < 0 ? 0 : this.typeLeft[k]!;
  }

  hasActed(i: number): boolean {
    return this.acted[i] === this.stamp;
  }

  /** Why the combatant cannot assign at the current step, or null. */
  actorReason(i: number): Line | null {
    const x = this.c[i]!;
    if (!this.alive[i] || x.speed !== this.step) return illegal("NotActing", { attacker: x.name, step: this.step });
    if (this.hasActed(i)) return illegal("AlreadyAssigned", { attacker: x.name, step: this.step });
    return null;
  }

  /** Why combatant `i` may not assign its damage to `to` now, or null. */
  targetReason(i: number, to: string): Line | null {
    if (to === this.battle.objective) return this.targetReasonAt(i, -1);
    const j = this.index.get(to);
    return j === undefined ? illegal("Unknown", { target: String(to) }) : this.targetReasonAt(i, j);
  }

  /** `targetReason` for the combatant at position `j` (-1: the objective). */
  targetReasonAt(i: number, j: number): Line | null {
    if (j < 0) {
      const x = this.c[i]!;
      const b = this.battle;
      // Captured at an earlier step: no longer a target, like a destroyed combatant (RULES §4).
      if (this.captured) return illegal("Captured", { target: b.objectiveName });
      if (x.ranged && b.target.kind === "location") return illegal("RangedLocation", { attacker: x.name, target: b.objectiveName });
      if (x.side !== "attacker") return illegal("DefenderObjective", { target: b.objectiveName });
      if (this.unassignedDefenders > 0) return illegal("DefendersLeft", { target: b.objectiveName, left: this.unassignedDefenders });
      return null;
    }
    if (this.isAttacker[j] === this.isAttacker[i]) return illegal("OwnSide", { target: this.c[j]!.name });
    if (!this.alive[j]) return illegal("Dead", { target: this.c[j]!.name });
    const left = this.protectorsLeft(j);
    if (left > 0) return illegal("Protected", { target: this.c[j]!.name, type: this.c[j]!.protect, left });
    return null;
  }

  /**
   * Record that `i` deals its damage to `to` this step (no checks). A hit on a
   * combatant that died at an earlier step, or on a location captured at an
   * earlier step, deals nothing; a hit of 0 does not count as assigned damage.
   */
  assign(i: number, to: string): BattleHit {
    return this.assignAt(i, to === this.battle.objective ? -1 : this.index.get(to)!);
  }

  /** `assign` to the combatant at position `j` (-1: the objective). */
  assignAt(i: number, j: number): BattleHit {
    const from = this.ids[i]!;
    this.acted[i] = this.stamp;
    let hit: BattleHit;
    this.at.from.push(i);
    this.at.to.push(j);
    if (j < 0) {
      hit = { from, to: this.battle.objective, damage: this.captured ? 0 : this.deals[i]!, void: this.captured };
      this.objectivePending += hit.damage;
    } else {
      const dead = !this.alive[j];
      hit = { from, to: this.ids[j]!, damage: dead ? 0 : this.deals[i]!, void: dead };
      if (hit.damage > 0) {
        if (this.pending[j] === 0) this.touched.push(j);
        this.pending[j] += hit.damage;
        if (!this.assigned[j]) {
          this.assigned[j] = 1;
          if (!this.isAttacker[j]) this.unassignedDefenders--;
          const k = this.typeOf[j]!;
          if (k >= 0) this.typeLeft[k]!--;
        }
      }
    }
    this.hits.push(hit);
    return hit;
  }

  /** Damage assigned to `j` so far this step. */
  pendingOn(j: number): number {
    return this.pending[j]!;
  }

  /**
   * All damage of the step lands at once; a combatant whose damage taken ≥ D
   * (and > 0) is destroyed. Damage to the location lowers its control (never
   * below 0; at 0 it is captured), reinforcing raises it (up to max).
   */
  land(): Landed {
    const destroyed: string[] = [];
    // Positions are small whole numbers: a typed array sorts them natively, without a comparator call per pair.
    const touched = Int32Array.from(this.touched).sort();
    for (const j of touched) {
      this.damage[j] += this.pending[j]!;
      this.pending[j] = 0;
      if (this.damage[j]! >= this.d[j]!) {
        this.alive[j] = 0;
        destroyed.push(this.ids[j]!);
        this.at.destroyed.push(j);
      }
    }
    this.touched = [];
    const objective = this.objectivePending;
    const loc = this.battle.location;
    if (this.control !== null && loc) {
      if (this.battle.reinforce) this.control = Math.min(loc.maxControl, this.control + objective);
      else {
        this.control = Math.max(0, this.control - objective);
        if (this.control === 0 && objective > 0) this.captured = true;
      }
    }
    return { hits: this.hits, destroyed, objective, at: this.at };
  }

  /**
   * A tracker brought to `step`: the assignments of earlier (faster) steps are
   * replayed and landed, those of `step` are assigned in their order, later
   * ones are ignored. No legality checks.
   */
  static replay(battle: Battle, assignments: readonly Assignment[], step: number): Tracker {
    const t = new Tracker(battle);
    const byStep = new Map<number, Assignment[]>();
    for (const a of assignments) {
      if (a.step < step) continue;
      const list = byStep.get(a.step);
      if (list) list.push(a);
      else byStep.set(a.step, [a]);
    }
    const apply = (list: Assignment[] | undefined) => {
      for (const a of list ?? []) {
        const i = t.index.get(a.from);
        if (i !== undefined && (a.to === battle.objective || t.index.has(a.to))) t.assign(i, a.to);
      }
    };
    for (const s of battle.speeds) {
      if (s <= step) break;
      t.begin(s);
      apply(byStep.get(s));
      t.land();
    }
    t.begin(step);
    apply(byStep.get(step));
    return t;
  }
}

/** The side a combatant fights against. */
export function otherSide(side: Side): Side {
  return side === "attacker" ? "defender" : "attacker";
}

/**
 * Every target `combatant` might pick at `step` (a speed), after the
 * assignments made so far in this battle (earlier steps, and earlier in this
 * step, in order), each marked legal or with the reason it is not: its own
 * side, dead, the location captured at an earlier step, a character still protected by units of its type not yet
 * assigned damage, the objective while a defender has not been assigned
 * damage, a location for a ranged fortification, the objective for a
 * defender. If the combatant does not act at this step (or already has a
 * target) every option carries that reason.
 */
export function legalTargets(battle: Battle, assignmentsSoFar: readonly Assignment[], combatant: string, step: number): TargetOption[] {
  const t = Tracker.replay(battle, assignmentsSoFar, step);
  const i = t.index.get(combatant);
  const actor: Line | null = i === undefined ? illegal("UnknownCombatant", { attacker: String(combatant) }) : t.actorReason(i);
  const options: TargetOption[] = [];
  const add = (id: string, name: string) => {
    const reason = actor ?? t.targetReason(i!, id);
    options.push({ id, name, legal: reason === null, reason });
  };
  for (const x of battle.combatants) add(x.id, x.name);
  add(battle.objective, battle.objectiveName);
  return options;
}

/** Whether `to` is a legal target of `combatant` at `step` after the assignments so far. */
export function isLegal(battle: Battle, assignmentsSoFar: readonly Assignment[], combatant: string, step: number, to: string): boolean {
  const t = Tracker.replay(battle, assignmentsSoFar, step);
  const i = t.index.get(combatant);
  return i !== undefined && t.actorReason(i) === null && t.targetReason(i, to) === null;
}

/**
 * The shapes of a battle the resolver (battle.ts), its automatic targets (auto.ts) and its legality
 * (legality.ts) share: in a file of their own, so the three depend one way.
 */
export type Side = "attacker" | "defender";
export type CombatantKind = "unit" | "character" | "fortification";

/** What is attacked: a location, or the defender's citadel. */
export type BattleTarget = { kind: "location"; id: string } | { kind: "citadel" };


/** One fighter, as the resolver sees it. */
export interface Combatant {
  /** The item id (a unit counter, a character, a fortification). */
  id: string;
  name: string;
  side: Side;
  kind: CombatantKind;
  /** The realm holding the item. */
  realm: string;
  a: number;
  d: number;
  s: number;
  /** A unit counter's unit type (its name); "" for characters and fortifications. */
  type: string;
  /** A character's protecting unit type ("" if its side has none in the battle). */
  protect: string;
  /** A fortification firing at range (x damage at speed y). */
  ranged: boolean;
  /** Damage it deals a step: A, or x at range. */
  damage: number;
  /** The step it acts at: S, or y at range. */
  speed: number;
}

/** One battle, ready to resolve. */
export interface Battle {
  attacker: string;
  defender: string;
  target: BattleTarget;
  /** The id assignments use for the target: the location's id, or `"citadel"`. */
  objective: string;
  objectiveName: string;
  /** The attacker "attacks" its own captured, undamaged location to raise its control. */
  reinforce: boolean;
  /** The location's control before the battle (null for a citadel). */
  location: { holder: string; control: number; maxControl: number } | null;
  combatants: Combatant[];
  /** The distinct speeds, highest first: the steps. */
  speeds: number[];
}

/** One combatant's target at one step (a speed). */
export interface Assignment {
  step: number;
  from: string;
  /** A combatant id, or the objective. */
  to: string;
}

export interface BattleChoice {
  /** The attacking realm. */
  attacker: string;
  /** The defending realm: the location's controller, the citadel's realm; the attacker itself to reinforce. */
  defender: string;
  target: BattleTarget;
  /** Attacking unit counters and characters of the attacker. */
  attackers: string[];
  /** Defending unit counters and characters of the defender (the location's fortifications join on their own). */
  defenders: string[];
  /** Character id → the unit type protecting it, chosen by its controller (fixed for a character with a unit type). Missing: the side's most numerous type. */
  protect?: Record<string, string>;
  /** Fortification id → fire at range. Missing: at range when that deals more (x > A, or x = A and y > S). */
  ranged?: Record<string, boolean>;
  /**
   * Targets chosen up front, any order within a step (the step is legal if some
   * order of it is). A combatant left out gets the automatic target. A target
   * that died at an earlier step, or the location captured at an earlier step, takes nothing.
   */
  assignments?: Assignment[];
}

/** A hit of one step. `to` is a combatant id or the objective. */
export interface BattleHit {
  from: string;
  to: string;
  damage: number;
  /** Its target died at an earlier step, or is the location captured at an earlier step: it deals nothing. */
  void: boolean;
}

export interface BattleStep {
  speed: number;
  hits: BattleHit[];
  /** Destroyed after the step. */
  destroyed: string[];
  /** Damage dealt to the objective this step (control added, when reinforcing). */
  objective: number;
  /** The location's control after the step (null for a citadel). */
  control: number | null;
}

/** The step-by-step account of a resolved battle. */
export interface BattleRun {
  steps: BattleStep[];
  /** Every assignment, given and automatic, in the order they were made (each legal by `legalTargets` in this order). */
  assignments: Assignment[];
  destroyed: string[];
  /** Combatants left standing (fortifications included). */
  survivors: string[];
  /** Total damage to the objective (or control added). */
  objectiveDamage: number;
  /** The location's control at the end (null for a citadel). */
  control: number | null;
  /** The location fell (every later step is still fought; it is no longer a target, and hits given up front on it deal nothing). */
  captured: boolean;
  /** Each step's hits and losses by position in `battle.combatants`, for its account (not part of the outcome). */
  positions: StepPositions[];
}

/** A step's hits and losses by position in `battle.combatants`, so an account of it needs no lookup by id. */
export interface StepPositions {
  from: number[];
  /** -1: the objective. */
  to: number[];
  destroyed: number[];
}

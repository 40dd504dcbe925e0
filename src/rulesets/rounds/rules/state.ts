/**
 * The plain data the Rounds rules read. `system` mirrors the documents' stored
 * fields, so a rule's `Change.path` (e.g. `system.onMap`) applies to the
 * Foundry document as is.
 *
 * Documents: the **Hero** actor (its items: loot and abilities). The encounter's
 * position is a `RoundsTrack`, plain data kept on the Combat. What a hero's
 * token shows (its grid square, the adventure space Region it stands in) is
 * read from the scene and given alongside the hero.
 */

/** The two teams, in turn order: the Skyhawks (white) play first, the Psiclones (black) second. */
export const TEAMS = ["skyhawks", "psiclones"] as const;
export type Team = (typeof TEAMS)[number];

/** The steps of a turn, in order. */
export const STEPS = ["free", "action", "reaction", "melee", "adventure", "reinforce"] as const;
export type Step = (typeof STEPS)[number];

/** Steps an ability can be tagged with: it is used as that step's act. */
export const ABILITY_TAGS = ["free", "action", "reaction", "melee", "adventure"] as const;
export type AbilityTag = (typeof ABILITY_TAGS)[number];

/** Triggered abilities fire at the start or the end of a named step. */
export const TRIGGERS = ["start", "end"] as const;
export type Trigger = (typeof TRIGGERS)[number];

export type AbilityTiming = AbilityTag | Trigger;
export const ABILITY_TIMINGS: readonly AbilityTiming[] = [...ABILITY_TAGS, ...TRIGGERS];

/** Everything a hero can do, by the step it belongs to (see `ACTS_BY_STEP`). */
export const ACT_KINDS = ["move", "slipAway", "shoot", "unleash", "melee", "challenge", "trade", "pickUp", "ability", "reinforce"] as const;
export type ActKind = (typeof ACT_KINDS)[number];

/** Where the encounter stands: the round, the team whose turn it is, and the step of that turn. */
export interface Position {
  /** 1 … the last round. */
  round: number;
  /** The active team. */
  team: Team;
  step: Step;
}

/** The encounter's whole state of play, as stored on the Combat. */
export interface RoundsTrack extends Position {
  /** N, the last round, chosen at the start; the round marker never moves past it. */
  lastRound: number;
  /** The Psiclones finished round N: the game is over. */
  over: boolean;
}

/** What a hero has used in one step: its one use of a limited step. */
export interface UsedRecord {
  /** `positionKey` of the step (round, team, step) the acts were taken in. */
  at: string;
  acts: ActKind[];
}

export interface HeroSystem {
  team: Team;
  /** On the map; every hero starts off it and is brought in at Reinforce. */
  onMap: boolean;
  /** The round it was brought in (0 = never): the wave of that round counts it. */
  entered: number;
  /**
   * One record per step the hero acted in, this game. Kept when the GM goes back and forward
   * again, so a step's use stays spent; a new game starts with none.
   */
  used: UsedRecord[];
  /** The hero's Shoot and Melee formulas ("" none: the act rolls nothing), set by the GM. */
  shootFormula: string;
  meleeFormula: string;
  /** The outcomes of attacks it bears (an id of `OUTCOME_DEFAULTS` or a name the GM gave), each once. */
  outcomes: string[];
}

export interface LootSystem {
  description: string;
}

export interface AbilitySystem {
  /** A step tag (used as that step's act) or a trigger (fires at the start or end of `step`). */
  timing: AbilityTiming;
  /** For a trigger: the step it fires at. Unused for a tag. */
  step: Step;
  text: string;
  /** Roll formula ("" none), such as `1d6 + 1`. */
  formula: string;
}

interface ItemOf<T extends string, S> {
  id: string;
  name: string;
  type: T;
  system: S;
}

export type LootItem = ItemOf<"loot", LootSystem>;
export type AbilityItem = ItemOf<"ability", AbilitySystem>;
export type HeroItem = LootItem | AbilityItem;

/** Foundry document types. */
export const HERO_TYPE = "hero";
export const ITEM_TYPES = { loot: "loot", ability: "ability" } as const;

/** A grid square (column, row) on the scene. */
export interface Square {
  x: number;
  y: number;
}

/** The map's own area in whole squares: its top-left square, and its size. */
export interface MapArea {
  x: number;
  y: number;
  columns: number;
  rows: number;
}

/** An adventure space: a scene Region. */
export interface AdventureSpace {
  id: string;
  name: string;
}

export interface HeroState {
  /** Actor reference (UUID in Foundry). */
  id: string;
  name: string;
  system: HeroSystem;
  items: HeroItem[];
  /** The square its token stands on (null: no token on the scene). */
  square: Square | null;
  /** The adventure space its token stands in (null: none). */
  adventure: AdventureSpace | null;
}

/** Everything the Rounds rules read: the encounter's track, its heroes (in the tracker's order) and its map. */
export interface RoundsState {
  track: RoundsTrack;
  heroes: Record<string, HeroState>;
  /** The scene's area (null: the encounter has no scene). */
  map: MapArea | null;
}

export function otherTeam(team: Team): Team {
  return team === "skyhawks" ? "psiclones" : "skyhawks";
}

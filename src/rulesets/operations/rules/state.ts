/**
 * The plain data the Operations rules read. It mirrors the documents' source
 * data (`system` is exactly the data model's stored fields), so a rule's
 * `Change.path` (e.g. `system.capital`) applies to the Foundry document as is.
 *
 * Documents: the **Organization** actor (its items: units and projects) and the
 * **Lieutenant** actor. An NPC faction is an Organization with `npc: true`.
 *
 * Keys of the `Record` fields (`standings`, `claims`, `penalties`) are made by
 * `keyOf` from references, so they never contain a dot; the rules update such a
 * field as a whole object (the core applier removes vanished keys with `-=`).
 */
export const STATS = ["force", "sneak", "charm", "lore"] as const;
export type Stat = (typeof STATS)[number];

/** The condition ladder, best first. Each force result raises a member's condition by steps. */
export const CONDITIONS = ["fresh", "dinged", "damaged", "defeated", "destroyed"] as const;
export type Condition = (typeof CONDITIONS)[number];

/** One organization's standing with one NPC faction. */
export interface Standing {
  /** Reference of the NPC faction (the record key is `keyOf` of it). */
  faction: string;
  /** ≥ 0. */
  influence: number;
  allied: boolean;
  /** Penalty (≤ 0) to faction actions with this faction until an Influence action with it succeeds. */
  penalty: number;
  /** Extra influence cost of discrete influence with this faction (≥ 0, +1 per catastrophe). */
  influenceCost: number;
  /** Penalty (≤ 0) to Gain Influence with this faction, −2 per catastrophe there. */
  gainPenalty: number;
}

/** What an NPC faction thinks of one asset's ownership (kept on the NPC faction). */
export interface ClaimRecord {
  /** Reference of the asset (a unit id, a location or item reference, any text). */
  asset: string;
  /** The faction it supports as the rightful owner ("" none; its own id if it claims the asset itself). */
  supports: string;
  /** Every faction that has tried to claim the asset with this NPC faction, first first. */
  claimants: string[];
}

export type SurveillanceKind = "unit" | "lieutenant" | "location";

/** A successful Surveil: the watcher learns of the target's actions from now on. */
export interface SurveillanceRecord {
  /** The watching lieutenant. */
  watcher: string;
  kind: SurveillanceKind;
  /** Unit id, lieutenant id or location reference. */
  target: string;
  /** Extra information was gained (a complete success that chose information). */
  extra: boolean;
}

export interface OrganizationSystem {
  /** 1–5: units a lieutenant commands in one action. */
  cohesion: number;
  /** ≥ 0. */
  capital: number;
  /** An NPC faction (a target of influence actions) rather than a player organization. */
  npc: boolean;
  /** Rounds started (raised by Start Round). */
  round: number;
  /** Standing with each NPC faction, keyed by `keyOf(faction)`. */
  standings: Record<string, Standing>;
  /** On an NPC faction: whom it supports for each asset, keyed by `keyOf(asset)`. */
  claims: Record<string, ClaimRecord>;
  /** Organization-wide penalties (≤ 0) to future attempts, keyed `recruit:<key>` / `sell:<key>`. */
  penalties: Record<string, number>;
  /** This organization's standing surveillance. */
  surveillance: SurveillanceRecord[];
}

export type StanceKind = "" | "ambush" | "block";
export type AttackStrategy = "aggressive" | "cautious";

/** A stance set by Ambush or Block Route; it stays from round to round. */
export interface Stance {
  kind: StanceKind;
  /** The organizations it targets. */
  factions: string[];
  /** Ambush only: how the ambush attacks. */
  strategy: AttackStrategy;
  /** Units assigned to the lieutenant for the stance. */
  units: string[];
}

export const NO_STANCE: Stance = { kind: "", factions: [], strategy: "aggressive", units: [] };

export interface LieutenantSystem {
  /** 1–10. */
  level: number;
  /** 0–5 each. */
  force: number;
  sneak: number;
  charm: number;
  lore: number;
  /** The organization it belongs to. */
  organization: string;
  /** An organization that recruited it while it stayed with its own ("" none); that one pays its upkeep. */
  recruiter: string;
  /** An organization holding it captive ("" none): a captive cannot act. */
  captor: string;
  location: string;
  condition: Condition;
  /** ≥ 0; 0 is not hidden. */
  hiding: number;
  /** Took an action this round. */
  acted: boolean;
  /** Defended against a Force action this round. */
  defended: boolean;
  bonded: boolean;
  /** Original purchase cost (what a successful Recruit pays). */
  cost: number;
  /** Capital paid each round. */
  upkeep: number;
  /** Its own penalties (≤ 0) to future attempts, keyed `surveil:<key>`. */
  penalties: Record<string, number>;
  stance: Stance;
}

export interface UnitSystem {
  level: number;
  competency: Stat;
  upkeep: number;
  /** Original purchase cost: its capital price (Recruit, Sell Item). */
  cost: number;
  bonded: boolean;
  condition: Condition;
  hiding: number;
  location: string;
  /** The commanding lieutenant ("" none). */
  lieutenant: string;
  /** Hired out only to selected clients (earns half). */
  selective: boolean;
  /** An organization that recruited it while it stayed with its owner ("" none); that one pays its upkeep. */
  recruiter: string;
  acted: boolean;
  defended: boolean;
}

export type ProjectKind = "research" | "training";
export type TrainingKind = "" | "level" | "type";

export interface ProjectSystem {
  kind: ProjectKind;
  /** Successes needed (Research Magic 8, Train Minion 6 by default). */
  required: number;
  progress: number;
  /** Something is needed before progress can go on; the GM clears it. */
  blocked: boolean;
  /** Training: the unit id or lieutenant id trained ("" for research). */
  target: string;
  /** Training: a level, or a different type (unit only). */
  training: TrainingKind;
  /** Training: the new competency (type), or the statistic a lieutenant raises (level); "" otherwise. */
  stat: Stat | "";
}

export interface UnitState {
  id: string;
  name: string;
  system: UnitSystem;
}

export interface ProjectState {
  id: string;
  name: string;
  system: ProjectSystem;
}

export interface OrganizationState {
  /** Actor reference (UUID in Foundry). */
  id: string;
  name: string;
  system: OrganizationSystem;
  units: UnitState[];
  projects: ProjectState[];
}

export interface LieutenantState {
  /** Actor reference (UUID in Foundry). */
  id: string;
  name: string;
  system: LieutenantSystem;
}

/** Everything the Operations rules read. */
export interface OperationsState {
  organizations: Record<string, OrganizationState>;
  lieutenants: Record<string, LieutenantState>;
  /** The locale of each location reference; a location not listed is a locale of its own. */
  locales: Record<string, string>;
}

/** A record key for a reference: dots (and `%`) escaped, so the key is safe in a dotted update path. */
export function keyOf(ref: string): string {
  return ref.replace(/%/g, "%25").replace(/\./g, "%2E");
}

export const DEFAULT_STANDING = (faction: string): Standing => ({
  faction,
  influence: 0,
  allied: false,
  penalty: 0,
  influenceCost: 0,
  gainPenalty: 0,
});

/** The Operations actions by group, and each one's icon (plain data: sheets, cards and the gallery share it). */
import type { ActionName } from "./rules/context";

/** The twenty actions, grouped as the seed groups them. */
export const ACTION_GROUPS = {
  force: ["aggressiveAttack", "cautiousAttack", "raid"],
  sneak: ["conceal", "steal", "surveil"],
  charm: ["purchase", "investigate", "recruit", "sellItem"],
  lore: ["researchMagic"],
  other: ["moveMinion", "trainMinion", "hireOut"],
  stance: ["ambush", "blockRoute"],
  influence: ["gainInfluence", "ally", "claim", "rally"],
} as const satisfies Record<string, readonly ActionName[]>;

export type OperationsActionName = (typeof ACTION_GROUPS)[keyof typeof ACTION_GROUPS][number];
export const OPERATIONS_ACTIONS: OperationsActionName[] = Object.values(ACTION_GROUPS).flat();

export const ICONS: Record<OperationsActionName | "stanceTrigger" | "startRound" | "upkeep", string> = {
  aggressiveAttack: "fa-solid fa-burst",
  cautiousAttack: "fa-solid fa-shield-halved",
  raid: "fa-solid fa-sack-dollar",
  conceal: "fa-solid fa-eye-slash",
  steal: "fa-solid fa-mask",
  surveil: "fa-solid fa-binoculars",
  purchase: "fa-solid fa-cart-shopping",
  investigate: "fa-solid fa-magnifying-glass",
  recruit: "fa-solid fa-user-plus",
  sellItem: "fa-solid fa-coins",
  researchMagic: "fa-solid fa-book-sparkles",
  moveMinion: "fa-solid fa-route",
  trainMinion: "fa-solid fa-dumbbell",
  hireOut: "fa-solid fa-handshake",
  ambush: "fa-solid fa-crosshairs",
  blockRoute: "fa-solid fa-road-barrier",
  gainInfluence: "fa-solid fa-comments",
  ally: "fa-solid fa-handshake-angle",
  claim: "fa-solid fa-flag",
  rally: "fa-solid fa-bullhorn",
  stanceTrigger: "fa-solid fa-bell",
  startRound: "fa-solid fa-hourglass-start",
  upkeep: "fa-solid fa-scale-unbalanced",
};

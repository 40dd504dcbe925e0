/**
 * Operations' images, all from Foundry's core icons: a new organization's, lieutenant's, unit's and
 * project's (by type), and the image each action's chat card shows.
 */
import type { OperationsActionName } from "./action-list";

export const OPERATIONS_TYPE_IMAGES = {
  Actor: { organization: "icons/environment/people/group.webp", lieutenant: "icons/equipment/head/hood-red.webp" },
  Item: { unit: "icons/environment/people/commoner.webp", project: "icons/sundries/books/book-open-brown.webp" },
};

export const OPERATIONS_ACTION_IMAGES: Record<OperationsActionName | "stanceTrigger" | "startRound" | "upkeep", string> = {
  aggressiveAttack: "icons/skills/melee/strike-sword-slashing-red.webp",
  cautiousAttack: "icons/skills/melee/shield-block-gray-yellow.webp",
  raid: "icons/containers/bags/pouch-leather-silver-brown.webp",
  conceal: "icons/magic/perception/shadow-stealth-eyes-purple.webp",
  steal: "icons/skills/social/theft-pickpocket-bribery-brown.webp",
  surveil: "icons/tools/navigation/spyglass-telescope-brass.webp",
  purchase: "icons/tools/hand/scale-balances-merchant-brown.webp",
  investigate: "icons/tools/scribal/magnifying-glass.webp",
  recruit: "icons/skills/social/diplomacy-handshake.webp",
  sellItem: "icons/commodities/currency/coins-stitched-pouch-brown.webp",
  researchMagic: "icons/sundries/books/book-embossed-spiral-purple-white.webp",
  moveMinion: "icons/skills/movement/figure-running-gray.webp",
  trainMinion: "icons/skills/melee/swords-parry-block-yellow.webp",
  hireOut: "icons/skills/social/trading-justice-scale-gold.webp",
  ambush: "icons/environment/traps/trap-jaw-steel.webp",
  blockRoute: "icons/environment/traps/spiked-wall.webp",
  gainInfluence: "icons/skills/social/diplomacy-writing-letter.webp",
  ally: "icons/skills/social/diplomacy-unity-alliance.webp",
  claim: "icons/sundries/documents/document-sealed-red-white.webp",
  rally: "icons/sundries/flags/banner-sword-blue.webp",
  stanceTrigger: "icons/environment/traps/trap-jaw-tan.webp",
  startRound: "icons/tools/navigation/hourglass-grey.webp",
  upkeep: "icons/commodities/currency/coins-plain-stack-silver.webp",
};

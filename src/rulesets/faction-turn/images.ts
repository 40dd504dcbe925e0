/**
 * Faction Turn's images, all from Foundry's core icons: a new faction's and asset's (by type), and
 * the image each action's chat card shows.
 */
export const FACTION_TURN_TYPE_IMAGES = {
  Actor: { faction: "icons/sundries/flags/banner-standard-tattered-red.webp" },
  Item: { asset: "icons/sundries/documents/document-sealed-red-tan.webp" },
};

/** By action (the keys of `rules.ACTIONS`). */
export const FACTION_TURN_ACTION_IMAGES = {
  start: "icons/tools/navigation/hourglass-grey.webp",
  end: "icons/skills/social/wave-halt-stop.webp",
  attack: "icons/skills/melee/weapons-crossed-swords-yellow.webp",
  move: "icons/tools/navigation/map-marked-red.webp",
  repair: "icons/skills/trades/construction-carpentry-hammer.webp",
  expand: "icons/sundries/flags/banner-flag-red-white.webp",
  create: "icons/skills/trades/smithing-anvil-silver-red.webp",
  hide: "icons/magic/perception/silhouette-stealth-shadow.webp",
  sell: "icons/commodities/currency/coins-plain-stack-gold.webp",
} as const;

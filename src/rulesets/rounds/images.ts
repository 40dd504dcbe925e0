/**
 * Rounds' images, all from Foundry's core icons: a new hero's, loot's and ability's (by type), and
 * the image each action's chat card shows (a GM override shows its act's).
 */
import type { ICONS } from "./actions/ids";

export const ROUNDS_TYPE_IMAGES = {
  Actor: { hero: "icons/environment/people/spearfighter.webp" },
  Item: { loot: "icons/containers/chest/chest-reinforced-steel-red.webp", ability: "icons/magic/symbols/runes-star-pentagon-blue.webp" },
};

/** By act and encounter move (the keys of `ICONS`). */
export const ROUNDS_ACTION_IMAGES: Record<keyof typeof ICONS, string> = {
  move: "icons/skills/movement/figure-running-gray.webp",
  slipAway: "icons/magic/perception/silhouette-stealth-shadow.webp",
  shoot: "icons/skills/ranged/target-bullseye-arrow-white.webp",
  unleash: "icons/creatures/mammals/rodent-rat-cluster-gray.webp",
  melee: "icons/skills/melee/weapons-crossed-swords-black.webp",
  challenge: "icons/environment/wilderness/cave-entrance-rocky.webp",
  ability: "icons/magic/symbols/runes-star-pentagon-blue.webp",
  trade: "icons/skills/social/diplomacy-handshake.webp",
  pickUp: "icons/containers/bags/pouch-leather-silver-brown.webp",
  reinforce: "icons/sundries/flags/banner-standard-blue.webp",
  trigger: "icons/magic/lightning/bolt-strike-blue.webp",
  nextStep: "icons/tools/navigation/hourglass-grey.webp",
  nextTurn: "icons/skills/social/wave-halt-stop.webp",
  back: "icons/magic/time/arrows-circling-green.webp",
  order: "icons/sundries/scrolls/scroll-bound-sealed-red-white.webp",
  outcome: "icons/svg/blood.svg",
};

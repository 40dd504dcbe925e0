/**
 * Skirmish's images, all from Foundry's core icons: a new infantry's, vehicle's, company's and
 * weapon's (by type), and the image each action's chat card shows (a GM override shows its action's).
 */
import type { ACTIONS } from "./rules/context";

export const SKIRMISH_TYPE_IMAGES = {
  Actor: {
    infantry: "icons/environment/people/infantry-army.webp",
    vehicle: "icons/environment/settlement/wagon-black.webp",
    company: "icons/sundries/flags/banner-sword-blue.webp",
  },
  Item: { weapon: "icons/weapons/guns/rifle-brown.webp" },
};

/** By action (the keys of `rules.ACTIONS`). */
export const SKIRMISH_ACTION_IMAGES: Record<keyof typeof ACTIONS, string> = {
  push: "icons/magic/lightning/bolt-strike-blue.webp",
  move: "icons/skills/movement/figure-running-gray.webp",
  attack: "icons/skills/ranged/target-bullseye-arrow-white.webp",
  reload: "icons/weapons/ammunition/bullets-cartridge-shell-gray.webp",
  deploy: "icons/commodities/tech/smoke-bomb-red-yellow.webp",
  scan: "icons/tools/navigation/spyglass-telescope-brass.webp",
  free: "icons/tools/scribal/ink-quill-red.webp",
  check: "icons/svg/d20-black.svg",
  removeEffect: "icons/svg/cancel.svg",
  advanceRound: "icons/tools/navigation/hourglass-grey.webp",
  endCombat: "icons/skills/social/wave-halt-stop.webp",
  outcome: "icons/svg/blood.svg",
};

/**
 * Battle's images, all from Foundry's core icons: a new realm's and each card type's (by type), and
 * the image each action's chat card shows.
 */
import type { BattleActionKey } from "./ids";

export const BATTLE_TYPE_IMAGES = {
  Actor: { realm: "icons/environment/settlement/castle.webp" },
  Item: {
    location: "icons/environment/settlement/house-farmland.webp",
    building: "icons/environment/settlement/house-city.webp",
    technology: "icons/sundries/documents/blueprint-axe.webp",
    character: "icons/sundries/gaming/chess-knight-white.webp",
    fortification: "icons/environment/settlement/city-wall.webp",
    unitCounter: "icons/environment/people/infantry.webp",
  },
};

export const BATTLE_ACTION_IMAGES: Record<BattleActionKey, string> = {
  attack: "icons/environment/people/charge.webp",
  reinforce: "icons/sundries/flags/banner-standard-blue.webp",
  startTurn: "icons/tools/navigation/hourglass-grey.webp",
  endTurn: "icons/skills/social/wave-halt-stop.webp",
  useBuilding: "icons/skills/trades/construction-carpentry-hammer-gray.webp",
  playCharacter: "icons/sundries/gaming/playing-cards.webp",
  citadelLoss: "icons/environment/settlement/building-rubble.webp",
};

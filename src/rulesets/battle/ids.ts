/** The pipeline ids of the Battle actions. */
export const BATTLE_ACTIONS = {
  attack: "battle.attack",
  reinforce: "battle.reinforce",
  startTurn: "battle.startTurn",
  endTurn: "battle.endTurn",
  useBuilding: "battle.useBuilding",
  playCharacter: "battle.playCharacter",
  citadelLoss: "battle.citadelLoss",
} as const;
export type BattleActionKey = keyof typeof BATTLE_ACTIONS;

/**
 * Turns taken in an encounter (Foundry's combat tracker), as the pure rules see them. A side in
 * the encounter starts its turn only when the encounter gives it one: when it is that side's
 * turn, at the furthest turn the encounter has reached (a GM who goes back a turn does not give
 * anyone a second one). Sides outside the encounter take their turns freely.
 */
export interface TurnOrder {
  /** The sides (actor references) in the encounter. */
  members: string[];
  /** The side whose turn it is, at the encounter's furthest turn; null otherwise. */
  open: string | null;
}

/** May `id` start a turn now? Always outside an encounter; inside, only when its turn is open. */
export function turnIsOpen(order: TurnOrder | undefined, id: string): boolean {
  return !order || !order.members.includes(id) || order.open === id;
}

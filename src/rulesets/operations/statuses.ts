/**
 * A lieutenant's condition and hiding on its tokens (core/statuses.ts keeps them in step): dinged,
 * damaged or defeated, and hidden. The condition and the hiding level are the GM's to change (an
 * action applied by the GM's client, the GM on the sheet or on the token HUD); a player turning one
 * of these statuses on or off is refused and nothing changes.
 */
import { registerStatusSet, type StatusSet } from "../../core/statuses";
import { OPERATIONS_STATUSES, isOperationsStatus, statusesOf, toggleStatus, type OperationsStatus, type StatusData } from "./rules/statuses";

const S = "FACTIONS.Operations.Status.";

/** Core icons, one per status. */
export const STATUS_ICONS: Record<OperationsStatus, string> = {
  dinged: "icons/svg/blood.svg",
  damaged: "icons/svg/bones.svg",
  defeated: "icons/svg/unconscious.svg",
  hidden: "icons/svg/cowled.svg",
};

const dataOf = (actor: Actor.Implementation): StatusData => actor.system as unknown as StatusData;

export const LIEUTENANT_STATUSES: StatusSet = {
  actorType: "lieutenant",
  statuses: OPERATIONS_STATUSES.map((id) => ({ id, name: `${S}${id}`, img: STATUS_ICONS[id] })),
  wanted: (actor) => statusesOf(dataOf(actor)),
  toggle(actor, status, on, user) {
    if (!isOperationsStatus(status)) return { update: {} };
    if (!user.isGM) return { refusal: { key: `${S}GMOnly`, data: { status: `${S}${status}`, name: actor.name } } };
    const changed = toggleStatus(dataOf(actor), status, on);
    return { update: Object.fromEntries(Object.entries(changed).map(([key, value]) => [`system.${key}`, value])) };
  },
  paths: ["system.condition", "system.hiding"],
};

export function registerOperationsStatuses(): void {
  registerStatusSet(LIEUTENANT_STATUSES);
}

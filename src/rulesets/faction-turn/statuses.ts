/**
 * A faction's Stealth and Exposed on its tokens (core/statuses.ts keeps them in step): shown while
 * any of its assets has the quality. The quality is an asset's, so a status turned on or off on the
 * faction's token (which names no asset) is refused, for the GM too, with a message pointing to the
 * assets; the asset's sheet or an action changes it, and the tokens follow.
 */
import { registerStatusSet, type StatusSet } from "../../core/statuses";
import type { AssetSystem } from "./rules/state";
import { FACTION_STATUSES, factionStatuses, type FactionStatus } from "./rules/statuses";

const S = "FACTIONS.FactionTurn.Status.";

/** Core icons, one per status. */
export const STATUS_ICONS: Record<FactionStatus, string> = {
  stealth: "icons/svg/invisible.svg",
  exposed: "icons/svg/target.svg",
};

export const FACTION_STATUS_SET: StatusSet = {
  actorType: "faction",
  statuses: FACTION_STATUSES.map((id) => ({ id, name: `${S}${id}`, img: STATUS_ICONS[id] })),
  wanted: (actor) => factionStatuses(actor.items.filter((i) => i.type === "asset").map((i) => i.system as unknown as AssetSystem)),
  toggle: (actor, status) => ({ refusal: { key: `${S}FromAssets`, data: { status: `${S}${status}`, name: actor.name } } }),
  paths: [],
  items: { type: "asset", paths: FACTION_STATUSES.map((s) => `system.${s}`) },
};

export function registerFactionTurnStatuses(): void {
  registerStatusSet(FACTION_STATUS_SET);
}

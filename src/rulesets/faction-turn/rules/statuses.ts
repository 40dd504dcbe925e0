/**
 * What a faction's tokens show: Stealth while any of its assets has Stealth, Exposed while any
 * of its assets is exposed. The qualities belong to the assets; the faction only shows them.
 */
import type { AssetSystem } from "./state";

export const FACTION_STATUSES = ["stealth", "exposed"] as const;
export type FactionStatus = (typeof FACTION_STATUSES)[number];

export const isFactionStatus = (id: string): id is FactionStatus => (FACTION_STATUSES as readonly string[]).includes(id);

/** The statuses a faction with these assets shows. */
export function factionStatuses(assets: readonly Pick<AssetSystem, FactionStatus>[]): FactionStatus[] {
  return FACTION_STATUSES.filter((status) => assets.some((asset) => asset[status]));
}

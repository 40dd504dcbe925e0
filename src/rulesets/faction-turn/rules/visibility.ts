import type { AssetState, FactionState } from "./state";

/** The assets a viewer may see: a viewer who does not own the faction never sees Stealth assets. */
export function visibleAssets(faction: FactionState, viewerOwnsFaction: boolean): AssetState[] {
  return viewerOwnsFaction ? [...faction.assets] : faction.assets.filter((a) => !a.system.stealth);
}

import { ATTRIBUTES, MAGIC_LEVELS, type AssetState, type Attribute, type FactionState, type FactionSystem, type Magic } from "./state";

/** Hit points a faction gets for an attribute rating (RULES §2). */
export const HP_FOR_RATING: Readonly<Record<number, number>> = { 1: 1, 2: 2, 3: 4, 4: 6, 5: 9, 6: 12, 7: 16, 8: 20 };

/** HP for one rating; ratings below 1 give 0, above 8 give the rating-8 value. */
export function hpForRating(r: number): number {
  const n = Math.trunc(r);
  if (n < 1) return 0;
  if (n > 8) return HP_FOR_RATING[8]!;
  return HP_FOR_RATING[n]!;
}

/** Max HP: the GM override, else 4 + Σ HP for Force, Wealth and Cunning. */
export function maxHp(system: Pick<FactionSystem, "force" | "wealth" | "cunning" | "hp">): number {
  if (system.hp.override !== null && system.hp.override !== undefined) return system.hp.override;
  return 4 + hpForRating(system.force) + hpForRating(system.wealth) + hpForRating(system.cunning);
}

/** How many (non-Base) assets of the attribute the faction may keep without upkeep. */
export function assetCap(faction: FactionState, attribute: Attribute): number {
  return Math.max(0, faction.system[attribute]);
}

/** The faction's assets that count toward the cap of the attribute (Bases of Influence never do). */
export function cappedAssets(faction: FactionState, attribute: Attribute): AssetState[] {
  return faction.assets.filter((a) => !a.system.base && a.system.attribute === attribute);
}

/** Assets beyond the cap, per attribute. */
export function excessAssets(faction: FactionState): Record<Attribute, number> {
  const out = { force: 0, wealth: 0, cunning: 0 } as Record<Attribute, number>;
  for (const attr of ATTRIBUTES) out[attr] = Math.max(0, cappedAssets(faction, attr).length - assetCap(faction, attr));
  return out;
}

/** Total excess over all attributes. */
export function totalExcess(faction: FactionState): number {
  const e = excessAssets(faction);
  return e.force + e.wealth + e.cunning;
}

/** Treasure earned at the start of a turn: ceil(Wealth/2) + floor((Force+Cunning)/4). */
export function income(faction: FactionState): number {
  const s = faction.system;
  return Math.ceil(s.wealth / 2) + Math.floor((s.force + s.cunning) / 4);
}

/** Does a Magic level meet a requirement? */
export function magicAtLeast(have: Magic, need: Magic): boolean {
  return MAGIC_LEVELS.indexOf(have) >= MAGIC_LEVELS.indexOf(need);
}

/** Healing of Repair Asset for one fix of an asset of the attribute: ceil(rating / 2). */
export function assetRepairAmount(faction: FactionState, attribute: Attribute): number {
  return Math.max(0, Math.ceil(faction.system[attribute] / 2));
}

/** Healing of the faction by Repair Asset: ceil((highest + lowest of Force, Wealth, Cunning) / 2). */
export function factionRepairAmount(faction: FactionState): number {
  const r = ATTRIBUTES.map((a) => faction.system[a]);
  return Math.max(0, Math.ceil((Math.max(...r) + Math.min(...r)) / 2));
}

/** Cost of fixes number from+1 … from+n of one asset in one turn: (from+1) + … + (from+n). */
export function repairCost(from: number, n: number): number {
  return n * from + (n * (n + 1)) / 2;
}

/** A faction at 0 HP is destroyed. */
export function isDestroyed(faction: FactionState): boolean {
  return faction.system.hp.value <= 0;
}

/** The faction's assets at a location, in order. */
export function assetsAt(faction: FactionState, location: string): AssetState[] {
  return faction.assets.filter((a) => a.system.location === location);
}

/**
 * Lookups made once over the cards, so that a sheet (or any pass over every card) asks each
 * question in O(1) instead of scanning the cards again: the rules' `hasCard`,
 * `missingRequirement`, `builtAtMatches`, `findLocation` and `fortificationsAt` answered from
 * maps, with the same answers in the same order.
 */
import { typeKey, type BattleState, type BuildingItem, type FortificationItem, type LocationItem, type RealmItem, type RealmState, type TechnologyItem } from "./state";

/** One realm's cards by id, by name, and its military buildings by the names technologies are used at. */
export class CardIndex {
  private readonly ids = new Map<string, RealmItem>();
  /** Name keys of its buildings, technologies and fortifications (what a requirement names). */
  private readonly names = new Set<string>();
  /** Military buildings by the key of their name and of their subtype, in card order. */
  private readonly military = new Map<string, BuildingItem[]>();

  constructor(realm: RealmState) {
    for (const it of realm.items) {
      if (!this.ids.has(it.id)) this.ids.set(it.id, it);
      if (it.type === "building" || it.type === "technology" || it.type === "fortification") this.names.add(typeKey(it.name));
      if (it.type === "building" && it.system.military) {
        const keys = new Set([typeKey(it.name)]);
        if (it.system.subtype !== "") keys.add(typeKey(it.system.subtype));
        for (const k of keys) {
          const list = this.military.get(k);
          if (list) list.push(it);
          else this.military.set(k, [it]);
        }
      }
    }
  }

  /** The first card with this id. */
  item(id: string): RealmItem | undefined {
    return this.ids.get(id);
  }

  /** The realm has a building, technology or fortification of that name. */
  hasCard(name: string): boolean {
    return this.names.has(typeKey(name));
  }

  /** The first requirement of the technology the realm lacks, if any. */
  missingRequirement(tech: TechnologyItem): string | undefined {
    return tech.system.requires.find((req) => req.trim() !== "" && !this.hasCard(req));
  }

  /** The realm's military buildings the technology is used at (by name or subtype), in card order. */
  militaryFor(tech: TechnologyItem): readonly BuildingItem[] {
    return this.military.get(typeKey(tech.system.builtAt)) ?? [];
  }
}

/** Every realm's locations by id, and the fortifications standing on each. */
export class PlaceIndex {
  private readonly locations = new Map<string, { holder: RealmState; location: LocationItem }>();
  private readonly forts = new Map<string, { holder: RealmState; fortification: FortificationItem }[]>();

  constructor(state: BattleState) {
    for (const holder of Object.values(state.realms)) {
      for (const it of holder.items) {
        if (it.type === "location" && !this.locations.has(it.id)) this.locations.set(it.id, { holder, location: it });
        if (it.type === "fortification") {
          const list = this.forts.get(it.system.location);
          if (list) list.push({ holder, fortification: it });
          else this.forts.set(it.system.location, [{ holder, fortification: it }]);
        }
      }
    }
  }

  /** The location with this id, with the realm holding its item (the first one found, as `findLocation`). */
  location(id: string): { holder: RealmState; location: LocationItem } | undefined {
    return this.locations.get(id);
  }

  /** Fortifications standing on the location, whichever realm holds them (as `fortificationsAt`). */
  fortificationsAt(locationId: string): readonly { holder: RealmState; fortification: FortificationItem }[] {
    return this.forts.get(locationId) ?? [];
  }
}

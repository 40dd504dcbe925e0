/**
 * What the realm sheet and the battle window both need to know of a battle before it is set up:
 * who may fight and what may be targeted. Kept apart from the window, which loads only when it opens.
 */
import { hasCitadel, locationOwner, type BattleState, type BattleTarget, type RealmState, type Side } from "../rules";

export type BattleMode = "attack" | "citadel" | "reinforce" | "defend";

export const targetValue = (t: BattleTarget | null, defender: string): string => (!t ? "" : t.kind === "location" ? `location:${t.id}` : `citadel:${defender}`);

/** Units and characters of a realm that may join: (attacker) not exhausted nor in an offensive this turn; (defender) not exhausted. */
export function readyFighters(realm: RealmState, side: Side): string[] {
  return realm.items
    .filter((i) => (i.type === "unit" || i.type === "character") && !i.system.exhausted && !(side === "attacker" && i.system.inOffensive))
    .map((i) => i.id);
}

/** Every target the mode offers: others' locations and citadels to attack; the realm's own captured, undamaged, not full locations to reinforce. */
export function targetChoices(state: BattleState, attacker: string, mode: BattleMode): { value: string; target: BattleTarget; defender: string; label: string; group: string }[] {
  const out: { value: string; target: BattleTarget; defender: string; label: string; group: string }[] = [];
  for (const holder of Object.values(state.realms)) {
    for (const it of holder.items) {
      if (it.type !== "location") continue;
      const owner = locationOwner(holder, it);
      const own = owner === attacker;
      if (mode === "reinforce" ? !own || it.system.damaged || it.system.control >= it.system.maxControl : own || mode === "citadel") continue;
      const target: BattleTarget = { kind: "location", id: it.id };
      out.push({ value: targetValue(target, owner), target, defender: owner, label: `${it.name} (${it.system.control}/${it.system.maxControl})`, group: state.realms[owner]?.name ?? holder.name });
    }
  }
  if (mode === "attack" || mode === "citadel") {
    for (const realm of Object.values(state.realms)) {
      if (realm.id === attacker || !hasCitadel(realm)) continue;
      const citadel = realm.items.find((i) => i.type === "building" && i.system.citadel)!;
      const target: BattleTarget = { kind: "citadel" };
      out.push({ value: targetValue(target, realm.id), target, defender: realm.id, label: citadel.name, group: realm.name });
    }
  }
  return out;
}


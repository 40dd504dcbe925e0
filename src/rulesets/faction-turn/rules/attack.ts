import type { Modifier } from "../../../core/rules/check";
import { entryValue, type Entry } from "../../../core/rules/entries";
import { isFormula } from "../../../core/rules/formula";
import { ok, type Outcome, type Result } from "../../../core/rules/outcome";
import { actingFaction, canTakeAction, firstDuplicate, isLine, ownAsset, refusal, refuse, situational } from "./common";
import { ACTIONS, LOG, type FactionTurnContext } from "./context";
import { damageAsset, type DamageReport } from "./damage";
import { assetsAt } from "./derived";
import { Draft } from "./draft";
import { visibleAssets } from "./visibility";
import type { AssetState, Attribute, FactionState, FactionTurnState } from "./state";

export interface AttackChoice {
  faction: string;
  /** The faction attacked. */
  target: string;
  /** Attacking assets of `faction`, in the order they attack. */
  attackers: string[];
  /**
   * The target's defending asset (`value`) per location (`key`): its owner's pick; a location left
   * out gets `autoDefenders`. A list, as locations are references with dots in them.
   */
  defenders?: Entry<string>[];
  /**
   * Reaction to Expand Influence: an immediate attack on the new Base, outside
   * the attacker's turn (its action is neither needed nor used). Every attacker
   * must be at the Base's location; the default defender there is the Base.
   * `card` is the Expand Influence card that offered it (the GM's client checks the offer; the rule ignores it).
   */
  reaction?: { base: string; card?: string };
  /** Situational modifier added to the attacker's side of every attack check (default 0). */
  modifier?: number;
}

export interface AttackExchange {
  /** Attacking asset id. */
  attacker: string;
  location: string;
  /** Defending asset id; null if the target had nothing left there. */
  defender: string | null;
  /** Index of the check in `outcome.checks`; null if none was rolled. */
  check: number | null;
  success: boolean | null;
  /** The damage dealt (to the defender on success, to the attacker by a counterattack on failure). */
  damage: DamageReport | null;
}

export interface AttackDetail {
  target: string;
  reaction: boolean;
  exchanges: AttackExchange[];
  /** Factions brought to 0 HP. */
  factionsDestroyed: string[];
}

/** i18n key of an attribute's name (used as a check modifier label). */
export function attributeLabel(attr: Attribute): string {
  return `${LOG}Attribute.${attr}`;
}

/** The faction's asset with the most HP left at the location (ties: first in order), if any. */
export function bestDefender(faction: FactionState, location: string): AssetState | undefined {
  let best: AssetState | undefined;
  for (const a of assetsAt(faction, location)) if (!best || a.system.hp.value > best.system.hp.value) best = a;
  return best;
}

/** The automatic defender pick: at each location, the target's asset with the most HP left (ties: first). */
export function autoDefenders(state: FactionTurnState, target: string, locations: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const f = state.factions[target];
  if (!f) return out;
  for (const loc of locations) {
    const a = bestDefender(f, loc);
    if (a) out[loc] = a.id;
  }
  return out;
}

/** Does the faction have an asset at the location that another faction can see (not in Stealth)? */
export function visibleAt(faction: FactionState, location: string): boolean {
  return visibleAssets(faction, false).some((a) => a.system.location === location);
}

/**
 * Attack: each attacker in turn rolls its attack against the defender at its location. Only a
 * faction the attacker can see there may be attacked; its owner then defends with any asset there.
 */
export function attack(state: FactionTurnState, choice: AttackChoice, ctx: FactionTurnContext): Result<Outcome<AttackDetail>> {
  const faction = actingFaction(state, choice.faction);
  if (isLine(faction)) return refuse(faction);
  const target = Object.prototype.hasOwnProperty.call(state.factions, choice.target) ? state.factions[choice.target] : undefined;
  if (!target) return refuse(refusal("NoFaction", { faction: String(choice.target) }));
  if (target.id === faction.id) return refuse(refusal("SameFaction", { faction: faction.name }));

  const extra = situational(choice.modifier);
  if (isLine(extra)) return refuse(extra);
  let base: AssetState | undefined;
  if (choice.reaction) {
    const b = ownAsset(target, choice.reaction.base);
    if (isLine(b)) return refuse(b);
    if (!b.system.base) return refuse(refusal("NotBase", { asset: b.name }));
    base = b;
  } else {
    const r = canTakeAction(faction);
    if (r) return refuse(r);
  }

  if (choice.attackers.length === 0) return refuse(refusal("NothingChosen"));
  const dup = firstDuplicate(choice.attackers);
  if (dup !== undefined) return refuse(refusal("Duplicate", { asset: dup }));
  const locations: string[] = [];
  for (const id of choice.attackers) {
    const a = ownAsset(faction, id);
    if (isLine(a)) return refuse(a);
    if (a.system.attack.damage === "") return refuse(refusal("NoAttack", { asset: a.name }));
    if (!isFormula(a.system.attack.damage)) return refuse(refusal("BadFormula", { asset: a.name, formula: a.system.attack.damage }));
    const loc = a.system.location;
    if (loc === "") return refuse(refusal("NoLocation", { asset: a.name }));
    if (base && loc !== base.system.location) return refuse(refusal("NotAtBase", { asset: a.name, base: base.name }));
    // The attacker sees the target there only by an asset it can see: one there in Stealth does not count.
    if (!visibleAt(target, loc)) return refuse(refusal("NoTargetThere", { asset: a.name, target: target.name }));
    if (!locations.includes(loc)) locations.push(loc);
  }

  const defenders: Record<string, string> = {};
  const auto = autoDefenders(state, target.id, locations);
  for (const loc of locations) {
    const picked = entryValue(choice.defenders, loc);
    if (picked !== undefined) {
      const a = target.assets.find((x) => x.id === picked);
      if (!a || a.system.location !== loc) return refuse(refusal("BadDefender", { asset: a?.name ?? String(picked), target: target.name }));
      defenders[loc] = a.id;
    } else if (base && loc === base.system.location) defenders[loc] = base.id;
    else defenders[loc] = auto[loc]!;
    for (const a of assetsAt(target, loc)) {
      if (a.system.counter !== "" && !isFormula(a.system.counter)) {
        return refuse(refusal("BadFormula", { asset: a.name, formula: a.system.counter }));
      }
    }
  }

  const d = new Draft(state, ctx);
  const f = faction.id;
  const t = target.id;
  if (base) d.say(`${LOG}AttackReaction`, { faction: faction.name, target: target.name, base: base.name });
  else d.say(`${LOG}Attack`, { faction: faction.name, target: target.name });
  const exchanges: AttackExchange[] = [];
  const destroyedFactions: string[] = [];
  for (const id of choice.attackers) {
    const atk = d.asset(f, id);
    if (!atk) {
      d.say(`${LOG}AttackerGone`, { attacker: faction.assets.find((a) => a.id === id)!.name });
      continue;
    }
    const loc = atk.system.location;
    let def = d.asset(t, defenders[loc]!);
    if (!def) {
      def = bestDefender(d.faction(t), loc);
      if (def) defenders[loc] = def.id;
    }
    if (!def) {
      d.say(`${LOG}NoDefender`, { attacker: atk.name, target: target.name });
      exchanges.push({ attacker: id, location: loc, defender: null, check: null, success: null, damage: null });
      continue;
    }
    const attackerF = d.faction(f);
    const targetF = d.faction(t);
    const mods: Modifier[] = [{ label: attributeLabel(atk.system.attack.attribute), value: attackerF.system[atk.system.attack.attribute] }, ...extra];
    const opp: Modifier[] = [{ label: attributeLabel(atk.system.attack.defense), value: targetF.system[atk.system.attack.defense] }];
    d.say(`${LOG}Attacks`, { attacker: atk.name, defender: def.name });
    const checkIndex = d.checks.length;
    const check = d.check({ key: `${LOG}AttackCheck`, data: { attacker: atk.name, defender: def.name } }, mods, opp, "twoTier");
    const success = check.tier === "success";
    let damage: DamageReport | null = null;
    if (success) {
      d.say(`${LOG}AttackSuccess`, { attacker: atk.name, defender: def.name });
      const dmg = d.roll(atk.system.attack.damage, { key: `${LOG}DamageRoll`, data: { asset: atk.name } });
      damage = damageAsset(d, t, def.id, dmg);
    } else {
      d.say(`${LOG}AttackFailure`, { attacker: atk.name, defender: def.name });
      if (def.system.counter !== "") {
        const dmg = d.roll(def.system.counter, { key: `${LOG}CounterRoll`, data: { asset: def.name } });
        damage = damageAsset(d, f, atk.id, dmg);
      } else d.say(`${LOG}NoCounter`, { defender: def.name });
    }
    if (damage?.factionDestroyed) destroyedFactions.push(damage.faction);
    exchanges.push({ attacker: id, location: loc, defender: def.id, check: checkIndex, success, damage });
  }
  if (!base) d.setFaction(f, "system.turn.action", ACTIONS.attack);
  return ok(d.outcome(ACTIONS.attack, f, { target: t, reaction: !!base, exchanges, factionsDestroyed: destroyedFactions }));
}

import { counted, ok, type Line, type LineSide, type Outcome, type Result } from "../../../core/rules/outcome";
import { buildBattle, fight, type Assignment, type BattleChoice, type BattleStep, type BattleTarget, type Combatant } from "./battle";
import { ACTIONS, LOG, SUMMARY } from "./context";
import { ChangeList } from "./realm";
import { battleIndex } from "./legality";
import type { BattleState } from "./state";

export interface BattleDetail {
  attacker: string;
  defender: string;
  target: BattleTarget;
  /** The id hits on the target use: the location's id, or `"citadel"`. */
  objective: string;
  objectiveName: string;
  reinforce: boolean;
  /** Every combatant with its protection type and range choice as fought. */
  combatants: Combatant[];
  /** Every assignment, given and automatic, in a legal order. */
  assignments: Assignment[];
  /** The step-by-step account. */
  steps: BattleStep[];
  destroyed: string[];
  /** Units and characters left standing: exhausted until their realm's next turn. */
  exhausted: string[];
  /** The location's control before and after (null for a citadel). */
  location: { id: string; holder: string; before: number; after: number; maxControl: number; captured: boolean } | null;
  /** Damage to the citadel; when > 0 the defender must destroy one building of its choice (`chooseCitadelLoss`). */
  citadel: { damage: number; buildingToDestroy: boolean } | null;
  /** Attacks the attacker has left this turn. */
  attacksLeft: number;
}

const LOG_KEYS = new Map<string, string>();
/** A log key, put together once: a battle writes a line per hit, and `LOG + key` would make a new string for each. */
function logKey(key: string): string {
  let k = LOG_KEYS.get(key);
  if (k === undefined) LOG_KEYS.set(key, (k = LOG + key));
  return k;
}

/**
 * Equal lines as one object. A battle of 100,000 a side writes a line for each hit and each loss,
 * nearly all alike ("Man at Arms hits Knight for 1"), and nothing writes into a line: the last line
 * kept under two names is given again while its key, side and damage are the ones asked for.
 */
class SharedLines {
  private readonly lines = new Map<string, Map<string, Line>>();

  get(first: string, second: string, key: string, side: LineSide | undefined, damage?: number): Line | undefined {
    const line = this.lines.get(first)?.get(second);
    return line && line.key === key && line.side === side && line.data?.damage === damage ? line : undefined;
  }

  keep(first: string, second: string, line: Line): void {
    let bySecond = this.lines.get(first);
    if (!bySecond) this.lines.set(first, (bySecond = new Map()));
    bySecond.set(second, line);
  }
}

/**
 * Resolve an attack (or a reinforcement) and say what it changes: destroyed
 * units, characters and fortifications deleted (a destroyed unit gives its
 * support back), survivors exhausted, the attackers marked as having joined
 * an offensive, the location's control lowered or raised (captured: its
 * `owner` becomes the attacker, control 0, undamaged), a building owed after
 * a citadel was hurt, and one attack spent. Deterministic: the same state and
 * choice always give the same outcome, so the battle window previews it.
 */
export function resolveBattle(state: BattleState, choice: BattleChoice): Result<Outcome<BattleDetail>> {
  const built = buildBattle(state, choice);
  if (!built.ok) return built;
  const battle = built.value;
  const run = fight(battle, choice.assignments ?? []);
  if (!run.ok) return run;
  const r = run.value;

  const attacker = state.realms[battle.attacker]!;
  const defender = state.realms[battle.defender]!;
  const { items } = battleIndex(battle);
  const cs = battle.combatants;
  const log: Line[] = [];
  const say = (key: string, data: Line["data"], heading = false) => log.push(heading ? { key: logKey(key), data, heading } : { key: logKey(key), data });
  // A line of one side's deed is marked with that side (the attacker acts); reinforcing has one side only.
  const sideOf = (x: Combatant): LineSide | undefined => (battle.reinforce ? undefined : x.side === "attacker" ? "actor" : "opposition");
  /** Write the line of a combatant's deed, and give it. */
  const sayOf = (x: Combatant, key: string, data: Line["data"]): Line => {
    const side = sideOf(x);
    const line: Line = side ? { key: logKey(key), data, side } : { key: logKey(key), data };
    log.push(line);
    return line;
  };
  const shared = new SharedLines();
  const HIT = logKey("Hit");
  const DESTROYED = logKey("Destroyed");
  const lost = { attacker: 0, defender: 0 };

  if (battle.reinforce) say("Reinforce", { attacker: attacker.name, location: battle.objectiveName });
  else if (battle.target.kind === "citadel") say("AttackCitadel", { attacker: attacker.name, defender: defender.name, target: battle.objectiveName });
  else say("Attack", { attacker: attacker.name, defender: defender.name, target: battle.objectiveName });

  // One pass over the steps writes their account and removes the destroyed (by position: no lookup by id).
  const changes = new ChangeList();
  const supportBack = new Map<string, number>();
  const gone = new Uint8Array(cs.length);
  r.steps.forEach((step, k) => {
    const at = r.positions[k]!;
    // Each step's hits are detail: the card folds them away under the step.
    log.push({ key: `${LOG}Step`, data: { speed: step.speed }, heading: true, fold: true });
    step.hits.forEach((h, n) => {
      const hitter = cs[at.from[n]!]!;
      const from = hitter.name;
      const j = at.to[n]!;
      if (h.void && j < 0) sayOf(hitter, "HitCaptured", { from, location: battle.objectiveName });
      else if (h.void) sayOf(hitter, "HitVoid", { from, to: cs[j]!.name });
      else if (j >= 0) {
        const to = cs[j]!.name;
        const kept = shared.get(from, to, HIT, sideOf(hitter), h.damage);
        if (kept) log.push(kept);
        else shared.keep(from, to, sayOf(hitter, "Hit", { from, to, damage: h.damage }));
      } else if (battle.reinforce) say("Reinforces", { from, location: battle.objectiveName, amount: h.damage });
      else sayOf(hitter, "HitObjective", { from, target: battle.objectiveName, damage: h.damage });
    });
    for (const j of at.destroyed) {
      const x = cs[j]!;
      const kept = shared.get(x.name, "", DESTROYED, sideOf(x));
      if (kept) log.push(kept);
      else shared.keep(x.name, "", sayOf(x, "Destroyed", { name: x.name }));
      lost[x.side]++;
      // Destroyed combatants leave play; a unit counter gives its support back.
      gone[j] = 1;
      const realm = state.realms[x.realm]!;
      const item = items[j] ?? realm.items.find((it) => it.id === x.id)!;
      changes.delete(realm.id, item);
      if (item.type === "unit" && item.system.support !== 0) supportBack.set(realm.id, (supportBack.get(realm.id) ?? 0) - item.system.support);
    }
    if (step.objective > 0) {
      if (battle.reinforce) say("ControlGained", { location: battle.objectiveName, amount: step.objective, control: step.control ?? 0 });
      else if (battle.target.kind === "location") say("ControlLost", { location: battle.objectiveName, damage: step.objective, control: step.control ?? 0 });
      else say("CitadelHit", { target: battle.objectiveName, damage: step.objective });
    }
  });
  say("Aftermath", {}, true);

  for (const [realmId, back] of supportBack) {
    const realm = state.realms[realmId]!;
    changes.update(realmId, undefined, "system.support", realm.system.support, realm.system.support + back);
    say("SupportReturned", { realm: realm.name, support: back });
  }
  // Survivors cannot attack or defend until their realm's next turn; the attackers have had their offensive.
  const exhausted: string[] = [];
  for (let i = 0; i < cs.length; i++) {
    const x = cs[i]!;
    if (gone[i] || x.kind === "fortification") continue;
    exhausted.push(x.id);
    changes.update(x.realm, x.id, "system.exhausted", false, true);
    if (x.side === "attacker") changes.update(x.realm, x.id, "system.inOffensive", false, true);
  }
  if (exhausted.length > 0) say(counted("Exhausted", exhausted.length), { count: exhausted.length });

  let location: BattleDetail["location"] = null;
  if (battle.target.kind === "location" && battle.location) {
    const holder = state.realms[battle.location.holder]!;
    const loc = holder.items.find((i) => i.id === battle.objective)!;
    if (loc.type !== "location") throw new Error("not a location");
    const after = r.control ?? loc.system.control;
    changes.update(holder.id, loc.id, "system.control", loc.system.control, after);
    if (r.captured) {
      changes.update(holder.id, loc.id, "system.owner", loc.system.owner, attacker.id === holder.id ? "" : attacker.id);
      changes.update(holder.id, loc.id, "system.damaged", loc.system.damaged, false);
      say("Captured", { location: loc.name, realm: attacker.name });
    } else if (!battle.reinforce && r.objectiveDamage > 0) changes.update(holder.id, loc.id, "system.damaged", loc.system.damaged, true);
    location = { id: loc.id, holder: holder.id, before: loc.system.control, after, maxControl: loc.system.maxControl, captured: r.captured };
  }

  let citadel: BattleDetail["citadel"] = null;
  if (battle.target.kind === "citadel") {
    const owed = r.objectiveDamage > 0;
    citadel = { damage: r.objectiveDamage, buildingToDestroy: owed };
    if (owed) {
      changes.update(defender.id, undefined, "system.buildingsToDestroy", defender.system.buildingsToDestroy, defender.system.buildingsToDestroy + 1);
      say("BuildingOwed", { realm: defender.name });
    }
  }

  const attacksLeft = attacker.system.attacksLeft - 1;
  changes.update(attacker.id, undefined, "system.attacksLeft", attacker.system.attacksLeft, attacksLeft);
  say(counted("AttacksLeft", attacksLeft), { realm: attacker.name, left: attacksLeft });

  // The result at a glance: the target's fate and each side's losses.
  const losses = { attacker: attacker.name, defender: defender.name, attackerLost: lost.attacker, defenderLost: lost.defender };
  const summary: Line[] = [];
  if (location && battle.reinforce) summary.push({ key: `${SUMMARY}Reinforced`, data: { location: battle.objectiveName, before: location.before, after: location.after, max: location.maxControl } });
  else if (location) {
    const data = { location: battle.objectiveName, before: location.before, after: location.after, max: location.maxControl, ...losses };
    summary.push({ key: `${SUMMARY}${location.captured ? "Captured" : "Held"}`, data });
  } else {
    const data = { target: battle.objectiveName, damage: r.objectiveDamage, ...losses };
    summary.push({ key: `${SUMMARY}Citadel`, data });
  }
  const sides = battle.reinforce ? undefined : { actor: { key: `${SUMMARY}Attacker`, data: { realm: attacker.name } }, opposition: { key: `${SUMMARY}Defender`, data: { realm: defender.name } } };

  return ok({
    action: ACTIONS.attack,
    actor: attacker.id,
    checks: [],
    rolls: [],
    changes: changes.list,
    log,
    summary,
    ...(sides ? { sides } : {}),
    detail: {
      attacker: battle.attacker,
      defender: battle.defender,
      target: battle.target,
      objective: battle.objective,
      objectiveName: battle.objectiveName,
      reinforce: battle.reinforce,
      combatants: battle.combatants,
      assignments: r.assignments,
      steps: r.steps,
      destroyed: r.destroyed,
      exhausted,
      location,
      citadel,
      attacksLeft,
    },
  });
}

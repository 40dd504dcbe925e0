import { toJson } from "../../../core/rules/changes";
import { line } from "./common";
import { companyOf } from "./company";
import type { Draft } from "./draft";
import { EFFECT_RULES } from "./effects";
import type { InfantryState, Member, MemberState } from "./state";
import type { TableRow } from "./tables";

/** A heavy weapon loses its reload on Ammo loss only on this or more on its d6. */
export const HEAVY_AMMO_LOSS_FROM = 4;

export interface AmmoLoss {
  weapon: string;
  from: number;
  to: number;
  /** A heavy weapon's own d6, null for the others. */
  d6: number | null;
}

/** What a result did besides its effects. */
export interface FalloutDetail {
  /** Members slowed or put out of the fight. */
  members: string[];
  ammo: AmmoLoss[];
  /** The company whose Morale fell (Disobedience), or "". */
  company: string;
}

/**
 * Members a result hits: those the choice names, in its order, then the
 * squad's own order; only members in one of `states` (Member slowed takes a
 * ready member; Member Injured! takes ready members before slowed ones).
 */
export function pickMembers(members: readonly Member[], count: number, preferred: readonly string[], states: readonly MemberState[]): Member[] {
  const picked: Member[] = [];
  const take = (m: Member | undefined) => {
    if (m && picked.length < count && states.includes(m.state) && !picked.includes(m)) picked.push(m);
  };
  for (const id of preferred) take(members.find((m) => m.id === id));
  for (const s of states) for (const m of members) if (m.state === s) take(m);
  return picked;
}

function setMembers(d: Draft, who: InfantryState, ids: readonly string[], state: MemberState): void {
  const members = d.infantry(who.id).system.members.map((m) => (ids.includes(m.id) ? { ...m, state } : m));
  d.setActor(who.id, "system.members", toJson(members));
}

/**
 * Apply one row of a consequence table to the infantry that pushed (RULES §5):
 * effects are taken or merged; Worsened Condition worsens every penalty;
 * Injury! adds an injury; member results slow or put out members; Ammo loss
 * costs every weapon a reload (a heavy one only on 4+ on its own d6);
 * Disobedience lowers the company's Morale by 1.
 */
export function applyFallout(d: Draft, who: InfantryState, row: TableRow, preferred: readonly string[]): FalloutDetail {
  const detail: FalloutDetail = { members: [], ammo: [], company: "" };
  const name = who.name;
  const fx = d.effects(who.id);
  switch (row.fallout) {
    case "nothing":
      d.say("Nothing", { name });
      break;
    case "worsened": {
      const worse = fx.worsen();
      if (worse.length === 0) d.say("WorsenedNothing", { name });
      else d.say("Worsened", { name, count: worse.length });
      break;
    }
    case "injury": {
      const injuries = d.infantry(who.id).system.injuries + 1;
      d.setActor(who.id, "system.injuries", injuries);
      d.say("Injured", { name, injuries });
      break;
    }
    case "memberSlowed": {
      const [m] = pickMembers(d.infantry(who.id).system.members, 1, preferred, ["ready"]);
      if (!m) {
        d.say("NoMemberToSlow", { name });
        break;
      }
      setMembers(d, who, [m.id], "slowed");
      fx.add("memberSlowed", 1, d.ctx.newId, m.id);
      detail.members.push(m.id);
      d.say("MemberSlowed", { name, member: m.name });
      break;
    }
    case "memberInjured":
    case "twoMembersInjured": {
      const count = row.fallout === "memberInjured" ? 1 : 2;
      const hit = pickMembers(d.infantry(who.id).system.members, count, preferred, ["ready", "slowed"]);
      if (hit.length > 0) setMembers(d, who, hit.map((m) => m.id), "out");
      for (const m of hit) {
        detail.members.push(m.id);
        d.say("MemberOut", { name, member: m.name });
        // A member out of the fight no longer slows the squad.
        for (const e of [...fx.effects]) if (e.kind === "memberSlowed" && e.member === m.id) fx.delete(e.id);
      }
      if (hit.length < count) d.say("NoMemberLeft", { name });
      break;
    }
    case "ammoLoss": {
      if (who.weapons.length === 0) d.say("NoWeapons", { name });
      for (const w of who.weapons) {
        const from = w.system.reloads.value;
        const d6 = w.system.heavy ? d.roll(line("HeavyAmmoRoll", { weapon: w.name }), "1d6") : null;
        const loses = d6 === null || d6 >= HEAVY_AMMO_LOSS_FROM;
        const to = loses ? Math.max(0, from - 1) : from;
        if (to !== from) d.setWeapon(who.id, w.id, "system.reloads.value", to);
        detail.ammo.push({ weapon: w.id, from, to, d6 });
        if (!loses) d.say("AmmoKept", { weapon: w.name });
        else if (to === from) d.say("AmmoEmpty", { weapon: w.name });
        else d.say("AmmoLost", { weapon: w.name, reloads: to });
      }
      break;
    }
    case "disobedience": {
      d.say("Disobedience", { name });
      const company = companyOf(d.state, who);
      if (!company) {
        d.say("NoCompany", { name });
        break;
      }
      const morale = d.company(company.id).system.morale - 1;
      d.setActor(company.id, "system.morale", morale);
      detail.company = company.id;
      d.say("CompanyMorale", { company: company.name, morale });
      break;
    }
    case "exhausted":
    case "hyped":
    case "morale": {
      const before = fx.effects.some((e) => e.kind === row.fallout);
      const e = fx.add(row.fallout, row.n, d.ctx.newId);
      d.say(`${before ? "Stacked" : "Gained"}.${row.fallout}`, { name, stack: e.stack });
      if (row.fallout === "morale") {
        const highest = d.infantry(who.id).system.highestMorale;
        if (e.stack > highest) d.setActor(who.id, "system.highestMorale", e.stack);
      }
      break;
    }
    default: {
      const e = fx.add(row.fallout, row.n, d.ctx.newId);
      // A status has no number to show.
      d.say(`Gained.${row.fallout}`, EFFECT_RULES[row.fallout].sign === 0 ? { name } : { name, stack: e.stack });
    }
  }
  return detail;
}

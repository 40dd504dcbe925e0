import { describe, expect, it } from "vitest";
import type { Outcome, Result } from "../../../src/core/rules/outcome";
import { applyAttackOutcome, attackLanded, offeredOutcomes, outcomesFor, ATTACK_OUTCOMES, type AttackRoll, type OutcomeDetail, type SkirmishState } from "../../../src/rulesets/skirmish/rules";
import { effect, ada, context, noDice, red, scene } from "./fixtures";

const R = "FACTIONS.Skirmish.Reject.";
const L = "FACTIONS.Skirmish.Log.";

function done(r: Result<Outcome<OutcomeDetail>>): Outcome<OutcomeDetail> {
  if (!r.ok) throw new Error(r.reason.key);
  return r.value;
}
const why = <T>(r: Result<T>) => (r.ok ? "" : r.reason.key.replace(R, ""));
const take = (s: SkirmishState, target: string, outcome: string, member = "") => applyAttackOutcome(s, { target, outcome, member, card: "attack1" }, context(noDice));

describe("the outcomes an attack offers, in the seed's terms", () => {
  it("an individual: Injury!, Morale −1 if it has a company, Concussion and Dazed", () => {
    expect(outcomesFor(scene(), "ada")).toEqual(["injury", "concussion", "dazed"]);
    const s = scene({ ada: { ...ada(), system: { ...ada().system, company: "first" } } });
    expect(outcomesFor(s, "ada")).toEqual(["injury", "moraleDown", "concussion", "dazed"]);
  });

  it("a squad: Member Injured! while a member is in the fight, Morale −1 for its company, Panic! and Comms breakdown!", () => {
    expect(outcomesFor(scene(), "red")).toEqual(["memberInjured", "moraleDown", "panic", "commsBreakdown"]);
    const out = red();
    out.system.members = out.system.members.map((m) => ({ ...m, state: "out" as const }));
    expect(outcomesFor(scene({ red: out }), "red")).toEqual(["moraleDown", "panic", "commsBreakdown"]);
  });

  it("a vehicle: only its company's Morale −1 (a company that lists it); a company or nobody: none", () => {
    const s = scene();
    expect(outcomesFor(s, "rhino")).toEqual([]);
    const first = s.actors.first!;
    if (first.type === "company") first.system.squads.push("rhino");
    expect(outcomesFor(s, "rhino")).toEqual(["moraleDown"]);
    expect(outcomesFor(s, "first")).toEqual([]);
    expect(outcomesFor(s, "nobody")).toEqual([]);
  });
});

describe("the outcomes follow the roll", () => {
  const roll = (reached: boolean | null, reach: number | null = reached === null ? null : 6): AttackRoll => ({ weapon: "w", formula: "1d10", total: 5, reach, reached });
  const at = (actor: string) => ({ actor, name: actor, token: "", distance: 3, units: "" });

  it("an attack lands when a weapon reached its number, misses when every weapon fell short, and is the GM's to rule when no roll had a number", () => {
    expect(attackLanded([roll(true)])).toBe(true);
    expect(attackLanded([roll(false), roll(true)])).toBe(true);
    expect(attackLanded([roll(false)])).toBe(false);
    expect(attackLanded([roll(false), roll(false)])).toBe(false);
    expect(attackLanded([roll(false), roll(null)])).toBeNull();
    expect(attackLanded([roll(null)])).toBeNull();
    expect(attackLanded([])).toBeNull();
  });

  it("a hit offers the target's outcomes, Member Injured! its owner's too; a miss offers each only as the GM's ruling", () => {
    const hit = offeredOutcomes(scene(), { target: at("red"), rolls: [roll(true)] });
    expect(hit).toEqual([
      { outcome: "memberInjured", byOwner: true, ruling: false },
      { outcome: "moraleDown", byOwner: false, ruling: false },
      { outcome: "panic", byOwner: false, ruling: false },
      { outcome: "commsBreakdown", byOwner: false, ruling: false },
    ]);
    const miss = offeredOutcomes(scene(), { target: at("red"), rolls: [roll(false)] });
    expect(miss.map((o) => o.outcome)).toEqual(["memberInjured", "moraleDown", "panic", "commsBreakdown"]);
    expect(miss.every((o) => o.ruling && !o.byOwner)).toBe(true);
    expect(offeredOutcomes(scene(), { target: at("ada"), rolls: [roll(null)] })).toEqual(["injury", "concussion", "dazed"].map((outcome) => ({ outcome, byOwner: false, ruling: false })));
  });
});

describe("applying an outcome", () => {
  it("Injury!: one more injury, as the table's Injury! does", () => {
    const o = done(take(scene(), "ada", "injury"));
    expect(o.changes).toEqual([{ op: "update", ref: { actor: "ada" }, path: "system.injuries", from: 0, to: 1 }]);
    expect(o.log).toEqual([{ key: `${L}Injured`, data: { name: "Ada", injuries: 1 } }]);
    expect(o.detail).toMatchObject({ target: "ada", outcome: "injury", member: "", company: "", card: "attack1", economy: null, effects: [] });
  });

  it("Member Injured!: exactly the member picked is out of the fight (a slowed one too, and no longer slows the squad)", () => {
    const o = done(take(scene(), "red", "memberInjured", "m3"));
    expect(o.detail.member).toBe("m3");
    const change = o.changes.find((c) => c.op === "update" && c.path === "system.members");
    expect(change && change.op === "update" ? (change.to as { id: string; state: string }[]).map((m) => m.state) : null).toEqual(["ready", "ready", "out", "ready"]);
    expect(o.log).toEqual([{ key: `${L}MemberOut`, data: { name: "Red Squad", member: "Cy" } }]);

    const slowed = red([effect("s1", "memberSlowed", 1, { member: "m2" })]);
    slowed.system.members[1]!.state = "slowed";
    const p = done(take(scene({ red: slowed }), "red", "memberInjured", "m2"));
    expect(p.detail.effects).toEqual([{ actor: "red", create: [], update: [], delete: [effect("s1", "memberSlowed", 1, { member: "m2" })] }]);
  });

  it("Member Injured! with no member picked, one not in the fight, or none left, is refused", () => {
    expect(why(take(scene(), "red", "memberInjured"))).toBe("PickMember");
    expect(why(take(scene(), "red", "memberInjured", "nobody"))).toBe("MemberNotInFight");
    const out = red();
    out.system.members = out.system.members.map((m) => ({ ...m, state: m.id === "m1" ? ("out" as const) : m.state }));
    expect(why(take(scene({ red: out }), "red", "memberInjured", "m1"))).toBe("MemberNotInFight");
    out.system.members = out.system.members.map((m) => ({ ...m, state: "out" as const }));
    expect(why(take(scene({ red: out }), "red", "memberInjured", "m2"))).toBe("NoMemberInFight");
  });

  it("Morale −1: the target's company's Morale falls by 1", () => {
    const o = done(take(scene(), "red", "moraleDown"));
    expect(o.changes).toEqual([{ op: "update", ref: { actor: "first" }, path: "system.morale", from: 5, to: 4 }]);
    expect(o.log).toEqual([{ key: `${L}MoraleDown`, data: { name: "Red Squad", company: "First Company", morale: 4 } }]);
    expect(o.detail.company).toBe("first");
  });

  it("a named status becomes its effect, for the GM to rule on; one it already has is refused", () => {
    const o = done(take(scene(), "red", "panic"));
    expect(o.detail.effects).toEqual([{ actor: "red", create: [effect("e1", "panic")], update: [], delete: [] }]);
    expect(o.log).toEqual([{ key: `${L}Gained.panic`, data: { name: "Red Squad" } }]);
    expect(done(take(scene(), "ada", "concussion")).detail.effects[0]!.create[0]!.kind).toBe("concussion");
    expect(why(take(scene({ ada: ada([effect("c", "dazed")]) }), "ada", "dazed"))).toBe("AlreadyHasStatus");
  });

  it("an outcome the target cannot take, or no outcome, or no fighter, is refused and changes nothing", () => {
    expect(why(take(scene(), "red", "injury"))).toBe("OutcomeNotFor");
    expect(why(take(scene(), "ada", "memberInjured", "m1"))).toBe("OutcomeNotFor");
    expect(why(take(scene(), "ada", "panic"))).toBe("OutcomeNotFor");
    expect(why(take(scene(), "ada", "moraleDown"))).toBe("OutcomeNotFor");
    expect(why(take(scene(), "rhino", "concussion"))).toBe("OutcomeNotFor");
    expect(why(take(scene(), "red", "wounded"))).toBe("OutcomeNotFor");
    expect(why(take(scene(), "first", "moraleDown"))).toBe("NoActor");
    expect(ATTACK_OUTCOMES).toHaveLength(7);
  });
});

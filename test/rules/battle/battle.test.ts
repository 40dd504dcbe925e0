import { describe, expect, it } from "vitest";
import {
  autoAssign,
  buildBattle,
  chooseCitadelLoss,
  legalTargets,
  resolveBattle,
  startRealmTurn,
  type Assignment,
  type Battle,
  type BattleChoice,
  type BattleState,
} from "../../../src/rulesets/battle/rules";
import type { Result } from "../../../src/core/rules/outcome";
import { applyChecked, building, character, deepFreeze, fortification, item, location, logKeys, manAtArms, nextTurn, realm, reason, unit, value, world } from "./fixtures";

function battleOf(state: BattleState, choice: BattleChoice): Battle {
  const b = buildBattle(state, choice);
  if (!b.ok) throw new Error(b.reason.key);
  return b.value;
}

function option(battle: Battle, so: Assignment[], from: string, step: number, to: string) {
  return legalTargets(battle, so, from, step).find((o) => o.id === to)!;
}

const a = (from: string, to: string, step = 2): Assignment => ({ step, from, to });

// ---------------------------------------------------------------------------
// The seed's example: your three Men at Arms and a Swordsman attack my location,
// defended by my two Men at Arms and Ginda, Lightwalker.

function example(extra: { you?: ReturnType<typeof unit>[] } = {}) {
  const you = realm("you", [manAtArms("y1"), manAtArms("y2"), manAtArms("y3"), unit("ys", "Swordsman", 2, 1, 2), ...(extra.you ?? [])], { name: "You" });
  const me = realm("me", [manAtArms("m1"), manAtArms("m2"), character("ginda", "Ginda, Lightwalker", 3, 4, 2), location("town", 5, 5, { name: "Town" })], {
    name: "Me",
  });
  return deepFreeze(world(you, me));
}

const exampleChoice = (assignments: Assignment[], over: Partial<BattleChoice> = {}): BattleChoice => ({
  attacker: "you",
  defender: "me",
  target: { kind: "location", id: "town" },
  attackers: ["y1", "y2", "y3", "ys"],
  defenders: ["m1", "m2", "ginda"],
  protect: { ginda: "Man at Arms" },
  assignments,
  ...over,
});

const exampleAssignments = [
  a("m1", "y1"),
  a("m2", "y2"),
  a("ginda", "ys"),
  a("y1", "m1"),
  a("y2", "m2"),
  a("y3", "ginda"),
  a("ys", "town"),
];

describe("the seed's worked example", () => {
  it("resolves exactly as the text says", () => {
    const state = example();
    const o = value(resolveBattle(state, exampleChoice(exampleAssignments)));
    const d = o.detail;
    expect(d.steps).toHaveLength(1);
    const step = d.steps[0]!;
    expect(step.speed).toBe(2);
    const hits = Object.fromEntries(step.hits.map((h) => [h.from, [h.to, h.damage]]));
    expect(hits).toEqual({
      m1: ["y1", 1],
      m2: ["y2", 1],
      ginda: ["ys", 3],
      y1: ["m1", 1],
      y2: ["m2", 1],
      y3: ["ginda", 1],
      ys: ["town", 2],
    });
    expect([...step.destroyed].sort()).toEqual(["m1", "m2", "y1", "y2", "ys"]);
    expect(step.objective).toBe(2);
    expect(d.location).toEqual({ id: "town", holder: "me", before: 5, after: 3, maxControl: 5, captured: false });
    expect([...d.exhausted].sort()).toEqual(["ginda", "y3"]);

    const next = applyChecked(state, o);
    // Both of my Men at Arms, two of yours and your Swordsman are gone.
    for (const [r, id] of [["me", "m1"], ["me", "m2"], ["you", "y1"], ["you", "y2"], ["you", "ys"]] as const) expect(item(next, r, id)).toBeUndefined();
    // Ginda took 1 of her 4 and survives; the damage does not stay. She and your third Man at Arms are exhausted.
    expect(item(next, "me", "ginda")).toMatchObject({ system: { exhausted: true, inOffensive: false } });
    expect(item(next, "you", "y3")).toMatchObject({ system: { exhausted: true, inOffensive: true } });
    expect(item(next, "me", "town")).toMatchObject({ system: { control: 3, damaged: true, owner: "" } });
    expect(next.realms.you!.system.attacksLeft).toBe(2);
    // Destroyed counters give their support back.
    expect(next.realms.me!.system.support).toBe(12);
    expect(next.realms.you!.system.support).toBe(13);
    expect(logKeys(o)).toContain("Destroyed");
  });

  it("any order of the same assignments within the step is accepted", () => {
    const shuffled = [exampleAssignments[6]!, exampleAssignments[5]!, exampleAssignments[4]!, exampleAssignments[3]!, ...exampleAssignments.slice(0, 3)];
    const o1 = value(resolveBattle(example(), exampleChoice(exampleAssignments)));
    const o2 = value(resolveBattle(example(), exampleChoice(shuffled)));
    expect(o2.changes).toEqual(o1.changes);
    // The account lists them in a legal order.
    const battle = battleOf(example(), exampleChoice([]));
    o2.detail.assignments.forEach((x, i) => expect(option(battle, o2.detail.assignments.slice(0, i), x.from, x.step, x.to).legal).toBe(true));
  });

  it("your third Man at Arms may go to Ginda only once both my Men at Arms were assigned damage in the same step", () => {
    const battle = battleOf(example(), exampleChoice([]));
    const none = option(battle, [], "y3", 2, "ginda");
    expect(none.legal).toBe(false);
    expect(none.reason).toEqual({ key: "FACTIONS.Battle.Illegal.Protected", data: { target: "Ginda, Lightwalker", type: "Man at Arms", left: 2 } });
    expect(option(battle, [a("y1", "m1")], "y3", 2, "ginda").reason?.data?.left).toBe(1);
    expect(option(battle, [a("y1", "m1"), a("y2", "m2")], "y3", 2, "ginda").legal).toBe(true);
    // The defenders' own assignments do not count.
    expect(option(battle, [a("m1", "y1"), a("m2", "y2")], "y3", 2, "ginda").legal).toBe(false);
  });

  it("your Swordsman may go to the location only once every defender was assigned damage", () => {
    const battle = battleOf(example(), exampleChoice([]));
    const so = [a("y1", "m1"), a("y2", "m2")];
    const before = option(battle, so, "ys", 2, "town");
    expect(before.legal).toBe(false);
    expect(before.reason).toEqual({ key: "FACTIONS.Battle.Illegal.DefendersLeft", data: { target: "Town", left: 1 } });
    expect(option(battle, [...so, a("y3", "ginda")], "ys", 2, "town").legal).toBe(true);
    // The defenders never target the location.
    expect(option(battle, [], "m1", 2, "town").reason?.key).toBe("FACTIONS.Battle.Illegal.DefenderObjective");
    // Nor their own side.
    expect(option(battle, [], "m1", 2, "m2").reason?.key).toBe("FACTIONS.Battle.Illegal.OwnSide");
  });

  it("refuses assignments that break the rules", () => {
    // Your Swordsman to the location while Ginda has not been assigned damage.
    const early = [a("y1", "m1"), a("y2", "m2"), a("y3", "m1"), a("ys", "town")];
    expect(reason(resolveBattle(example(), exampleChoice(early)))).toBe("DefendersLeft");
    // Ginda while my second Man at Arms is unassigned.
    expect(reason(resolveBattle(example(), exampleChoice([a("y1", "m1"), a("y2", "ginda")])))).toBe("Protected");
    // A zero-damage assignment does not count toward protection.
    const weak = example({ you: [unit("y0", "Man at Arms", 0, 1, 2)] });
    const choice = exampleChoice([a("y0", "m1"), a("y1", "m2"), a("y2", "ginda")], { attackers: ["y0", "y1", "y2", "y3", "ys"] });
    expect(reason(resolveBattle(weak, choice))).toBe("Protected");
    // Targeting one's own side, twice in a step, at the wrong speed.
    expect(reason(resolveBattle(example(), exampleChoice([a("y1", "y2")])))).toBe("OwnSide");
    expect(reason(resolveBattle(example(), exampleChoice([a("y1", "m1"), a("y1", "m2")])))).toBe("AlreadyAssigned");
    expect(reason(resolveBattle(example(), exampleChoice([a("y1", "m1", 3)])))).toBe("NotActing");
  });

  it("fills in automatic targets that obey every rule", () => {
    const o = value(resolveBattle(example(), exampleChoice([])));
    const battle = battleOf(example(), exampleChoice([]));
    expect(o.detail.assignments).toHaveLength(7);
    o.detail.assignments.forEach((x, i) => expect(option(battle, o.detail.assignments.slice(0, i), x.from, x.step, x.to).legal).toBe(true));
  });
});

describe("speed", () => {
  it("a 2/2/3 unit destroys a Man at Arms before it acts; an up-front hit on it deals nothing", () => {
    const you = realm("you", [unit("k", "Knight", 2, 2, 3), manAtArms("y1")]);
    const me = realm("me", [manAtArms("m1"), manAtArms("m2"), location("town", 5, 5)]);
    const state = world(you, me);
    const choice: BattleChoice = {
      attacker: "you",
      defender: "me",
      target: { kind: "location", id: "town" },
      attackers: ["k", "y1"],
      defenders: ["m1", "m2"],
      assignments: [a("k", "m1", 3), a("m1", "y1"), a("y1", "m1"), a("m2", "k")],
    };
    const o = value(resolveBattle(state, choice));
    expect(o.detail.steps.map((s) => s.speed)).toEqual([3, 2]);
    expect(o.detail.steps[0]!.destroyed).toEqual(["m1"]);
    const s2 = o.detail.steps[1]!;
    // m1 is gone: it does not act; y1's hit on it deals nothing.
    expect(s2.hits.find((h) => h.from === "m1")).toBeUndefined();
    expect(s2.hits.find((h) => h.from === "y1")).toEqual({ from: "y1", to: "m1", damage: 0, void: true });
    expect(s2.destroyed).toEqual([]);
    expect(logKeys(o)).toContain("HitVoid");
    // The window, choosing step by step, never offers it.
    const battle = battleOf(state, { ...choice, assignments: [] });
    expect(option(battle, [a("k", "m1", 3)], "y1", 2, "m1").reason?.key).toBe("FACTIONS.Battle.Illegal.Dead");
    expect(option(battle, [a("k", "m1", 3)], "m1", 2, "y1").reason?.key).toBe("FACTIONS.Battle.Illegal.NotActing");
    // Planned up front, m1's own hit is simply dropped.
    expect(value(resolveBattle(state, { ...choice, assignments: [a("k", "m1", 3), a("m1", "y1")] })).detail.steps[1]!.hits.some((h) => h.from === "m1")).toBe(false);
  });
});

describe("character protection", () => {
  it("a character with a unit type is protected by that type, and cannot choose another", () => {
    const you = realm("you", [
      character("godra", "Godra, Squadron Leader", 2, 2, 4, { unitType: "War Chariot" }),
      unit("c1", "War Chariot", 2, 3, 4),
      manAtArms("y1"),
    ]);
    const me = realm("me", [unit("ar1", "Archer", 1, 1, 4), unit("ar2", "Archer", 1, 1, 4), location("town", 5, 5)]);
    const state = world(you, me);
    const choice: BattleChoice = { attacker: "you", defender: "me", target: { kind: "location", id: "town" }, attackers: ["godra", "c1", "y1"], defenders: ["ar1", "ar2"] };
    const battle = battleOf(state, choice);
    expect(battle.combatants.find((x) => x.id === "godra")!.protect).toBe("War Chariot");
    expect(option(battle, [], "ar1", 4, "godra").reason?.data).toEqual({ target: "Godra, Squadron Leader", type: "War Chariot", left: 1 });
    // Hitting the Man at Arms does not help: it is not a War Chariot.
    expect(option(battle, [a("ar2", "y1", 4)], "ar1", 4, "godra").legal).toBe(false);
    expect(option(battle, [a("ar2", "c1", 4)], "ar1", 4, "godra").legal).toBe(true);
    expect(reason(buildBattle(state, { ...choice, protect: { godra: "Man at Arms" } }))).toBe("FixedType");
    expect(buildBattle(state, { ...choice, protect: { godra: "War Chariots" } }).ok).toBe(true);
  });

  it("a character without a unit type is protected by the type its controller names", () => {
    const you = realm("you", [manAtArms("y1"), manAtArms("y2")]);
    const me = realm("me", [character("ginda", "Ginda, Lightwalker", 3, 4, 2), manAtArms("m1"), manAtArms("m2"), unit("ar", "Archer", 1, 1, 2), location("town", 5, 5)]);
    const state = world(you, me);
    const choice: BattleChoice = {
      attacker: "you",
      defender: "me",
      target: { kind: "location", id: "town" },
      attackers: ["y1", "y2"],
      defenders: ["ginda", "m1", "m2", "ar"],
      protect: { ginda: "Archer" },
    };
    const battle = battleOf(state, choice);
    expect(option(battle, [], "y1", 2, "ginda").reason?.data).toEqual({ target: "Ginda, Lightwalker", type: "Archer", left: 1 });
    expect(option(battle, [a("y2", "ar")], "y1", 2, "ginda").legal).toBe(true);
    // A type the side does not have in the battle is refused; none named: the most numerous.
    expect(reason(buildBattle(state, { ...choice, protect: { ginda: "War Chariot" } }))).toBe("ProtectType");
    expect(battleOf(state, { ...choice, protect: {} }).combatants.find((x) => x.id === "ginda")!.protect).toBe("Man at Arms");
    expect(reason(buildBattle(state, { ...choice, protect: { m1: "Archer" } }))).toBe("ProtectNotCharacter");
  });

  it("other characters do not count among the protecting type; a character never protects itself", () => {
    const you = realm("you", [manAtArms("y1")]);
    const me = realm("me", [
      character("c1", "Charioteer One", 1, 3, 2, { unitType: "War Chariot" }),
      character("c2", "Charioteer Two", 1, 3, 2, { unitType: "War Chariot" }),
      location("town", 5, 5),
    ]);
    const battle = battleOf(world(you, me), {
      attacker: "you",
      defender: "me",
      target: { kind: "location", id: "town" },
      attackers: ["y1"],
      defenders: ["c1", "c2"],
    });
    expect(option(battle, [], "y1", 2, "c1").legal).toBe(true);
    expect(option(battle, [], "y1", 2, "c2").legal).toBe(true);
  });
});

describe("fortifications", () => {
  const tower = (over = {}) => fortification("tower", "Guard Tower", 0, 5, 0, "town", { range: { x: 2, y: 4 }, subtype: "Tower", ...over });
  const setup = () =>
    deepFreeze(
      world(
        realm("you", [manAtArms("y1"), manAtArms("y2"), manAtArms("y3"), manAtArms("y4"), manAtArms("y5"), manAtArms("y6")]),
        realm("me", [location("town", 5, 5), tower()]),
      ),
    );
  const choice = (attackers: string[], assignments: Assignment[] = []): BattleChoice => ({
    attacker: "you",
    defender: "me",
    target: { kind: "location", id: "town" },
    attackers,
    defenders: [],
    assignments,
  });

  it("a Guard Tower fires at range (2 at speed 4), never at the location, and defends again and again", () => {
    const state = setup();
    const battle = battleOf(state, choice(["y1", "y2", "y3"]));
    const t = battle.combatants.find((x) => x.id === "tower")!;
    expect(t).toMatchObject({ side: "defender", kind: "fortification", ranged: true, damage: 2, speed: 4 });
    expect(battle.speeds).toEqual([4, 2]);
    expect(option(battle, [], "tower", 4, "town").reason?.key).toBe("FACTIONS.Battle.Illegal.RangedLocation");
    // It must be assigned damage before the location can be hit.
    expect(option(battle, [a("tower", "y1", 4)], "y2", 2, "town").legal).toBe(false);
    expect(option(battle, [a("tower", "y1", 4), a("y2", "tower")], "y3", 2, "town").legal).toBe(true);

    const o1 = value(resolveBattle(state, choice(["y1", "y2", "y3"], [a("tower", "y1", 4), a("y2", "tower"), a("y3", "town")])));
    expect(o1.detail.steps[0]).toMatchObject({ speed: 4, destroyed: ["y1"] });
    expect(o1.detail.steps[1]).toMatchObject({ speed: 2, objective: 1, control: 4, destroyed: [] });
    const s1 = applyChecked(state, o1);
    // The tower is neither exhausted nor damaged afterwards: it defends the next attack too.
    expect(item(s1, "me", "tower")).toEqual(state.realms.me!.items[1]);
    const o2 = value(resolveBattle(s1, choice(["y4", "y5", "y6"])));
    expect(o2.detail.steps[0]!.hits).toEqual([{ from: "tower", to: expect.any(String), damage: 2, void: false }]);
    expect(o2.detail.steps[0]!.destroyed).toHaveLength(1);
  });

  it("fighting normally instead, a 0/5/0 tower deals nothing at speed 0; it is destroyed by 5 damage", () => {
    const state = setup();
    const o = value(resolveBattle(state, { ...choice(["y1", "y2", "y3", "y4", "y5", "y6"]), ranged: { tower: false } }));
    expect(o.detail.steps.map((s) => s.speed)).toEqual([2, 0]);
    expect(o.detail.steps[0]!.destroyed).toEqual(["tower"]);
    expect(o.changes).toContainEqual(expect.objectContaining({ op: "delete", ref: { actor: "me", item: "tower" } }));
    expect(reason(resolveBattle(state, { ...choice(["y1"]), ranged: { y1: true } }))).toBe("RangedNotFortification");
  });
});

describe("control", () => {
  it("control never drops below 0; at 0 the attacker captures the location", () => {
    const state = deepFreeze(
      world(realm("you", [manAtArms("y1"), manAtArms("y2"), manAtArms("y3"), unit("slow", "Militia", 1, 1, 1)]), realm("me", [location("town", 2, 5)])),
    );
    const o = value(resolveBattle(state, { attacker: "you", defender: "me", target: { kind: "location", id: "town" }, attackers: ["y1", "y2", "y3", "slow"], defenders: [] }));
    expect(o.detail.steps[0]).toMatchObject({ speed: 2, objective: 3, control: 0 });
    expect(o.detail.location).toMatchObject({ before: 2, after: 0, captured: true });
    const next = applyChecked(state, o);
    expect(item(next, "me", "town")!.system).toEqual({ control: 0, maxControl: 5, damaged: false, owner: "you" });
    // The defender no longer holds it; the new owner may not attack it as an enemy's.
    expect(reason(resolveBattle(next, { attacker: "you", defender: "me", target: { kind: "location", id: "town" }, attackers: ["slow"], defenders: [] }))).toBe(
      "NotDefendersLocation",
    );
  });

  describe("capturing the location does not end the battle", () => {
    // Speed 2: y1 hits the Guard (who lives), y2 and y3 take the town's 2 control. Speed 1: the Guard
    // and the slow Militia still fight; the Militia's hit on the captured town is not dealt.
    const state = deepFreeze(
      world(
        realm("you", [manAtArms("y1"), manAtArms("y2"), manAtArms("y3"), unit("slow", "Militia", 1, 1, 1)], { name: "You" }),
        realm("me", [unit("guard", "Guard", 1, 3, 1), location("town", 2, 5, { name: "Town" })], { name: "Me" }),
      ),
    );
    const fightIt = () =>
      value(
        resolveBattle(state, {
          attacker: "you",
          defender: "me",
          target: { kind: "location", id: "town" },
          attackers: ["y1", "y2", "y3", "slow"],
          defenders: ["guard"],
          assignments: [a("y1", "guard"), a("y2", "town"), a("y3", "town"), a("guard", "y1", 1), a("slow", "town", 1)],
        }),
      );

    it("every later speed step still resolves: units at a lower speed fight after the capture", () => {
      const o = fightIt();
      expect(o.detail.steps.map((s) => s.speed)).toEqual([2, 1]);
      expect(o.detail.steps[0]).toMatchObject({ objective: 2, control: 0, destroyed: [] });
      expect(o.detail.steps[1]!.hits).toContainEqual({ from: "guard", to: "y1", damage: 1, void: false });
      expect(o.detail.steps[1]!.destroyed).toEqual(["y1"]);
      expect(o.detail.destroyed).toEqual(["y1"]);
      expect(o.changes).toContainEqual(expect.objectContaining({ op: "delete", ref: { actor: "you", item: "y1" } }));
      expect(o.detail.exhausted).toEqual(["y2", "y3", "slow", "guard"]);
    });

    it("damage to the captured location in a later step is not dealt: its control stays 0 and it stays undamaged", () => {
      const o = fightIt();
      expect(o.detail.steps[1]!.hits).toContainEqual({ from: "slow", to: "town", damage: 0, void: true });
      expect(o.detail.steps[1]).toMatchObject({ objective: 0, control: 0 });
      expect(o.detail.location).toMatchObject({ before: 2, after: 0, captured: true });
      const next = applyChecked(state, o);
      expect(item(next, "me", "town")!.system).toEqual({ control: 0, maxControl: 5, damaged: false, owner: "you" });
    });

    it("the log shows the steps after the capture", () => {
      const o = fightIt();
      const keys = logKeys(o);
      expect(keys.slice(0, keys.indexOf("Aftermath"))).toEqual([
        "Attack", "Step", "Hit", "HitObjective", "HitObjective", "ControlLost",
        "Step", "Hit", "HitCaptured", "Destroyed",
      ]);
      expect(o.log).toContainEqual({ key: "FACTIONS.Battle.Log.HitCaptured", data: { from: "Militia", location: "Town" }, side: "actor" });
      expect(o.log).toContainEqual({ key: "FACTIONS.Battle.Log.Captured", data: { location: "Town", realm: "You" } });
    });

    it("the card reads at a glance: a summary of the capture and the losses, steps folded, each hit and loss marked by side", () => {
      const o = fightIt();
      expect(o.summary).toEqual([
        { key: "FACTIONS.Battle.Summary.Captured", data: { location: "Town", before: 2, after: 0, max: 5, attacker: "You", defender: "Me", attackerLost: 1, defenderLost: 0 } },
      ]);
      expect(o.sides).toEqual({ actor: { key: "FACTIONS.Battle.Summary.Attacker", data: { realm: "You" } }, opposition: { key: "FACTIONS.Battle.Summary.Defender", data: { realm: "Me" } } });
      const steps = o.log.filter((l) => l.heading && l.key.endsWith(".Step"));
      expect(steps.map((l) => l.fold)).toEqual([true, true]);
      expect(o.log.find((l) => l.key.endsWith(".Aftermath"))!.fold).toBeUndefined();
      // The defender's guard hits at speed 1, and the attacker's unit it destroys is the attacker's loss.
      const sideOfKey = (key: string) => o.log.filter((l) => l.key === `FACTIONS.Battle.Log.${key}`).map((l) => l.side);
      expect(sideOfKey("Hit")).toEqual(["actor", "opposition"]);
      expect(sideOfKey("HitObjective")).toEqual(["actor", "actor"]);
      expect(sideOfKey("Destroyed")).toEqual(["actor"]);
      expect(o.log.filter((l) => !l.heading && !["Hit", "HitObjective", "HitCaptured", "HitVoid", "Destroyed"].some((k) => l.key.endsWith(`.${k}`))).every((l) => l.side === undefined)).toBe(true);
    });
  });

  describe("a captured location is no longer a target, like a destroyed unit (issue 17)", () => {
    // Speed 2: y1 hits the Guard (D 2, who lives), y2 and y3 take the town's 2 control. Speed 1: the
    // two slow Militia are left to the automatic assignment, the Guard to its own.
    const state = deepFreeze(
      world(
        realm("you", [manAtArms("y1"), manAtArms("y2"), manAtArms("y3"), unit("s1", "Militia", 1, 1, 1), unit("s2", "Militia", 1, 1, 1)], { name: "You" }),
        realm("me", [unit("guard", "Guard", 1, 2, 1), location("town", 2, 5, { name: "Town" })], { name: "Me" }),
      ),
    );
    const captureAt2 = [a("y1", "guard"), a("y2", "town"), a("y3", "town")];
    const choiceOf = (assignments: Assignment[]): BattleChoice => ({
      attacker: "you",
      defender: "me",
      target: { kind: "location", id: "town" },
      attackers: ["y1", "y2", "y3", "s1", "s2"],
      defenders: ["guard"],
      assignments,
    });

    it("from the step after its capture it is not a legal target: neither offered nor chosen automatically", () => {
      const battle = battleOf(state, choiceOf(captureAt2));
      const soFar = [...captureAt2, a("guard", "y1")];
      // At the capture's own step it was still a target (the Guard was assigned damage first).
      expect(option(battle, [a("y1", "guard")], "y2", 2, "town").legal).toBe(true);
      expect(option(battle, soFar, "s1", 1, "town")).toMatchObject({ legal: false, reason: { key: "FACTIONS.Battle.Illegal.Captured", data: { target: "Town" } } });
      expect(option(battle, soFar, "s1", 1, "guard").legal).toBe(true);
      const auto = autoAssign(battle, soFar, "attacker", 1);
      expect(auto.map((x) => x.from).sort()).toEqual(["s1", "s2"]);
      expect(auto.every((x) => x.to === "guard")).toBe(true);
    });

    it("the automatic assignment sends idle units at the enemies left, and the log has no hit on the captured location", () => {
      const o = value(resolveBattle(state, choiceOf(captureAt2)));
      expect(o.detail.location).toMatchObject({ before: 2, after: 0, captured: true });
      expect(o.detail.assignments.filter((x) => x.step === 1 && x.to === "town")).toEqual([]);
      expect(o.detail.steps[1]!.hits.filter((h) => h.to === "town")).toEqual([]);
      expect(o.detail.steps[1]!.hits).toContainEqual({ from: "s2", to: "guard", damage: 1, void: false });
      const keys = logKeys(o);
      expect(keys.slice(keys.lastIndexOf("Step"))).not.toContain("HitCaptured");
      expect(keys.filter((k) => k === "HitObjective")).toHaveLength(2);
    });

    it("with no enemy left, a unit acting after the capture has no target at all: no hit, no line", () => {
      const alone = deepFreeze(world(realm("you", [manAtArms("y1"), manAtArms("y2"), unit("s1", "Militia", 1, 1, 1)]), realm("me", [location("town", 2, 5, { name: "Town" })])));
      const o = value(resolveBattle(alone, { attacker: "you", defender: "me", target: { kind: "location", id: "town" }, attackers: ["y1", "y2", "s1"], defenders: [] }));
      expect(o.detail.steps.map((s) => [s.speed, s.hits.length, s.control])).toEqual([[2, 2, 0], [1, 0, 0]]);
      expect(o.detail.assignments.map((x) => x.from)).toEqual(["y1", "y2"]);
      expect(logKeys(o).slice(0, logKeys(o).indexOf("Aftermath"))).toEqual(["Attack", "Step", "HitObjective", "HitObjective", "ControlLost", "Step"]);
    });

    it("an assignment made up front to it is accepted and deals nothing: control stays 0, no damage line", () => {
      const o = value(resolveBattle(state, choiceOf([...captureAt2, a("s1", "town", 1)])));
      expect(o.detail.steps[1]!.hits).toContainEqual({ from: "s1", to: "town", damage: 0, void: true });
      expect(o.detail.steps[1]).toMatchObject({ objective: 0, control: 0 });
      const after = logKeys(o).slice(logKeys(o).lastIndexOf("Step"));
      expect(after).not.toContain("HitObjective");
      expect(after).not.toContain("ControlLost");
    });
  });

  it("a captured, undamaged location is reinforced by the units' A up to its maximum", () => {
    const state = deepFreeze(
      world(
        realm("you", [unit("big", "Ogre", 4, 4, 1), unit("k", "Knight", 2, 2, 3), manAtArms("y1")]),
        realm("me", [location("town", 0, 5, { owner: "you" }), location("mill", 0, 5, { owner: "you", damaged: true }), location("full", 5, 5, { owner: "you" })]),
      ),
    );
    const reinforce = (id: string, attackers: string[], defenders: string[] = []): BattleChoice => ({
      attacker: "you",
      defender: "you",
      target: { kind: "location", id },
      attackers,
      defenders,
    });
    const o = value(resolveBattle(state, reinforce("town", ["big", "k", "y1"])));
    expect(o.detail.reinforce).toBe(true);
    expect(o.detail.steps.map((s) => s.control)).toEqual([2, 3, 5]);
    expect(o.detail.location).toMatchObject({ before: 0, after: 5, captured: false });
    const next = applyChecked(state, o);
    expect(item(next, "me", "town")!.system).toMatchObject({ control: 5, owner: "you", damaged: false });
    expect(next.realms.you!.system.attacksLeft).toBe(2);
    expect(item(next, "you", "big")!.system).toMatchObject({ exhausted: true, inOffensive: true });
    expect(reason(resolveBattle(state, reinforce("mill", ["big"])))).toBe("ReinforceDamaged");
    expect(reason(resolveBattle(state, reinforce("full", ["big"])))).toBe("ReinforceFull");
  });
});

describe("the citadel", () => {
  const state = () =>
    deepFreeze(
      world(
        realm("you", [manAtArms("y1"), manAtArms("y2"), manAtArms("y3"), unit("k", "Knight", 5, 5, 3)]),
        realm("me", [
          building("cit", "Citadel", { citadel: true }),
          building("bar", "Infantry Barracks", { military: true, subtype: "Barracks" }),
          manAtArms("m1", { source: "bar" }),
          unit("sw", "Swordsman", 2, 1, 2, { source: "tech" }),
        ]),
      ),
    );
  const attack = (attackers: string[], defenders: string[] = []): BattleChoice => ({ attacker: "you", defender: "me", target: { kind: "citadel" }, attackers, defenders });

  it("any damage to the citadel makes the defender destroy one building of its choice, only one per attack", () => {
    const s0 = state();
    const o = value(resolveBattle(s0, attack(["y1", "y2", "y3", "k"])));
    expect(o.detail.citadel).toEqual({ damage: 8, buildingToDestroy: true });
    expect(logKeys(o)).toContain("BuildingOwed");
    const s1 = applyChecked(s0, o);
    expect(s1.realms.me!.system.buildingsToDestroy).toBe(1);
    // Its choice: the Barracks; the Man at Arms on it goes with it, the Swordsman on the technology stays.
    const loss = value(chooseCitadelLoss(s1, { realm: "me", building: "bar" }));
    const s2 = applyChecked(s1, loss);
    expect(item(s2, "me", "bar")).toBeUndefined();
    expect(item(s2, "me", "m1")).toBeUndefined();
    expect(item(s2, "me", "sw")).toBeDefined();
    expect(s2.realms.me!.system).toMatchObject({ buildingsToDestroy: 0, support: 11 });
    expect(reason(chooseCitadelLoss(s2, { realm: "me", building: "cit" }))).toBe("NoLossOwed");
  });

  it("no damage to the citadel, no building lost; no citadel, no such attack", () => {
    const s0 = state();
    // The Swordsman kills the lone Man at Arms, who never reached the citadel.
    const o = value(resolveBattle(s0, { ...attack(["y1"], ["sw"]), assignments: [a("sw", "y1"), a("y1", "sw")] }));
    expect(o.detail.citadel).toEqual({ damage: 0, buildingToDestroy: false });
    expect(o.changes.some((c) => c.op === "update" && c.path === "system.buildingsToDestroy")).toBe(false);
    const noCitadel = world(realm("you", [manAtArms("y1")]), realm("me", []));
    expect(reason(resolveBattle(noCitadel, attack(["y1"])))).toBe("NoCitadel");
    expect(reason(resolveBattle(s0, { ...attack(["y1"]), defender: "you" }))).toBe("OwnCitadel");
  });

  it("one building per attack, in each of three attacks", () => {
    let s = state();
    for (const id of ["y1", "y2", "y3"]) s = applyChecked(s, value(resolveBattle(s, attack([id]))));
    expect(s.realms.me!.system.buildingsToDestroy).toBe(3);
    expect(s.realms.you!.system.attacksLeft).toBe(0);
  });
});

describe("limits", () => {
  it("a realm attacks only during its turn", () => {
    const s = deepFreeze(world(realm("you", [manAtArms("a")], { started: false }), realm("me", [location("town", 9, 9)])));
    expect(reason(resolveBattle(s, { attacker: "you", defender: "me", target: { kind: "location", id: "town" }, attackers: ["a"], defenders: [] }))).toBe("TurnNotStarted");
  });

  it("a realm makes at most three attacks a turn", () => {
    let s = deepFreeze(world(realm("you", ["a", "b", "c", "d"].map((id) => manAtArms(id))), realm("me", [location("town", 9, 9)])));
    const attack = (id: string): BattleChoice => ({ attacker: "you", defender: "me", target: { kind: "location", id: "town" }, attackers: [id], defenders: [] });
    for (const id of ["a", "b", "c"]) s = applyChecked(s, value(resolveBattle(s, attack(id))));
    expect(s.realms.you!.system.attacksLeft).toBe(0);
    expect(reason(resolveBattle(s, attack("d")))).toBe("NoAttacksLeft");
    // The limit cannot be reset inside the turn: Start Turn waits for the turn to end.
    expect(reason(startRealmTurn(s, { realm: "you" }))).toBe("TurnStarted");
    s = nextTurn(s, "you");
    expect(s.realms.you!.system.attacksLeft).toBe(3);
    expect(resolveBattle(s, attack("d")).ok).toBe(true);
  });

  it("a unit joins at most one offensive a turn; exhausted units neither attack nor defend", () => {
    const s0 = deepFreeze(
      world(realm("you", [manAtArms("y1", { inOffensive: true }), manAtArms("y2", { exhausted: true }), manAtArms("y3")]), realm("me", [manAtArms("m1", { exhausted: true }), location("town", 9, 9)])),
    );
    const attack = (attackers: string[], defenders: string[] = []): BattleChoice => ({ attacker: "you", defender: "me", target: { kind: "location", id: "town" }, attackers, defenders });
    expect(reason(resolveBattle(s0, attack(["y1"])))).toBe("AlreadyAttacked");
    expect(reason(resolveBattle(s0, attack(["y2"])))).toBe("Exhausted");
    expect(reason(resolveBattle(s0, attack(["y3"], ["m1"])))).toBe("Exhausted");
    expect(reason(resolveBattle(s0, attack(["y3", "y3"])))).toBe("Duplicate");
    // The first fault in the list is the one refused.
    expect(reason(resolveBattle(s0, attack(["y2", "y3", "y3"])))).toBe("Exhausted");
    expect(reason(resolveBattle(s0, attack(["y3", "y3", "y2"])))).toBe("Duplicate");
    expect(reason(resolveBattle(s0, attack(["y3", "town"])))).toBe("Duplicate");
    expect(reason(resolveBattle(s0, attack(["m1"])))).toBe("NotCombatant");
    expect(reason(resolveBattle(s0, attack([])))).toBe("NoAttackers");
    // A refusal names the piece as its realm does, never by its id; an id no realm has is said as such.
    const data = (r: Result<unknown>) => (r.ok ? null : r.reason.data);
    expect(data(resolveBattle(s0, attack(["y3", "y3"])))).toEqual({ name: "Man at Arms" });
    expect(data(resolveBattle(s0, attack(["y3", "town"])))).toEqual({ name: "town" });
    expect(data(resolveBattle(s0, attack(["m1"])))).toEqual({ name: "Man at Arms", realm: "you" });
    expect(data(resolveBattle(s0, attack(["ghost"])))).toEqual({ name: "FACTIONS.Battle.Reject.UnknownPiece", realm: "you" });
    const s1 = applyChecked(s0, value(resolveBattle(s0, attack(["y3"]))));
    expect(reason(resolveBattle(s1, attack(["y3"])))).toBe("Exhausted");
    const s2 = nextTurn(s1, "you");
    for (const id of ["y1", "y2", "y3"]) expect(item(s2, "you", id)!.system).toMatchObject({ exhausted: false, inOffensive: false });
    // The defender's exhaustion lasts until its own next turn.
    expect(item(s2, "me", "m1")!.system).toMatchObject({ exhausted: true });
  });
});

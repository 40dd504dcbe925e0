import { describe, expect, it } from "vitest";
import type { Outcome, Result } from "../../../src/core/rules/outcome";
import {
  applyOutcome,
  attack,
  deploy,
  freeAction,
  grantPush,
  move,
  newBudget,
  reload,
  scan,
  speedOf,
  type SkirmishState,
} from "../../../src/rulesets/skirmish/rules";
import { ada, aim, context, effect, infantry, noDice, onMap, red, scene } from "./fixtures";

const ctx = context(noDice);
const R = "FACTIONS.Skirmish.Reject.";
const L = "FACTIONS.Skirmish.Log.";

function done<T>(r: Result<Outcome<T>>): Outcome<T> {
  if (!r.ok) throw new Error(r.reason.key);
  return r.value;
}
function why<T>(r: Result<T>): string {
  return r.ok ? "" : r.reason.key.replace(R, "");
}
const pushedScene = (actor: string, s: SkirmishState = scene()): SkirmishState => ({ ...s, combatants: { ...s.combatants, [actor]: grantPush(s.combatants[actor]!) } });

describe("speed", () => {
  it("is the actor's own, or the vehicle's when riding in one", () => {
    const s = scene();
    expect(speedOf(s, infantry(s, "ada"))).toEqual({ value: 7, source: "own" });
    expect(speedOf(s, infantry(s, "pip"))).toEqual({ value: 10, source: "vehicle" });
  });

  it("is halved, rounding down, by Ankle sprain or Member slowed, and not again by a second", () => {
    const s = scene({ ada: ada([effect("a", "ankleSprain")]) });
    expect(speedOf(s, infantry(s, "ada"))).toEqual({ value: 3, source: "halved" });
    const twice = scene({ ada: ada([effect("a", "ankleSprain"), effect("b", "ankleSprain")]) });
    expect(speedOf(twice, infantry(twice, "ada")).value).toBe(3);
    const slowed = scene({ red: red([effect("m", "memberSlowed", 1, { member: "m1" }), effect("n", "memberSlowed", 1, { member: "m2" })]) });
    expect(speedOf(slowed, infantry(slowed, "red")).value).toBe(3);
    // The squad may leave its slowed members behind.
    expect(speedOf(slowed, infantry(slowed, "red"), { leaveSlowedBehind: true }).value).toBe(6);
  });

  it("is 0 for a squad with no member left in the fight, which takes no move action (RULES §5)", () => {
    const gone = red();
    gone.system.members = gone.system.members.map((m) => ({ ...m, state: "out" as const }));
    const s = scene({ red: gone });
    expect(speedOf(s, infantry(s, "red"))).toEqual({ value: 0, source: "noMembers" });
    expect(why(move(s, { actor: "red" }, ctx))).toBe("NoMembers");
    expect(why(move(s, { actor: "red", gmOverride: true }, ctx))).toBe("NoMembers");
    // One member still in the fight: the squad moves at its speed.
    gone.system.members[3] = { ...gone.system.members[3]!, state: "ready" };
    const one = scene({ red: gone });
    expect(speedOf(one, infantry(one, "red"))).toEqual({ value: 6, source: "own" });
    expect(done(move(one, { actor: "red" }, ctx)).log[0]!.data).toMatchObject({ speed: 6 });
  });

  it("is never raised: statuses and bonuses leave it alone", () => {
    const s = scene({ ada: ada([effect("h", "hyped", 3), effect("m", "morale", 2), effect("d", "dazed")]) });
    expect(speedOf(s, infantry(s, "ada")).value).toBe(7);
  });
});

describe("move", () => {
  it("spends the move action and says how far", () => {
    const o = done(move(scene(), { actor: "ada" }, ctx));
    expect(o.detail.economy!.spend).toEqual({ round: 2, kind: "move", source: "own" });
    expect(o.log).toEqual([{ key: `${L}Moved`, data: { name: "Ada", speed: 7 } }]);
    expect(o.changes).toEqual([]);
    const riding = done(move(scene(), { actor: "pip" }, ctx));
    expect(riding.log).toEqual([{ key: `${L}MovedWith`, data: { name: "Pip", vehicle: "Rhino", speed: 10 } }]);
  });

  it("a second move is refused, unless the GM overrides", () => {
    const s = applyOutcome(scene(), done(move(scene(), { actor: "ada" }, ctx)));
    expect(why(move(s, { actor: "ada" }, ctx))).toBe("UsedUp.move");
    const o = done(move(s, { actor: "ada", gmOverride: true }, ctx));
    expect(o.detail.economy!.spend!.source).toBe("override");
    expect(o.log[0]!.key).toBe(`${L}Moved`);
    expect(o.log[1]!.key).toBe(`${L}Override`);
  });

  it("a pushed major gives two more moves", () => {
    let s = pushedScene("ada");
    const sources: string[] = [];
    for (let i = 0; i < 3; i++) {
      const o = done(move(s, { actor: "ada" }, ctx));
      sources.push(o.detail.economy!.spend!.source);
      s = applyOutcome(s, o);
    }
    expect(sources).toEqual(["own", "pushed", "pushed"]);
    expect(why(move(s, { actor: "ada" }, ctx))).toBe("UsedUp.move");
  });

  it("a prone squad cannot move, whatever the GM overrides", () => {
    const s = scene({ red: red([effect("p", "goneProne")]) });
    expect(why(move(s, { actor: "red" }, ctx))).toBe("Immobile");
    expect(why(move(s, { actor: "red", gmOverride: true }, ctx))).toBe("Immobile");
  });

  it("needs the actor in the encounter", () => {
    expect(why(move(scene(), { actor: "zed" }, ctx))).toBe("NotInEncounter");
  });
});

describe("attack", () => {
  it("infantry attacks with one weapon as its major action", () => {
    const o = done(attack(scene(), aim({ actor: "ada", weapons: ["pistol"] }), ctx));
    expect(o.detail.economy!.spend).toEqual({ round: 2, kind: "major", source: "own" });
    expect(o.log).toEqual([
      { key: `${L}AttackedAt`, data: { name: "Ada", weapon: "Pistol", target: "zed token", distance: { key: "FACTIONS.Distance.Squares", data: { n: 6 } } } },
      { key: `${L}NoAttackRoll`, data: { weapon: "Pistol" } },
    ]);
    expect(why(attack(applyOutcome(scene(), o), aim({ actor: "ada", weapons: ["pistol"] }), ctx))).toBe("UsedUp.major");
    expect(why(attack(scene(), aim({ actor: "red", weapons: ["rifles", "mg"] }), ctx))).toBe("OneWeapon");
  });

  it("refuses no weapon, a weapon it does not have, and one weapon twice", () => {
    expect(why(attack(scene(), aim({ actor: "ada", weapons: [] }), ctx))).toBe("NoWeaponChosen");
    expect(why(attack(scene(), aim({ actor: "ada", weapons: ["cannon"] }), ctx))).toBe("NoWeapon");
    expect(why(attack(scene(), aim({ actor: "rhino", weapons: ["cannon", "cannon"] }), ctx))).toBe("WeaponTwice");
    expect(why(attack(scene(), aim({ actor: "zed", weapons: ["pistol"] }), ctx))).toBe("NotInEncounter");
  });

  it("a vehicle's own major fires any of its weapons, each once", () => {
    const o = done(attack(scene(), aim({ actor: "rhino", weapons: ["cannon", "coax", "smoke"] }), ctx));
    expect(o.log.filter((l) => l.key === `${L}FiredAt`).map((l) => l.data!.weapon)).toEqual(["Cannon", "Coax MG", "Smoke launcher"]);
    expect(o.detail.weapons).toEqual(["cannon", "coax", "smoke"]);
  });

  it("each pushed major fires exactly one weapon, and may fire one already fired", () => {
    let s = pushedScene("rhino", pushedScene("rhino"));
    s = applyOutcome(s, done(attack(s, aim({ actor: "rhino", weapons: ["cannon", "coax"] }), ctx)));
    expect(why(attack(s, aim({ actor: "rhino", weapons: ["cannon", "coax"] }), ctx))).toBe("OnePushedWeapon");
    const again = done(attack(s, aim({ actor: "rhino", weapons: ["cannon"] }), ctx));
    expect(again.detail.economy!.spend!.source).toBe("pushed");
    expect(again.log.map((l) => l.key)).toEqual([`${L}PushedMajor`, `${L}FiredAt`, `${L}NoAttackRoll`]);
    s = applyOutcome(s, again);
    s = applyOutcome(s, done(attack(s, aim({ actor: "rhino", weapons: ["cannon"] }), ctx)));
    expect(why(attack(s, aim({ actor: "rhino", weapons: ["coax"] }), ctx))).toBe("UsedUp.major");
    // The GM may allow a whole volley past the budget.
    expect(done(attack(s, aim({ actor: "rhino", weapons: ["cannon", "coax"], gmOverride: true }), ctx)).detail.weapons).toHaveLength(2);
  });
});

describe("minor actions", () => {
  it("reload uses up one reload of the weapon", () => {
    const o = done(reload(scene(), { actor: "red", weapon: "rifles" }, ctx));
    expect(o.changes).toEqual([{ op: "update", ref: { actor: "red", item: "rifles" }, path: "system.reloads.value", from: 3, to: 2 }]);
    expect(o.detail).toMatchObject({ weapon: "rifles", reloads: 2 });
    expect(o.detail.economy!.spend!.kind).toBe("minor");
    expect(o.log.map((l) => l.key)).toEqual([`${L}Reloaded`]);
    // One reload left has its own text ("1 reload left").
    const again = done(reload(applyOutcome(scene(), o), { actor: "red", weapon: "rifles", gmOverride: true }, ctx));
    expect(again.log.map((l) => l.key)).toEqual([`${L}Override`, `${L}ReloadedOne`]);
    expect(again.log[1]!.data).toMatchObject({ reloads: 1 });
  });

  it("reload refuses a weapon with no reloads left, a weapon it does not have, and a used-up minor", () => {
    expect(why(reload(scene(), { actor: "red", weapon: "carbines" }, ctx))).toBe("NoReloads");
    expect(why(reload(scene(), { actor: "red", weapon: "pistol" }, ctx))).toBe("NoWeapon");
    const s = applyOutcome(scene(), done(scan(scene(), { actor: "red" }, ctx)));
    expect(why(reload(s, { actor: "red", weapon: "rifles" }, ctx))).toBe("UsedUp.minor");
  });

  it("deploy and scan are minor actions", () => {
    const o = done(deploy(scene(), { actor: "ada" }, ctx));
    expect(o.log).toEqual([{ key: `${L}Deployed`, data: { name: "Ada" } }]);
    const s = applyOutcome(scene(), o);
    expect(why(scan(s, { actor: "ada" }, ctx))).toBe("UsedUp.minor");
    expect(done(scan(s, { actor: "ada", gmOverride: true }, ctx)).log.map((l) => l.key)).toEqual([`${L}Override`, `${L}Scanned`]);
    expect(why(deploy(scene(), { actor: "zed" }, ctx))).toBe("NotInEncounter");
  });

  it("a pushed major converts into two reloads", () => {
    let s = pushedScene("red");
    for (let i = 0; i < 3; i++) s = applyOutcome(s, done(reload(s, { actor: "red", weapon: "rifles" }, ctx)));
    expect(infantry(s, "red").weapons[0]!.system.reloads.value).toBe(0);
    expect(s.combatants.red!.pushed.minor).toBe(2);
  });
});

describe("free actions", () => {
  it("are a line of flavour, one a round by default", () => {
    const o = done(freeAction(scene(), { actor: "ada", text: " kisses her lucky charm " }, ctx));
    expect(o.log).toEqual([{ key: `${L}Free`, data: { name: "Ada", text: "kisses her lucky charm" } }]);
    const s = applyOutcome(scene(), o);
    expect(why(freeAction(s, { actor: "ada", text: "poses" }, ctx))).toBe("UsedUp.free");
    expect(done(freeAction(s, { actor: "ada", text: "poses" }, context(noDice, { freeActions: 2 }))).detail.economy!.spend!.source).toBe("own");
    expect(done(freeAction(scene(), { actor: "ada", text: "" }, ctx)).log[0]!.key).toBe(`${L}FreeAction`);
  });

  it("do not take from a pushed major", () => {
    const s = { ...scene(), combatants: { ...scene().combatants, ada: { ...grantPush(newBudget(2)), spent: { move: 0, major: 0, minor: 0, free: 1 } } } };
    expect(why(freeAction(s, { actor: "ada", text: "banter" }, ctx))).toBe("UsedUp.free");
  });
});

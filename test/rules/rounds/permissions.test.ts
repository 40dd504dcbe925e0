import { describe, expect, it } from "vitest";
import { adjacent, mayAct, positionKey, STEPS, TEAMS, type Act, type HeroState, type Position, type Step, type Team } from "../../../src/rulesets/rounds/rules";
import { hero, reason, track } from "./fixtures";

type Who = "active" | "inactive" | "both";

/** Every act a hero can try, by a short label. */
const ACTS: Record<string, Act> = {
  move: { kind: "move" },
  slipAway: { kind: "slipAway" },
  shoot: { kind: "shoot" },
  unleash: { kind: "unleash" },
  melee: { kind: "melee" },
  challenge: { kind: "challenge" },
  trade: { kind: "trade" },
  pickUp: { kind: "pickUp" },
  reinforce: { kind: "reinforce" },
  "ability:free": { kind: "ability", timing: "free" },
  "ability:action": { kind: "ability", timing: "action" },
  "ability:reaction": { kind: "ability", timing: "reaction" },
  "ability:melee": { kind: "ability", timing: "melee" },
  "ability:adventure": { kind: "ability", timing: "adventure" },
  "ability:start": { kind: "ability", timing: "start" },
  "ability:end": { kind: "ability", timing: "end" },
};

/** The seed's steps: what may be done in each, and by which team. Anything not listed is refused. */
const MAY: Record<Step, Record<string, Who>> = {
  free: { trade: "active", pickUp: "active", "ability:free": "active" },
  action: { move: "active", slipAway: "active", shoot: "active", unleash: "active", "ability:action": "active" },
  reaction: { shoot: "inactive", "ability:reaction": "inactive" },
  melee: { melee: "both", "ability:melee": "both" },
  adventure: { challenge: "active", "ability:adventure": "active" },
  reinforce: { reinforce: "active" },
};

/** The reason the matrix expects for a refused cell. */
function expectedReason(step: Step, label: string, role: "active" | "inactive"): string {
  const who = MAY[step][label];
  if (who === "both" || who === role) return "";
  if (label === "ability:start" || label === "ability:end") return "AbilityTriggered";
  if (label.startsWith("ability:") && label !== `ability:${step}`) return "AbilityWrongStep";
  if (who === undefined) return "WrongStep";
  return step === "reaction" ? "ActiveInReaction" : "InactiveTeam";
}

const other = (t: Team): Team => (t === "skyhawks" ? "psiclones" : "skyhawks");

/** The hero ready for the act: on the map (off it to be brought in), on an adventure space, with an adjacent enemy as target. */
function ready(team: Team, label: string): { h: HeroState; act: Act } {
  const h = hero("h", team, { onMap: label !== "reinforce", adventure: "Ruins", square: { x: 4, y: 4 } });
  const enemy = hero("e", other(team), { square: { x: 5, y: 5 } });
  return { h, act: { ...ACTS[label]!, target: enemy } };
}

describe("who may act: the whole matrix", () => {
  it("both teams active × heroes of both teams × six steps × every act", () => {
    let allowed = 0;
    let cells = 0;
    for (const activeTeam of TEAMS) {
      for (const heroTeam of TEAMS) {
        const role = heroTeam === activeTeam ? "active" : "inactive";
        for (const step of STEPS) {
          for (const label of Object.keys(ACTS)) {
            const { h, act } = ready(heroTeam, label);
            const got = reason(mayAct(track(2, activeTeam, step), h, act));
            expect(got, `${activeTeam} active, ${heroTeam} hero, ${step}, ${label}`).toBe(expectedReason(step, label, role));
            if (got === "") allowed++;
            cells++;
            // A GM's override allows every cell.
            expect(mayAct(track(2, activeTeam, step), h, act, true)).toBeNull();
          }
        }
      }
    }
    expect(cells).toBe(2 * 2 * 6 * 16);
    // Per active team: 3 Free + 5 Action + 2 Melee + 2 Adventure + 1 Reinforce acts for its heroes, 2 Reaction + 2 Melee for the others.
    expect(allowed).toBe(2 * (13 + 4));
  });

  it("each refusal names its step or act for the message", () => {
    const h = hero("Vela", "skyhawks");
    expect(mayAct(track(2, "skyhawks", "free"), h, { kind: "move" })).toEqual({
      key: "FACTIONS.Rounds.Reject.WrongStep",
      data: { act: "FACTIONS.Rounds.Act.move", step: "FACTIONS.Rounds.Step.free" },
    });
    expect(mayAct(track(2, "psiclones", "action"), h, { kind: "move" })).toEqual({ key: "FACTIONS.Rounds.Reject.InactiveTeam", data: { step: "FACTIONS.Rounds.Step.action" } });
    expect(mayAct(track(2, "skyhawks", "melee"), h, { kind: "ability", timing: "reaction" })).toEqual({
      key: "FACTIONS.Rounds.Reject.AbilityWrongStep",
      data: { tagged: "FACTIONS.Rounds.Step.reaction", step: "FACTIONS.Rounds.Step.melee" },
    });
  });
});

describe("who may act: round 1, off the map, used up, adjacency, adventure spaces", () => {
  it("in round 1 both teams take only Reinforce: the active team's off-map heroes come in, nothing else", () => {
    for (const activeTeam of TEAMS) {
      for (const heroTeam of TEAMS) {
        for (const label of Object.keys(ACTS)) {
          const { h, act } = ready(heroTeam, label);
          const got = reason(mayAct(track(1, activeTeam, "reinforce"), h, act));
          const want = label !== "reinforce" ? "RoundOne" : heroTeam === activeTeam ? "" : "InactiveTeam";
          expect(got, `${activeTeam} active, ${heroTeam} hero, ${label}`).toBe(want);
        }
      }
    }
  });

  it("a hero off the map can only be brought in, and a hero on it cannot be", () => {
    for (const step of STEPS) {
      for (const label of Object.keys(ACTS)) {
        const off = hero("h", "skyhawks", { onMap: false, adventure: "Ruins" });
        const want = label !== "reinforce" ? "OffMap" : step === "reinforce" ? "" : "WrongStep";
        expect(reason(mayAct(track(2, "skyhawks", step), off, ACTS[label]!)), `${step} ${label}`).toBe(want);
      }
    }
    expect(reason(mayAct(track(2, "skyhawks", "reinforce"), hero("h", "skyhawks"), { kind: "reinforce" }))).toBe("AlreadyOnMap");
  });

  it("one use per hero in the Action, Reaction, Melee and Adventure steps, shared by every act there; Free is unlimited", () => {
    const used: Record<Step, string> = { free: "", action: "UsedAction", reaction: "UsedReaction", melee: "UsedMelee", adventure: "UsedAdventure", reinforce: "" };
    const cases: [Step, Team, string[]][] = [
      ["free", "skyhawks", ["trade", "pickUp", "ability:free"]],
      ["action", "skyhawks", ["move", "slipAway", "shoot", "unleash", "ability:action"]],
      ["reaction", "psiclones", ["shoot", "ability:reaction"]],
      ["melee", "psiclones", ["melee", "ability:melee"]],
      ["melee", "skyhawks", ["melee", "ability:melee"]],
      ["adventure", "skyhawks", ["challenge", "ability:adventure"]],
    ];
    for (const [step, team, labels] of cases) {
      const at: Position = { round: 2, team: "skyhawks", step };
      for (const first of labels) {
        for (const label of labels) {
          const { act } = ready(team, label);
          const spent = hero("h", team, { adventure: "Ruins", square: { x: 4, y: 4 }, used: [{ at: positionKey(at), acts: [ACTS[first]!.kind] }] });
          expect(reason(mayAct(track(2, "skyhawks", step), spent, act)), `${step}: ${first} then ${label}`).toBe(used[step]);
          // Uses of another step (or another round) do not count.
          const stale = { ...spent, system: { ...spent.system, used: [{ at: positionKey({ ...at, round: 3 }), acts: [ACTS[first]!.kind] }] } };
          expect(reason(mayAct(track(2, "skyhawks", step), stale, act))).toBe("");
        }
      }
    }
  });

  it("melee needs an enemy on the map in one of the eight surrounding squares", () => {
    const at = track(2, "skyhawks", "melee");
    const attacker = hero("a", "skyhawks", { square: { x: 10, y: 10 } });
    const at_ = (x: number, y: number, o = {}) => hero("t", "psiclones", { square: { x: 10 + x, y: 10 + y }, ...o });
    for (const [x, y] of [[-1, -1], [0, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [0, 1], [1, 1]] as const) {
      expect(reason(mayAct(at, attacker, { kind: "melee", target: at_(x, y) })), `${x},${y}`).toBe("");
    }
    for (const [x, y] of [[0, 0], [2, 0], [0, -2], [2, 2], [-2, 1]] as const) {
      expect(reason(mayAct(at, attacker, { kind: "melee", target: at_(x, y) })), `${x},${y}`).toBe("NotAdjacent");
    }
    expect(reason(mayAct(at, attacker, { kind: "melee", target: at_(1, 0, { square: null }) }))).toBe("NotAdjacent");
    expect(reason(mayAct(at, attacker, { kind: "melee", target: hero("friend", "skyhawks", { square: { x: 11, y: 10 } }) }))).toBe("NotEnemy");
    expect(reason(mayAct(at, attacker, { kind: "melee", target: at_(1, 0, { onMap: false }) }))).toBe("TargetOffMap");
    // Shooting and slipping away are not limited to neighbours, but aim at an enemy on the map.
    const action = track(2, "skyhawks", "action");
    expect(reason(mayAct(action, attacker, { kind: "shoot", target: at_(5, 5) }))).toBe("");
    expect(reason(mayAct(action, attacker, { kind: "slipAway", target: hero("friend", "skyhawks") }))).toBe("NotEnemy");
    expect(adjacent({ x: 3, y: 3 }, { x: 4, y: 2 })).toBe(true);
    expect(adjacent({ x: 3, y: 3 }, { x: 3, y: 3 })).toBe(false);
  });

  it("the Adventure step is for heroes standing on an adventure space", () => {
    const at = track(2, "psiclones", "adventure");
    const away = hero("h", "psiclones", { adventure: null });
    expect(reason(mayAct(at, away, { kind: "challenge" }))).toBe("NotOnAdventure");
    expect(reason(mayAct(at, away, { kind: "ability", timing: "adventure" }))).toBe("NotOnAdventure");
    expect(reason(mayAct(at, hero("h", "psiclones", { adventure: "Crypt" }), { kind: "challenge" }))).toBe("");
  });

  it("nobody acts once the game is over, not even by the GM's override (issue 17)", () => {
    const over = track(3, "psiclones", "reinforce", 3, true);
    expect(reason(mayAct(over, hero("h", "psiclones", { onMap: false }), { kind: "reinforce" }))).toBe("GameOver");
    expect(reason(mayAct(over, hero("h", "psiclones", { onMap: false }), { kind: "reinforce" }, true))).toBe("GameOver");
    expect(reason(mayAct({ ...over, step: "melee" }, hero("h", "psiclones"), { kind: "melee" }, true))).toBe("GameOver");
  });

  it("the GM's override never brings in a hero already on the map (issue 17)", () => {
    const on = hero("h", "skyhawks", { entered: 2 });
    expect(reason(mayAct(track(3, "skyhawks", "reinforce"), on, { kind: "reinforce" }, true))).toBe("AlreadyOnMap");
    expect(reason(mayAct(track(3, "psiclones", "action"), on, { kind: "reinforce" }, true))).toBe("AlreadyOnMap");
    expect(mayAct(track(3, "psiclones", "action"), hero("h", "skyhawks", { onMap: false }), { kind: "reinforce" }, true)).toBeNull();
  });
});

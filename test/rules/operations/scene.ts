import { lt, org, unit, world } from "./fixtures";
import type { OperationsState } from "../../../src/rulesets/operations/rules";

/**
 * A small scene: organizations A and B in town, the NPC faction Guild.
 * A attacking B in town with a1 + a2 by la rates 3 + 2 + (4 + 1) = 10;
 * B's defence there is b1 + b2 (b3 is hidden) = 3 + 1, + lb's 2 + 3 = 9.
 */
export function scene(): OperationsState {
  const A = org("A", { name: "Red Hand", cohesion: 3, capital: 20 }, [
    unit("a1", { name: "Thugs", level: 4, competency: "force", upkeep: 2 }),
    unit("a2", { name: "Archers", level: 2, competency: "force", upkeep: 1 }),
    unit("a3", { name: "Thief Pack", level: 4, competency: "sneak", upkeep: 1 }),
    unit("a4", { name: "Sailors", level: 3, location: "port" }),
  ]);
  const B = org("B", { name: "Blue Lotus", cohesion: 2, capital: 10 }, [
    unit("b1", { name: "Guards", level: 3, competency: "force", cost: 6 }),
    unit("b2", { name: "Militia", level: 1, competency: "force", cost: 2 }),
    unit("b3", { name: "Spies", level: 2, competency: "sneak", hiding: 3 }),
    unit("b4", { name: "Dockers", level: 2, location: "port" }),
  ]);
  const N = org("N", { name: "Guild", npc: true, capital: 0 });
  return world(
    [A, B, N],
    [
      lt("la", "A", { name: "Vex", level: 3, force: 2, sneak: 3, charm: 2, lore: 1 }),
      lt("lb", "B", { name: "Mara", level: 2, force: 3, sneak: 1, charm: 1, lore: 0 }),
    ],
  );
}

/** Operations' sides: each organization with its lieutenants. */
import type { Side } from "../../core/sides/sides";

export function operationsSides(): Side[] {
  const actors = (game.actors?.contents ?? []) as Actor.Implementation[];
  return actors
    .filter((a) => a.type === "organization")
    .map((org) => ({
      name: org.name,
      ruleset: "operations" as const,
      documents: [org, ...actors.filter((a) => a.type === "lieutenant" && (a.system as { organization?: string }).organization === org.uuid)],
    }));
}

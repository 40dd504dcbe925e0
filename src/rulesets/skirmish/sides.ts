/** Skirmish's sides: each company with the fighters that belong to it (listed as its squads, or naming it). */
import type { Side } from "../../core/sides/sides";

export function skirmishSides(): Side[] {
  const actors = (game.actors?.contents ?? []) as Actor.Implementation[];
  return actors
    .filter((a) => a.type === "company")
    .map((company) => {
      const squads = (company.system as { squads?: string[] }).squads ?? [];
      const fighters = actors.filter((a) => (a.type === "infantry" || a.type === "vehicle") && (squads.includes(a.uuid) || (a.system as { company?: string }).company === company.uuid));
      return { key: company.uuid, name: company.name, ruleset: "skirmish" as const, documents: [company, ...fighters] };
    });
}

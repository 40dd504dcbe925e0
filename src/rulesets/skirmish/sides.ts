/**
 * Skirmish's sides: each company with the fighters that belong to it, as the rules reckon a
 * fighter's company (the one an infantry names, else one listing it among its squads, as for a
 * vehicle): the same company a Morale −1 reaches.
 */
import type { Side } from "../../core/sides/sides";
import { isCompany, isFighter, skirmishWorld } from "./data/state";
import { fighterCompany } from "./rules";

export function skirmishSides(): Side[] {
  const { state } = skirmishWorld(null);
  const actors = (game.actors?.contents ?? []) as Actor.Implementation[];
  const companyOf = (a: Actor.Implementation) => {
    const fighter = state.actors[a.uuid];
    return isFighter(a) && fighter && fighter.type !== "company" ? fighterCompany(state, fighter)?.id : undefined;
  };
  return actors.filter(isCompany).map((company) => ({ name: company.name, ruleset: "skirmish" as const, documents: [company, ...actors.filter((a) => companyOf(a) === company.uuid)] }));
}

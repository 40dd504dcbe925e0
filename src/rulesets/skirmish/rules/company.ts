import type { CompanyState, InfantryState, SkirmishState } from "./state";

/** The company of an infantry: the one it names, else one that lists it among its squads. */
export function companyOf(state: SkirmishState, infantry: InfantryState): CompanyState | undefined {
  const named = infantry.system.company === "" ? undefined : state.actors[infantry.system.company];
  if (named?.type === "company") return named;
  for (const a of Object.values(state.actors)) if (a.type === "company" && a.system.squads.includes(infantry.id)) return a;
  return undefined;
}

import type { AnyObject, EmptyObject } from "fvtt-types/utils";
import { teamField } from "./fields";

const schema = () => ({ team: teamField() });

/** A team of a Rounds encounter: one CombatantGroup per team, its heroes' combatants its members. */
export class TeamData extends foundry.abstract.TypeDataModel<ReturnType<typeof schema>, CombatantGroup.Implementation, EmptyObject, AnyObject> {
  static override LOCALIZATION_PREFIXES = ["FACTIONS.Rounds.Team"];

  static override defineSchema() {
    return schema();
  }
}

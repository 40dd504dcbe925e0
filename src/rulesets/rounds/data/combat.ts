import type { AnyObject, EmptyObject } from "fvtt-types/utils";
import { TRIGGERS } from "../rules/state";
import { intField, positionFields, stepField, teamField } from "./fields";

const { ArrayField, BooleanField, SchemaField, StringField } = foundry.data.fields;

const eventField = () =>
  new SchemaField({
    key: new StringField({ required: true, blank: false }),
    hero: new StringField({ required: true, blank: false }),
    ability: new StringField({ required: true, blank: false }),
    edge: new StringField({ required: true, blank: false, choices: [...TRIGGERS] }),
    step: stepField(),
  });

const schema = () => ({
  /** Where the game stands (the rules' `RoundsTrack`). */
  track: new SchemaField({ ...positionFields(), lastRound: intField(3, 1), over: new BooleanField({ initial: false }) }),
  /** The interstep events still to resolve, group by group, each group ordered by its team. */
  pending: new ArrayField(
    new SchemaField({
      edge: new StringField({ required: true, blank: false, choices: [...TRIGGERS] }),
      at: new SchemaField(positionFields()),
      team: teamField(),
      ordered: new BooleanField({ initial: false }),
      events: new ArrayField(eventField()),
    }),
  ),
});

export type RoundsCombatSchema = ReturnType<typeof schema>;

/**
 * A Rounds encounter. Its own position (round, active team, step) is kept here, apart from
 * Foundry's turn order: every hero of a team acts at the same time, so the encounter's `turn`
 * stays empty and its `round` follows the track's.
 */
export class RoundsCombatData extends foundry.abstract.TypeDataModel<RoundsCombatSchema, Combat.Implementation, EmptyObject, AnyObject> {
  static override LOCALIZATION_PREFIXES = ["FACTIONS.Rounds.Encounter"];

  static override defineSchema() {
    return schema();
  }

  /**
   * Foundry's own turn and round controls do not move a Rounds game: no combatant has a turn of
   * its own (`turn` stays empty), and the round moves only with the track, in the same update
   * (Next Step, Next Turn, going back). Anything else is refused with a word to use those.
   */
  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel<RoundsCombatSchema, Combat.Implementation>["_preUpdate"]>): Promise<boolean | void> {
    if ((await super._preUpdate(...args)) === false) return false;
    const changes = args[0] as { round?: unknown; turn?: unknown; system?: { track?: { round?: unknown } } };
    if ("turn" in changes && changes.turn !== null) changes.turn = null;
    if ("round" in changes && changes.round !== (changes.system?.track?.round ?? this.track.round)) {
      ui.notifications?.warn(game.i18n!.localize("FACTIONS.Rounds.Tracker.UseSteps"));
      return false;
    }
  }
}

import { ACTION_KINDS } from "../rules/economy";
import { intField } from "./fields";
import { refuseGMFields } from "../../../core/data/gm-only";

const { BooleanField, SchemaField, TypedObjectField } = foundry.data.fields;

const counts = <K extends string>(keys: readonly K[]) => new SchemaField(Object.fromEntries(keys.map((k) => [k, intField(0, 0)])) as Record<K, ReturnType<typeof intField>>);

/** One round's budget as an earlier release kept it here: counters, and whether its token moved on the canvas. */
const budgetField = () =>
  new SchemaField({
    round: intField(0, 0),
    spent: counts(ACTION_KINDS),
    pushes: intField(0, 0),
    pushed: counts(["major", "minor", "move"] as const),
    overridden: counts(ACTION_KINDS),
    /** Its token moved on the canvas this round (that counts as moving, Move button or not). */
    moved: new BooleanField({ initial: false }),
  });

const schema = () => ({
  /**
   * The budgets of an earlier release, by round: its encounter keeps them now (data/state.ts), by
   * fighter, so they outlive the Combatant. Read once by encounter/legacy.ts, empty since.
   */
  budgets: new TypedObjectField(budgetField(), { validateKey: (key: string) => /^\d+$/.test(key) }),
});

export type SkirmishCombatantSchema = ReturnType<typeof schema>;

/** A combatant of a Skirmish encounter (an infantry or a vehicle); an earlier release's budgets. */
export class SkirmishCombatantData extends foundry.abstract.TypeDataModel<SkirmishCombatantSchema, Combatant.Implementation> {
  /** What the GM's client recorded here, still only a GM's to change (core/data/gm-only.ts). */
  static GM_FIELDS = ["budgets"] as const;

  static override defineSchema() {
    return schema();
  }

  /** What the GM's client recorded is the GM's to change (core/data/gm-only.ts). */
  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel<SkirmishCombatantSchema, Combatant.Implementation>["_preUpdate"]>): Promise<boolean | void> {
    if ((await super._preUpdate(...args)) === false) return false;
    if (!refuseGMFields(this, args[0] as { system?: unknown }, args[2])) return false;
  }
}

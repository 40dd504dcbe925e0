import { ACTION_KINDS } from "../rules/economy";
import { intField } from "./fields";

const { BooleanField, SchemaField, TypedObjectField } = foundry.data.fields;

const counts = <K extends string>(keys: readonly K[]) => new SchemaField(Object.fromEntries(keys.map((k) => [k, intField(0, 0)])) as Record<K, ReturnType<typeof intField>>);

/** One round's action budget (rules/economy.ts `ActionBudget`), and whether its token moved on the canvas. */
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
   * The budget of each round of the encounter, by round number. A round's budget is its own
   * entry, so undoing an action of an earlier round never meets a later round's spends.
   */
  budgets: new TypedObjectField(budgetField(), { validateKey: (key: string) => /^\d+$/.test(key) }),
});

export type SkirmishCombatantSchema = ReturnType<typeof schema>;

/** A combatant of a Skirmish encounter (an infantry or a vehicle): its action budget, round by round. */
export class SkirmishCombatantData extends foundry.abstract.TypeDataModel<SkirmishCombatantSchema, Combatant.Implementation> {
  static override defineSchema() {
    return schema();
  }
}

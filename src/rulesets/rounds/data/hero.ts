import type { AnyObject, EmptyObject } from "fvtt-types/utils";
import { MAX_OUTCOME_NAME } from "../rules/outcomes";
import { formulaField, intField, teamField, usedField } from "./fields";

const { ArrayField, BooleanField, HTMLField, StringField } = foundry.data.fields;

const schema = () => ({
  team: teamField(),
  onMap: new BooleanField({ initial: false }),
  entered: intField(0, 0),
  used: usedField(),
  description: new HTMLField({ required: true, blank: true }),
  shootFormula: formulaField(),
  meleeFormula: formulaField(),
  outcomes: new ArrayField(new StringField({ required: true, blank: false, trim: true, validate: (v: string) => v.length <= MAX_OUTCOME_NAME })),
});

export type HeroSchema = ReturnType<typeof schema>;

/** A Rounds hero: its team, whether it is on the map (and since which round), and what it used in each step. */
export class HeroData extends foundry.abstract.TypeDataModel<HeroSchema, Actor.Implementation, EmptyObject, AnyObject> {
  /**
   * What the GM's client records here, and the attack formulas the GM sets: only a GM changes them
   * (core/data/gm-only.ts).
   */
  static GM_FIELDS = ["team", "onMap", "entered", "used", "shootFormula", "meleeFormula", "outcomes"] as const;

  static override LOCALIZATION_PREFIXES = ["FACTIONS.Rounds.Hero"];

  static override defineSchema() {
    return schema();
  }

  /**
   * Earlier releases kept one record of what the hero used, `{ at, acts }` for the last step it
   * acted in (`at` "" for none); it is now one record per step, so that one becomes the first.
   */
  static override migrateData(source: Record<string, unknown>) {
    const used = source.used;
    if (typeof used === "object" && used !== null && !Array.isArray(used)) {
      const { at, acts } = used as { at?: unknown; acts?: unknown };
      source.used = typeof at === "string" && at !== "" ? [{ at, acts: Array.isArray(acts) ? acts : [] }] : [];
    }
    return super.migrateData(source);
  }

  /** A hero's tokens stand for the hero itself: its uses and its items are the actor's. */
  override async _preCreate(...args: Parameters<foundry.abstract.TypeDataModel<HeroSchema, Actor.Implementation>["_preCreate"]>): Promise<boolean | void> {
    if ((await super._preCreate(...args)) === false) return false;
    this.parent.updateSource({ prototypeToken: { actorLink: true } } as Actor.UpdateData);
  }
}

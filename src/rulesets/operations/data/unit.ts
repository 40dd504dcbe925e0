import type { AnyObject, EmptyObject } from "fvtt-types/utils";
import { canAct, conditionPenalty } from "../rules/conditions";
import { conditionField, flagField, intField, refField, statField } from "./fields";

const { HTMLField } = foundry.data.fields;

const schema = () => ({
  level: intField(1, 0, 20),
  competency: statField(),
  upkeep: intField(0, 0),
  cost: intField(0, 0),
  bonded: flagField(),
  condition: conditionField(),
  hiding: intField(0, 0),
  location: refField(),
  lieutenant: refField(),
  selective: flagField(),
  recruiter: refField(),
  acted: flagField(),
  defended: flagField(),
  description: new HTMLField({ required: true, blank: true }),
});

export type UnitSchema = ReturnType<typeof schema>;

type UnitDerived = { conditionPenalty: number; canAct: boolean } & AnyObject;

export class UnitData extends foundry.abstract.TypeDataModel<UnitSchema, Item.Implementation, EmptyObject, UnitDerived> {
  /** What the GM's client records here: only a GM changes it (core/data/gm-only.ts). */
  static GM_FIELDS = ["acted", "defended"] as const;

  static override LOCALIZATION_PREFIXES = ["FACTIONS.Operations.Unit"];

  static override defineSchema() {
    return schema();
  }

  override prepareDerivedData(): void {
    this.conditionPenalty = conditionPenalty(this.condition);
    this.canAct = canAct(this.condition);
  }
}

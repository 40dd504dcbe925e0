import type { AnyObject, EmptyObject } from "fvtt-types/utils";
import { overheated } from "../rules/vehicle";
import { intField } from "./fields";

const { HTMLField } = foundry.data.fields;

const schema = () => ({
  speed: intField(10, 0),
  /** Heat from pushing; it never cools by itself. */
  heat: intField(0, 0),
  /** The GM's threshold: past it the sheet and the token warn. */
  heatThreshold: intField(3, 0),
  description: new HTMLField({ required: true, blank: true }),
});

export type VehicleSchema = ReturnType<typeof schema>;

type VehicleDerived = {
  /** Heat against the threshold: the token's second bar. */
  heatGauge: { value: number; max: number };
  /** Heat past the threshold. */
  overheated: boolean;
} & AnyObject;

/** The attribute of a vehicle token's second bar. */
export const HEAT_BAR = "heatGauge";

/** The `vehicle` actor: speed, heat and weapons. */
export class VehicleData extends foundry.abstract.TypeDataModel<VehicleSchema, Actor.Implementation, EmptyObject, VehicleDerived> {
  static override LOCALIZATION_PREFIXES = ["FACTIONS.Skirmish.Vehicle"];

  /** Heat is the record of applied pushes: only the GM changes it (core/data/gm-only.ts). */
  static GM_FIELDS = ["heat"] as const;

  static override defineSchema() {
    return schema();
  }

  override prepareDerivedData(): void {
    this.heatGauge = { value: this.heat, max: this.heatThreshold };
    this.overheated = overheated(this.heat, this.heatThreshold);
  }

  /** A new vehicle's token shows its heat as its second bar. */
  override async _preCreate(...args: Parameters<foundry.abstract.TypeDataModel<VehicleSchema, Actor.Implementation>["_preCreate"]>): Promise<boolean | void> {
    if ((await super._preCreate(...args)) === false) return false;
    const data = args[0] as { prototypeToken?: { bar2?: { attribute?: string | null } } };
    if (!data.prototypeToken?.bar2?.attribute) this.parent.updateSource({ prototypeToken: { bar2: { attribute: HEAT_BAR } } } as Actor.UpdateData);
  }
}

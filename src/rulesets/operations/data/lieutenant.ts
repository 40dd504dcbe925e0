import type { AnyObject, EmptyObject } from "fvtt-types/utils";
import { canAct, conditionPenalty } from "../rules/conditions";
import { conditionField, flagField, intField, penaltyField, refField, stanceField } from "./fields";

const { HTMLField, TypedObjectField } = foundry.data.fields;

const schema = () => ({
  level: intField(1, 1, 10),
  force: intField(0, 0, 5),
  sneak: intField(0, 0, 5),
  charm: intField(0, 0, 5),
  lore: intField(0, 0, 5),
  organization: refField(),
  recruiter: refField(),
  captor: refField(),
  location: refField(),
  condition: conditionField(),
  hiding: intField(0, 0),
  acted: flagField(),
  defended: flagField(),
  bonded: flagField(),
  cost: intField(0, 0),
  upkeep: intField(0, 0),
  penalties: new TypedObjectField(penaltyField()),
  stance: stanceField(),
  description: new HTMLField({ required: true, blank: true }),
});

export type LieutenantSchema = ReturnType<typeof schema>;

type LieutenantDerived = {
  /** Its condition's penalty to its checks (dinged −1, damaged −2). */
  conditionPenalty: number;
  /** Not defeated, destroyed or captive. */
  canAct: boolean;
} & AnyObject;

export class LieutenantData extends foundry.abstract.TypeDataModel<LieutenantSchema, Actor.Implementation, EmptyObject, LieutenantDerived> {
  /** What the GM's client records here: only a GM changes it (core/data/gm-only.ts). */
  static GM_FIELDS = ["acted", "defended"] as const;

  static override LOCALIZATION_PREFIXES = ["FACTIONS.Operations.Lieutenant"];

  static override defineSchema() {
    return schema();
  }

  /** A lieutenant is one person: its tokens are linked to it, so its token statuses are its own (statuses.ts). */
  override async _preCreate(...args: Parameters<foundry.abstract.TypeDataModel<LieutenantSchema, Actor.Implementation>["_preCreate"]>): Promise<boolean | void> {
    if ((await super._preCreate(...args)) === false) return false;
    if (!foundry.utils.hasProperty(args[0], "prototypeToken.actorLink")) this.parent.updateSource({ prototypeToken: { actorLink: true } } as Actor.UpdateData);
  }

  override prepareDerivedData(): void {
    this.conditionPenalty = conditionPenalty(this.condition);
    this.canAct = canAct(this.condition) && this.captor === "";
  }
}

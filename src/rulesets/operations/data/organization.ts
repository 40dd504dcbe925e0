import type { AnyObject, EmptyObject } from "fvtt-types/utils";
import type { UnitSystem } from "../rules/state";
import { forceStrength } from "../rules/ratings";
import { flagField, intField, penaltyField, refField } from "./fields";

const { ArrayField, BooleanField, HTMLField, SchemaField, StringField, TypedObjectField } = foundry.data.fields;

const standing = () =>
  new SchemaField({
    faction: new StringField({ required: true, blank: false }),
    influence: intField(0, 0),
    allied: new BooleanField({ initial: false }),
    penalty: penaltyField(),
    influenceCost: intField(0, 0),
    gainPenalty: penaltyField(),
  });

const claim = () =>
  new SchemaField({
    asset: new StringField({ required: true, blank: false }),
    supports: refField(),
    claimants: new ArrayField(new StringField({ required: true, blank: false })),
  });

const surveillance = () =>
  new SchemaField({
    watcher: new StringField({ required: true, blank: false }),
    kind: new StringField({ required: true, blank: false, initial: "location", choices: ["unit", "lieutenant", "location"] }),
    target: new StringField({ required: true, blank: false }),
    extra: new BooleanField({ initial: false }),
  });

const schema = () => ({
  cohesion: intField(1, 1, 5),
  capital: intField(0, 0),
  npc: flagField(),
  round: intField(0, 0),
  standings: new TypedObjectField(standing()),
  claims: new TypedObjectField(claim()),
  penalties: new TypedObjectField(penaltyField()),
  surveillance: new ArrayField(surveillance()),
  description: new HTMLField({ required: true, blank: true }),
});

export type OrganizationSchema = ReturnType<typeof schema>;

type OrganizationDerived = {
  /** Units a lieutenant commands in one action (twice that for a move inside one locale). */
  commandLimit: number;
  /** Σ upkeep of its own units. */
  upkeep: number;
  /** Strength of its whole visible force at each location. */
  strength: Record<string, number>;
} & AnyObject;

export class OrganizationData extends foundry.abstract.TypeDataModel<OrganizationSchema, Actor.Implementation, EmptyObject, OrganizationDerived> {
  static override LOCALIZATION_PREFIXES = ["FACTIONS.Operations.Organization"];

  static override defineSchema() {
    return schema();
  }

  override prepareDerivedData(): void {
    this.commandLimit = this.cohesion;
    const units = this.parent.items.contents.flatMap((item) =>
      item.type === "unit" ? [{ id: item.id ?? "", name: item.name, system: item.system as unknown as UnitSystem }] : [],
    );
    this.upkeep = units.reduce((sum, u) => sum + (u.system.upkeep ?? 0), 0);
    const strength: Record<string, number> = {};
    for (const loc of new Set(units.map((u) => u.system.location))) {
      strength[loc] = forceStrength(units.filter((u) => u.system.location === loc && u.system.hiding <= 0)).reduce((s, m) => s + m.value, 0);
    }
    this.strength = strength;
  }
}

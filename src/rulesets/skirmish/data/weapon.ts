import { boundUpdate, withinBounds, type Bound } from "../../../core/data/bounds";
import { isAttackFormula, MAX_REACH } from "../rules/attack";
import type { WeaponSystem } from "../rules/state";
import { intField } from "./fields";

const { BooleanField, HTMLField, NumberField, SchemaField, StringField } = foundry.data.fields;

const schema = () => ({
  /** Reloads left out of a maximum. */
  reloads: new SchemaField({ value: intField(2, 0), max: intField(2, 0) }),
  /** A heavy weapon rolls its own d6 on Ammo loss. */
  heavy: new BooleanField({ initial: false }),
  /** The GM's: what an attack with it rolls ("" nothing), and the number the roll must reach (null none). */
  attack: new SchemaField({
    formula: new StringField({ required: true, blank: true, initial: "", validate: (v: string) => isAttackFormula(v), validationError: "is not an attack formula" }),
    reach: new NumberField({ required: true, nullable: true, integer: true, initial: null, min: -MAX_REACH, max: MAX_REACH }),
  }),
  description: new HTMLField({ required: true, blank: true }),
});

export type WeaponSchema = ReturnType<typeof schema>;

const BOUNDS: Bound<WeaponSystem>[] = [{ path: "reloads.value", max: (s) => s.reloads.max }];

/** The `weapon` item of an infantry or a vehicle. */
export class WeaponData extends foundry.abstract.TypeDataModel<WeaponSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FACTIONS.Skirmish.Weapon"];

  /** Its attack formula and number to reach are the GM's to set (core/data/gm-only.ts). */
  static GM_FIELDS = ["attack"] as const;

  static override defineSchema() {
    return schema();
  }

  /** A full source is cleaned into its bounds: never more reloads than the maximum. */
  static override cleanData(...args: Parameters<typeof foundry.abstract.TypeDataModel.cleanData>): ReturnType<typeof foundry.abstract.TypeDataModel.cleanData> {
    const clean = super.cleanData(...args);
    if (args[1]?.partial) return clean;
    for (const [path, value] of Object.entries(withinBounds(clean as unknown as WeaponSystem, BOUNDS))) foundry.utils.setProperty(clean, path, value);
    return clean;
  }

  /** A weapon a player makes comes without an attack: that is the GM's to give (a modified client's is put back by the GM's). */
  override async _preCreate(...args: Parameters<foundry.abstract.TypeDataModel<WeaponSchema, Item.Implementation>["_preCreate"]>): Promise<boolean | void> {
    if ((await super._preCreate(...args)) === false) return false;
    const user = args[2];
    const attack = this._source.attack;
    if (user.isGM || (attack.formula === "" && attack.reach === null)) return;
    this.parent.updateSource({ system: { attack: { formula: "", reach: null } } } as Item.UpdateData);
    ui.notifications?.warn(game.i18n!.localize("FACTIONS.Skirmish.Weapon.AttackLeftOut"));
  }

  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel<WeaponSchema, Item.Implementation>["_preUpdate"]>): Promise<boolean | void> {
    if ((await super._preUpdate(...args)) === false) return false;
    boundUpdate(this._source as unknown as WeaponSystem, args[0] as { system?: unknown }, BOUNDS);
  }
}

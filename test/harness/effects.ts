/**
 * Active Effects as v13 has them, embedded in actors (`actor.effects`):
 * - A typed document (`base`, or a system subtype with its `system` data model), with `statuses` (a
 *   Set of status ids), `disabled`, a `duration`, `changes`, and the rest of v13's fields.
 * - Ownership is its parent's; create / update / delete go through the harness database, so the
 *   `preCreateActiveEffect` / `createActiveEffect`… hooks run (on every client, with the userId).
 * - `active` is "not disabled" (the harness suppresses nothing); `isTemporary` is "has a duration
 *   or a status" (what a token shows).
 * - `ActiveEffect.fromStatusEffect(id)` builds an unsaved effect from `CONFIG.statusEffects`: its
 *   name localized, `statuses` the id plus the entry's own; every other key of the entry is kept as
 *   effect data (so an entry may name its `type` and `system`), unknown keys dropped by cleaning.
 *   An entry with extra statuses must have a static `_id`, as in v13.
 * `Actor#statuses` and `Actor#toggleStatusEffect` are on the harness Actor (documents.ts).
 */
import { ArrayField, BooleanField, ColorField, DocumentIdField, FilePathField, HTMLField, NumberField, ObjectField, SchemaField, SetField, StringField } from "./fields";
import { ClientDocument, TypeDataField, statsField, typeField, type DocumentMetadata, type DocumentOptions } from "./documents";
import { deepClone, type AnyObject } from "./utils";

interface EffectGlobals {
  CONFIG: { statusEffects: AnyObject[]; ActiveEffect: { documentClass: typeof ActiveEffect } };
  game: { i18n: { localize(key: string): string } };
}
const g = () => globalThis as unknown as EffectGlobals;

/** v13's `CONST.ACTIVE_EFFECT_MODES`. */
export const ACTIVE_EFFECT_MODES = { CUSTOM: 0, MULTIPLY: 1, ADD: 2, DOWNGRADE: 3, UPGRADE: 4, OVERRIDE: 5 } as const;

export class ActiveEffect extends ClientDocument {
  static override metadata: DocumentMetadata = { name: "ActiveEffect", collection: "effects", embedded: {}, label: "DOCUMENT.ActiveEffect" };

  static override defineSchema() {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false, textSearch: true }),
      img: new FilePathField({ nullable: true, initial: null }),
      type: typeField("ActiveEffect", ["base"]),
      system: new TypeDataField("ActiveEffect"),
      changes: new ArrayField(
        new SchemaField({
          key: new StringField({ required: true, blank: false }),
          value: new StringField({ required: true, blank: true }),
          mode: new NumberField({ integer: true, initial: ACTIVE_EFFECT_MODES.ADD }),
          priority: new NumberField({ nullable: true, initial: null }),
        }),
      ),
      disabled: new BooleanField(),
      duration: new SchemaField({
        startTime: new NumberField({ nullable: true, initial: null }),
        seconds: new NumberField({ nullable: true, integer: true, min: 0, initial: null }),
        combat: new StringField({ nullable: true, blank: false, initial: null }),
        rounds: new NumberField({ nullable: true, integer: true, min: 0, initial: null }),
        turns: new NumberField({ nullable: true, integer: true, min: 0, initial: null }),
        startRound: new NumberField({ nullable: true, integer: true, min: 0, initial: null }),
        startTurn: new NumberField({ nullable: true, integer: true, min: 0, initial: null }),
      }),
      description: new HTMLField(),
      origin: new StringField({ nullable: true, blank: false, initial: null }),
      tint: new ColorField({ nullable: false, initial: () => "#ffffff" }),
      transfer: new BooleanField({ initial: true }),
      statuses: new SetField(new StringField({ required: true, blank: false })),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      flags: new ObjectField(),
      _stats: statsField(),
    };
  }

  declare img: string | null;
  declare disabled: boolean;
  declare statuses: Set<string>;
  declare duration: { rounds: number | null; turns: number | null; seconds: number | null };

  /** The actor it is on. */
  get target(): ClientDocument | null {
    return this.parent instanceof ClientDocument ? this.parent : null;
  }

  get isSuppressed(): boolean {
    return false;
  }

  get active(): boolean {
    return !this.disabled && !this.isSuppressed;
  }

  /** v13: a duration in rounds, turns or seconds, or any status, makes an effect temporary. */
  get isTemporary(): boolean {
    const d = this.duration;
    const length = d.seconds ?? (d.rounds || d.turns) ?? 0;
    return length > 0 || this.statuses.size > 0;
  }

  /** An unsaved effect for the status `statusId` of `CONFIG.statusEffects`. */
  static async fromStatusEffect(statusId: string, options: DocumentOptions = {}): Promise<ActiveEffect> {
    const status = g().CONFIG.statusEffects.find((e) => e.id === statusId);
    if (!status) throw new Error(`Invalid status ID "${statusId}" provided to ActiveEffect#fromStatusEffect`);
    const { id, hud: _hud, ...data } = deepClone(status) as AnyObject & { id: string };
    data.name = g().game.i18n.localize(String(data.name ?? id));
    const statuses = Array.from(new Set([id, ...((data.statuses as string[] | undefined) ?? [])]));
    if (statuses.length > 1 && typeof status._id !== "string") throw new Error("Status effects with implicit statuses must have a static _id");
    data.statuses = statuses;
    const cls = g().CONFIG.ActiveEffect.documentClass;
    return new cls(data, options);
  }
}

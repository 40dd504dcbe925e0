/**
 * The Skirmish sheets: infantry (an individual or a squad, with its members, weapons and fallout),
 * vehicle (speed, heat, weapons), company (morale and squads), and the weapon item. An infantry's
 * or a vehicle's sheet shows what is left of its budget in the encounter and has the buttons that
 * spend it.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { warn } from "../../../core/actions/errors";
import { performAction } from "../../../core/actions/pipeline";
import { templatePath } from "../../../core/constants";
import { editImage, ITEM_ROW_ACTIONS, openSheet } from "../../../core/sheets/handlers";
import type { SkirmishActionName } from "../dialogs";
import { ACTIONS } from "../rules/context";
import type { Stat } from "../rules/effects";
import type { Member } from "../rules/state";
import { companyContext, infantryContext, SHEET_ACTIONS, vehicleContext, weaponContext } from "./context";
import { enrichFor } from "../../../core/sheets/enrich";
import { pressWithKeys } from "../../../core/sheets/keyboard";

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ActorSheetV2, ItemSheetV2 } = foundry.applications.sheets;

/** The dialogs, loaded the first time one opens. */
const dialogs = () => import("../dialogs");

type ActorContext = foundry.applications.sheets.ActorSheetV2.RenderContext;
type ActorConfig = foundry.applications.sheets.ActorSheetV2.Configuration;
type ActorRender = foundry.applications.sheets.ActorSheetV2.RenderOptions;
type ItemContext = foundry.applications.api.DocumentSheetV2.RenderContext<Item.Implementation>;
type ItemConfig = foundry.applications.api.DocumentSheetV2.Configuration<Item.Implementation>;
type ItemRender = foundry.applications.api.DocumentSheetV2.RenderOptions;

interface Common {
  systemFields: unknown;
  /** The stored description, for its editor. */
  descriptionSource: string;
  enrichedDescription: string;
  editable: boolean;
  isGM: boolean;
}
export interface InfantryRenderContext extends ActorContext, ReturnType<typeof infantryContext>, Common {}
export interface VehicleRenderContext extends ActorContext, ReturnType<typeof vehicleContext>, Common {}
export interface CompanyRenderContext extends ActorContext, ReturnType<typeof companyContext>, Common {}
export interface WeaponRenderContext extends ItemContext, ReturnType<typeof weaponContext> {
  systemFields: unknown;
  enrichedDescription: string;
  editable: boolean;
}

const part = (file: string) => ({ sheet: { template: templatePath(`skirmish/${file}`), scrollable: [""] } });
export const INFANTRY_PARTS = part("infantry-sheet.hbs");
export const VEHICLE_PARTS = part("vehicle-sheet.hbs");
export const COMPANY_PARTS = part("company-sheet.hbs");
export const WEAPON_PARTS = part("weapon-sheet.hbs");
/** Partials the sheets share. */
export const SKIRMISH_PARTIALS = ["budget.hbs", "weapons.hbs", "push-dialog.hbs", "description.hbs"].map((f) => templatePath(`skirmish/${f}`));

const isSheetAction = (id: string | undefined): id is SkirmishActionName => (SHEET_ACTIONS as readonly string[]).includes(id ?? "");

/** The fields, description and flags every Skirmish sheet renders. */
async function common(doc: Actor.Implementation | Item.Implementation, editable: boolean): Promise<Common> {
  const system = doc.system as unknown as { schema: { fields: unknown }; description: string };
  return { systemFields: system.schema.fields, descriptionSource: system.description, enrichedDescription: await enrichFor(doc, system.description), editable, isGM: !!game.user?.isGM };
}

/** Button handlers shared by the infantry and vehicle sheets (with every sheet's item rows and image). */
const fighterActions = {
  skirmishAction: async function (this: { actor: Actor.Implementation }, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    const id = target.dataset.skirmishAction;
    if (!isSheetAction(id)) return;
    const weapon = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    await (await dialogs()).takeSkirmishAction(this.actor, id, { ...(weapon ? { weapon } : {}), ...(target.dataset.stat ? { stat: target.dataset.stat as Stat } : {}) });
  },
  ...ITEM_ROW_ACTIONS,
  editImage,
  newWeapon: async function (this: { actor: Actor.Implementation }, event: PointerEvent): Promise<void> {
    event.preventDefault();
    await this.actor.createEmbeddedDocuments("Item", [{ name: game.i18n!.localize("FACTIONS.Skirmish.Sheet.NewWeapon"), type: "weapon" } as Item.CreateData]);
  },
};

export class InfantrySheet<
  RenderContext extends InfantryRenderContext = InfantryRenderContext,
  Configuration extends ActorConfig = ActorConfig,
  RenderOptions extends ActorRender = ActorRender,
> extends HandlebarsApplicationMixin(ActorSheetV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions", "sheet", "actor", "factions-skirmish", "factions-infantry"],
    position: { width: 660, height: 760 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: { ...fighterActions, addMember: InfantrySheet.#onAddMember, removeMember: InfantrySheet.#onRemoveMember, removeEffect: InfantrySheet.#onRemoveEffect },
  };

  static override PARTS = INFANTRY_PARTS;

  /** Enter and Space open a weapon from its name. */
  protected override async _onFirstRender(context: DeepPartial<RenderContext>, options: DeepPartial<RenderOptions>): Promise<void> {
    await super._onFirstRender(context, options);
    pressWithKeys(this.element);
  }

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    return { ...base, ...infantryContext(this.actor), ...(await common(this.actor, this.isEditable)) } as RenderContext;
  }

  #members(): Member[] {
    return (this.actor._source.system as unknown as { members: Member[] }).members;
  }

  static async #onAddMember(this: InfantrySheet, event: PointerEvent): Promise<void> {
    event.preventDefault();
    const members = this.#members();
    const name = game.i18n!.format("FACTIONS.Skirmish.Sheet.NewMember", { n: String(members.length + 1) });
    await this.actor.update({ "system.members": [...members, { id: foundry.utils.randomID(), name, state: "ready" }] } as Actor.UpdateData);
  }

  static async #onRemoveMember(this: InfantrySheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    const id = target.closest<HTMLElement>("[data-member-id]")?.dataset.memberId;
    await this.actor.update({ "system.members": this.#members().filter((m) => m.id !== id) } as Actor.UpdateData);
  }

  /** GM only: remove a fallout effect (a card, so it can be undone). */
  static async #onRemoveEffect(this: InfantrySheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    const effect = target.closest<HTMLElement>("[data-effect-id]")?.dataset.effectId;
    if (effect) await performAction(ACTIONS.removeEffect, this.actor, { actor: this.actor.uuid, effect }).catch(warn);
  }
}

export class VehicleSheet<
  RenderContext extends VehicleRenderContext = VehicleRenderContext,
  Configuration extends ActorConfig = ActorConfig,
  RenderOptions extends ActorRender = ActorRender,
> extends HandlebarsApplicationMixin(ActorSheetV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions", "sheet", "actor", "factions-skirmish", "factions-vehicle"],
    position: { width: 620, height: 640 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: { ...fighterActions },
  };

  static override PARTS = VEHICLE_PARTS;

  /** Enter and Space open a weapon from its name. */
  protected override async _onFirstRender(context: DeepPartial<RenderContext>, options: DeepPartial<RenderOptions>): Promise<void> {
    await super._onFirstRender(context, options);
    pressWithKeys(this.element);
  }

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    return { ...base, ...vehicleContext(this.actor), ...(await common(this.actor, this.isEditable)) } as RenderContext;
  }
}

export class CompanySheet<
  RenderContext extends CompanyRenderContext = CompanyRenderContext,
  Configuration extends ActorConfig = ActorConfig,
  RenderOptions extends ActorRender = ActorRender,
> extends HandlebarsApplicationMixin(ActorSheetV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions", "sheet", "actor", "factions-skirmish", "factions-company"],
    position: { width: 560, height: 600 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: { openSquad: CompanySheet.#onOpenSquad, unlistSquad: CompanySheet.#onUnlistSquad, editImage },
  };

  static override PARTS = COMPANY_PARTS;

  /** Enter and Space open a squad from its name. */
  protected override async _onFirstRender(context: DeepPartial<RenderContext>, options: DeepPartial<RenderOptions>): Promise<void> {
    await super._onFirstRender(context, options);
    pressWithKeys(this.element);
  }

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    return { ...base, ...companyContext(this.actor), ...(await common(this.actor, this.isEditable)) } as RenderContext;
  }

  #squads(): string[] {
    return (this.actor._source.system as unknown as { squads: string[] }).squads;
  }

  /** An infantry dropped on the company joins its squads. */
  protected async _onDropActor(event: DragEvent, actor: Actor.Implementation): Promise<object | boolean | void | null> {
    if (!this.isEditable || actor.type !== "infantry" || this.#squads().includes(actor.uuid)) return false;
    await this.actor.update({ "system.squads": [...this.#squads(), actor.uuid] } as Actor.UpdateData);
    return true;
  }

  static async #onOpenSquad(this: CompanySheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    const uuid = target.closest<HTMLElement>("[data-uuid]")?.dataset.uuid ?? "";
    await openSheet(foundry.utils.fromUuidSync(uuid as `Actor.${string}`, { strict: false }) as Actor.Implementation | null);
  }

  static async #onUnlistSquad(this: CompanySheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    const uuid = target.closest<HTMLElement>("[data-uuid]")?.dataset.uuid;
    await this.actor.update({ "system.squads": this.#squads().filter((s) => s !== uuid) } as Actor.UpdateData);
  }
}

export class WeaponSheet<
  RenderContext extends WeaponRenderContext = WeaponRenderContext,
  Configuration extends ItemConfig = ItemConfig,
  RenderOptions extends ItemRender = ItemRender,
> extends HandlebarsApplicationMixin(ItemSheetV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions", "sheet", "item", "factions-skirmish", "factions-weapon"],
    position: { width: 460, height: 480 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: { editImage },
  };

  static override PARTS = WEAPON_PARTS;

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    const { enrichedDescription, systemFields, editable } = await common(this.item, this.isEditable);
    return { ...base, ...weaponContext(this.item), enrichedDescription, systemFields, editable } as RenderContext;
  }
}

export const SKIRMISH_TEMPLATES: string[] = [...[INFANTRY_PARTS, VEHICLE_PARTS, COMPANY_PARTS, WEAPON_PARTS].map((p) => p.sheet.template), ...SKIRMISH_PARTIALS];

/** Register the Skirmish sheets as the defaults of their types (call on `init`). */
export function registerSkirmishSheets(): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  const S = "FACTIONS.Skirmish.Sheet.";
  const id = "factions";
  DocumentSheetConfig.registerSheet(Actor, id, InfantrySheet, { types: ["infantry"], makeDefault: true, label: `${S}Infantry` });
  DocumentSheetConfig.registerSheet(Actor, id, VehicleSheet, { types: ["vehicle"], makeDefault: true, label: `${S}Vehicle` });
  DocumentSheetConfig.registerSheet(Actor, id, CompanySheet, { types: ["company"], makeDefault: true, label: `${S}Company` });
  DocumentSheetConfig.registerSheet(Item, id, WeaponSheet, { types: ["weapon"], makeDefault: true, label: `${S}Weapon` });
}

/**
 * The Skirmish sheets: infantry (an individual or a squad, with its members, weapons and fallout),
 * vehicle (speed, heat, weapons), company (morale and squads), and the weapon item. An infantry's
 * or a vehicle's sheet shows what is left of its budget in the encounter and, to its owners, the
 * buttons that spend it, each saying why it cannot be taken now (context.ts); a vehicle fires from
 * one Fire button.
 */
import { warn } from "../../../core/actions/errors";
import { performAction } from "../../../core/actions/pipeline";
import { templatePath } from "../../../core/constants";
import { FactionsActorSheet, FactionsItemSheet, type SheetBasics } from "../../../core/sheets/base";
import { openSheet } from "../../../core/sheets/handlers";
import type { SkirmishActionName } from "../dialogs";
import { ACTIONS } from "../rules/context";
import type { Stat } from "../rules/effects";
import type { Member } from "../rules/state";
import { SPENDS } from "../actions";
import type { companyContext, infantryContext, vehicleContext, weaponContext } from "./context";
import { worldDocument } from "../../../core/documents/uuid";

/** The sheets' contexts, loaded with the first Skirmish sheet rendered. */
const contexts = () => import("./context");

/** The dialogs, loaded the first time one opens. */
const dialogs = () => import("../dialogs");

type ActorContext = foundry.applications.sheets.ActorSheetV2.RenderContext;
type ItemContext = foundry.applications.api.DocumentSheetV2.RenderContext<Item.Implementation>;

export interface InfantryRenderContext extends ActorContext, SheetBasics, ReturnType<typeof infantryContext> {}
export interface VehicleRenderContext extends ActorContext, SheetBasics, ReturnType<typeof vehicleContext> {}
export interface CompanyRenderContext extends ActorContext, SheetBasics, ReturnType<typeof companyContext> {}
export interface WeaponRenderContext extends ItemContext, SheetBasics, ReturnType<typeof weaponContext> {}

const part = (file: string) => ({ sheet: { template: templatePath(`skirmish/${file}`), scrollable: [""] } });
export const INFANTRY_PARTS = part("infantry-sheet.hbs");
export const VEHICLE_PARTS = part("vehicle-sheet.hbs");
export const COMPANY_PARTS = part("company-sheet.hbs");
export const WEAPON_PARTS = part("weapon-sheet.hbs");
/** Partials the sheets share. */
export const SKIRMISH_PARTIALS = ["budget.hbs", "action-button.hbs", "weapons.hbs", "push-dialog.hbs", "description.hbs"].map((f) => templatePath(`skirmish/${f}`));

/** The spends a sheet can take, for its buttons' ids. */
const SHEET_ACTIONS = ["push", "check", ...Object.keys(SPENDS)] as const;

const isSheetAction = (id: string | undefined): id is SkirmishActionName => (SHEET_ACTIONS as readonly string[]).includes(id ?? "");

/** Button handlers shared by the infantry and vehicle sheets. */
const fighterActions = {
  skirmishAction: async function (this: { actor: Actor.Implementation }, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    const id = target.dataset.skirmishAction;
    if (!isSheetAction(id)) return;
    const weapon = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    await (await dialogs()).takeSkirmishAction(this.actor, id, { ...(weapon ? { weapon } : {}), ...(target.dataset.stat ? { stat: target.dataset.stat as Stat } : {}) });
  },
  newWeapon: async function (this: { actor: Actor.Implementation }, event: PointerEvent): Promise<void> {
    event.preventDefault();
    await this.actor.createEmbeddedDocuments("Item", [{ name: game.i18n!.localize("FACTIONS.Skirmish.Sheet.NewWeapon"), type: "weapon" } as Item.CreateData]);
  },
};

export class InfantrySheet extends FactionsActorSheet<InfantryRenderContext> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions-skirmish", "factions-infantry"],
    position: { width: 660, height: 760 },
    actions: { ...fighterActions, addMember: InfantrySheet.#onAddMember, removeMember: InfantrySheet.#onRemoveMember, removeEffect: InfantrySheet.#onRemoveEffect },
  };

  static override PARTS = INFANTRY_PARTS;

  protected override async sheetContext(): Promise<object> {
    return (await contexts()).infantryContext(this.actor);
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

export class VehicleSheet extends FactionsActorSheet<VehicleRenderContext> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions-skirmish", "factions-vehicle"],
    position: { width: 620, height: 640 },
    actions: fighterActions,
  };

  static override PARTS = VEHICLE_PARTS;

  protected override async sheetContext(): Promise<object> {
    return (await contexts()).vehicleContext(this.actor);
  }
}

export class CompanySheet extends FactionsActorSheet<CompanyRenderContext> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions-skirmish", "factions-company"],
    position: { width: 560, height: 600 },
    actions: { openSquad: CompanySheet.#onOpenSquad, unlistSquad: CompanySheet.#onUnlistSquad },
  };

  static override PARTS = COMPANY_PARTS;

  protected override async sheetContext(): Promise<object> {
    return (await contexts()).companyContext(this.actor);
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
    await openSheet(worldDocument(uuid) as Actor.Implementation | null);
  }

  static async #onUnlistSquad(this: CompanySheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    const uuid = target.closest<HTMLElement>("[data-uuid]")?.dataset.uuid;
    await this.actor.update({ "system.squads": this.#squads().filter((s) => s !== uuid) } as Actor.UpdateData);
  }
}

export class WeaponSheet extends FactionsItemSheet<WeaponRenderContext> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions-skirmish", "factions-weapon"],
    position: { width: 460, height: 480 },
  };

  static override PARTS = WEAPON_PARTS;

  protected override async sheetContext(): Promise<object> {
    return (await contexts()).weaponContext(this.item);
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

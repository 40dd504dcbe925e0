/**
 * The dialogs of the twenty Operations actions: the acting lieutenant, its units, the target,
 * stealth, a situational modifier, and the rating breakdown with the exact odds of all four
 * tiers. Loaded the first time a lieutenant's action button is pressed (see `takeOperationsAction`).
 */
import { oddsContext, promptAction, type DialogField, type FormValues } from "../../core/actions/dialog";
import { ActionError, localizeLine, warn } from "../../core/actions/errors";
import { performAction } from "../../core/actions/pipeline";
import { locationLabel, locationOptions } from "../../core/locations";
import type { Outcome, Result } from "../../core/rules/outcome";
import type { OperationsActionName } from "./action-list";
import { operationsSettings, RULES, type Rule } from "./rule-table";
import { operationsState } from "./data/state";
import * as rules from "./rules";
import type { LieutenantState, OperationsContext, OperationsState, OrganizationState, UnitState } from "./rules";

const D = "FACTIONS.Operations.Dialog.";
const i18n = () => game.i18n!;
const fmt = (key: string, data: Record<string, string | number>) => localizeLine({ key, data });

// ---------------------------------------------------------------------------
// Odds: the rule itself is run on fixed dice and its checks' modifiers are read
// from the outcome, so the dialog shows exactly the breakdown the roll will use.

/** Dice that always roll 5 on the d10: enough to walk the rule to its checks. */
const fixedDice = {
  roll(formula: string): number {
    const m = /([+-])\s*(\d+)\s*$/.exec(formula);
    return 5 + (m ? (m[1] === "-" ? -1 : 1) * Number(m[2]) : 0);
  },
};

function oddsOf(rule: Rule<object>, choice: object | null) {
  if (!choice) return null;
  const state = operationsState();
  const ctx: OperationsContext = { dice: fixedDice, settings: operationsSettings(), newId: () => foundry.utils.randomID() };
  let result: Result<Outcome>;
  try {
    result = rule(state, choice, ctx);
  } catch {
    return null;
  }
  if (!result.ok) return null;
  return result.value.checks.map(({ check }) => oddsContext(check.modifiers.actor, check.modifiers.opposition, "fourTier", ctx.settings));
}

// ---------------------------------------------------------------------------
// Dialog helpers.

export interface AskContext {
  state: OperationsState;
  lt: LieutenantState;
  org: OrganizationState;
  /** Preset values (e.g. the unit whose own button was clicked). */
  preset: Record<string, string>;
}

const str = (v: FormValues[string] | undefined): string => (v === undefined ? "" : String(v));
const num = (v: FormValues[string] | undefined): number => Number(v ?? 0) || 0;
const list = (v: FormValues[string] | undefined): string[] => (Array.isArray(v) ? v : []);
const on = (values: FormValues, name: string) => list(values[name]).includes("on");
/** Split a `kind:id` option value on its first colon (ids and locations may contain colons). */
const split = (v: string): [string, string] => {
  const i = v.indexOf(":");
  return i < 0 ? [v, ""] : [v.slice(0, i), v.slice(i + 1)];
};

const statName = (s: string) => i18n().localize(`${rules.RATING}Stat.${s}`);
const conditionName = (c: string) => i18n().localize(`FACTIONS.Operations.Sheet.Condition.${c}`);

/** A unit as a dialog lists it; with `withOrg` (another organization's), never its hiding level. */
export function unitLabel(u: UnitState, withOrg?: string): string {
  const bits = [`L${u.system.level}`, statName(u.system.competency), locationLabel(u.system.location), conditionName(u.system.condition)];
  if (!withOrg && u.system.hiding > 0) bits.push(fmt(`${D}Hidden`, { level: u.system.hiding }));
  return `${withOrg ? `${withOrg}: ` : ""}${u.name} (${bits.join(", ")})`;
}

const others = (ctx: AskContext) => Object.values(ctx.state.organizations).filter((o) => o.id !== ctx.org.id);
const npcs = (ctx: AskContext) => others(ctx).filter((o) => o.system.npc);
const orgOptions = (orgs: OrganizationState[]) => orgs.map((o) => ({ value: o.id, label: o.name }));
/** Another organization's units and lieutenants as the acting one knows them: the hidden ones are not listed. */
const otherUnits = (ctx: AskContext) => others(ctx).flatMap((o) => o.units.filter((u) => u.system.hiding <= 0).map((u) => ({ org: o, u })));
const otherLieutenants = (ctx: AskContext) => Object.values(ctx.state.lieutenants).filter((l) => l.system.organization !== ctx.org.id && l.system.hiding <= 0);
const locationSelect = (name: string, label: string, value: string, blank?: string): DialogField => ({
  kind: "select",
  name,
  label,
  value,
  options: [...(blank ? [{ value: "", label: i18n().localize(blank) }] : []), ...locationOptions([value])],
});

/** The units the lieutenant may command, with the limit in the legend. */
function unitsField(ctx: AskContext, name: string, limit: string, filter: (u: UnitState) => boolean = () => true): DialogField {
  const units = ctx.org.units.filter((u) => u.system.condition !== "destroyed" && filter(u));
  return {
    kind: "checkboxes",
    name,
    label: `${i18n().localize(`${D}Units`)} — ${limit}`,
    options: units.map((u) => ({
      value: u.id,
      label: unitLabel(u),
      checked: ctx.preset.unit ? u.id === ctx.preset.unit : u.system.lieutenant === ctx.lt.id && u.system.location === ctx.lt.system.location,
    })),
  };
}
const limitText = (ctx: AskContext) => fmt(`${D}Limit`, { max: rules.commandLimit(ctx.org.system.cohesion) });
const atLieutenant = (ctx: AskContext) => (u: UnitState) => u.system.location === ctx.lt.system.location;
const targetOrgField = (ctx: AskContext, label = `${D}TargetOrganization`): DialogField => ({
  kind: "select",
  name: "target",
  label,
  options: orgOptions(others(ctx)),
});
const npcField = (ctx: AskContext, name = "faction"): DialogField => ({ kind: "select", name, label: `${D}Faction`, options: orgOptions(npcs(ctx)) });
const bonusField = (): DialogField => ({
  kind: "select",
  name: "bonus",
  label: `${D}Bonus`,
  options: [
    { value: "info", label: i18n().localize(`${D}BonusInfo`) },
    { value: "stealth", label: i18n().localize(`${D}BonusStealth`) },
  ],
});
const payField = (): DialogField => ({
  kind: "select",
  name: "pay",
  label: `${D}Pay`,
  options: [
    { value: "influence", label: i18n().localize(`${D}PayInfluence`) },
    { value: "capital", label: i18n().localize(`${D}PayCapital`) },
  ],
});

/** Capital, a unit of the target there, a lieutenant (Steal), or information/an item. */
function acquireFields(ctx: AskContext, lieutenants: boolean): DialogField[] {
  const options = [
    { value: "capital:", label: i18n().localize(`${D}AcquireCapital`) },
    { value: "thing:", label: i18n().localize(`${D}AcquireThing`) },
    ...otherUnits(ctx).map(({ org, u }) => ({ value: `unit:${u.id}`, label: unitLabel(u, org.name), group: i18n().localize(`${D}AcquireUnit`) })),
    ...(lieutenants ? otherLieutenants(ctx).map((l) => ({ value: `lieutenant:${l.id}`, label: l.name, group: i18n().localize(`${D}AcquireLieutenant`) })) : []),
  ];
  return [
    { kind: "select", name: "acquire", label: `${D}Acquire`, options },
    { kind: "number", name: "amount", label: `${D}Amount`, value: 1, min: 0 },
    { kind: "text", name: "thing", label: `${D}ThingName`, value: "" },
  ];
}

function acquisitionOf(values: FormValues): rules.Acquisition {
  const [kind, id] = split(str(values.acquire) || "capital:");
  if (kind === "unit") return { kind: "unit", unit: id };
  if (kind === "lieutenant") return { kind: "lieutenant", lieutenant: id };
  if (kind === "thing") return { kind: "thing", name: str(values.thing) || i18n().localize(`${D}AcquireThing`) };
  return { kind: "capital", amount: num(values.amount) };
}

function targetField(ctx: AskContext, name: string, kinds: ("unit" | "lieutenant" | "location" | "other")[], own = false): DialogField {
  const options: { value: string; label: string; group?: string }[] = [];
  const units = own ? ctx.org.units.map((u) => ({ org: ctx.org, u })) : otherUnits(ctx);
  if (kinds.includes("unit")) for (const { org, u } of units) options.push({ value: `unit:${u.id}`, label: unitLabel(u, own ? undefined : org.name), group: i18n().localize(`${D}AcquireUnit`) });
  if (kinds.includes("lieutenant")) {
    const lts = own ? Object.values(ctx.state.lieutenants).filter((l) => l.system.organization === ctx.org.id) : otherLieutenants(ctx);
    for (const l of lts) options.push({ value: `lieutenant:${l.id}`, label: l.name, group: i18n().localize(`${D}AcquireLieutenant`) });
  }
  if (kinds.includes("location")) for (const o of locationOptions()) options.push({ value: `location:${o.value}`, label: o.label, group: i18n().localize(`${D}Location`) });
  if (kinds.includes("other")) options.push({ value: "other:", label: i18n().localize(`${D}Other`) });
  const preset = ctx.preset.unit ? `unit:${ctx.preset.unit}` : undefined;
  return { kind: "select", name, label: `${D}Target`, options, value: preset };
}

// ---------------------------------------------------------------------------
// The twenty dialogs: extra fields, and the choice from the form's values.

interface Spec<C> {
  /** No roll: no modifier field and no odds. */
  noRoll?: boolean;
  fields(ctx: AskContext): DialogField[];
  choice(values: FormValues, ctx: AskContext): C;
}

/** Erase a spec's choice type for the table (each spec is checked on its own). */
function spec<C>(s: Spec<C>): Spec<object> {
  return s as unknown as Spec<object>;
}

type Base = { lieutenant: string; stealthy: boolean; modifier: number };

function attackSpec(name: "aggressiveAttack" | "cautiousAttack"): Spec<rules.AttackChoice> {
  return {
    fields: (ctx) => [
      targetOrgField(ctx),
      { kind: "info", text: fmt(`${D}At`, { location: locationLabel(ctx.lt.system.location) }) },
      unitsField(ctx, "units", limitText(ctx), atLieutenant(ctx)),
    ],
    choice: (v, ctx) => ({ ...base(v, ctx), target: str(v.target), location: ctx.lt.system.location, units: list(v.units) }),
  };
}

function base(values: FormValues, ctx: AskContext): Base {
  return { lieutenant: ctx.lt.id, stealthy: on(values, "stealthy"), modifier: num(values.modifier) };
}

const SPECS: Record<OperationsActionName, Spec<object>> = {
  aggressiveAttack: spec(attackSpec("aggressiveAttack")),
  cautiousAttack: spec(attackSpec("cautiousAttack")),
  raid: spec({
    fields: (ctx) => [targetOrgField(ctx), ...acquireFields(ctx, false), unitsField(ctx, "units", limitText(ctx), atLieutenant(ctx))],
    choice: (v, ctx): rules.RaidChoice => ({
      ...base(v, ctx),
      target: str(v.target),
      location: ctx.lt.system.location,
      units: list(v.units),
      acquire: acquisitionOf(v) as rules.RaidChoice["acquire"],
    }),
  }),
  conceal: spec({
    fields: (ctx) => [
      targetField(ctx, "what", ["unit", "lieutenant", "other"], true),
      { kind: "text", name: "thing", label: `${D}ThingName`, value: "" },
      locationSelect("moveTo", `${D}MoveTo`, "", `${D}Stay`),
    ],
    choice: (v, ctx): rules.ConcealChoice => {
      const [kind, id] = split(str(v.what));
      const target: rules.ConcealTarget =
        kind === "unit" ? { kind: "unit", unit: id } : kind === "lieutenant" ? { kind: "lieutenant", lieutenant: id } : { kind: "thing", name: str(v.thing) || "?" };
      return { ...base(v, ctx), target, ...(str(v.moveTo) ? { moveTo: str(v.moveTo) } : {}) };
    },
  }),
  steal: spec({
    fields: (ctx) => [targetOrgField(ctx), { kind: "info", text: fmt(`${D}At`, { location: locationLabel(ctx.lt.system.location) }) }, ...acquireFields(ctx, true)],
    choice: (v, ctx): rules.StealChoice => ({ ...base(v, ctx), target: str(v.target), location: ctx.lt.system.location, acquire: acquisitionOf(v) }),
  }),
  surveil: spec({
    fields: (ctx) => [targetField(ctx, "what", ["unit", "lieutenant", "location"]), bonusField()],
    choice: (v, ctx): rules.SurveilChoice => {
      const [kind, id] = split(str(v.what));
      const target: rules.SurveilTarget =
        kind === "unit" ? { kind: "unit", unit: id } : kind === "lieutenant" ? { kind: "lieutenant", lieutenant: id } : { kind: "location", location: id };
      return { ...base(v, ctx), target, bonus: str(v.bonus) === "stealth" ? "stealth" : "info" };
    },
  }),
  purchase: spec({
    fields: (ctx) => [
      {
        kind: "select",
        name: "kind",
        label: `${D}ThingKind`,
        options: ["unit", "item", "location"].map((k) => ({ value: k, label: i18n().localize(`${D}Kind.${k}`) })),
      },
      { kind: "text", name: "name", label: `${D}ThingName`, value: "" },
      { kind: "number", name: "level", label: `${D}AssetLevel`, value: 1, min: 0 },
      { kind: "number", name: "price", label: `${D}Price`, value: 1, min: 0 },
      { kind: "select", name: "competency", label: `${D}Competency`, options: rules.STATS.map((s) => ({ value: s, label: statName(s) })) },
      { kind: "number", name: "upkeep", label: `${D}Upkeep`, value: 0, min: 0 },
      locationSelect("location", `${D}Location`, ctx.lt.system.location),
      {
        kind: "checkboxes",
        name: "opts",
        label: `${D}Options`,
        options: [
          { value: "payDouble", label: i18n().localize(`${D}PayDouble`) },
          { value: "secret", label: i18n().localize(`${D}SecretLocation`) },
          { value: "bonded", label: i18n().localize(`${D}Bonded`) },
        ],
      },
    ],
    choice: (v, ctx): rules.PurchaseChoice => {
      const kind = str(v.kind) || "unit";
      const name = str(v.name) || i18n().localize(`${D}Kind.${kind}`);
      const opts = list(v.opts);
      const thing: rules.PurchaseThing =
        kind === "unit"
          ? { kind: "unit", name, level: num(v.level), competency: (str(v.competency) || "force") as rules.Stat, upkeep: num(v.upkeep), bonded: opts.includes("bonded") }
          : { kind: kind as "item" | "location", name, level: num(v.level) };
      return { ...base(v, ctx), thing, price: num(v.price), location: str(v.location) || ctx.lt.system.location, payDouble: opts.includes("payDouble"), secretLocation: opts.includes("secret") };
    },
  }),
  investigate: spec({
    fields: (ctx) => [
      targetField(ctx, "what", ["unit", "lieutenant", "other"]),
      { kind: "text", name: "thing", label: `${D}ThingName`, value: "" },
      { kind: "number", name: "level", label: `${D}Obscurity`, value: 1, min: 0 },
      bonusField(),
    ],
    choice: (v, ctx): rules.InvestigateChoice => {
      const [kind, id] = split(str(v.what));
      const target: rules.InvestigateTarget =
        kind === "unit" ? { kind: "unit", unit: id } : kind === "lieutenant" ? { kind: "lieutenant", lieutenant: id } : { kind: "other", name: str(v.thing) || "?", level: num(v.level) };
      return { ...base(v, ctx), target, bonus: str(v.bonus) === "stealth" ? "stealth" : "info" };
    },
  }),
  recruit: spec({
    fields: (ctx) => [
      targetField(ctx, "what", ["unit", "lieutenant"]),
      { kind: "checkboxes", name: "join", label: `${D}Join`, options: [{ value: "on", label: i18n().localize(`${D}JoinHint`), checked: true }] },
    ],
    choice: (v, ctx): rules.RecruitChoice => {
      const [kind, id] = split(str(v.what));
      return { ...base(v, ctx), target: kind === "lieutenant" ? { kind: "lieutenant", lieutenant: id } : { kind: "unit", unit: id }, join: on(v, "join") };
    },
  }),
  sellItem: spec({
    fields: (ctx) => [
      targetField(ctx, "what", ["unit", "other"], true),
      { kind: "text", name: "thing", label: `${D}ThingName`, value: "" },
      { kind: "number", name: "price", label: `${D}Price`, value: 1, min: 0 },
    ],
    choice: (v, ctx): rules.SellItemChoice => {
      const [kind, id] = split(str(v.what));
      return { ...base(v, ctx), thing: kind === "unit" ? { kind: "unit", unit: id } : { kind: "other", name: str(v.thing) || "?", price: num(v.price) } };
    },
  }),
  researchMagic: spec({
    fields: (ctx) => [
      {
        kind: "select",
        name: "project",
        label: `${D}Project`,
        options: [
          ...ctx.org.projects.filter((p) => p.system.kind === "research").map((p) => ({ value: p.id, label: `${p.name} (${p.system.progress}/${p.system.required})` })),
          { value: "", label: i18n().localize(`${D}NewProject`) },
        ],
      },
      { kind: "text", name: "name", label: `${D}ProjectName`, value: "" },
      { kind: "number", name: "required", label: `${D}Required`, value: rules.RESEARCH_REQUIRED, min: 1 },
    ],
    choice: (v, ctx): rules.ResearchMagicChoice =>
      str(v.project)
        ? { ...base(v, ctx), project: str(v.project) }
        : { ...base(v, ctx), start: { name: str(v.name) || i18n().localize(`${D}NewProject`), required: num(v.required) || rules.RESEARCH_REQUIRED } },
  }),
  moveMinion: spec({
    noRoll: true,
    fields: (ctx) => [
      { kind: "info", text: fmt(`${D}MoveLimit`, { max: rules.commandLimit(ctx.org.system.cohesion), within: rules.commandLimit(ctx.org.system.cohesion, true) }) },
      unitsField(ctx, "units", fmt(`${D}LimitMove`, { max: rules.commandLimit(ctx.org.system.cohesion), within: rules.commandLimit(ctx.org.system.cohesion, true) })),
      locationSelect("to", `${D}Destination`, ctx.lt.system.location),
      locationSelect("lieutenantTo", `${D}LieutenantTo`, "", `${D}Stay`),
    ],
    choice: (v, ctx): rules.MoveMinionChoice => ({
      ...base(v, ctx),
      units: list(v.units).map((unit) => ({ unit, to: str(v.to) })),
      ...(str(v.lieutenantTo) ? { lieutenantTo: str(v.lieutenantTo) } : {}),
    }),
  }),
  trainMinion: spec({
    fields: (ctx) => [
      {
        kind: "select",
        name: "project",
        label: `${D}Project`,
        options: [
          ...ctx.org.projects.filter((p) => p.system.kind === "training").map((p) => ({ value: p.id, label: `${p.name} (${p.system.progress}/${p.system.required})` })),
          { value: "", label: i18n().localize(`${D}NewProject`) },
        ],
      },
      targetField(ctx, "trainee", ["unit", "lieutenant"], true),
      {
        kind: "select",
        name: "training",
        label: `${D}Training`,
        options: ["level", "type"].map((k) => ({ value: k, label: i18n().localize(`${D}TrainingKind.${k}`) })),
      },
      { kind: "select", name: "stat", label: `${D}Stat`, options: rules.STATS.map((s) => ({ value: s, label: statName(s) })) },
      { kind: "number", name: "outside", label: `${D}OutsideCost`, value: 0, min: 0, hint: `${D}OutsideHint` },
      { kind: "number", name: "rating", label: `${D}OutsideRating`, value: 0, min: 0 },
    ],
    choice: (v, ctx): rules.TrainMinionChoice => {
      const b = base(v, ctx);
      const outside = num(v.outside) > 0 ? { outsideTrainer: { cost: num(v.outside), rating: num(v.rating) } } : {};
      if (str(v.project)) return { ...b, project: str(v.project), ...outside };
      const [, target] = split(str(v.trainee));
      const training = str(v.training) === "type" ? "type" : "level";
      return { ...b, start: { target, training, stat: (str(v.stat) || "force") as rules.Stat }, ...outside };
    },
  }),
  hireOut: spec({
    noRoll: true,
    fields: (ctx) => [
      { kind: "info", text: i18n().localize(`${D}HireOutHint`) },
      unitsField(ctx, "units", limitText(ctx)),
      {
        kind: "checkboxes",
        name: "selective",
        label: `${D}Selective`,
        options: ctx.org.units.map((u) => ({ value: u.id, label: u.name, checked: u.system.selective })),
      },
      { kind: "number", name: "adjust", label: `${D}Adjust`, value: 0, hint: `${D}AdjustHint` },
    ],
    choice: (v, ctx): rules.HireOutChoice => {
      const units = list(v.units);
      return { ...base(v, ctx), units, selective: list(v.selective).filter((u) => units.includes(u)), adjust: num(v.adjust) };
    },
  }),
  ambush: spec({
    noRoll: true,
    fields: (ctx) => [
      { kind: "checkboxes", name: "factions", label: `${D}StanceFactions`, options: orgOptions(others(ctx)) },
      {
        kind: "select",
        name: "strategy",
        label: `${D}Strategy`,
        options: ["aggressive", "cautious"].map((s) => ({ value: s, label: i18n().localize(`${D}StrategyKind.${s}`) })),
      },
      unitsField(ctx, "units", limitText(ctx), atLieutenant(ctx)),
    ],
    choice: (v, ctx): rules.AmbushChoice => ({
      ...base(v, ctx),
      factions: list(v.factions),
      strategy: str(v.strategy) === "cautious" ? "cautious" : "aggressive",
      units: list(v.units),
    }),
  }),
  blockRoute: spec({
    noRoll: true,
    fields: (ctx) => [
      { kind: "checkboxes", name: "factions", label: `${D}StanceFactions`, options: orgOptions(others(ctx)) },
      unitsField(ctx, "units", limitText(ctx), atLieutenant(ctx)),
    ],
    choice: (v, ctx): rules.BlockRouteChoice => ({ ...base(v, ctx), factions: list(v.factions), units: list(v.units) }),
  }),
  gainInfluence: spec({
    fields: (ctx) => [npcField(ctx)],
    choice: (v, ctx): rules.InfluenceChoice => ({ ...base(v, ctx), faction: str(v.faction) }),
  }),
  ally: spec({
    fields: (ctx) => [npcField(ctx)],
    choice: (v, ctx): rules.InfluenceChoice => ({ ...base(v, ctx), faction: str(v.faction) }),
  }),
  claim: spec({
    fields: (ctx) => [
      npcField(ctx),
      {
        kind: "select",
        name: "asset",
        label: `${D}Asset`,
        options: [
          { value: "", label: i18n().localize(`${D}AssetOther`) },
          ...otherUnits(ctx).map(({ org, u }) => ({ value: u.id, label: unitLabel(u, org.name) })),
          ...locationOptions().map((o) => ({ value: o.value, label: o.label, group: i18n().localize(`${D}Location`) })),
        ],
      },
      { kind: "text", name: "assetName", label: `${D}AssetName`, value: "" },
      { kind: "select", name: "owner", label: `${D}Owner`, options: [{ value: "", label: i18n().localize(`${D}NoOwner`) }, ...orgOptions(others(ctx))] },
      payField(),
    ],
    choice: (v, ctx): rules.ClaimChoice => {
      const name = str(v.assetName);
      const asset = str(v.asset) || name || "?";
      return {
        ...base(v, ctx),
        faction: str(v.faction),
        asset,
        ...(name ? { assetName: name } : {}),
        owner: str(v.owner),
        pay: str(v.pay) === "capital" ? "capital" : "influence",
      };
    },
  }),
  rally: spec({
    fields: (ctx) => [npcField(ctx), { kind: "select", name: "against", label: `${D}Against`, options: orgOptions(others(ctx)) }, payField()],
    choice: (v, ctx): rules.RallyChoice => ({ ...base(v, ctx), faction: str(v.faction), against: str(v.against), pay: str(v.pay) === "capital" ? "capital" : "influence" }),
  }),
};

/** The values a form starts with, for the odds shown before anything is touched. */
function defaults(fields: DialogField[]): FormValues {
  const values: FormValues = {};
  for (const f of fields) {
    if (f.kind === "select") values[f.name] = f.value ?? f.options[0]?.value ?? "";
    else if (f.kind === "number" || f.kind === "text") values[f.name] = f.value;
    else if (f.kind === "checkboxes") values[f.name] = f.options.filter((o) => o.checked).map((o) => o.value);
  }
  return values;
}

/** The whole dialog of one action: the acting lieutenant, its fields, stealth, the modifier and the odds. */
export function actionDialog(name: OperationsActionName, ctx: AskContext) {
  const spec = SPECS[name];
  const head: DialogField = {
    kind: "info",
    text: fmt(`${D}Acting`, {
      lieutenant: ctx.lt.name,
      organization: ctx.org.name,
      location: locationLabel(ctx.lt.system.location),
      cohesion: ctx.org.system.cohesion,
    }),
  };
  const fields: DialogField[] = [
    head,
    ...spec.fields(ctx),
    { kind: "checkboxes", name: "stealthy", label: `${D}Stealth`, options: [{ value: "on", label: i18n().localize(`${D}Stealthy`) }] },
  ];
  if (!spec.noRoll) fields.push({ kind: "number", name: "modifier", label: "FACTIONS.Dialog.Modifier", value: 0, min: -20, max: 20 });
  const start = defaults(fields);
  const choiceOf = (values: FormValues) => spec.choice(Object.keys(values).length ? values : start, ctx);
  const odds = spec.noRoll ? undefined : (values: FormValues) => oddsOf(RULES[name], choiceOf(values));
  return { title: i18n().localize(`FACTIONS.Operations.Action.${name}`), fields, odds, choiceOf };
}

/** The context a dialog for this lieutenant is built from (throws a refusal if it has no organization). */
export function askContext(lieutenant: Actor.Implementation, preset: Record<string, string> = {}): AskContext {
  const state = operationsState();
  const lt = state.lieutenants[lieutenant.uuid];
  if (!lt) throw new ActionError(`${rules.REJECT}NoLieutenant`, { lieutenant: lieutenant.name });
  const org = state.organizations[lt.system.recruiter && !state.organizations[lt.system.organization] ? lt.system.recruiter : lt.system.organization];
  // A lieutenant imported without its organization (or never given one) is told so, by name.
  if (!org) throw new ActionError(`${rules.REJECT}NoOrganizationHere`, { lieutenant: lt.name });
  return { state, lt, org, preset };
}

/**
 * Open the dialog of an Operations action for the lieutenant, then roll, post
 * the card and apply. A refusal is shown and changes nothing.
 */
export async function takeOperationsAction(lieutenant: Actor.Implementation, name: OperationsActionName, preset: Record<string, string> = {}): Promise<void> {
  try {
    const dialog = actionDialog(name, askContext(lieutenant, preset));
    const values = await promptAction({ title: dialog.title, fields: dialog.fields, odds: dialog.odds, submit: dialog.odds ? undefined : "FACTIONS.Dialog.Confirm" });
    if (values) await performAction(rules.ACTIONS[name], lieutenant, dialog.choiceOf(values));
  } catch (error) {
    warn(error);
  }
}


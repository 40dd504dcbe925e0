/**
 * The Faction Turn dialogs: each action's choice (with the rating breakdown and exact odds where it
 * rolls), the defender's answer to an attack, and a winner's strike at a new Base. Loaded the
 * first time one opens (see `takeFactionAction` in ./actions.ts).
 */
import type { FollowUp } from "../../core/actions/definition";
import { actorOf } from "../../core/actions/documents";
import { confirmAction, oddsContext, promptAction, type DialogField, type FormValues } from "../../core/actions/dialog";
import { ActionError, localizeLine, warn } from "../../core/actions/errors";
import { performAction, type ActionMessage } from "../../core/actions/pipeline";
import { SYSTEM_ID } from "../../core/constants";
import type { FactionsActor } from "../../core/documents/actor";
import { locationLabel, locationOptions } from "../../core/locations";
import type { Modifier } from "../../core/rules/check";
import { counted } from "../../core/rules/outcome";
import { factionTurnSettings, type ActionPreset, type FactionActionId } from "./action-list";
import { factionTurnState } from "./data/state";
import * as rules from "./rules";
import type { AssetState, AssetTemplate, AttackChoice, ExpandDetail, FactionState } from "./rules";

const ASSET_PACK = `${SYSTEM_ID}.faction-turn-assets`;
const i18n = () => game.i18n!;
const fmt = (key: string, data: Record<string, string | number>) => localizeLine({ key, data });

const assetLabel = (a: AssetState) => `${a.name} (${locationLabel(a.system.location)})`;
const stateOf = (actor: Actor.Implementation): FactionState => {
  const faction = factionTurnState().factions[actor.uuid];
  if (!faction) throw new ActionError("FACTIONS.FactionTurn.Reject.NoFaction", { faction: actor.name });
  return faction;
};
const list = (v: FormValues[string] | undefined): string[] => (Array.isArray(v) ? v : []);

function modifierField(): DialogField {
  return { kind: "number", name: "modifier", label: "FACTIONS.Dialog.Modifier", value: 0, min: -20, max: 20 };
}

function situational(values: FormValues): Modifier[] {
  const value = Number(values.modifier ?? 0) || 0;
  return value ? [{ label: "FACTIONS.Dialog.Modifier", value }] : [];
}

// ---------------------------------------------------------------------------
// Dialogs: each returns the choice, or null if the user cancelled.

type Ask<C> = (actor: Actor.Implementation, faction: FactionState, preset: ActionPreset) => Promise<C | null>;

const askStart: Ask<rules.StartTurnChoice> = async (_actor, faction) => {
  const plan = rules.upkeepPlan(faction, factionTurnSettings());
  const eligible = rules.ATTRIBUTES.filter((a) => plan.excess[a] > 0).flatMap((a) => rules.cappedAssets(faction, a));
  const fields: DialogField[] = [
    { kind: "info", text: fmt("FACTIONS.FactionTurn.Dialog.Income", { income: plan.income, treasure: plan.treasure }) },
  ];
  if (eligible.length) {
    fields.push({ kind: "info", text: fmt(counted("FACTIONS.FactionTurn.Dialog.Upkeep", plan.mustLose), { cost: plan.cost, mustLose: plan.mustLose }) });
    fields.push({ kind: "checkboxes", name: "lose", label: "FACTIONS.FactionTurn.Dialog.Lose", options: eligible.map((a) => ({ value: a.id, label: assetLabel(a) })) });
  }
  const values = await promptAction({ title: i18n().localize("FACTIONS.FactionTurn.Action.start"), fields, submit: "FACTIONS.Dialog.Confirm" });
  return values && { faction: faction.id, lose: list(values.lose) };
};

const askAttack: Ask<AttackChoice> = async (_actor, faction, preset) => {
  const state = factionTurnState();
  const armed = faction.assets.filter((a) => a.system.attack.damage !== "" && a.system.location);
  // Only factions the attacker can see where it has armed assets (an asset there in Stealth shows nothing).
  const targets = Object.values(state.factions).filter((f) => f.id !== faction.id && armed.some((a) => rules.visibleAt(f, a.system.location)));
  const attackers = armed.filter((a) => targets.some((f) => rules.visibleAt(f, a.system.location)));
  if (!attackers.length || !targets.length) throw new ActionError("FACTIONS.FactionTurn.Dialog.NoTargets");
  const fields: DialogField[] = [
    { kind: "select", name: "target", label: "FACTIONS.FactionTurn.Dialog.Target", options: targets.map((f) => ({ value: f.id, label: f.name })) },
    {
      kind: "checkboxes",
      name: "attackers",
      label: "FACTIONS.FactionTurn.Dialog.Attackers",
      options: attackers.map((a) => ({ value: a.id, label: assetLabel(a), checked: a.id === preset.asset, hint: a.system.attack.damage })),
    },
    modifierField(),
  ];
  const odds = (values: FormValues) => {
    const target = state.factions[String(values.target ?? targets[0]!.id)];
    const chosen = attackers.filter((a) => list(values.attackers).includes(a.id));
    if (!target) return null;
    return (chosen.length ? chosen : attackers.slice(0, 1)).map((a) =>
      oddsContext(
        [{ label: rules.attributeLabel(a.system.attack.attribute), value: faction.system[a.system.attack.attribute] }, ...situational(values)],
        [{ label: rules.attributeLabel(a.system.attack.defense), value: target.system[a.system.attack.defense] }],
        "twoTier",
        factionTurnSettings(),
      ),
    );
  };
  const values = await promptAction({ title: i18n().localize("FACTIONS.FactionTurn.Action.attack"), fields, odds });
  return values && { faction: faction.id, target: String(values.target), attackers: list(values.attackers), modifier: Number(values.modifier) || 0 };
};

const askMove: Ask<rules.MoveChoice> = async (_actor, faction, preset) => {
  const fields: DialogField[] = [
    { kind: "checkboxes", name: "assets", label: "FACTIONS.FactionTurn.Dialog.Assets", options: faction.assets.map((a) => ({ value: a.id, label: assetLabel(a), checked: a.id === preset.asset })) },
    { kind: "select", name: "to", label: "FACTIONS.FactionTurn.Dialog.Destination", options: locationOptions() },
    { kind: "info", text: i18n().localize("FACTIONS.FactionTurn.Dialog.MoveHint") },
  ];
  const values = await promptAction({ title: i18n().localize("FACTIONS.FactionTurn.Action.move"), fields, submit: "FACTIONS.Dialog.Confirm" });
  return values && { faction: faction.id, moves: list(values.assets).map((asset) => ({ asset, to: String(values.to) })) };
};

const askRepair: Ask<rules.RepairChoice> = async (_actor, faction, preset) => {
  const damaged = faction.assets.filter((a) => a.system.hp.value < a.system.hp.max || a.id === preset.asset);
  const fields: DialogField[] = [
    {
      kind: "counts",
      name: "fixes",
      label: "FACTIONS.FactionTurn.Dialog.Fixes",
      options: damaged.map((a) => ({
        value: a.id,
        label: `${a.name} (${a.system.hp.value}/${a.system.hp.max})`,
        max: 10,
        hint: fmt("FACTIONS.FactionTurn.Dialog.FixHint", { amount: rules.assetRepairAmount(faction, a.system.attribute) }),
      })),
    },
    { kind: "checkboxes", name: "heal", label: "FACTIONS.FactionTurn.Dialog.HealFaction", options: [{ value: "faction", label: fmt("FACTIONS.FactionTurn.Dialog.HealHint", { amount: rules.factionRepairAmount(faction) }) }] },
  ];
  const values = await promptAction({ title: i18n().localize("FACTIONS.FactionTurn.Action.repair"), fields, submit: "FACTIONS.Dialog.Confirm" });
  if (!values) return null;
  const fixes = Object.fromEntries(damaged.map((a) => [a.id, Number(values[`fixes.${a.id}`]) || 0]).filter(([, n]) => Number(n) > 0));
  return { faction: faction.id, fixes, healFaction: list(values.heal).includes("faction") };
};

const askExpand: Ask<rules.ExpandChoice> = async (_actor, faction) => {
  const places = [...new Set(faction.assets.map((a) => a.system.location).filter(Boolean))];
  const fields: DialogField[] = [
    { kind: "select", name: "location", label: "FACTIONS.FactionTurn.Dialog.Location", options: places.map((p) => ({ value: p, label: locationLabel(p) })) },
    { kind: "number", name: "hp", label: "FACTIONS.FactionTurn.Dialog.BaseHp", value: Math.min(Math.max(1, faction.system.treasure), 10), min: 1, hint: "FACTIONS.FactionTurn.Dialog.BaseHpHint" },
    { kind: "text", name: "name", label: "FACTIONS.FactionTurn.Dialog.BaseName", value: i18n().localize("FACTIONS.FactionTurn.Dialog.BaseDefault") },
    modifierField(),
  ];
  const state = factionTurnState();
  const odds = (values: FormValues) => {
    const location = String(values.location ?? places[0] ?? "");
    const others = Object.values(state.factions).filter((f) => f.id !== faction.id && f.assets.some((a) => a.system.location === location));
    return others.map((o) =>
      oddsContext(
        [{ label: rules.attributeLabel("cunning"), value: faction.system.cunning }, ...situational(values)],
        [{ label: `${o.name}: ${i18n().localize(rules.attributeLabel("cunning"))}`, value: o.system.cunning }],
        "twoTier",
        factionTurnSettings(),
      ),
    );
  };
  const values = await promptAction({ title: i18n().localize("FACTIONS.FactionTurn.Action.expand"), fields, odds });
  return values && { faction: faction.id, location: String(values.location), hp: Number(values.hp), name: String(values.name) || undefined, modifier: Number(values.modifier) || 0 };
};

/** Assets Create Asset can buy: the system's pack and the world's asset items. */
async function assetTemplates(): Promise<{ key: string; template: AssetTemplate }[]> {
  const pack = game.packs?.get(ASSET_PACK);
  const packed = pack ? await pack.getDocuments() : [];
  const world = game.items?.contents ?? [];
  return [...world, ...packed].flatMap((item) => {
    const doc = item as Item.Implementation;
    if (!doc.isAsset() || doc.system.base) return [];
    return [{ key: doc.uuid, template: { name: doc.name, system: doc.toObject().system as unknown as AssetTemplate["system"] } }];
  });
}

const askCreate: Ask<rules.CreateChoice> = async (_actor, faction) => {
  const bases = [...new Set(faction.assets.filter((a) => a.system.base).map((a) => a.system.location))];
  const templates = await assetTemplates();
  const affordable = (t: AssetTemplate) =>
    faction.system[t.system.attribute] >= t.system.rating && rules.magicAtLeast(faction.system.magic, t.system.magic);
  const fields: DialogField[] = [
    {
      kind: "select",
      name: "template",
      label: "FACTIONS.FactionTurn.Dialog.Asset",
      options: templates.map(({ key, template: t }) => ({
        value: key,
        label: `${t.name} — ${i18n().localize(rules.attributeLabel(t.system.attribute))} ${t.system.rating}, ${t.system.cost} T`,
        group: i18n().localize(affordable(t) ? "FACTIONS.FactionTurn.Dialog.Qualifies" : "FACTIONS.FactionTurn.Dialog.OutOfReach"),
      })),
    },
    { kind: "select", name: "location", label: "FACTIONS.FactionTurn.Dialog.Location", options: bases.map((p) => ({ value: p, label: locationLabel(p) })) },
  ];
  const values = await promptAction({ title: i18n().localize("FACTIONS.FactionTurn.Action.create"), fields, submit: "FACTIONS.Dialog.Confirm" });
  const chosen = values && templates.find((t) => t.key === values.template);
  return chosen ? { faction: faction.id, template: chosen.template, location: String(values.location) } : null;
};

const askHide: Ask<rules.HideChoice> = async (_actor, faction, preset) => {
  const fields: DialogField[] = [
    { kind: "info", text: fmt("FACTIONS.FactionTurn.Dialog.HideHint", { cost: rules.HIDE_COST }) },
    {
      kind: "checkboxes",
      name: "assets",
      label: "FACTIONS.FactionTurn.Dialog.Assets",
      options: faction.assets.filter((a) => !a.system.stealth).map((a) => ({ value: a.id, label: assetLabel(a), checked: a.id === preset.asset })),
    },
  ];
  const values = await promptAction({ title: i18n().localize("FACTIONS.FactionTurn.Action.hide"), fields, submit: "FACTIONS.Dialog.Confirm" });
  return values && { faction: faction.id, assets: list(values.assets) };
};

const askSell: Ask<rules.SellChoice> = async (_actor, faction, preset) => {
  const fields: DialogField[] = [
    {
      kind: "select",
      name: "asset",
      label: "FACTIONS.FactionTurn.Dialog.Asset",
      value: preset.asset,
      options: faction.assets.map((a) => ({ value: a.id, label: `${assetLabel(a)}: ${a.system.hp.value < a.system.hp.max ? 0 : Math.floor(a.system.cost / 2)} T` })),
    },
  ];
  const values = await promptAction({ title: i18n().localize("FACTIONS.FactionTurn.Action.sell"), fields, submit: "FACTIONS.Dialog.Confirm" });
  return values && { faction: faction.id, asset: String(values.asset) };
};

/** Ending a turn under way in which no action was taken asks first. */
const askEnd: Ask<rules.EndTurnChoice> = async (_actor, faction) => {
  const { started, action } = faction.system.turn;
  if (started && !action) {
    const yes = await confirmAction(i18n().localize("FACTIONS.FactionTurn.Action.end"), fmt("FACTIONS.FactionTurn.Dialog.EndNoAction", { faction: faction.name }));
    if (!yes) return null;
  }
  return { faction: faction.id };
};

// ---------------------------------------------------------------------------
// The defender's answer to an attack.

export async function askDefenders(choice: AttackChoice): Promise<AttackChoice | null> {
  const state = factionTurnState();
  const target = state.factions[choice.target];
  const attacker = state.factions[choice.faction];
  if (!target || !attacker) throw new ActionError("FACTIONS.Action.Error.Missing");
  const locations = [...new Set(choice.attackers.map((id) => attacker.assets.find((a) => a.id === id)?.system.location ?? ""))].filter(Boolean);
  const auto = rules.autoDefenders(state, target.id, locations);
  const fields: DialogField[] = [
    { kind: "info", text: fmt("FACTIONS.FactionTurn.Dialog.DefendHint", { attacker: attacker.name }) },
    ...locations.map(
      (loc): DialogField => ({
        kind: "select",
        name: `defender.${loc}`,
        label: locationLabel(loc),
        value: choice.reaction?.base ?? auto[loc],
        options: rules.assetsAt(target, loc).map((a) => ({
          value: a.id,
          label: `${a.name} (${a.system.hp.value}/${a.system.hp.max})${a.id === auto[loc] ? ` — ${i18n().localize("FACTIONS.FactionTurn.Dialog.AutoPick")}` : ""}`,
        })),
      }),
    ),
  ];
  const values = await promptAction({ title: i18n().localize("FACTIONS.FactionTurn.Dialog.Defend"), fields });
  if (!values) return null;
  return { ...choice, defenders: locations.map((loc) => ({ key: loc, value: String(values[`defender.${loc}`] ?? auto[loc] ?? "") })) };
}

const ASK: Record<FactionActionId, Ask<object>> = {
  start: askStart,
  end: askEnd,
  attack: askAttack,
  move: askMove,
  repair: askRepair,
  expand: askExpand,
  create: askCreate,
  hide: askHide,
  sell: askSell,
} as Record<FactionActionId, Ask<object>>;


/** A winner of Expand Influence strikes at the new Base: its attackers there, then the attack (a reaction). */
export async function strikeNewBase(card: ActionMessage, followUp: FollowUp): Promise<void> {
  const detail = card.system.resolvedOutcome?.detail as ExpandDetail | undefined;
  const challenger = actorOf(followUp.actor);
  if (!detail || !challenger) throw new ActionError("FACTIONS.Action.Error.Missing");
  const state = factionTurnState();
  const own = state.factions[challenger.uuid]?.assets.filter((a) => a.system.location === detail.location && a.system.attack.damage) ?? [];
  const fields: DialogField[] = [
    { kind: "checkboxes", name: "attackers", label: "FACTIONS.FactionTurn.Dialog.Attackers", options: own.map((a) => ({ value: a.id, label: assetLabel(a), checked: true })) },
    modifierField(),
  ];
  const values = await promptAction({ title: i18n().localize("FACTIONS.FactionTurn.Action.attack"), fields });
  if (!values) return;
  const choice: AttackChoice = {
    faction: challenger.uuid,
    target: card.system.actor,
    attackers: list(values.attackers),
    reaction: { base: detail.base, card: card.id! },
    modifier: Number(values.modifier) || 0,
  };
  await performAction(rules.ACTIONS.attack, challenger, choice);
}

/** Open the dialog of a Faction Turn action for `actor`, then roll, post the card and apply. A refusal is shown and changes nothing. */
export async function takeFactionAction(actor: FactionsActor<"faction">, id: FactionActionId, preset: ActionPreset = {}): Promise<void> {
  try {
    const choice = await ASK[id](actor, stateOf(actor), preset);
    if (choice) await performAction(rules.ACTIONS[id], actor, choice);
  } catch (error) {
    warn(error);
  }
}

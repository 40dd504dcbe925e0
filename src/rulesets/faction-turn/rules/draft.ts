import { ChangeRecorder, cloneJson, getPath, type ItemSource, type Json } from "../../../core/rules/changes";
import { rollCheck, type CheckKind, type CheckResult, type Modifier } from "../../../core/rules/check";
import type { LabeledCheck, LabeledRoll, Line, Outcome } from "../../../core/rules/outcome";
import type { AssetState, FactionState, FactionTurnState } from "./state";
import type { FactionTurnContext } from "./context";

/** Set a dotted path in place on the working copy (objects along the path must exist). */
function assignPath(obj: unknown, path: string, value: unknown): void {
  const keys = path.split(".");
  let cur = obj as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) cur = cur[k] as Record<string, unknown>;
  cur[keys[keys.length - 1]!] = value;
}

/** The item type of an asset document. */
export const ASSET_ITEM_TYPE = "asset";

/** The item source of an asset, as `create` / `delete` changes carry it. */
export function assetSource(asset: AssetState): ItemSource {
  return { _id: asset.id, name: asset.name, type: ASSET_ITEM_TYPE, system: cloneJson(asset.system) as unknown as Json };
}

/**
 * A working copy of the state that an action edits step by step while it
 * records the changes, log lines, checks and rolls of its outcome. The input
 * state is never touched.
 */
export class Draft {
  /** The working copy; read it for current values, edit it only through the methods. */
  readonly state: FactionTurnState;
  readonly log: Line[] = [];
  readonly checks: LabeledCheck[] = [];
  readonly rolls: LabeledRoll[] = [];
  private readonly recorder = new ChangeRecorder();

  constructor(
    original: FactionTurnState,
    readonly ctx: FactionTurnContext,
  ) {
    this.state = cloneJson(original);
  }

  faction(id: string): FactionState {
    const f = this.state.factions[id];
    if (!f) throw new Error(`No faction "${id}"`);
    return f;
  }

  asset(factionId: string, assetId: string): AssetState | undefined {
    return this.state.factions[factionId]?.assets.find((a) => a.id === assetId);
  }

  /** Set a path of the faction's source (e.g. `system.treasure`). */
  setFaction(factionId: string, path: string, value: Json): void {
    const f = this.faction(factionId);
    const from = getPath(f, path) as Json;
    this.recorder.update({ actor: factionId }, path, from, value);
    assignPath(f, path, cloneJson(value));
  }

  /** Set a path of an asset's source (e.g. `system.hp.value`). */
  setAsset(factionId: string, assetId: string, path: string, value: Json): void {
    const f = this.faction(factionId);
    const i = f.assets.findIndex((a) => a.id === assetId);
    if (i < 0) throw new Error(`No asset "${assetId}" in faction "${factionId}"`);
    const from = getPath(f.assets[i], path) as Json;
    this.recorder.update({ actor: factionId, item: assetId }, path, from, value);
    assignPath(f.assets[i], path, cloneJson(value));
  }

  createAsset(factionId: string, asset: AssetState): void {
    const f = this.faction(factionId);
    this.recorder.create({ actor: factionId, item: asset.id }, assetSource(asset));
    f.assets.push(cloneJson(asset));
  }

  deleteAsset(factionId: string, assetId: string): void {
    const f = this.faction(factionId);
    const i = f.assets.findIndex((a) => a.id === assetId);
    if (i < 0) throw new Error(`No asset "${assetId}" in faction "${factionId}"`);
    this.recorder.delete({ actor: factionId, item: assetId }, assetSource(f.assets[i]!));
    f.assets.splice(i, 1);
  }

  /** Add Treasure (negative to spend). */
  addTreasure(factionId: string, amount: number): void {
    if (amount === 0) return;
    this.setFaction(factionId, "system.treasure", this.faction(factionId).system.treasure + amount);
  }

  say(key: string, data?: Line["data"]): void {
    this.log.push(data === undefined ? { key } : { key, data });
  }

  /** Roll a formula with the context's dice and record it. */
  roll(formula: string, label: Line): number {
    const total = this.ctx.dice.roll(formula);
    this.rolls.push({ label, formula, total });
    return total;
  }

  /** Roll an opposed check with the context's dice and settings and record it. */
  check(label: Line, actorMods: Modifier[], oppMods: Modifier[], kind: CheckKind = "twoTier"): CheckResult {
    const check = rollCheck(this.ctx.dice, actorMods, oppMods, kind, this.ctx.settings);
    this.checks.push({ label, check });
    return check;
  }

  outcome<D>(action: string, actor: string, detail: D): Outcome<D> {
    return {
      action,
      actor,
      checks: this.checks,
      rolls: this.rolls,
      changes: this.recorder.changes(),
      log: this.log,
      detail,
    };
  }
}

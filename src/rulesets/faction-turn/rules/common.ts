import { isSituational, MAX_SITUATIONAL, type Modifier } from "../../../core/rules/check";
import { reject, type Line, type Result } from "../../../core/rules/outcome";
import { REJECT } from "./context";
import { isDestroyed } from "./derived";
import type { AssetState, FactionState, FactionTurnState } from "./state";

/** A reason to refuse, or null to go on. */
export type Refusal = Line | null;

export function refusal(name: string, data?: Line["data"]): Line {
  return data === undefined ? { key: REJECT + name } : { key: REJECT + name, data };
}

export function refuse<T>(r: Line): Result<T> {
  return reject<T>(r.key, r.data);
}

/** The faction, or why there is none to act. */
export function actingFaction(state: FactionTurnState, id: string): FactionState | Line {
  const f = Object.prototype.hasOwnProperty.call(state.factions, id) ? state.factions[id] : undefined;
  if (!f) return refusal("NoFaction", { faction: String(id) });
  if (isDestroyed(f)) return refusal("Destroyed", { faction: f.name });
  return f;
}

/** A normal action needs a started turn with no action taken yet. */
export function canTakeAction(faction: FactionState): Refusal {
  if (!faction.system.turn.started) return refusal("NotStarted", { faction: faction.name });
  if (faction.system.turn.action !== "") return refusal("ActionTaken", { faction: faction.name });
  return null;
}

export function isLine(x: unknown): x is Line {
  return typeof x === "object" && x !== null && typeof (x as Line).key === "string" && !("system" in x);
}

/** The faction's asset by id, or a refusal. */
export function ownAsset(faction: FactionState, id: string): AssetState | Line {
  const a = faction.assets.find((x) => x.id === id);
  return a ?? refusal("NoAsset", { asset: String(id), faction: faction.name });
}

/** The first id that appears twice, if any. */
export function firstDuplicate(ids: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}

/** i18n key of the situational modifier's label. */
export const SITUATIONAL_LABEL = "FACTIONS.Check.Situational";

/** The situational modifier as a check modifier list (empty for 0), or a refusal if it is not a whole number within ±20. */
export function situational(value: number | undefined): Modifier[] | Line {
  if (value === undefined || value === 0) return [];
  if (!isSituational(value)) return refusal("BadModifier", { modifier: String(value), max: MAX_SITUATIONAL });
  return [{ label: SITUATIONAL_LABEL, value }];
}

/** The asset's name for a message, or its id. */
export function assetName(faction: FactionState, id: string): string {
  return faction.assets.find((a) => a.id === id)?.name ?? String(id);
}

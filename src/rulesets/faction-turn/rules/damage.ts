import type { Change } from "../../../core/rules/changes";
import type { Line } from "../../../core/rules/outcome";
import { LOG, DEFAULT_FACTION_TURN_SETTINGS } from "./context";
import { Draft } from "./draft";
import type { FactionTurnState } from "./state";

export interface DamageReport {
  faction: string;
  asset: string;
  /** Damage dealt to the asset (never more than its HP left). */
  damage: number;
  /** Asset HP left. */
  hp: number;
  destroyed: boolean;
  /** Damage that went through to the faction (Bases of Influence only; capped at the Base's HP left before the hit). */
  factionDamage: number;
  /** The faction dropped to 0 HP by this hit. */
  factionDestroyed: boolean;
}

/**
 * Damage an asset in a draft: its HP drops to max(0, hp − amount); at 0 it is
 * destroyed (deleted). Damage to a Base of Influence also hits the faction,
 * capped at the Base's HP left before the hit (no overflow). A faction brought
 * to 0 HP is destroyed, and the log says so.
 */
export function damageAsset(draft: Draft, factionId: string, assetId: string, amount: number): DamageReport {
  const faction = draft.faction(factionId);
  const asset = draft.asset(factionId, assetId);
  if (!asset) throw new Error(`No asset "${assetId}" in faction "${factionId}"`);
  const before = asset.system.hp.value;
  const hit = Math.max(0, Math.trunc(amount));
  const hp = Math.max(0, before - hit);
  const damage = before - hp;
  const report: DamageReport = {
    faction: factionId,
    asset: assetId,
    damage,
    hp,
    destroyed: false,
    factionDamage: 0,
    factionDestroyed: false,
  };
  draft.say(`${LOG}AssetDamaged`, { asset: asset.name, damage, hp });
  const isBase = asset.system.base;
  if (hp <= 0) {
    report.destroyed = true;
    draft.say(`${LOG}AssetDestroyed`, { asset: asset.name });
    draft.deleteAsset(factionId, assetId);
  } else if (damage > 0) {
    draft.setAsset(factionId, assetId, "system.hp.value", hp);
  }
  if (isBase && hit > 0) {
    const fBefore = faction.system.hp.value;
    const fHit = Math.min(hit, Math.max(0, before));
    const fHp = Math.max(0, fBefore - fHit);
    report.factionDamage = fBefore - fHp;
    if (report.factionDamage > 0) {
      draft.setFaction(factionId, "system.hp.value", fHp);
      draft.say(`${LOG}FactionDamaged`, { faction: faction.name, damage: report.factionDamage, hp: fHp });
      if (fHp <= 0) {
        report.factionDestroyed = true;
        draft.say(`${LOG}FactionDestroyed`, { faction: faction.name });
      }
    }
  }
  return report;
}

/**
 * Damage one asset outside an action (e.g. a GM's manual hit): the changes,
 * log and report, computed from the state without touching it.
 */
export function damageAssetChanges(
  state: FactionTurnState,
  factionId: string,
  assetId: string,
  amount: number,
): { changes: Change[]; log: Line[]; report: DamageReport } {
  const draft = new Draft(state, {
    dice: {
      roll: () => {
        throw new Error("damage rolls no dice");
      },
    },
    settings: DEFAULT_FACTION_TURN_SETTINGS,
    newId: () => {
      throw new Error("damage creates nothing");
    },
  });
  const report = damageAsset(draft, factionId, assetId, amount);
  const o = draft.outcome("faction-turn.damage", factionId, report);
  return { changes: o.changes, log: o.log, report };
}

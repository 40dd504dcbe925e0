import { toJson } from "../../../core/rules/changes";
import { ok, type Result } from "../../../core/rules/outcome";
import { baseDetail, findUnit, isLine, markActed, organization, refusal, refuse, sayTier, type ActionOutcome, type Ctx } from "./common";
import { ACTIONS, LOG } from "./context";
import { Draft } from "./draft";
import type { InfluenceChoice } from "./gain-influence";
import { catastrophe, clearPenaltyOnSuccess, payPrice, standingModifiers, standingOf, type Payment, influenceSetup } from "./influence";
import { actingRating } from "./ratings";
import { keyOf, type ClaimRecord, type OperationsState } from "./state";

export interface ClaimChoice extends InfluenceChoice {
  /** The asset: a unit id (its organization owns it), or a location or item reference. */
  asset: string;
  /** The asset's name for the card (default: the unit's name or the reference). */
  assetName?: string;
  /** The current owner of a location or item ("" or absent: none); a unit's owner is its organization. */
  owner?: string;
  /** How to pay on a success (default influence). */
  pay?: Payment;
  /** On a complete failure with no owner: which other claimant the faction supports (default the first). */
  support?: string;
}

export interface ClaimDetail {
  faction: string;
  asset: string;
  owner: string;
  /** Whom the faction supports now (null: unchanged). */
  supports: string | null;
  paid: number;
  payment: Payment;
}

export const CLAIM_COST = { success: 5, completeSuccess: 1 } as const;

/** Every faction that has tried to claim the asset with any NPC faction. */
export function claimantsOf(state: OperationsState, asset: string): string[] {
  const out: string[] = [];
  for (const o of Object.values(state.organizations)) {
    const r = Object.prototype.hasOwnProperty.call(o.system.claims, keyOf(asset)) ? o.system.claims[keyOf(asset)] : undefined;
    for (const c of r?.claimants ?? []) if (!out.includes(c)) out.push(c);
  }
  return out;
}

/** Claim (Straight Charm): an NPC faction comes to see you as the rightful owner of an asset not owned by you. */
export function claim(state: OperationsState, choice: ClaimChoice, ctx: Ctx): Result<ActionOutcome<ClaimDetail>> {
  const setup = influenceSetup(state, choice, ctx);
  if (isLine(setup)) return refuse(setup);
  const { acting, extra, npc } = setup;
  if (choice.asset === "") return refuse(refusal("NoAsset"));
  const unit = findUnit(state, choice.asset);
  const owner = unit ? unit.org.id : (choice.owner ?? "");
  if (owner !== "") {
    const o = organization(state, owner);
    if (isLine(o)) return refuse(o);
  }
  if (owner === acting.org.id) return refuse(refusal("OwnAsset"));
  const assetName = choice.assetName ?? unit?.unit.name ?? choice.asset;
  const pay: Payment = choice.pay ?? "influence";
  if (pay !== "influence" && pay !== "capital") return refuse(refusal("BadPayment"));
  const org = acting.org.id;
  const before = standingOf(acting.org, npc.id);
  const mods = [...actingRating(acting.lt, "charm"), ...standingModifiers(before, { allied: true }), ...extra];
  const others = claimantsOf(state, choice.asset).filter((c) => c !== org);
  if (choice.support !== undefined && !others.includes(choice.support)) return refuse(refusal("NotAClaimant"));

  const d = new Draft(state, ctx);
  d.say(`${LOG}Claim`, { lieutenant: acting.lt.name, faction: npc.name, asset: assetName });
  markActed(d, acting, []);
  const check = d.check({ key: `${LOG}Check.claim`, data: { lieutenant: acting.lt.name } }, mods, []);
  sayTier(d, "claim", check.tier);
  const key = keyOf(choice.asset);
  const prior: ClaimRecord | undefined = Object.prototype.hasOwnProperty.call(npc.system.claims, key) ? npc.system.claims[key] : undefined;
  const record: ClaimRecord = {
    asset: choice.asset,
    supports: prior?.supports ?? "",
    claimants: prior?.claimants.includes(org) ? [...prior.claimants] : [...(prior?.claimants ?? []), org],
  };
  const detail: ClaimDetail = { faction: npc.id, asset: choice.asset, owner, supports: null, paid: 0, payment: pay };
  if (check.tier === "completeFailure") {
    if (owner !== "") record.supports = owner;
    else if (others.length) record.supports = choice.support ?? others[0]!;
    else record.supports = npc.id;
    detail.supports = record.supports;
    const who = d.state.organizations[record.supports]?.name ?? record.supports;
    d.say(record.supports === npc.id ? `${LOG}NpcClaims` : `${LOG}Supports`, record.supports === npc.id ? { faction: npc.name, asset: assetName } : { faction: npc.name, name: who, asset: assetName });
    catastrophe(d, org, npc, false);
  } else if (check.tier === "success" || check.tier === "completeSuccess") {
    const cost = CLAIM_COST[check.tier];
    if (payPrice(d, org, npc, cost, pay)) {
      record.supports = org;
      detail.supports = org;
      detail.paid = cost;
      d.say(check.tier === "completeSuccess" ? `${LOG}SupportsEnthusiastically` : `${LOG}Supports`, { faction: npc.name, name: acting.org.name, asset: assetName });
    }
  }
  d.setOrg(npc.id, "system.claims", toJson({ ...d.org(npc.id).system.claims, [key]: record }));
  clearPenaltyOnSuccess(d, org, npc, check.tier);
  const base = baseDetail(d, state, acting, { tier: check.tier, stealthy: !!choice.stealthy, strict: true });
  return ok(d.outcome(ACTIONS.claim, acting.lt.id, { ...base, ...detail }));
}

import { toJson } from "../../../core/rules/changes";
import { isSuccess, type Modifier, type Tier } from "../../../core/rules/check";
import type { Line } from "../../../core/rules/outcome";
import { actingLieutenant, isLine, organization, refusal, situational, type Acting, type ActingChoice, type Ctx } from "./common";
import { LOG, RATING } from "./context";
import type { Draft } from "./draft";
import { DEFAULT_STANDING, keyOf, type OperationsState, type OrganizationState, type Standing } from "./state";

/** The organization's standing with an NPC faction (defaults if it has none yet). */
export function standingOf(org: OrganizationState, npc: string): Standing {
  const s = Object.prototype.hasOwnProperty.call(org.system.standings, keyOf(npc)) ? org.system.standings[keyOf(npc)] : undefined;
  return s ? { ...s } : DEFAULT_STANDING(npc);
}

/** Replace one standing (the whole `system.standings` record is updated). */
export function setStanding(d: Draft, orgId: string, standing: Standing): void {
  const org = d.org(orgId);
  d.setOrg(orgId, "system.standings", toJson({ ...org.system.standings, [keyOf(standing.faction)]: standing }));
}

/** The NPC faction an influence action targets, or a refusal. */
export function npcFaction(state: OperationsState, acting: Acting, id: string): OrganizationState | Line {
  const npc = organization(state, id);
  if (isLine(npc)) return npc;
  if (!npc.system.npc) return refusal("NotNpc", { organization: npc.name });
  if (npc.id === acting.org.id) return refusal("SameOrganization", { organization: npc.name });
  return npc;
}

/** Modifiers from the standing: its penalty to faction actions, and +3 while allied (Claim, Rally). */
export function standingModifiers(standing: Standing, opts: { allied?: boolean; gain?: boolean } = {}): Modifier[] {
  const mods: Modifier[] = [];
  if (standing.penalty !== 0) mods.push({ label: `${RATING}FactionPenalty`, value: standing.penalty });
  if (opts.gain && standing.gainPenalty !== 0) mods.push({ label: `${RATING}GainPenalty`, value: standing.gainPenalty });
  if (opts.allied && standing.allied) mods.push({ label: `${RATING}Allied`, value: 3 });
  return mods;
}

/** Does anyone (any organization) have influence with the NPC faction? */
export function anyoneHasInfluence(state: OperationsState, npc: string): boolean {
  return Object.values(state.organizations).some((o) => standingOf(o, npc).influence > 0);
}

/**
 * A diplomatic catastrophe: −2 (to Gain Influence for `gain`, else to faction
 * actions with it until an Influence action succeeds), −3 influence if any
 * (never below 0), and discrete influence costs 1 more.
 */
export function catastrophe(d: Draft, orgId: string, npc: OrganizationState, gain: boolean): void {
  const s = standingOf(d.org(orgId), npc.id);
  if (gain) s.gainPenalty -= 2;
  else s.penalty -= 2;
  const lost = Math.min(3, s.influence);
  s.influence -= lost;
  s.influenceCost += 1;
  setStanding(d, orgId, s);
  d.say(gain ? `${LOG}GainPenalty` : `${LOG}FactionPenalty`, { faction: npc.name, penalty: gain ? s.gainPenalty : s.penalty });
  if (lost > 0) d.say(`${LOG}InfluenceLost`, { faction: npc.name, amount: lost, influence: s.influence });
  d.say(`${LOG}InfluenceCostRaised`, { faction: npc.name, cost: s.influenceCost });
}

/** A successful Influence action ends the standing's penalty to faction actions. */
export function clearPenaltyOnSuccess(d: Draft, orgId: string, npc: OrganizationState, tier: Tier): void {
  if (!isSuccess(tier)) return;
  const s = standingOf(d.org(orgId), npc.id);
  if (s.penalty === 0) return;
  s.penalty = 0;
  setStanding(d, orgId, s);
  d.say(`${LOG}FactionPenaltyCleared`, { faction: npc.name });
}

/** Add influence (negative to lose; never below 0). */
export function addInfluence(d: Draft, orgId: string, npc: OrganizationState, amount: number): number {
  const s = standingOf(d.org(orgId), npc.id);
  const to = Math.max(0, s.influence + amount);
  if (to !== s.influence) {
    s.influence = to;
    setStanding(d, orgId, s);
  }
  return to;
}

export type Payment = "influence" | "capital";

/**
 * Pay a tier's price in influence with the faction or in Capital. False (and
 * the log says why) if the organization cannot pay: the tier does not take effect.
 */
export function payPrice(d: Draft, orgId: string, npc: OrganizationState, amount: number, by: Payment): boolean {
  const org = d.org(orgId);
  if (by === "capital") {
    if (org.system.capital < amount) {
      d.say(`${LOG}CannotPayCapital`, { amount, capital: org.system.capital });
      return false;
    }
    d.addCapital(orgId, -amount);
    d.say(`${LOG}PaidCapital`, { amount, capital: d.org(orgId).system.capital });
    return true;
  }
  const s = standingOf(org, npc.id);
  if (s.influence < amount) {
    d.say(`${LOG}CannotPayInfluence`, { amount, influence: s.influence, faction: npc.name });
    return false;
  }
  const left = addInfluence(d, orgId, npc, -amount);
  d.say(`${LOG}PaidInfluence`, { amount, influence: left, faction: npc.name });
  return true;
}

/** Among the NPC faction's allies, the one it aids when their goals conflict: the highest influence (first on ties). */
export function favoredAlly(state: OperationsState, npc: string, among: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestInf = -1;
  for (const id of among) {
    const o = state.organizations[id];
    if (!o) continue;
    const s = standingOf(o, npc);
    if (s.allied && s.influence > bestInf) {
      best = id;
      bestInf = s.influence;
    }
  }
  return best;
}

/** What every influence action checks first: the acting lieutenant, its situational modifier, and the NPC faction it courts. */
export function influenceSetup(
  state: OperationsState,
  choice: ActingChoice & { faction: string },
  ctx: Ctx,
): { acting: Acting; extra: Modifier[]; npc: OrganizationState } | Line {
  const acting = actingLieutenant(state, choice, ctx.settings);
  if (isLine(acting)) return acting;
  const extra = situational(choice.modifier);
  if (isLine(extra)) return extra;
  const npc = npcFaction(state, acting, choice.faction);
  return isLine(npc) ? npc : { acting, extra, npc };
}

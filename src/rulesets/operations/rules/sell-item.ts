import { ok, type Result } from "../../../core/rules/outcome";
import { actingLieutenant, amountOf, baseDetail, isLine, markActed, refusal, refuse, sayTier, situational, type ActingChoice, type ActionOutcome, type Ctx } from "./common";
import { ACTIONS, LOG, RATING } from "./context";
import { Draft } from "./draft";
import { actingRating } from "./ratings";
import { keyOf, type OperationsState } from "./state";

/** What is sold: a unit of the organization (its cost is its price), or anything else at a price. */
export type SellThing = { kind: "unit"; unit: string } | { kind: "other"; name: string; price: number };

export interface SellItemChoice extends ActingChoice {
  thing: SellThing;
}

export interface SellItemDetail {
  sold: boolean;
  /** The capital price of the thing (the opposition). */
  price: number;
  earned: number;
}

/** The key of an organization's penalty to sell a thing. */
export function sellPenaltyKey(thing: SellThing): string {
  return `sell:${keyOf(thing.kind === "unit" ? thing.unit : thing.name)}`;
}

/** Capital earned: the price on a success, 125% (rounded up) on a complete success. */
export function salePrice(price: number, complete: boolean): number {
  return complete ? Math.ceil((price * 5) / 4) : price;
}

/** Sell Item (Charm vs Asset Level): sell something on the open market; the opposition is its capital price. */
export function sellItem(state: OperationsState, choice: SellItemChoice, ctx: Ctx): Result<ActionOutcome<SellItemDetail>> {
  const acting = actingLieutenant(state, choice, ctx.settings);
  if (isLine(acting)) return refuse(acting);
  const extra = situational(choice.modifier);
  if (isLine(extra)) return refuse(extra);
  const t = choice.thing;
  let name: string;
  let price: number;
  if (t.kind === "unit") {
    const u = acting.org.units.find((x) => x.id === t.unit);
    if (!u) return refuse(refusal("NoUnit", { unit: String(t.unit) }));
    name = u.name;
    const p = amountOf(u.system.cost);
    if (isLine(p)) return refuse(p);
    price = p;
  } else {
    if (t.name.trim() === "") return refuse(refusal("NoName"));
    const p = amountOf(t.price);
    if (isLine(p)) return refuse(p);
    name = t.name;
    price = p;
  }
  const penaltyKey = sellPenaltyKey(t);
  const penalty = acting.org.system.penalties[penaltyKey] ?? 0;
  const mods = [...actingRating(acting.lt, "charm"), ...(penalty ? [{ label: `${RATING}PastFailure`, value: penalty }] : []), ...extra];

  const d = new Draft(state, ctx);
  const org = acting.org.id;
  d.say(`${LOG}SellItem`, { lieutenant: acting.lt.name, thing: name, price });
  markActed(d, acting, []);
  const check = d.check({ key: `${LOG}Check.sellItem`, data: { lieutenant: acting.lt.name } }, mods, [{ label: `${RATING}Price`, value: price }]);
  sayTier(d, "sellItem", check.tier);
  const detail: SellItemDetail = { sold: false, price, earned: 0 };
  if (check.tier === "completeFailure") {
    const to = penalty - 2;
    d.setOrg(org, "system.penalties", { ...d.org(org).system.penalties, [penaltyKey]: to });
    d.say(`${LOG}FuturePenalty`, { penalty: to });
  } else if (check.tier === "success" || check.tier === "completeSuccess") {
    detail.sold = true;
    detail.earned = salePrice(price, check.tier === "completeSuccess");
    if (t.kind === "unit") d.deleteUnit(org, t.unit);
    d.addCapital(org, detail.earned);
    d.say(`${LOG}Sold`, { thing: name, amount: detail.earned, capital: d.org(org).system.capital });
  }
  const base = baseDetail(d, state, acting, { tier: check.tier, stealthy: !!choice.stealthy });
  return ok(d.outcome(ACTIONS.sellItem, acting.lt.id, { ...base, ...detail }));
}

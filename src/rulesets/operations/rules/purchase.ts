import { rating } from "../../../core/rules/check";
import { ok, type Result } from "../../../core/rules/outcome";
import { actingLieutenant, amountOf, baseDetail, isLine, markActed, refusal, refuse, sayTier, situational, type ActingChoice, type ActionOutcome, type Ctx } from "./common";
import { ACTIONS, LOG, RATING } from "./context";
import { Draft } from "./draft";
import { actingRating } from "./ratings";
import { STATS, type OperationsState, type Stat, type UnitState } from "./state";

/** What is bought: a unit (it becomes an item of the organization), or an item or a location (the GM hands it over). */
export type PurchaseThing =
  | { kind: "unit"; name: string; level: number; competency: Stat; upkeep: number; bonded?: boolean }
  | { kind: "item" | "location"; name: string; level: number };

export interface PurchaseChoice extends ActingChoice {
  thing: PurchaseThing;
  /** Its normal capital price. */
  price: number;
  /** Where a bought unit is placed (default: the lieutenant's location). */
  location?: string;
  /** On a failure ("in demand"): pay double price rather than go without. */
  payDouble?: boolean;
  /** The unit is placed in a secret location, so a stealthy purchase does not hide it. */
  secretLocation?: boolean;
}

export interface PurchaseDetail {
  acquired: boolean;
  /** Capital paid (or lost). */
  paid: number;
  /** The bought unit's id. */
  unit: string | null;
  /** Hiding level of a thing bought stealthily (0 if none). */
  hidden: number;
  /** A location bought stealthily is a secret location. */
  secret: boolean;
}

/** Capital paid per tier: complete failure loses half (rounded down), success the price, complete success 75% (rounded down). */
export function purchaseCost(price: number, tier: "completeFailure" | "success" | "completeSuccess" | "double"): number {
  switch (tier) {
    case "completeFailure":
      return Math.floor(price / 2);
    case "success":
      return price;
    case "completeSuccess":
      return Math.floor((price * 3) / 4);
    case "double":
      return price * 2;
  }
}

/** Purchase (Charm vs Asset Level): acquire a location, item or unit from the open market. */
export function purchase(state: OperationsState, choice: PurchaseChoice, ctx: Ctx): Result<ActionOutcome<PurchaseDetail>> {
  const acting = actingLieutenant(state, choice, ctx.settings);
  if (isLine(acting)) return refuse(acting);
  const extra = situational(choice.modifier);
  if (isLine(extra)) return refuse(extra);
  const price = amountOf(choice.price);
  if (isLine(price)) return refuse(price);
  const level = amountOf(choice.thing.level);
  if (isLine(level)) return refuse(level);
  const thing = choice.thing;
  if (thing.name.trim() === "") return refuse(refusal("NoName"));
  if (thing.kind === "unit") {
    if (!STATS.includes(thing.competency)) return refuse(refusal("BadCompetency", { competency: String(thing.competency) }));
    const up = amountOf(thing.upkeep);
    if (isLine(up)) return refuse(up);
  }
  const location = choice.location ?? acting.lt.system.location;
  if (thing.kind === "unit" && location === "") return refuse(refusal("NoLocation"));
  if (acting.org.system.capital < price) return refuse(refusal("CapitalShort", { price, capital: acting.org.system.capital }));

  const d = new Draft(state, ctx);
  const org = acting.org.id;
  d.say(`${LOG}Purchase`, { lieutenant: acting.lt.name, thing: thing.name, price });
  markActed(d, acting, []);
  const mods = [...actingRating(acting.lt, "charm"), ...extra];
  const check = d.check({ key: `${LOG}Check.purchase`, data: { lieutenant: acting.lt.name } }, mods, [{ label: `${RATING}AssetLevel`, value: level }]);
  sayTier(d, "purchase", check.tier);
  const detail: PurchaseDetail = { acquired: false, paid: 0, unit: null, hidden: 0, secret: false };
  let cost: number | null = null;
  if (check.tier === "completeFailure") {
    detail.paid = purchaseCost(price, "completeFailure");
    d.addCapital(org, -detail.paid);
    d.say(`${LOG}HalfLost`, { amount: detail.paid, capital: d.org(org).system.capital });
  } else if (check.tier === "failure") {
    if (!choice.payDouble) d.say(`${LOG}NotBought`, { thing: thing.name });
    else if (d.org(org).system.capital < price * 2) d.say(`${LOG}CannotPayCapital`, { amount: price * 2, capital: d.org(org).system.capital });
    else cost = purchaseCost(price, "double");
  } else cost = purchaseCost(price, check.tier);
  const base = baseDetail(d, state, acting, { tier: check.tier, stealthy: !!choice.stealthy });
  if (cost !== null) {
    detail.acquired = true;
    detail.paid = cost;
    d.addCapital(org, -cost);
    d.say(`${LOG}Bought`, { thing: thing.name, amount: cost, capital: d.org(org).system.capital });
    const hide = base.unnoticed;
    if (hide && thing.kind === "location") {
      detail.secret = true;
      d.say(`${LOG}SecretLocation`, { thing: thing.name });
    } else if (hide && !(thing.kind === "unit" && choice.secretLocation)) {
      detail.hidden = Math.max(0, rating(actingRating(d.lieutenant(acting.lt.id), "sneak")));
      if (detail.hidden > 0) d.say(`${LOG}Hidden`, { name: thing.name, hiding: detail.hidden });
    }
    if (thing.kind === "unit") {
      const unit: UnitState = {
        id: ctx.newId(),
        name: thing.name,
        system: {
          level,
          competency: thing.competency,
          upkeep: thing.upkeep,
          cost: price,
          bonded: !!thing.bonded,
          condition: "fresh",
          hiding: detail.hidden,
          location,
          lieutenant: acting.lt.id,
          selective: false,
          recruiter: "",
          acted: false,
          defended: false,
        },
      };
      d.createUnit(org, unit);
      detail.unit = unit.id;
    }
  }
  return ok(d.outcome(ACTIONS.purchase, acting.lt.id, { ...base, ...detail }));
}

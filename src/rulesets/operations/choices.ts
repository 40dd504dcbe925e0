/**
 * What each Operations action's choice holds (checked by the pipeline before anything reads it:
 * src/core/rules/shape.ts), from the choice types of ./rules and how ./dialogs.ts builds them.
 * Document references are strings (a lieutenant's or an organization's UUID, a unit's or a
 * project's id); the rules decide whether they name anything. A location or a name may be blank
 * where the rule says why that will not do (no location, no name), and a number keeps only the
 * bounds that make it safe; the rules keep their own refusals for game logic (a modifier beyond
 * ±20, more units than Cohesion, a price above the Capital there is).
 */
import { MODIFIER, S, type Shape } from "../../core/rules/shape";
import type { ActionName } from "./rules/context";
import { STATS } from "./rules/state";

/**
 * The highest level an asset bought on the open market may have: a unit's level is 0–20 (its data
 * model), and items and locations are rated on the same scale. It is Purchase's opposition
 * (`1d10 + level`), so a level must stay a number the dice formula can hold.
 */
export const MAX_ASSET_LEVEL = 20;

/**
 * The highest price in Capital a choice may name (a purchase, a sale, an outside trainer's fee, a
 * bought unit's upkeep). The compendium's dearest unit costs 33 (level 10); at the seed's 3 Capital
 * a level (+3 if bonded) a level-20 unit asks 63, and upkeep (level ÷ 2) is far less. A sale price
 * is Sell Item's opposition (`1d10 + price`) and no acting side reaches past 35 (level 10 + Charm 5
 * + a situational +20), so nothing dearer than about 44 can be sold at all: 999 leaves a GM's
 * dearest locations and items room, and keeps every price a number the dice formula can hold.
 */
export const MAX_PRICE = 999;

/**
 * The most successes a project may require (Research Magic 8, Train Minion 6 by default; the GM sets
 * more for a powerful ritual). An action adds at most two, so a hundred takes more rounds than a
 * campaign plays; anything above is a mistake or a forgery.
 */
export const MAX_REQUIRED = 100;

/** A reference; blank when a dialog had nothing to offer, which the rule refuses saying what is missing. */
const ref = S.str({ blank: true });
/** A location: blank is refused by the rules, saying that no location was chosen. */
const place = S.str({ blank: true });
/** A name: blank is refused by the rules, saying that no name was given. */
const name = S.str({ blank: true });
/** A reference that may be "" for none (a claimed asset's owner). */
const refOrNone = S.str({ blank: true });
/** A number the rules bound themselves (a stance's bonus, an obscurity, a profit's adjustment: ±20, their BadModifier). */
const whole = S.int(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
/** Capital taken by a Raid or a Steal: never more than the target has (the rule takes the lesser), so any whole number ≥ 0 is safe. */
const amount = S.int(0, Number.MAX_SAFE_INTEGER);
const price = S.int(0, MAX_PRICE);
const level = S.int(0, MAX_ASSET_LEVEL);
const required = S.optional(S.int(1, MAX_REQUIRED));
const stat = S.oneOf(...STATS);
const bonus = S.optional(S.oneOf("stealth", "info"));
const pay = S.optional(S.oneOf("influence", "capital"));
const units = S.array(ref);

/** Every lieutenant's action: the acting lieutenant, the organization it acts for, stealth, the situational modifier. */
const ACTING: Record<string, Shape> = {
  lieutenant: ref,
  organization: S.optional(ref),
  stealthy: S.optional(S.bool()),
  modifier: MODIFIER,
};

const unitOrLieutenant = { unit: { unit: ref }, lieutenant: { lieutenant: ref } };

/** What a Raid (capital, a unit, a thing) or a Steal (a lieutenant too) takes. */
const acquisition = (lieutenants: boolean) =>
  S.union("kind", { capital: { amount }, unit: { unit: ref }, ...(lieutenants ? { lieutenant: { lieutenant: ref } } : {}), thing: { name } });

const attack: Record<string, Shape> = {
  ...ACTING,
  target: ref,
  location: place,
  units,
  reaction: S.optional(S.bool()),
  attackBonus: S.optional(whole),
  defenseBonus: S.optional(whole),
  trigger: S.optional(S.obj({ card: ref, party: S.oneOf("mover", "ambush") })),
};

const influence: Record<string, Shape> = { ...ACTING, faction: ref };

export const CHOICE_SHAPES: Record<ActionName, Record<string, Shape>> = {
  aggressiveAttack: attack,
  cautiousAttack: attack,
  raid: { ...ACTING, target: ref, location: place, units, acquire: acquisition(false) },
  conceal: { ...ACTING, target: S.union("kind", { ...unitOrLieutenant, thing: { name } }), moveTo: S.optional(place) },
  steal: { ...ACTING, target: ref, location: place, acquire: acquisition(true) },
  surveil: { ...ACTING, target: S.union("kind", { ...unitOrLieutenant, location: { location: place } }), bonus },
  purchase: {
    ...ACTING,
    thing: S.union("kind", {
      unit: { name, level, competency: stat, upkeep: price, bonded: S.optional(S.bool()) },
      item: { name, level },
      location: { name, level },
    }),
    price,
    location: S.optional(place),
    payDouble: S.optional(S.bool()),
    secretLocation: S.optional(S.bool()),
  },
  investigate: { ...ACTING, target: S.union("kind", { ...unitOrLieutenant, other: { name, level: S.optional(whole) } }), bonus },
  recruit: { ...ACTING, target: S.union("kind", unitOrLieutenant), join: S.bool() },
  sellItem: { ...ACTING, thing: S.union("kind", { unit: { unit: ref }, other: { name, price } }) },
  researchMagic: { ...ACTING, project: S.optional(ref), start: S.optional(S.obj({ name, required })) },
  moveMinion: { ...ACTING, units: S.array(S.obj({ unit: ref, to: place })), lieutenantTo: S.optional(place) },
  trainMinion: {
    ...ACTING,
    project: S.optional(ref),
    start: S.optional(S.obj({ target: ref, training: S.oneOf("level", "type"), stat: S.optional(stat), name: S.optional(name), required })),
    outsideTrainer: S.optional(S.obj({ cost: price, rating: whole })),
  },
  hireOut: { ...ACTING, units, selective: S.optional(S.array(ref)), adjust: S.optional(whole) },
  ambush: { ...ACTING, factions: S.array(ref), strategy: S.oneOf("aggressive", "cautious"), units },
  blockRoute: { ...ACTING, factions: S.array(ref), units },
  gainInfluence: influence,
  ally: influence,
  claim: { ...influence, asset: refOrNone, assetName: S.optional(name), owner: S.optional(refOrNone), pay, support: S.optional(ref) },
  rally: { ...influence, against: ref, pay },
  // Rolled by the GM's client when a move walks into a stance (the location is where, for its options).
  stanceTrigger: {
    stance: ref,
    mover: S.obj({ organization: ref, lieutenant: S.optional(ref), units }),
    modifier: MODIFIER,
    location: S.str(),
  },
  startRound: { organization: ref },
  // A lieutenant's owner may be "" (released from its organization, still recruited by the payer).
  upkeep: { organization: ref, card: S.optional(ref), kind: S.oneOf("unit", "lieutenant"), id: ref, owner: refOrNone, decision: S.oneOf("release", "later") },
};

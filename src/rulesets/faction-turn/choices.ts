/**
 * What each Faction Turn action's choice holds (checked by the pipeline before anything reads it:
 * src/core/rules/shape.ts). Document references are strings (a faction's UUID, an asset's id);
 * the rules decide whether they name anything.
 */
import { MODIFIER, S, type Shape } from "../../core/rules/shape";
import type { FactionActionId } from "./action-list";

/** A reference; blank when a dialog had nothing to offer, which the rule refuses saying what is missing. */
const ref = S.str({ blank: true });
/** A Create Asset template: its values are the rule's to check (a template's numbers, its formulas). */
const template = S.obj({ name: S.str(), system: S.obj({ hp: S.obj({}), attack: S.obj({}) }) });

export const CHOICE_SHAPES: Record<FactionActionId, Record<string, Shape>> = {
  start: { faction: ref, lose: S.optional(S.array(ref)) },
  end: { faction: ref },
  attack: {
    faction: ref,
    target: ref,
    attackers: S.array(ref),
    defenders: S.optional(S.array(S.obj({ key: S.str(), value: ref }))),
    reaction: S.optional(S.obj({ base: ref, card: S.optional(ref) })),
    modifier: MODIFIER,
  },
  move: { faction: ref, moves: S.array(S.obj({ asset: ref, to: S.str() })) },
  repair: { faction: ref, fixes: S.record(S.int(0, 100)), healFaction: S.optional(S.bool()) },
  expand: { faction: ref, location: S.str(), hp: S.int(1, 10_000), name: S.optional(S.str({ blank: true })), modifier: MODIFIER },
  create: { faction: ref, template, location: S.str() },
  hide: { faction: ref, assets: S.array(ref) },
  sell: { faction: ref, asset: ref },
};

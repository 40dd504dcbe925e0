import { ChangeRecorder, cloneJson, type Json } from "../../../core/rules/changes";
import { ok, type Line, type Outcome, type Result } from "../../../core/rules/outcome";
import { getHero, gmRules, isLine, itemSource, refusal, refuse, say } from "./common";
import { ACTIONS, type RoundsContext } from "./context";
import { mayAct } from "./permissions";
import { ITEM_TYPES, type HeroState, type LootItem, type LootSystem, type RoundsState } from "./state";

export interface TradeChoice {
  /** The hero trading (its player acts). */
  hero: string;
  /** The other end: a teammate on the map, perhaps another player's hero. */
  other: string;
  /** Loot item ids the hero gives. */
  give: string[];
  /** Loot item ids the hero takes from the other. */
  take: string[];
}

export interface MovedLoot {
  /** The item's id where it was. */
  item: string;
  from: string;
  to: string;
  /** Its id where it is now (the same unless that id was taken there). */
  id: string;
}

export interface TradeDetail {
  hero: string;
  other: string;
  moved: MovedLoot[];
}

function lootOf(hero: HeroState, ids: readonly string[]): LootItem[] | Line {
  const out: LootItem[] = [];
  for (const id of new Set(ids)) {
    const it = hero.items.find((i) => i.id === id);
    if (!it || it.type !== "loot") return refusal("NotLoot", { hero: hero.name, item: String(id) });
    out.push(it);
  }
  return out;
}

/**
 * Free step: trade loot between two heroes of the active team. Each item named
 * leaves one hero's items (delete) and joins the other's (create).
 */
export function tradeLoot(state: RoundsState, choice: TradeChoice, ctx: RoundsContext): Result<Outcome<TradeDetail>> {
  const hero = getHero(state, choice.hero);
  if (isLine(hero)) return refuse(hero);
  const other = getHero(state, choice.other);
  if (isLine(other)) return refuse(other);
  if (hero.id === other.id) return refuse(refusal("SameHero", { hero: hero.name }));
  const why = mayAct(state.track, hero, { kind: "trade" }, ctx.override);
  if (why) return refuse(why);
  if (!ctx.override) {
    if (other.system.team !== hero.system.team) return refuse(refusal("NotTeammate", { hero: hero.name, other: other.name }));
    if (!other.system.onMap) return refuse(refusal("OffMap", { hero: other.name }));
  }
  const give = lootOf(hero, choice.give);
  if (isLine(give)) return refuse(give);
  const take = lootOf(other, choice.take);
  if (isLine(take)) return refuse(take);
  if (give.length + take.length === 0) return refuse(refusal("NothingToTrade"));

  const rec = new ChangeRecorder();
  const log: Line[] = [];
  const moved: MovedLoot[] = [];
  const pass = (from: HeroState, to: HeroState, item: LootItem) => {
    // An id is kept unless the receiver holds an item with it now.
    const id = to.items.some((i) => i.id === item.id) ? ctx.newId() : item.id;
    rec.delete({ actor: from.id, item: item.id }, itemSource(item));
    rec.create({ actor: to.id }, { ...itemSource(item), _id: id });
    moved.push({ item: item.id, from: from.id, to: to.id, id });
    log.push(say("GaveLoot", { from: from.name, to: to.name, loot: item.name }));
  };
  for (const it of give) pass(hero, other, it);
  for (const it of take) pass(other, hero, it);
  log.push(gmRules("trade"));
  return ok({ action: ACTIONS.trade, actor: hero.id, checks: [], rolls: [], changes: rec.changes(), log, detail: { hero: hero.id, other: other.id, moved } });
}

export interface PickUpChoice {
  hero: string;
  /** The loot lying on the ground. */
  loot: { name: string; system: LootSystem };
  /** Where it lies (a reference the Foundry layer removes from the ground, e.g. a world item or a token). */
  source: string;
}

export interface PickUpDetail {
  hero: string;
  /** The new item's id. */
  item: string;
  source: string;
}

/** Free step: pick up loot off the ground; it becomes one of the hero's items. */
export function pickUpLoot(state: RoundsState, choice: PickUpChoice, ctx: RoundsContext): Result<Outcome<PickUpDetail>> {
  const hero = getHero(state, choice.hero);
  if (isLine(hero)) return refuse(hero);
  const why = mayAct(state.track, hero, { kind: "pickUp" }, ctx.override);
  if (why) return refuse(why);
  const name = choice.loot.name.trim();
  if (name === "") return refuse(refusal("NoLootName"));

  const rec = new ChangeRecorder();
  const id = ctx.newId();
  rec.create({ actor: hero.id }, { _id: id, name, type: ITEM_TYPES.loot, system: cloneJson(choice.loot.system) as unknown as Json });
  return ok({
    action: ACTIONS.pickUp,
    actor: hero.id,
    checks: [],
    rolls: [],
    changes: rec.changes(),
    log: [say("PickedUp", { hero: hero.name, loot: name }), gmRules("pickUp")],
    detail: { hero: hero.id, item: id, source: choice.source },
  });
}

import { ok, type Line, type Outcome, type Result } from "../../../core/rules/outcome";
import { ACTIONS, LOG, type BattleContext } from "./context";
import { payCost } from "./make";
import { canMake, canPay, ChangeList, costData, getRealm, isCost, isLine, isStat, refusal, refuse } from "./realm";
import { ITEM_TYPES, type BattleState, type CharacterCard, type CharacterSystem, type Resources } from "./state";

export interface PlayCharacterChoice {
  realm: string;
  /** The character card drawn from a Discipline Deck. */
  card: CharacterCard;
}

export interface PlayCharacterDetail {
  /** Id of the new character item. */
  character: string;
  cost: Resources;
}

/**
 * Play a character: pay its cost and put it into the realm. A character with
 * a unit type cannot be played unless the realm can make that unit type.
 */
export function playCharacter(state: BattleState, choice: PlayCharacterChoice, ctx: BattleContext): Result<Outcome<PlayCharacterDetail>> {
  const realm = getRealm(state, choice.realm);
  if (isLine(realm)) return refuse(realm);
  const card = choice.card;
  const c = card.system;
  if (!isStat(c.a) || !isStat(c.d) || !isStat(c.s) || !isCost(c.cost)) return refuse(refusal("BadStats", { name: card.name }));
  if (c.unitType.trim() !== "" && !canMake(realm, c.unitType)) return refuse(refusal("CannotMake", { name: card.name, type: c.unitType }));
  if (!canPay(realm.system.resources, c.cost)) return refuse(refusal("ResourcesShort", { name: card.name, ...costData(c.cost) }));

  const changes = new ChangeList();
  const log: Line[] = [];
  const id = ctx.newId();
  const system: CharacterSystem = {
    cost: { ...c.cost },
    a: c.a,
    d: c.d,
    s: c.s,
    unitType: c.unitType.trim(),
    text: c.text,
    exhausted: false,
    inOffensive: false,
  };
  changes.create(realm.id, { _id: id, name: card.name, type: ITEM_TYPES.character, system: { ...system, cost: { ...system.cost } } });
  log.push({ key: `${LOG}Played`, data: { realm: realm.name, character: card.name } });
  payCost(changes, realm, c.cost, log);
  return ok({ action: ACTIONS.play, actor: realm.id, checks: [], rolls: [], changes: changes.list, log, detail: { character: id, cost: { ...c.cost } } });
}

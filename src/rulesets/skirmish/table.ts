/**
 * The consequence tables as RollTables: a push by infantry is a real draw on the Individual or the
 * Squad table of the row the push card's own 3d6 give, posted to chat once the push is applied;
 * undoing the push takes the draw back out of chat. The dice are the card's (dice modules animate
 * them there): the draw's message names them, without the roll a second time. The table is the
 * world's one flagged for that kind (a GM may import and restyle it), else the system's compendium's.
 */
import { SYSTEM_ID } from "../../core/constants";
import { actorOf } from "../../core/actions/documents";
import type { ActionMessage } from "../../core/actions/pipeline";
import { PUSH_DICE, type TableName } from "./rules/tables";
import { isInfantry } from "./data/state";

/** The pack of the two tables. */
export const TABLE_PACK = `${SYSTEM_ID}.skirmish-tables`;
/** The flag that says which consequences a table holds. */
export const TABLE_FLAG = "skirmishTable";

const kindOf = (table: RollTable.Implementation): unknown => foundry.utils.getProperty(table.flags, `${SYSTEM_ID}.${TABLE_FLAG}`);

/** The table of a kind: the world's, else the compendium's; null if neither has it. */
export async function consequenceTable(kind: TableName): Promise<RollTable.Implementation | null> {
  const world = game.tables?.find((t) => kindOf(t) === kind);
  if (world) return world;
  const pack = game.packs?.get(TABLE_PACK);
  if (!pack) return null;
  const docs = (await pack.getDocuments()) as unknown as RollTable.Implementation[];
  return docs.find((t) => kindOf(t) === kind) ?? null;
}

/** The draws posted for a push card. */
const drawsOf = (card: ActionMessage) => game.messages?.filter((m) => foundry.utils.getProperty(m.flags, `${SYSTEM_ID}.drawFor`) === card.id) ?? [];

/**
 * Draw the pushing infantry's table with the card's own 3d6 (the GM checked it), and post the
 * result as the actor. The table is read from the world, never from the card. The draw shows what
 * the rules already applied: if it fails, the push stands and the GM is told.
 */
export async function postDraw(card: ActionMessage): Promise<void> {
  try {
    await draw(card);
  } catch (error) {
    console.error(error);
    ui.notifications?.warn(game.i18n!.localize("FACTIONS.Skirmish.Warn.DrawFailed"));
  }
}

async function draw(card: ActionMessage): Promise<void> {
  const actor = actorOf(card.system.actor);
  if (!isInfantry(actor)) return;
  const roll = card.rolls[card.system.formulas.indexOf(PUSH_DICE)];
  if (!roll) return;
  const table = await consequenceTable(actor.system.kind);
  if (!table) {
    ui.notifications?.warn(game.i18n!.format("FACTIONS.Skirmish.Warn.NoTable", { table: game.i18n!.localize(`FACTIONS.Skirmish.Table.${actor.system.kind}.Name`) }));
    return;
  }
  // The row of the card's own total: a draw given a roll would roll it again (as v13 does), and
  // the result shown must be the one the rules applied.
  const results = table.getResultsForRoll(roll.total ?? 0);
  if (!results.length) return;
  const drawn = await table.draw({ roll, recursive: true, results, displayChat: false, rollMode: "publicroll" });
  const faces = roll.dice.flatMap((d) => d.results.filter((r) => r.active !== false).map((r) => r.result));
  // The draw is the push's, as public as its card, whatever roll mode the GM's client posting it is in
  // (a table's message follows the poster's roll mode since v13.340: Foundry's issue 12341).
  await table.toMessage(drawn.results, {
    roll: null,
    messageData: {
      speaker: ChatMessage.getSpeaker({ actor }),
      flavor: game.i18n!.format("FACTIONS.Skirmish.DrawDice", { formula: PUSH_DICE, faces: faces.join(", "), total: String(roll.total ?? 0) }),
      flags: { [SYSTEM_ID]: { drawFor: card.id } },
    } as ChatMessage.CreateData,
    messageOptions: { rollMode: "publicroll" },
  });
}

/** Take a push's draw back out of chat (its card was undone). */
export async function removeDraw(card: ActionMessage): Promise<void> {
  const ids = drawsOf(card).map((m) => m.id!);
  if (ids.length) await ChatMessage.implementation.deleteDocuments(ids);
}

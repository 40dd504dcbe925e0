/**
 * A ruleset's Adventure imported into the in-memory world and played as its Quick Start says: the
 * GM imports it, hands the players their documents, begins the encounter. Shared by the Adventure
 * tests and the gallery's cards drawn from real play (gallery-cards.test.ts).
 */
import path from "node:path";
import { ADVENTURE_PACK, rulesetAdventures, type RulesetAdventure } from "../../tools/adventures";
import { harness } from "../harness/install";
import type { Adventure } from "../harness/adventures";
import type { User } from "../harness/documents";

const ROOT = path.resolve(__dirname, "../..");
const ADVENTURES = new Map(rulesetAdventures(ROOT).map((a) => [a.ruleset, a]));
const gm = () => harness.users.gm;

/** Import the ruleset's Adventure from the system's compendium, as the GM. */
export async function importAdventure(ruleset: RulesetAdventure["ruleset"]): Promise<RulesetAdventure> {
  const meta = ADVENTURES.get(ruleset)!;
  const pack = harness.loadPack(ADVENTURE_PACK);
  const adventure = pack.get(meta.source._id) as unknown as Adventure;
  await harness.as(gm(), () => adventure.import());
  await harness.settle();
  return meta;
}

/** The world's actor of that name (the test fails if there is none). */
export function actor(name: string): Actor.Implementation {
  const found = game.actors!.getName(name);
  if (!found) throw new Error(`the world has no actor "${name}"`);
  return found as Actor.Implementation;
}

/** The GM's Configure Ownership: `user` owns these documents. */
export async function give(user: User, ...docs: { update(data: object): Promise<unknown> }[]): Promise<void> {
  await harness.as(gm(), async () => {
    for (const doc of docs) await doc.update({ ownership: { [user.id!]: 3 } });
  });
}

/** The GM activates the Ridge Road, selects its eight tokens and toggles their combat state, then begins. */
export async function beginOnRidge(ridge: Scene.Implementation): Promise<Combat.Implementation> {
  return harness.as(gm(), async () => {
    await ridge.update({ active: true } as Scene.UpdateData);
    const c = (await Combat.implementation.create({ scene: ridge.id, active: true } as Combat.CreateData)) as Combat.Implementation;
    await c.createEmbeddedDocuments(
      "Combatant",
      ridge.tokens.contents.map((tk) => ({ tokenId: tk.id, sceneId: ridge.id, actorId: tk.actorId, name: tk.name })) as Combatant.CreateData[],
    );
    await c.startCombat();
    return c;
  });
}

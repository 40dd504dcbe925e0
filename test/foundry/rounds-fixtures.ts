/**
 * The Rounds world most tests start from: a 20 × 12 battlefield (100 px squares, no padding) with
 * the Sunken Vault adventure space (columns 8–9, rows 5–6) and a shrine whose adventure behavior is
 * disabled (column 15, row 1); six Skyhawks run by Alice and six Psiclones run by Bob, all off the
 * map; and a Rounds game of three rounds started by the GM on the tracker.
 *
 * Ari (Skyhawks) and Pax (Psiclones) carry an ability for each step tag; with `triggers`, Ari and
 * Bel have an "end of Free" ability each and Pax a "start of Action" one.
 */
import { startRoundsGame } from "../../src/rulesets/rounds/encounter/new-game";
import type { Hero, RoundsCombat } from "../../src/rulesets/rounds/encounter/state";
import type { Position, Square, Step, Team } from "../../src/rulesets/rounds/rules";
import { harness } from "../harness/install";
import type { TokenDocument as HarnessToken, User } from "../harness/documents";
import type { AnyObject } from "../harness/utils";

export const SKYHAWKS = ["Ari", "Bel", "Cato", "Dara", "Eno", "Fen"] as const;
export const PSICLONES = ["Pax", "Quill", "Rook", "Sable", "Tarn", "Uma"] as const;
export type HeroName = (typeof SKYHAWKS)[number] | (typeof PSICLONES)[number];

/** A fixed 16-character id from a readable stem. */
export const fixedId = (stem: string) => stem.padEnd(16, "0").slice(0, 16);

export const IDS = {
  scene: fixedId("Battlefield"),
  vault: fixedId("SunkenVault"),
  shrine: fixedId("OldShrine"),
  rope: fixedId("AriRope"),
  lantern: fixedId("BelLantern"),
  charm: fixedId("PaxHexCharm"),
  rally: fixedId("AriRally"),
  ward: fixedId("BelWard"),
  hex: fixedId("PaxHex"),
};

/** Ari's and Pax's tagged abilities, by step (the action and melee ones roll). */
export const TAGGED: Record<Exclude<Step, "reinforce">, { stem: string; name: string; formula: string }> = {
  free: { stem: "SecondWind", name: "Second Wind", formula: "" },
  action: { stem: "QuickShot", name: "Quick Shot", formula: "1d6" },
  reaction: { stem: "Parry", name: "Parry", formula: "" },
  melee: { stem: "Cleave", name: "Cleave", formula: "1d8" },
  adventure: { stem: "Delve", name: "Delve", formula: "" },
};
export const abilityId = (hero: "Ari" | "Pax", step: Exclude<Step, "reinforce">) => fixedId(`${hero}${TAGGED[step].stem}`);

const tagged = (hero: "Ari" | "Pax") =>
  Object.entries(TAGGED).map(([step, a]) => ({ _id: abilityId(hero, step as Exclude<Step, "reinforce">), name: a.name, type: "ability", system: { timing: step, formula: a.formula, text: `${a.name}, as the card says.` } }));

function itemsOf(name: HeroName, triggers: boolean): AnyObject[] {
  const out: AnyObject[] = [];
  if (name === "Ari") out.push({ _id: IDS.rope, name: "Rope", type: "loot", system: { description: "<p>Fifty feet.</p>" } }, ...tagged("Ari"));
  if (name === "Bel") out.push({ _id: IDS.lantern, name: "Lantern", type: "loot" });
  if (name === "Pax") out.push({ _id: IDS.charm, name: "Hex Charm", type: "loot" }, ...tagged("Pax"));
  if (triggers && name === "Ari") out.push({ _id: IDS.rally, name: "Rally", type: "ability", system: { timing: "end", step: "free", text: "Allies take heart." } });
  if (triggers && name === "Bel") out.push({ _id: IDS.ward, name: "Ward", type: "ability", system: { timing: "end", step: "free", formula: "1d6" } });
  if (triggers && name === "Pax") out.push({ _id: IDS.hex, name: "Hex", type: "ability", system: { timing: "start", step: "action" } });
  return out;
}

async function hero(name: HeroName, team: Team, owner: User, triggers: boolean): Promise<Hero> {
  return harness.as(harness.users.gm, async () => {
    const data = { _id: fixedId(`Hero${name}`), name, type: "hero", ownership: { default: 0, [owner.id!]: 3 }, system: { team }, items: itemsOf(name, triggers) };
    return (await Actor.implementation.create(data as unknown as Actor.CreateData, { keepId: true })) as unknown as Hero;
  });
}

async function battlefield(): Promise<Scene.Implementation> {
  return harness.as(harness.users.gm, async () => {
    const square = (x: number, y: number, w = 1, h = 1) => ({ type: "rectangle", x: x * 100, y: y * 100, width: w * 100, height: h * 100 });
    const data = {
      _id: IDS.scene,
      name: "Battlefield",
      active: true,
      width: 2000,
      height: 1200,
      padding: 0,
      grid: { size: 100 },
      regions: [
        { _id: IDS.vault, name: "Sunken Vault", shapes: [square(8, 5, 2, 2)], behaviors: [{ name: "Adventure", type: "factions.adventure", system: { text: "A sealed vault." } }] },
        { _id: IDS.shrine, name: "Old Shrine", shapes: [square(15, 1)], behaviors: [{ name: "Adventure", type: "factions.adventure", disabled: true }] },
      ],
    };
    return (await Scene.implementation.create(data as unknown as Scene.CreateData, { keepId: true })) as unknown as Scene.Implementation;
  });
}

export interface RoundsWorld {
  scene: Scene.Implementation;
  combat: RoundsCombat;
  heroes: Record<HeroName, Hero>;
}

export async function roundsWorld({ triggers = false, lastRound = 3 }: { triggers?: boolean; lastRound?: number } = {}): Promise<RoundsWorld> {
  const { alice, bob } = harness.users;
  const scene = await battlefield();
  const heroes = {} as Record<HeroName, Hero>;
  for (const name of SKYHAWKS) heroes[name] = await hero(name, "skyhawks", alice, triggers);
  for (const name of PSICLONES) heroes[name] = await hero(name, "psiclones", bob, triggers);
  const combat = await harness.as(harness.users.gm, () => startRoundsGame({ lastRound, scene, heroes: Object.values(heroes) }));
  await harness.settle();
  return { scene, combat, heroes };
}

/** Put the game at a position (the GM's hand on the track, as a test shortcut). */
export async function setPosition(combat: RoundsCombat, { round, team, step }: Position): Promise<void> {
  await harness.as(harness.users.gm, () => combat.update({ round, system: { track: { round, team, step } } } as Combat.UpdateData));
  await harness.settle();
}

/** Bring a hero onto the map by hand (the GM): on the map since `entered`, its token on the square. */
export async function putOnMap(world: RoundsWorld, name: HeroName, square: Square, entered = 1): Promise<void> {
  const actor = world.heroes[name];
  await harness.as(harness.users.gm, async () => {
    await actor.update({ system: { onMap: true, entered } } as Actor.UpdateData);
    const token = await actor.getTokenDocument({ x: square.x * 100, y: square.y * 100 } as TokenDocument.CreateData);
    await world.scene.createEmbeddedDocuments("Token", [token.toObject() as TokenDocument.CreateData]);
  });
}

/** Move a hero's token to a square (its owner drags it). */
export async function moveToken(world: RoundsWorld, name: HeroName, square: Square, user: User): Promise<void> {
  const token = world.scene.tokens.find((t) => t.actorId === world.heroes[name].id)!;
  await harness.as(user, () => token.update({ x: square.x * 100, y: square.y * 100 }));
}

export const heroSystem = (hero: Hero) => hero._source.system as unknown as { onMap: boolean; entered: number; used: { at: string; acts: string[] }[]; team: Team };

/** Round 2, the Skyhawks' Action step: Ari (8,5) beside Pax (9,5), Quill across the map (14,5), Bel at (0,1); the others off the map. */
export async function actionField(): Promise<RoundsWorld> {
  const world = await roundsWorld();
  await putOnMap(world, "Ari", { x: 8, y: 5 });
  await putOnMap(world, "Pax", { x: 9, y: 5 });
  await putOnMap(world, "Quill", { x: 14, y: 5 });
  await putOnMap(world, "Bel", { x: 0, y: 1 });
  await setPosition(world.combat, { round: 2, team: "skyhawks", step: "action" });
  harness.notifications.clear();
  return world;
}

/** A hero's token on the world's scene, as the harness holds it. */
export const heroTokenOf = (world: RoundsWorld, name: HeroName) => world.scene.tokens.find((tk) => tk.actorId === world.heroes[name].id)! as unknown as HarnessToken;

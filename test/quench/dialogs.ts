/**
 * Quench batch `factions.dialogs`: each action dialog of the rulesets that are on, opened as its
 * sheet button opens it, filled and submitted as a user does, posts the card `game.factions.act`
 * posts for the choice a macro would give: the same action, the same choice. With auto-apply off,
 * so nothing is applied; every card is deleted afterwards.
 * - Faction Turn: Start Turn, Attack, Move, Repair, Expand Influence, Create Asset, Hide, Sell.
 * - Operations: all twenty actions, from a lieutenant.
 * - Skirmish: Attack (a squad's weapon, a vehicle's weapons), Reload, Free, Push, a check.
 * - Rounds: Bring in, at Reinforce.
 */
import type { ActionMessage } from "../../src/core/actions/pipeline";
import { api } from "../../src/core/api";
import type { FactionsActor } from "../../src/core/documents/actor";
import type { RulesetId } from "../../src/core/settings";
import { takeFactionAction } from "../../src/rulesets/faction-turn/actions";
import { ACTIONS as FT } from "../../src/rulesets/faction-turn/rules/context";
import { takeOperationsAction } from "../../src/rulesets/operations/actions";
import type { OperationsActionName } from "../../src/rulesets/operations/action-list";
import { ACTIONS as OPS } from "../../src/rulesets/operations/rules";
import { startRoundsGame } from "../../src/rulesets/rounds/encounter/new-game";
import { entrySquares } from "../../src/rulesets/rounds/encounter/scene";
import { ACTIONS as RD } from "../../src/rulesets/rounds/rules";
import { storedRound } from "../../src/rulesets/skirmish/data/state";
import { ACTIONS as SK } from "../../src/rulesets/skirmish/rules";
import { roundsScratch } from "./rounds";
import { makeScratch, PLACE, type Scratch } from "./scratch";
import { defineBatch, getSetting, setSetting, until, watchWarnings, withDialogs, type Batch, type Context, type Assert, type TestThis } from "./support";

// The Skirmish and Rounds dialogs are loaded on first use, as their sheets load them (chunks of their own).
const takeSkirmishAction = async (...args: Parameters<typeof import("../../src/rulesets/skirmish/dialogs").takeSkirmishAction>) =>
  (await import("../../src/rulesets/skirmish/dialogs")).takeSkirmishAction(...args);
const takeRoundsAct = async (...args: Parameters<typeof import("../../src/rulesets/rounds/dialogs").takeRoundsAct>) => (await import("../../src/rulesets/rounds/dialogs")).takeRoundsAct(...args);

interface Case<W> {
  title: string;
  /** Open the dialog(s), as the sheet's button does. */
  open(w: W): Promise<unknown>;
  /** What the user enters in each dialog. */
  answers(w: W): Record<string, unknown>[];
  /** The action and the choice a macro gives `game.factions.act`. */
  action: string;
  actor(w: W): Actor.Implementation;
  choice(w: W): object;
}

/** One ruleset's dialogs: its world made once (`before`), then each case. */
function dialogsOf<W>(context: Context, batch: Batch, ruleset: RulesetId, title: string, make: () => Promise<W>, cases: Case<W>[]): void {
  const { describe, it, before } = context;
  const assert: Assert = batch.assert;
  describe(title, () => {
    const off = !getSetting(`ruleset.${ruleset}`);
    let world: W | null = null;
    before(async () => {
      // Made with auto-apply on (an encounter's first round is a card); each test turns it off.
      await setSetting("autoApply", true);
      if (!off) world = await make();
    });
    for (const c of cases) {
      it(off ? `skipped: ${c.title} (the ruleset ${ruleset} is off in this world)` : c.title, async function (this: TestThis) {
        if (off) this.skip();
        const w = world!;
        const count = batch.cards().length;
        const warnings = watchWarnings();
        try {
          await withDialogs(c.answers(w), () => c.open(w));
          await until(() => batch.cards().length > count, 5000, "the dialog's card");
        } catch (error) {
          throw new Error(`${error instanceof Error ? error.message : String(error)}; shown: ${warnings.list.join(" / ") || "nothing"}`);
        } finally {
          warnings.stop();
        }
        const fromDialog = batch.cards().at(-1)!;
        const fromApi = (await api.act(c.action, c.actor(w), c.choice(w))) as ActionMessage | null;
        assert.ok(fromApi, "game.factions.act takes the same choice");
        assert.equal(fromDialog.system.action, c.action);
        assert.equal(fromApi!.system.action, c.action);
        assert.equal(fromDialog.system.actor, fromApi!.system.actor);
        assert.deepEqual(fromDialog.system.choice, fromApi!.system.choice);
      });
    }
  });
}

/* -------------------------------------------- */
/*  Faction Turn                                  */
/* -------------------------------------------- */

type Faction = FactionsActor<"faction">;
interface FtWorld extends Scratch {
  grey: Faction;
  plaza: string;
  template: { uuid: string; name: string; system: object };
}

async function ftWorld(batch: Batch): Promise<FtWorld> {
  const s = await makeScratch(batch);
  const grey = batch.made((await Actor.implementation.create({ name: "Quench Grey Court", type: "faction", system: { wealth: 4, treasure: 3 } } as Actor.CreateData)) as unknown as Faction);
  const plaza = batch.made((await Scene.implementation.create({ name: "Quench Plaza" } as Scene.CreateData)) as unknown as Scene.Implementation);
  const pack = game.packs?.get("factions.faction-turn-assets");
  const docs = ((await pack?.getDocuments()) ?? []) as Item.Implementation[];
  const system = (i: Item.Implementation) => i.system as unknown as { base: boolean; cost: number; rating: number; attribute: "force" | "wealth" | "cunning"; magic: string };
  const red = s.red.system as unknown as Record<string, number>;
  const template = docs.find((i) => i.type === "asset" && !system(i).base && system(i).cost <= red.treasure! && red[system(i).attribute]! >= system(i).rating && system(i).magic === "none");
  if (!template) throw new Error("the asset compendium has no asset the Red Hand can buy");
  return { ...s, grey, plaza: plaza.uuid, template: { uuid: template.uuid, name: template.name, system: template.toObject().system as object } };
}

const FT_CASES: Case<FtWorld>[] = [
  {
    title: "Start Turn",
    open: (w) => takeFactionAction(w.grey, "start"),
    answers: () => [{}],
    action: FT.start,
    actor: (w) => w.grey,
    choice: (w) => ({ faction: w.grey.uuid, lose: [] }),
  },
  {
    title: "Attack",
    open: (w) => takeFactionAction(w.red, "attack"),
    answers: (w) => [{ target: w.blue.uuid, attackers: [w.ids.thugs], modifier: 2 }],
    action: FT.attack,
    actor: (w) => w.red,
    choice: (w) => ({ faction: w.red.uuid, target: w.blue.uuid, attackers: [w.ids.thugs], modifier: 2 }),
  },
  {
    title: "Move",
    open: (w) => takeFactionAction(w.red, "move"),
    answers: (w) => [{ assets: [w.ids.thugs], to: w.plaza }],
    action: FT.move,
    actor: (w) => w.red,
    choice: (w) => ({ faction: w.red.uuid, moves: [{ asset: w.ids.thugs, to: w.plaza }] }),
  },
  {
    title: "Repair",
    open: (w) => takeFactionAction(w.red, "repair"),
    answers: (w) => [{ [`fixes.${w.ids.thugs}`]: 1, heal: [] }],
    action: FT.repair,
    actor: (w) => w.red,
    choice: (w) => ({ faction: w.red.uuid, fixes: { [w.ids.thugs]: 1 }, healFaction: false }),
  },
  {
    title: "Expand Influence",
    open: (w) => takeFactionAction(w.red, "expand"),
    answers: () => [{ location: PLACE, hp: 2, name: "Quench Hall", modifier: 0 }],
    action: FT.expand,
    actor: (w) => w.red,
    choice: (w) => ({ faction: w.red.uuid, location: PLACE, hp: 2, name: "Quench Hall", modifier: 0 }),
  },
  {
    title: "Create Asset",
    open: (w) => takeFactionAction(w.red, "create"),
    answers: (w) => [{ template: w.template.uuid, location: PLACE }],
    action: FT.create,
    actor: (w) => w.red,
    choice: (w) => ({ faction: w.red.uuid, template: { name: w.template.name, system: w.template.system }, location: PLACE }),
  },
  {
    title: "Hide",
    open: (w) => takeFactionAction(w.red, "hide"),
    answers: (w) => [{ assets: [w.ids.thugs] }],
    action: FT.hide,
    actor: (w) => w.red,
    choice: (w) => ({ faction: w.red.uuid, assets: [w.ids.thugs] }),
  },
  {
    title: "Sell",
    open: (w) => takeFactionAction(w.red, "sell"),
    answers: (w) => [{ asset: w.ids.thugs }],
    action: FT.sell,
    actor: (w) => w.red,
    choice: (w) => ({ faction: w.red.uuid, asset: w.ids.thugs }),
  },
];

/* -------------------------------------------- */
/*  Operations                                    */
/* -------------------------------------------- */

const DOCKS = "name:Quench Docks";
const MARKET = "name:Quench Market";

interface OpsWorld {
  red: Actor.Implementation;
  blue: Actor.Implementation;
  guild: Actor.Implementation;
  vex: Actor.Implementation;
  plaza: string;
  ids: Record<"thugs" | "cutpurses" | "thiefA" | "thiefB" | "guards" | "research", string>;
}

async function opsWorld(batch: Batch): Promise<OpsWorld> {
  const create = async (data: object) => batch.made((await Actor.implementation.create(data as Actor.CreateData)) as Actor.Implementation);
  const unit = (name: string, system: object) => ({ name, type: "unit", system });
  const red = await create({
    name: "Quench Red Hand",
    type: "organization",
    system: { cohesion: 3, capital: 10 },
    items: [
      unit("Quench Thugs", { level: 3, competency: "force", upkeep: 1, location: DOCKS }),
      unit("Quench Cutpurses", { level: 2, competency: "sneak", upkeep: 1, location: DOCKS }),
      unit("Quench Thief Pack A", { level: 4, competency: "sneak", location: MARKET }),
      unit("Quench Thief Pack B", { level: 4, competency: "sneak", location: MARKET }),
      { name: "Quench Ward of Ash", type: "project", system: { kind: "research", required: 8, progress: 3 } },
    ],
  });
  const blue = await create({ name: "Quench Blue Lotus", type: "organization", system: { cohesion: 2, capital: 8 }, items: [unit("Quench Dock Guards", { level: 4, competency: "force", upkeep: 2, location: DOCKS })] });
  const guild = await create({ name: "Quench Merchant Guild", type: "organization", system: { cohesion: 2, capital: 20, npc: true } });
  const vex = await create({ name: "Quench Vex", type: "lieutenant", system: { level: 3, force: 2, sneak: 3, charm: 1, lore: 1, organization: red.uuid, location: DOCKS } });
  const plaza = batch.made((await Scene.implementation.create({ name: "Quench Plaza" } as Scene.CreateData)) as unknown as Scene.Implementation);
  const id = (actor: Actor.Implementation, name: string) => actor.items.find((i) => i.name === name)!.id!;
  return {
    red,
    blue,
    guild,
    vex,
    plaza: plaza.uuid,
    ids: {
      thugs: id(red, "Quench Thugs"),
      cutpurses: id(red, "Quench Cutpurses"),
      thiefA: id(red, "Quench Thief Pack A"),
      thiefB: id(red, "Quench Thief Pack B"),
      guards: id(blue, "Quench Dock Guards"),
      research: id(red, "Quench Ward of Ash"),
    },
  };
}

/** An Operations dialog: its form values, and the choice (the dialog adds the lieutenant, no stealth, no modifier). */
function ops(name: OperationsActionName, values: (w: OpsWorld) => Record<string, unknown>, choice: (w: OpsWorld) => object): Case<OpsWorld> {
  return {
    title: name,
    open: (w) => takeOperationsAction(w.vex, name),
    answers: (w) => [{ ...values(w), stealthy: [] }],
    action: OPS[name],
    actor: (w) => w.vex,
    choice: (w) => ({ lieutenant: w.vex.uuid, stealthy: false, modifier: 0, ...choice(w) }),
  };
}

const OPS_CASES: Case<OpsWorld>[] = [
  ops("aggressiveAttack", (w) => ({ target: w.blue.uuid, units: [w.ids.thugs] }), (w) => ({ target: w.blue.uuid, location: DOCKS, units: [w.ids.thugs] })),
  ops("cautiousAttack", (w) => ({ target: w.blue.uuid, units: [w.ids.thugs] }), (w) => ({ target: w.blue.uuid, location: DOCKS, units: [w.ids.thugs] })),
  ops(
    "raid",
    (w) => ({ target: w.blue.uuid, acquire: "capital:", amount: 2, units: [w.ids.thugs] }),
    (w) => ({ target: w.blue.uuid, location: DOCKS, units: [w.ids.thugs], acquire: { kind: "capital", amount: 2 } }),
  ),
  ops("conceal", (w) => ({ what: `unit:${w.ids.cutpurses}`, moveTo: w.plaza }), (w) => ({ target: { kind: "unit", unit: w.ids.cutpurses }, moveTo: w.plaza })),
  ops("steal", (w) => ({ target: w.blue.uuid, acquire: "capital:", amount: 1 }), (w) => ({ target: w.blue.uuid, location: DOCKS, acquire: { kind: "capital", amount: 1 } })),
  ops("surveil", (w) => ({ what: `location:${w.plaza}`, bonus: "info" }), (w) => ({ target: { kind: "location", location: w.plaza }, bonus: "info" })),
  ops(
    "purchase",
    () => ({ kind: "location", name: "Quench Warehouse", level: 1, price: 4, location: DOCKS, opts: [] }),
    () => ({ thing: { kind: "location", name: "Quench Warehouse", level: 1 }, price: 4, location: DOCKS, payDouble: false, secretLocation: false }),
  ),
  ops("investigate", () => ({ what: "other:", thing: "Quench Crypt", level: 2, bonus: "info" }), () => ({ target: { kind: "other", name: "Quench Crypt", level: 2 }, bonus: "info" })),
  ops("recruit", (w) => ({ what: `unit:${w.ids.guards}`, join: [] }), (w) => ({ target: { kind: "unit", unit: w.ids.guards }, join: false })),
  ops("sellItem", () => ({ what: "other:", thing: "Quench Idol", price: 3 }), () => ({ thing: { kind: "other", name: "Quench Idol", price: 3 } })),
  ops("researchMagic", (w) => ({ project: w.ids.research }), (w) => ({ project: w.ids.research })),
  ops(
    "moveMinion",
    (w) => ({ units: [w.ids.thugs, w.ids.cutpurses], to: w.plaza, lieutenantTo: "" }),
    (w) => ({ units: [{ unit: w.ids.thugs, to: w.plaza }, { unit: w.ids.cutpurses, to: w.plaza }] }),
  ),
  ops(
    "trainMinion",
    (w) => ({ project: "", trainee: `unit:${w.ids.cutpurses}`, training: "level", stat: "sneak", outside: 0, rating: 0 }),
    (w) => ({ start: { target: w.ids.cutpurses, training: "level", stat: "sneak" } }),
  ),
  ops("hireOut", (w) => ({ units: [w.ids.thiefA, w.ids.thiefB], selective: [], adjust: 0 }), (w) => ({ units: [w.ids.thiefA, w.ids.thiefB], selective: [], adjust: 0 })),
  ops("ambush", (w) => ({ factions: [w.blue.uuid], strategy: "aggressive", units: [w.ids.thugs] }), (w) => ({ factions: [w.blue.uuid], strategy: "aggressive", units: [w.ids.thugs] })),
  ops("blockRoute", (w) => ({ factions: [w.blue.uuid], units: [] }), (w) => ({ factions: [w.blue.uuid], units: [] })),
  ops("gainInfluence", (w) => ({ faction: w.guild.uuid }), (w) => ({ faction: w.guild.uuid })),
  ops("ally", (w) => ({ faction: w.guild.uuid }), (w) => ({ faction: w.guild.uuid })),
  ops(
    "claim",
    (w) => ({ faction: w.guild.uuid, asset: w.plaza, assetName: "", owner: "", pay: "capital" }),
    (w) => ({ faction: w.guild.uuid, asset: w.plaza, owner: "", pay: "capital" }),
  ),
  ops("rally", (w) => ({ faction: w.guild.uuid, against: w.blue.uuid, pay: "capital" }), (w) => ({ faction: w.guild.uuid, against: w.blue.uuid, pay: "capital" })),
];

/* -------------------------------------------- */
/*  Skirmish                                      */
/* -------------------------------------------- */

interface SkWorld {
  squad: Actor.Implementation;
  carrier: Actor.Implementation;
  rifles: string;
  cannon: string;
  /** Their tokens on a scene of their own (not activated), each the other's target. */
  squadToken: string;
  carrierToken: string;
}

async function skWorld(batch: Batch): Promise<SkWorld> {
  const create = async (data: object) => batch.made((await Actor.implementation.create(data as Actor.CreateData)) as Actor.Implementation);
  const squad = await create({
    name: "Quench Wolves",
    type: "infantry",
    system: { kind: "squad", body: 2, nerves: 2, members: [{ id: "q1", name: "Ash", state: "ready" }, { id: "q2", name: "Bay", state: "ready" }] },
    items: [{ name: "Quench Rifles", type: "weapon", system: { reloads: { value: 1, max: 2 } } }],
  });
  const carrier = await create({ name: "Quench Carrier", type: "vehicle", system: { heat: 0, heatThreshold: 3 }, items: [{ name: "Quench Cannon", type: "weapon", system: { reloads: { value: 1, max: 1 }, heavy: true } }] });
  const combat = batch.made((await Combat.implementation.create({ type: "base" } as Combat.CreateData)) as Combat.Implementation);
  await combat.createEmbeddedDocuments("Combatant", [{ actorId: squad.id }, { actorId: carrier.id }] as Combatant.CreateData[]);
  await combat.startCombat();
  await until(() => !!storedRound(combat, squad.uuid, 1) && !!storedRound(combat, carrier.uuid, 1), 5000, "the fighters' budgets");
  const scene = batch.made((await Scene.implementation.create({ name: "Quench Skirmish Field" } as Scene.CreateData)) as Scene.Implementation);
  const [squadToken, carrierToken] = (await scene.createEmbeddedDocuments("Token", [
    { name: squad.name, actorId: squad.id, actorLink: true, x: 100, y: 100 },
    { name: carrier.name, actorId: carrier.id, actorLink: true, x: 400, y: 100 },
  ] as TokenDocument.CreateData[])) as TokenDocument.Implementation[];
  return { squad, carrier, rifles: squad.items.contents[0]!.id!, cannon: carrier.items.contents[0]!.id!, squadToken: squadToken!.uuid, carrierToken: carrierToken!.uuid };
}

const SK_CASES: Case<SkWorld>[] = [
  {
    title: "Attack (a squad's weapon)",
    open: (w) => takeSkirmishAction(w.squad, "attack"),
    answers: (w) => [{ weapon: w.rifles, skirmishTarget: w.carrierToken }],
    action: SK.attack,
    actor: (w) => w.squad,
    choice: (w) => ({ actor: w.squad.uuid, weapons: [w.rifles], target: w.carrierToken }),
  },
  {
    title: "Attack (a vehicle's weapons)",
    open: (w) => takeSkirmishAction(w.carrier, "attack"),
    answers: (w) => [{ weapons: [w.cannon], skirmishTarget: w.squadToken }],
    action: SK.attack,
    actor: (w) => w.carrier,
    choice: (w) => ({ actor: w.carrier.uuid, weapons: [w.cannon], target: w.squadToken }),
  },
  {
    title: "Reload",
    open: (w) => takeSkirmishAction(w.squad, "reload"),
    answers: (w) => [{ weapon: w.rifles }],
    action: SK.reload,
    actor: (w) => w.squad,
    choice: (w) => ({ actor: w.squad.uuid, weapon: w.rifles }),
  },
  {
    title: "Free",
    open: (w) => takeSkirmishAction(w.squad, "free"),
    answers: () => [{ text: "Quench: a war cry" }],
    action: SK.free,
    actor: (w) => w.squad,
    choice: (w) => ({ actor: w.squad.uuid, text: "Quench: a war cry" }),
  },
  {
    title: "Push",
    open: (w) => takeSkirmishAction(w.squad, "push"),
    answers: () => [{ member1: "q2", member2: "q1" }],
    action: SK.push,
    actor: (w) => w.squad,
    choice: (w) => ({ actor: w.squad.uuid, members: ["q2", "q1"] }),
  },
  {
    title: "Nerves check",
    open: (w) => takeSkirmishAction(w.squad, "check"),
    answers: () => [{ skirmishStat: "nerves", skirmishDifficulty: 1, skirmishModifier: 1 }],
    action: SK.check,
    actor: (w) => w.squad,
    choice: (w) => ({ actor: w.squad.uuid, stat: "nerves", difficulty: 1, modifier: 1 }),
  },
];

/* -------------------------------------------- */
/*  Rounds                                        */
/* -------------------------------------------- */

interface RdWorld {
  combat: Combat.Implementation;
  ari: Actor.Implementation;
  square: { x: number; y: number };
}

async function rdWorld(batch: Batch): Promise<RdWorld> {
  const { scene, heroes } = await roundsScratch(batch);
  const combat = batch.made(await startRoundsGame({ lastRound: 3, scene, heroes }));
  const square = entrySquares(scene, "skyhawks")[0];
  if (!square) throw new Error("the scene has no entry square for the Skyhawks");
  return { combat, ari: heroes[0]!, square };
}

const RD_CASES: Case<RdWorld>[] = [
  {
    title: "Bring in, at Reinforce",
    open: (w) => takeRoundsAct(w.ari, "reinforce"),
    answers: (w) => [{ square: `${w.square.x},${w.square.y}` }],
    action: RD.reinforce,
    actor: (w) => w.ari,
    choice: (w) => ({ combat: w.combat.uuid, hero: w.ari.uuid, square: w.square }),
  },
];

export function dialogsBatch(context: Context): void {
  defineBatch(context, "every dialog", { timeout: 120_000 }, (batch) => {
    // Nothing is applied: each card stays as posted (and the next dialog meets the same world).
    context.beforeEach(() => setSetting("autoApply", false));
    dialogsOf(context, batch, "factionTurn", "Faction Turn", () => ftWorld(batch), FT_CASES);
    dialogsOf(context, batch, "operations", "Operations", () => opsWorld(batch), OPS_CASES);
    dialogsOf(context, batch, "skirmish", "Skirmish", () => skWorld(batch), SK_CASES);
    dialogsOf(context, batch, "rounds", "Rounds", () => rdWorld(batch), RD_CASES);
  });
}

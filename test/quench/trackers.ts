/**
 * Quench batches `factions.<ruleset>.tracker`: the real combat tracker (`ui.combat`), rendered and
 * its buttons pressed as a GM does, for an encounter of the batch's own documents (run them in a
 * world with no other encounter: the tracker shows one at a time).
 * - Faction Turn: Start Turn on the current faction's line, once per turn (not again after Back);
 *   Next Turn ends the turn with one card, Back ends nothing; the income is exact.
 * - Operations: one Start Round card per organization per round, none on Back nor when moving
 *   forward again through a round already had; the upkeep paid is exact; the line under the
 *   lieutenant follows its acted mark.
 * - Battle: a realm's Start Turn once per turn (three attacks exactly); Next Turn ends the turn with
 *   one card, Back ends nothing.
 * - Skirmish: one round card per round, none on Back; the pips under a fighter show exactly what
 *   is left of its budget in the round shown.
 * - Rounds: Foundry's turn buttons give way to the panel; Next Step is refused while the team owes
 *   its wave; Bring in (a dialog) brings a hero in; Back moves the position only.
 */
import { performAction, type ActionMessage } from "../../src/core/actions/pipeline";
import { ACTIONS as FT } from "../../src/rulesets/faction-turn/rules/context";
import { ACTIONS as OPS } from "../../src/rulesets/operations/rules";
import { BATTLE_ACTIONS } from "../../src/rulesets/battle/ids";
import { ACTIONS as SK } from "../../src/rulesets/skirmish/rules";
import { startRoundsGame } from "../../src/rulesets/rounds/encounter/new-game";
import { trackOf, type Hero, type RoundsCombat } from "../../src/rulesets/rounds/encounter/state";
import { roundsScratch } from "./rounds";
import { defineBatch, settled, t, until, watchWarnings, withDialogs, type Assert, type Batch, type Context, type TestThis } from "./support";
import { combatEventsDone } from "../../src/core/documents/combat";

interface Tracker {
  element: HTMLElement | null;
  render(options: { force: boolean }): Promise<unknown>;
}

const tracker = () => ui.combat as unknown as Tracker;

/** The tracker drawn afresh. */
async function drawn(): Promise<HTMLElement> {
  await tracker().render({ force: true });
  const element = tracker().element;
  if (!element) throw new Error("the combat tracker did not render");
  return element;
}

/** Press one of the tracker's buttons (v13's `data-action` controls, or the system's own). */
async function press(assert: Assert, selector: string): Promise<void> {
  const button = (await drawn()).querySelector<HTMLElement>(selector);
  assert.ok(button, `the tracker shows ${selector}`);
  button!.click();
}

/** Press a control of Foundry's tracker and wait until the encounter is at `round`/`turn` and the GM's client has done with it. */
async function move(assert: Assert, combat: Combat.Implementation, action: string, at: { round: number; turn?: number }): Promise<void> {
  await press(assert, `[data-action="${action}"]`);
  await until(() => combat.round === at.round && (at.turn === undefined || combat.turn === at.turn), 5000, `the encounter to reach round ${at.round}${at.turn === undefined ? "" : `, turn ${at.turn}`}`);
  // The rulesets' work for the turns it ended and started (cards posted, budgets written), then what that queued.
  await combatEventsDone();
  await settled();
}

/** An encounter of the batch's actors, in this order of initiative, the one the tracker shows. */
async function encounter(batch: Batch, actors: Actor.Implementation[]): Promise<Combat.Implementation> {
  const combat = batch.made((await Combat.implementation.create({ type: "base", active: true } as Combat.CreateData)) as Combat.Implementation);
  await combat.createEmbeddedDocuments(
    "Combatant",
    actors.map((a, i) => ({ actorId: a.id, name: a.name, initiative: 10 * (actors.length - i) })) as Combatant.CreateData[],
  );
  return viewed(batch, combat);
}

async function viewed<C extends Combat.Implementation>(batch: Batch, combat: C): Promise<C> {
  // Foundry's tracker views the active encounter: make it this one (the batch makes the GM's own active again after).
  if (game.combat?.id !== combat.id) await combat.activate({ render: false });
  batch.assert.equal(game.combat?.id, combat.id, "the tracker shows the batch's encounter");
  return combat;
}

const cardsOf = (batch: Batch, action: string, actor?: { uuid: string }) => batch.cards().filter((c) => c.system.action === action && (!actor || c.system.actor === actor.uuid));
const lineOf = (root: HTMLElement, combat: Combat.Implementation, actor: Actor.Implementation) => {
  const id = combat.combatants.find((c) => c.actorId === actor.id)?.id ?? "";
  return root.querySelector<HTMLElement>(`[data-combatant-id="${CSS.escape(id)}"]`);
};

async function create(batch: Batch, data: object): Promise<Actor.Implementation> {
  return batch.made((await Actor.implementation.create(data as Actor.CreateData)) as Actor.Implementation);
}

/* -------------------------------------------- */

function factionTurnTracker(context: Context): void {
  defineBatch(context, "Faction Turn on the tracker", { rulesets: ["factionTurn"] }, (batch) => {
    const { it } = context;
    const assert: Assert = batch.assert;
    it("Start Turn once per turn, one end card per turn passed, none on Back; the income exact", async () => {
      const turn = { started: false, number: 0, action: "", created: false, healed: false, repairs: {} };
      const red = await create(batch, { name: "Quench Red Hand", type: "faction", system: { force: 4, wealth: 3, cunning: 3, treasure: 5, turn } });
      const blue = await create(batch, { name: "Quench Blue Lotus", type: "faction", system: { force: 3, wealth: 3, cunning: 4, treasure: 4, turn } });
      const combat = await encounter(batch, [red, blue]);
      const treasure = (a: Actor.Implementation) => (a.system as unknown as { treasure: number }).treasure;
      const startButton = async (a: Actor.Implementation) => lineOf(await drawn(), combat, a)?.querySelector<HTMLButtonElement>(".factions-start-turn") ?? null;
      const startTurn = async (a: Actor.Implementation, count: number) => {
        const button = await startButton(a);
        assert.ok(button, `${a.name}'s line offers Start Turn`);
        await withDialogs([{}], async () => {
          button!.click();
          await until(() => cardsOf(batch, FT.start, a).length === count && cardsOf(batch, FT.start, a).at(-1)!.system.status === "applied", 5000, `${a.name}'s Start Turn`);
        });
      };
      const counts = () => ({ redStarts: cardsOf(batch, FT.start, red).length, blueStarts: cardsOf(batch, FT.start, blue).length, redEnds: cardsOf(batch, FT.end, red).length, blueEnds: cardsOf(batch, FT.end, blue).length });

      await move(assert, combat, "startCombat", { round: 1, turn: 0 });
      await startTurn(red, 1);
      // Income: ceil(Wealth / 2) + floor((Force + Cunning) / 4).
      assert.equal(treasure(red), 5 + 2 + 1);
      assert.isNull(await startButton(red), "no second Start Turn");
      await move(assert, combat, "nextTurn", { round: 1, turn: 1 });
      await until(() => counts().redEnds === 1, 5000, "Red's turn to end");
      await startTurn(blue, 1);
      assert.equal(treasure(blue), 4 + 2 + 1);
      const held = counts();
      await move(assert, combat, "previousTurn", { round: 1, turn: 0 });
      assert.deepEqual(counts(), held, "Back ends nothing and starts nothing");
      assert.isNull(await startButton(red), "no Start Turn for a turn already had");
      await move(assert, combat, "nextTurn", { round: 1, turn: 1 });
      assert.deepEqual(counts(), held, "forward again through a turn already had: nothing twice");
      await move(assert, combat, "nextTurn", { round: 2, turn: 0 });
      await until(() => counts().blueEnds === 1, 5000, "Blue's turn to end");
      await startTurn(red, 2);
      assert.deepEqual(counts(), { redStarts: 2, blueStarts: 1, redEnds: 1, blueEnds: 1 });
      assert.equal(treasure(red), 8 + 3);
    });
  });
}

function operationsTracker(context: Context): void {
  defineBatch(context, "Operations on the tracker", { rulesets: ["operations"] }, (batch) => {
    const { it } = context;
    const assert: Assert = batch.assert;
    it("one Start Round card per organization per round, none on Back; the upkeep exact; the lieutenant's line", async () => {
      const org = await create(batch, {
        name: "Quench Red Hand",
        type: "organization",
        system: { cohesion: 3, capital: 10 },
        items: [{ name: "Quench Thugs", type: "unit", system: { level: 3, competency: "force", upkeep: 1, location: "name:Quench Market" } }],
      });
      const vex = await create(batch, { name: "Quench Vex", type: "lieutenant", system: { level: 3, organization: org.uuid, location: "name:Quench Market" } });
      const combat = await encounter(batch, [org, vex]);
      const starts = () => cardsOf(batch, OPS.startRound, org).length;
      const capital = () => (org.system as unknown as { capital: number }).capital;
      const line = async () => lineOf(await drawn(), combat, vex)?.querySelector(".factions-round")?.textContent ?? "";

      await move(assert, combat, "startCombat", { round: 1 });
      await until(() => starts() === 1, 5000, "the first round's card");
      assert.equal(capital(), 9);
      await vex.update({ "system.acted": true } as Actor.UpdateData);
      assert.equal(await line(), t("FACTIONS.Operations.Tracker.Acted"));
      await move(assert, combat, "nextRound", { round: 2 });
      await until(() => starts() === 2, 5000, "the second round's card");
      assert.equal(capital(), 8);
      assert.equal(await line(), t("FACTIONS.Operations.Tracker.NotActed"));
      await move(assert, combat, "previousRound", { round: 1 });
      await move(assert, combat, "nextRound", { round: 2 });
      assert.equal(starts(), 2, "Back, then forward again: no card");
      assert.equal(capital(), 8);
      await move(assert, combat, "nextRound", { round: 3 });
      await until(() => starts() === 3, 5000, "the third round's card");
      assert.equal(capital(), 7);
    });
  });
}

function battleTracker(context: Context): void {
  defineBatch(context, "Battle on the tracker", { rulesets: ["battle"] }, (batch) => {
    const { it } = context;
    const assert: Assert = batch.assert;
    it("a realm's Start Turn once per turn (three attacks); one end card per turn passed, none on Back", async () => {
      const realm = (name: string) => create(batch, { name, type: "realm", system: { started: false, attacksLeft: 0, turn: 0 } });
      const you = await realm("Quench You");
      const me = await realm("Quench Me");
      const combat = await encounter(batch, [you, me]);
      const system = (a: Actor.Implementation) => a.system as unknown as { started: boolean; attacksLeft: number; turn: number };
      const start = (a: Actor.Implementation) => performAction(BATTLE_ACTIONS.startTurn, a, { realm: a.uuid }) as Promise<ActionMessage | null>;
      const counts = () => ({ youEnds: cardsOf(batch, BATTLE_ACTIONS.endTurn, you).length, meEnds: cardsOf(batch, BATTLE_ACTIONS.endTurn, me).length, youStarts: cardsOf(batch, BATTLE_ACTIONS.startTurn, you).length });

      await move(assert, combat, "startCombat", { round: 1, turn: 0 });
      assert.equal((await start(you))?.system.status, "applied");
      assert.deepEqual([system(you).started, system(you).attacksLeft, system(you).turn], [true, 3, 1]);
      assert.isNull(await start(you), "no second Start Turn");
      await move(assert, combat, "nextTurn", { round: 1, turn: 1 });
      await until(() => counts().youEnds === 1, 5000, "You's turn to end");
      assert.deepEqual([system(you).started, system(you).attacksLeft], [false, 0]);
      assert.equal((await start(me))?.system.status, "applied");
      await move(assert, combat, "previousTurn", { round: 1, turn: 0 });
      assert.deepEqual(counts(), { youEnds: 1, meEnds: 0, youStarts: 1 }, "Back ends nothing");
      assert.isTrue(system(me).started);
      assert.isNull(await start(you), "no Start Turn for a turn already had");
      await move(assert, combat, "nextTurn", { round: 1, turn: 1 });
      await move(assert, combat, "nextTurn", { round: 2, turn: 0 });
      await until(() => counts().meEnds === 1, 5000, "Me's turn to end");
      assert.equal((await start(you))?.system.status, "applied");
      assert.deepEqual(counts(), { youEnds: 1, meEnds: 1, youStarts: 2 });
      assert.deepEqual([system(you).attacksLeft, system(you).turn], [3, 2]);
    });
  });
}

function skirmishTracker(context: Context): void {
  defineBatch(context, "Skirmish on the tracker", { rulesets: ["skirmish"] }, (batch) => {
    const { it } = context;
    const assert: Assert = batch.assert;
    it("one round card per round, none on Back; the pips show the budget left exactly", async () => {
      const ada = await create(batch, { name: "Quench Ada", type: "infantry", system: { kind: "individual" } });
      const carrier = await create(batch, { name: "Quench Carrier", type: "vehicle", system: { heat: 0, heatThreshold: 3 } });
      const combat = await encounter(batch, [ada, carrier]);
      const rounds = () => cardsOf(batch, SK.advanceRound).length;
      /** Pips left, per kind, under Ada's line. */
      const pips = async () => {
        const line = lineOf(await drawn(), combat, ada);
        const left = (kind: string) => line?.querySelectorAll(`.factions-kind-${kind} .factions-pip.factions-filled`).length ?? -1;
        return { move: left("move"), major: left("major"), minor: left("minor"), free: left("free") };
      };
      const fresh = { move: 1, major: 1, minor: 1, free: 1 };

      await move(assert, combat, "startCombat", { round: 1 });
      await until(() => rounds() === 1, 5000, "the first round's card");
      assert.deepEqual(await pips(), fresh);
      const moved = (await performAction(SK.move, ada, { actor: ada.uuid })) as ActionMessage | null;
      assert.equal(moved?.system.status, "applied");
      assert.deepEqual(await pips(), { ...fresh, move: 0 });
      await move(assert, combat, "nextRound", { round: 2 });
      await until(() => rounds() === 2, 5000, "the second round's card");
      assert.deepEqual(await pips(), fresh);
      await move(assert, combat, "previousRound", { round: 1 });
      assert.equal(rounds(), 2, "Back posts no round card");
      assert.deepEqual(await pips(), { ...fresh, move: 0 }, "round 1 as it was spent");
      await move(assert, combat, "nextRound", { round: 2 });
      assert.equal(rounds(), 2, "forward again through a round already had: no card");
      assert.deepEqual(await pips(), fresh);
    });

    /** A fighter in a started encounter who pushed its major action: its row of pips on the tracker. */
    const pushedRow = async () => {
      const ada = await create(batch, { name: "Quench Ada", type: "infantry", system: { kind: "individual" } });
      const combat = await encounter(batch, [ada]);
      const before = cardsOf(batch, SK.advanceRound).length;
      await move(assert, combat, "startCombat", { round: 1 });
      await until(() => cardsOf(batch, SK.advanceRound).length === before + 1, 5000, "the first round's card");
      const pushed = (await performAction(SK.push, ada, { actor: ada.uuid })) as ActionMessage | null;
      assert.equal(pushed?.system.status, "applied");
      const row = lineOf(await drawn(), combat, ada)?.querySelector<HTMLElement>(":scope > .factions-tracker-pips");
      assert.ok(row, "the pips are a row of the fighter's entry");
      const diamond = row!.querySelector<HTMLElement>(".factions-kind-major .factions-pip.factions-pushed");
      assert.ok(diamond, "the pushed major is drawn");
      return { row: row!, diamond: diamond! };
    };

    it("each fighter's pips are a row of its entry, a pushed one drawn and named as pushed", async () => {
      const { row } = await pushedRow();
      assert.match(row.querySelector(".factions-kind-major")?.getAttribute("aria-label") ?? "", /pushed/i, "and named as pushed");
    });

    it("in Foundry's own sidebar, laid out: the pips on one line, every pip at least 14 px, a pushed one a diamond", async function (this: TestThis) {
      // Only a browser lays the page out (the in-memory DOM of npm test does not; the gallery checks these pips in Chromium).
      if (!laysOut()) this.skip();
      const sidebar = ui.sidebar as unknown as { expand(): void; changeTab(tab: string, group: string): unknown };
      sidebar.expand();
      await sidebar.changeTab("combat", "primary");
      const { row, diamond } = await pushedRow();
      assert.isAbove(row.getBoundingClientRect().width, 0, "the Combat tab shows the tracker");
      const tops = new Set([...row.querySelectorAll<HTMLElement>(".factions-pip-group")].map((g) => Math.round(g.getBoundingClientRect().top)));
      assert.equal(tops.size, 1, "the groups stay on one line");
      for (const pip of row.querySelectorAll<HTMLElement>(".factions-pip")) {
        const r = pip.getBoundingClientRect();
        assert.isAtLeast(Math.min(r.width, r.height), 14, "a pip of at least 14 px");
      }
      assert.notEqual(getComputedStyle(diamond).transform, "none", "a pushed pip is turned into a diamond");
    });
  });
}

/** Does this page lay elements out (a browser), or not (the in-memory DOM)? A 10 px probe, measured. */
function laysOut(): boolean {
  const probe = document.createElement("div");
  probe.style.cssText = "position:absolute;width:10px;height:10px;visibility:hidden";
  document.body.append(probe);
  const width = probe.getBoundingClientRect().width;
  probe.remove();
  return width > 0;
}

function roundsTracker(context: Context): void {
  defineBatch(context, "Rounds on the tracker", { rulesets: ["rounds"] }, (batch) => {
    const { it } = context;
    const assert: Assert = batch.assert;
    it("the panel replaces Foundry's turn buttons; Next Step is refused while a wave is owed; Bring in; Back moves the position only", async () => {
      const { scene, heroes } = await roundsScratch(batch);
      const combat = await viewed(batch, batch.made(await startRoundsGame({ lastRound: 3, scene, heroes })) as RoundsCombat);
      const [ari, , , pax] = heroes as [Hero, Hero, Hero, Hero];
      const panel = async () => {
        const root = await drawn();
        await until(() => !!root.querySelector(".factions-rounds-panel"), 5000, "the Rounds panel");
        return root;
      };
      const pressPanel = async (selector: string) => {
        const button = (await panel()).querySelector<HTMLButtonElement>(selector);
        assert.ok(button, `the panel shows ${selector}`);
        button!.click();
      };
      const position = () => {
        const { round, team, step } = trackOf(combat);
        return `${round}:${team}:${step}`;
      };
      const moves = () => batch.cards().length;

      const root = await panel();
      for (const action of ["startCombat", "previousRound", "previousTurn", "nextTurn", "nextRound"]) assert.isNull(root.querySelector(`[data-action="${action}"]`), `Foundry's ${action} gave way`);
      assert.equal(position(), "1:skyhawks:reinforce");

      const warnings = watchWarnings();
      try {
        await pressPanel('[data-rounds-action="nextStep"]');
        await until(() => warnings.list.length > 0, 5000, "the refusal");
      } finally {
        warnings.stop();
      }
      await settled();
      assert.equal(position(), "1:skyhawks:reinforce", "Next Step refused while the Skyhawks owe their wave");

      await withDialogs([{}], async () => {
        await pressPanel(`[data-rounds-action="bringIn"][data-uuid="${CSS.escape(ari.uuid)}"]`);
        await until(() => (ari.system as unknown as { onMap: boolean }).onMap, 5000, "Ari to be brought in");
      });
      assert.ok(scene.tokens.find((tk) => tk.actorId === ari.id), "Ari's token is on the scene");
      await pressPanel('[data-rounds-action="nextStep"]');
      await until(() => position() === "1:psiclones:reinforce", 5000, "the Psiclones' Reinforce");
      await withDialogs([{}], async () => {
        await pressPanel(`[data-rounds-action="bringIn"][data-uuid="${CSS.escape(pax.uuid)}"]`);
        await until(() => (pax.system as unknown as { onMap: boolean }).onMap, 5000, "Pax to be brought in");
      });
      await pressPanel('[data-rounds-action="nextStep"]');
      await until(() => position() === "2:skyhawks:free", 5000, "round 2's Free step");

      await pressPanel('[data-rounds-action="back"]');
      await until(() => position() === "1:psiclones:reinforce", 5000, "Back to the Psiclones' Reinforce");
      await settled();
      assert.isTrue((pax.system as unknown as { onMap: boolean }).onMap, "Back takes no hero off the map");
      const count = moves();
      // Going back owes no wave again: Next Step moves on at once.
      await pressPanel('[data-rounds-action="nextStep"]');
      await until(() => position() === "2:skyhawks:free", 5000, "round 2's Free step again");
      await until(() => moves() === count + 1, 5000, "the move's card");
    });
  });
}

/** The five tracker batches: key, batch, display name. */
export function trackerBatches(): [string, (context: Context) => void, string][] {
  return [
    ["factions.faction-turn.tracker", factionTurnTracker, "Factions: Faction Turn tracker"],
    ["factions.operations.tracker", operationsTracker, "Factions: Operations tracker"],
    ["factions.battle.tracker", battleTracker, "Factions: Battle tracker"],
    ["factions.skirmish.tracker", skirmishTracker, "Factions: Skirmish tracker"],
    ["factions.rounds.tracker", roundsTracker, "Factions: Rounds tracker"],
  ];
}

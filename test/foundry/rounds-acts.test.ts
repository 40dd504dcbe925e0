/**
 * The heroes' acts through the action pipeline: who may act in each step (both teams, every step,
 * every kind of act), the one use of a limited step, the GM's override, the card each act posts
 * (the hero, the target, the ability's roll, the GM's ruling), and bad input refused with a clear
 * message that changes nothing.
 */
import { describe, expect, it } from "vitest";
import { performAction } from "../../src/core/actions/pipeline";
import type { Outcome } from "../../src/core/rules/outcome";
import { takeRoundsAct } from "../../src/rulesets/rounds/dialogs";
import { overrideId, type HeroAct } from "../../src/rulesets/rounds/actions/ids";
import { ACTIONS, type Step, type Team } from "../../src/rulesets/rounds/rules";
import { harness } from "../harness/install";
import { actionCards, lastCard, renderCardAs, snapshot, t, warnings } from "../harness/world";
import { IDS, abilityId, heroSystem, moveToken, putOnMap, roundsWorld, setPosition, type RoundsWorld } from "./rounds-fixtures";

const STEPS: Step[] = ["free", "action", "reaction", "melee", "adventure", "reinforce"];
const KINDS: HeroAct[] = ["move", "slipAway", "shoot", "unleash", "melee", "challenge", "ability", "trade", "pickUp", "reinforce"];

/** The table of who may act: by step, what the active and the inactive team's heroes may do. */
const WHO_MAY: Record<Step, { active: HeroAct[]; inactive: HeroAct[] }> = {
  free: { active: ["trade", "pickUp", "ability"], inactive: [] },
  action: { active: ["move", "slipAway", "shoot", "unleash", "ability"], inactive: [] },
  reaction: { active: [], inactive: ["shoot", "ability"] },
  melee: { active: ["melee", "ability"], inactive: ["melee", "ability"] },
  adventure: { active: ["challenge", "ability"], inactive: [] },
  reinforce: { active: ["reinforce"], inactive: [] },
};

const setAutoApply = (value: boolean) => harness.as(harness.users.gm, () => game.settings!.set("factions", "autoApply", value));

/**
 * Round 2: Ari (Skyhawks) and Pax (Psiclones) stand side by side in the Sunken Vault, Bel and Quill
 * at the edges; Cato and Rook are still off the map; a Gold Idol lies on the ground.
 */
async function skirmish(): Promise<RoundsWorld & { idol: Item.Implementation }> {
  const world = await roundsWorld();
  await putOnMap(world, "Ari", { x: 8, y: 5 });
  await putOnMap(world, "Pax", { x: 9, y: 5 });
  await putOnMap(world, "Bel", { x: 0, y: 1 });
  await putOnMap(world, "Quill", { x: 19, y: 1 });
  const idol = (await harness.as(harness.users.gm, () =>
    Item.implementation.create({ name: "Gold Idol", type: "loot", ownership: { default: 2 } } as unknown as Item.CreateData),
  )) as Item.Implementation;
  return { ...world, idol };
}

/** The act of `kind` by the team's hero (Ari or Pax, or Cato or Rook coming in), with what it needs. */
function actOf(world: RoundsWorld & { idol: Item.Implementation }, team: Team, kind: HeroAct, step: Step) {
  const sky = team === "skyhawks";
  const hero = world.heroes[kind === "reinforce" ? (sky ? "Cato" : "Rook") : sky ? "Ari" : "Pax"];
  const enemy = world.heroes[sky ? "Pax" : "Ari"];
  const base = { combat: world.combat.uuid, hero: hero.uuid };
  const choices: Record<HeroAct, object> = {
    move: base,
    slipAway: { ...base, target: enemy.uuid },
    shoot: { ...base, target: enemy.uuid },
    melee: { ...base, target: enemy.uuid },
    unleash: { ...base, minion: "Wolf" },
    challenge: base,
    // Aimed at the adjacent enemy: a Melee ability is a melee attack, which names its target.
    ability: { ...base, ability: abilityId(sky ? "Ari" : "Pax", step === "reinforce" ? "action" : step), target: enemy.uuid },
    trade: { ...base, other: world.heroes[sky ? "Bel" : "Quill"].uuid, give: [sky ? IDS.rope : IDS.charm], take: [] },
    pickUp: { ...base, source: world.idol.uuid },
    reinforce: { ...base, square: sky ? { x: 0, y: 2 } : { x: 19, y: 2 } },
  };
  return { hero, choice: choices[kind], user: sky ? harness.users.alice : harness.users.bob };
}

describe("who may act: both teams × six steps × every kind of act", () => {
  for (const active of ["skyhawks", "psiclones"] as Team[]) {
    for (const step of STEPS) {
      it(`${active} active, ${step} step`, async () => {
        const world = await skirmish();
        await setPosition(world.combat, { round: 2, team: active, step });
        await setAutoApply(false);
        const before = snapshot();
        for (const team of ["skyhawks", "psiclones"] as Team[]) {
          const side = team === active ? "active" : "inactive";
          for (const kind of KINDS) {
            const { hero, choice, user } = actOf(world, team, kind, step);
            harness.notifications.clear();
            const cards = actionCards().length;
            const card = await harness.as(user, () => performAction(ACTIONS[kind], hero, choice));
            const label = `${team} (${side}) ${kind}`;
            if (WHO_MAY[step][side].includes(kind)) {
              expect(warnings(), label).toEqual([]);
              expect(card?.system.status, label).toBe("resolved");
            } else {
              expect(card, label).toBeNull();
              expect(actionCards(), label).toHaveLength(cards);
              const [message] = warnings(user);
              expect(message, label).toBeTypeOf("string");
              expect(message, label).not.toMatch(/FACTIONS\./);
            }
            // Nothing is applied (cards wait), and nothing a refusal touched changed.
            expect(snapshot(), label).toEqual(before);
          }
        }
      });
    }
  }
});

describe("one use per hero in a limited step", () => {
  it("lets each hero take one action, one reaction, one melee attack; Free is unlimited; the GM may override", async () => {
    const world = await skirmish();
    const { alice, bob, gm } = harness.users;
    const { Ari, Bel, Pax } = world.heroes;
    const act = (user: typeof alice, kind: HeroAct, hero: typeof Ari, extra: object = {}) =>
      harness.as(user, () => performAction(ACTIONS[kind], hero, { combat: world.combat.uuid, hero: hero.uuid, ...extra }));

    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "action" });
    expect(await act(alice, "move", Ari)).not.toBeNull();
    expect(heroSystem(Ari).used).toEqual([{ at: "2:skyhawks:action", acts: ["move"] }]);
    const before = snapshot();
    await act(alice, "shoot", Ari, { target: Pax.uuid });
    await act(alice, "ability", Ari, { ability: abilityId("Ari", "action") });
    expect(warnings(alice)).toEqual([t("FACTIONS.Rounds.Reject.UsedAction", { hero: "Ari" }), t("FACTIONS.Rounds.Reject.UsedAction", { hero: "Ari" })]);
    expect(snapshot()).toEqual(before);
    // Another hero of the team acts at the same time, in any order.
    expect(await act(alice, "unleash", Bel, { minion: "Hawk" })).not.toBeNull();
    // The GM rules that Ari shoots all the same: the card says so.
    harness.notifications.clear();
    const ruled = await harness.as(gm, () => performAction(overrideId("shoot"), Ari, { combat: world.combat.uuid, hero: Ari.uuid, target: Pax.uuid }));
    expect(ruled?.system.status).toBe("applied");
    expect(ruled?.system.resolvedOutcome?.log[0]?.key).toBe("FACTIONS.Rounds.Log.Overridden");
    // A player cannot take the GM's override.
    await act(alice, "move", Bel);
    expect(await harness.as(alice, () => performAction(overrideId("move"), Bel, { combat: world.combat.uuid, hero: Bel.uuid }))).toBeNull();
    expect(warnings(alice)).toEqual([t("FACTIONS.Rounds.Reject.UsedAction", { hero: "Bel" }), t("FACTIONS.Action.Error.GMOnly")]);
    harness.notifications.clear();

    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "reaction" });
    expect(await act(bob, "shoot", Pax, { target: Ari.uuid })).not.toBeNull();
    await act(bob, "ability", Pax, { ability: abilityId("Pax", "reaction") });
    expect(warnings(bob)).toEqual([t("FACTIONS.Rounds.Reject.UsedReaction", { hero: "Pax" })]);
    harness.notifications.clear();

    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "melee" });
    expect(await act(alice, "melee", Ari, { target: Pax.uuid })).not.toBeNull();
    expect(await act(bob, "melee", Pax, { target: Ari.uuid })).not.toBeNull();
    await act(alice, "melee", Ari, { target: Pax.uuid });
    expect(warnings(alice)).toEqual([t("FACTIONS.Rounds.Reject.UsedMelee", { hero: "Ari" })]);
    harness.notifications.clear();

    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "free" });
    const melee = heroSystem(Ari).used;
    expect(await act(alice, "ability", Ari, { ability: abilityId("Ari", "free") })).not.toBeNull();
    expect(await act(alice, "ability", Ari, { ability: abilityId("Ari", "free") })).not.toBeNull();
    // Free keeps no count: the record of the melee step stays as it was.
    expect(heroSystem(Ari).used).toEqual(melee);
    expect(warnings()).toEqual([]);
  });
});

describe("each act's card", () => {
  it("names the hero and the target, shows the ability's roll, and says what the GM rules on", async () => {
    const world = await skirmish();
    const { Ari, Pax } = world.heroes;
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "action" });
    harness.dice.force(4);
    const card = await harness.as(harness.users.alice, () =>
      performAction(ACTIONS.shoot, Ari, { combat: world.combat.uuid, hero: Ari.uuid, target: Pax.uuid, ability: abilityId("Ari", "action") }),
    );
    expect(card?.system.status).toBe("applied");
    const html = await renderCardAs(harness.users.bob, card!);
    expect(html.querySelector(".factions-card-actor")?.textContent?.trim()).toBe("Ari");
    expect(html.querySelector(".factions-card-title")?.textContent).toContain(t("FACTIONS.Rounds.Act.shoot"));
    expect([...html.querySelectorAll(".factions-card-rolls li")].map((li) => li.textContent?.replace(/\s+/g, " ").trim())).toEqual(["Quick Shot 1d6 = 4"]);
    // The roll is shown once, above: the list does not repeat it (the chronicle, which has no header, keeps its line).
    const log = [...html.querySelectorAll(".factions-card-log li")].map((li) => li.textContent);
    expect(log).toEqual([
      t("FACTIONS.Rounds.Log.Shot", { hero: "Ari", target: "Pax" }),
      t("FACTIONS.Rounds.Log.NoAttackFormula", { hero: "Ari", act: t("FACTIONS.Rounds.Attack.shoot") }),
      t("FACTIONS.Rounds.Log.OutcomeToApply", { target: "Pax" }),
    ]);
    expect((card!.system.outcome as Outcome | null)?.log.some((l) => l.key === "FACTIONS.Rounds.Log.Rolled")).toBe(true);
  });
});

describe("bad input", () => {
  it("is refused with a clear message that changes nothing: not your hero, not your step, not adjacent, not on an adventure space", async () => {
    const world = await skirmish();
    const { alice } = harness.users;
    const { Ari, Bel, Pax, Quill } = world.heroes;
    const combat = world.combat.uuid;
    const before = snapshot();
    const tryAs = async (step: Step, kind: HeroAct, hero: typeof Ari, extra: object = {}) => {
      await setPosition(world.combat, { round: 2, team: "skyhawks", step });
      harness.notifications.clear();
      const card = await harness.as(alice, () => performAction(ACTIONS[kind], hero, { combat, hero: hero.uuid, ...extra }));
      expect(card).toBeNull();
      expect(snapshot()).toEqual(before);
      return warnings(alice);
    };
    expect(await tryAs("action", "move", Pax)).toEqual([t("FACTIONS.Action.Error.NotYours")]);
    expect(await tryAs("reaction", "shoot", Ari, { target: Pax.uuid })).toEqual([t("FACTIONS.Rounds.Reject.ActiveInReaction")]);
    expect(await tryAs("free", "move", Ari)).toEqual([t("FACTIONS.Rounds.Reject.WrongStep", { act: t("FACTIONS.Rounds.Act.move"), step: t("FACTIONS.Rounds.Step.free") })]);
    expect(await tryAs("melee", "melee", Ari, { target: Quill.uuid })).toEqual([t("FACTIONS.Rounds.Reject.NotAdjacent", { hero: "Ari", target: "Quill" })]);
    expect(await tryAs("melee", "melee", Ari, { target: Bel.uuid })).toEqual([t("FACTIONS.Rounds.Reject.NotEnemy", { target: "Bel" })]);
    expect(await tryAs("adventure", "challenge", Bel)).toEqual([t("FACTIONS.Rounds.Reject.NotOnAdventure", { hero: "Bel" })]);
    // A Region whose adventure behavior is disabled is no adventure space.
    await moveToken(world, "Bel", { x: 15, y: 1 }, alice);
    const moved = snapshot();
    harness.notifications.clear();
    expect(await harness.as(alice, () => performAction(ACTIONS.challenge, Bel, { combat, hero: Bel.uuid }))).toBeNull();
    expect(warnings(alice)).toEqual([t("FACTIONS.Rounds.Reject.NotOnAdventure", { hero: "Bel" })]);
    expect(snapshot()).toEqual(moved);
    // Round 1 is only Reinforce; an encounter that is not one is named.
    await setPosition(world.combat, { round: 1, team: "skyhawks", step: "reinforce" });
    harness.notifications.clear();
    await harness.as(alice, () => performAction(ACTIONS.move, Ari, { combat, hero: Ari.uuid }));
    await harness.as(alice, () => performAction(ACTIONS.move, Ari, { combat: "Combat.nothing", hero: Ari.uuid }));
    expect(warnings(alice)).toEqual([t("FACTIONS.Rounds.Reject.RoundOne"), t("FACTIONS.Rounds.Reject.NoEncounter")]);
    expect(snapshot()).toEqual(moved);
  });

  it("lets a hero on an adventure space challenge it, once, with the space named on the card", async () => {
    const world = await skirmish();
    const { Ari } = world.heroes;
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "adventure" });
    const card = await harness.as(harness.users.alice, () => performAction(ACTIONS.challenge, Ari, { combat: world.combat.uuid, hero: Ari.uuid }));
    expect(card?.system.status).toBe("applied");
    expect(card?.system.resolvedOutcome?.detail).toMatchObject({ target: `Scene.${IDS.scene}.Region.${IDS.vault}`, targetName: "Sunken Vault" });
    expect(card?.system.resolvedOutcome?.log.map((l) => l.key)).toEqual(["FACTIONS.Rounds.Log.Challenged", "FACTIONS.Rounds.Log.GmRules.challenge"]);
    await harness.as(harness.users.alice, () => performAction(ACTIONS.challenge, Ari, { combat: world.combat.uuid, hero: Ari.uuid }));
    expect(warnings()).toEqual([t("FACTIONS.Rounds.Reject.UsedAdventure", { hero: "Ari" })]);
  });
});

describe("issue 17: a Melee ability", () => {
  it("is a melee attack: its dialog asks for the enemy as the Melee act's does, it needs one adjacent (diagonals count), and it is the hero's melee use", async () => {
    const world = await skirmish();
    const { alice, bob } = harness.users;
    const { Ari, Pax, Quill } = world.heroes;
    const combat = world.combat.uuid;
    const cleave = abilityId("Ari", "melee");
    // Pax stands diagonally next to Ari (8,5); Quill is across the map.
    await moveToken(world, "Pax", { x: 9, y: 6 }, bob);
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "melee" });
    const use = (extra: object) => harness.as(alice, () => performAction(ACTIONS.ability, Ari, { combat, hero: Ari.uuid, ability: cleave, ...extra }));
    const before = snapshot();
    expect(await use({})).toBeNull();
    expect(await use({ target: Quill.uuid })).toBeNull();
    expect(await use({ target: world.heroes.Bel.uuid })).toBeNull();
    expect(warnings(alice)).toEqual([
      t("FACTIONS.Rounds.Reject.NoTarget"),
      t("FACTIONS.Rounds.Reject.NotAdjacent", { hero: "Ari", target: "Quill" }),
      t("FACTIONS.Rounds.Reject.NotEnemy", { target: "Bel" }),
    ]);
    expect(snapshot()).toEqual(before);
    harness.notifications.clear();
    // The dialog offers only the enemy a melee attack can take, the adjacent one, marked.
    harness.dice.force(5);
    harness.dialogs.next((dialog) => {
      expect(dialog.options("target")).toEqual(["", Pax.uuid]);
      expect(dialog.form.textContent).toContain(t("FACTIONS.Rounds.Dialog.Adjacent", { hero: "Pax" }));
      dialog.fill({ target: Pax.uuid });
      return dialog.submit();
    });
    await harness.as(alice, async () => {
      await takeRoundsAct(Ari, "ability", { ability: cleave });
      await harness.settle();
    });
    const card = lastCard();
    expect(card.system.status).toBe("applied");
    expect(card.system.resolvedOutcome?.detail).toMatchObject({ act: "ability", target: Pax.uuid, targetName: "Pax", ability: cleave, total: 5 });
    // It was Ari's melee attack of the step.
    expect(await harness.as(alice, () => performAction(ACTIONS.melee, Ari, { combat, hero: Ari.uuid, target: Pax.uuid }))).toBeNull();
    expect(warnings(alice)).toEqual([t("FACTIONS.Rounds.Reject.UsedMelee", { hero: "Ari" })]);
  });
});

describe("issue 17: the GM's override", () => {
  it("never brings in a hero already on the map, and never acts after the game has ended", async () => {
    const world = await skirmish();
    const { gm } = harness.users;
    const { Ari, Cato, Pax } = world.heroes;
    const combat = world.combat.uuid;
    const overrule = (act: HeroAct, hero: typeof Ari, extra: object = {}) => harness.as(gm, () => performAction(overrideId(act), hero, { combat, hero: hero.uuid, ...extra }));
    // Ari came in in round 1: she is not brought in again, into round 2's wave.
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "reinforce" });
    const before = snapshot();
    expect(await overrule("reinforce", Ari, { square: { x: 0, y: 3 } })).toBeNull();
    expect(warnings(gm)).toEqual([t("FACTIONS.Rounds.Reject.AlreadyOnMap", { hero: "Ari" })]);
    expect(heroSystem(Ari)).toMatchObject({ onMap: true, entered: 1 });
    expect(snapshot()).toEqual(before);
    harness.notifications.clear();
    // The game is over: nothing is taken, overridden or not.
    await harness.as(gm, () => world.combat.update({ round: 3, system: { track: { round: 3, team: "psiclones", step: "melee", over: true } } } as Combat.UpdateData));
    await harness.settle();
    const ended = snapshot();
    expect(await overrule("move", Ari)).toBeNull();
    expect(await overrule("melee", Pax, { target: Ari.uuid })).toBeNull();
    expect(await overrule("reinforce", Cato, { square: { x: 0, y: 3 } })).toBeNull();
    expect(warnings(gm)).toEqual([1, 2, 3].map(() => t("FACTIONS.Rounds.Reject.GameOver")));
    expect(snapshot()).toEqual(ended);
  });
});


describe("issue 17: a malformed choice", () => {
  it('is refused naming its field (a target that is not a string is no "hero [object Object]"); a Bring-in with no square chosen asks for one', async () => {
    const world = await roundsWorld();
    const { alice } = harness.users;
    const { Ari, Bel, Cato, Pax } = world.heroes;
    await putOnMap(world, "Ari", { x: 0, y: 0 });
    await putOnMap(world, "Pax", { x: 19, y: 0 });
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "action" });
    const before = snapshot();
    harness.notifications.clear();
    const choice = { combat: world.combat.uuid, hero: Ari.uuid, target: { id: Pax.id } };
    expect(await harness.as(alice, () => performAction(ACTIONS.shoot, Ari, choice))).toBeNull();
    expect(warnings(alice)).toEqual([t("FACTIONS.Action.Error.BadChoice", { field: "target" })]);
    // Every square of the Skyhawks' edge taken: the dialog has none to offer.
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "reinforce" });
    await harness.as(harness.users.gm, async () => {
      const squares = [0, 1].flatMap((x) => Array.from({ length: 12 }, (_, y) => ({ x, y }))).filter((q) => q.x + q.y > 0);
      const tokens = await Promise.all(squares.map((q) => Bel.getTokenDocument({ x: q.x * 100, y: q.y * 100 } as TokenDocument.CreateData)));
      await world.scene.createEmbeddedDocuments("Token", tokens.map((tk) => tk.toObject() as TokenDocument.CreateData));
    });
    const atReinforce = snapshot();
    harness.notifications.clear();
    harness.dialogs.next({});
    await harness.as(alice, () => takeRoundsAct(Cato, "reinforce"));
    expect(warnings(alice)).toEqual([t("FACTIONS.Rounds.Reject.NoSquare")]);
    expect(harness.dialogs.shown.at(-1)?.title).toBe("Bring in: Cato");
    expect(snapshot()).toEqual(atReinforce);
    expect(before.actors).toEqual(atReinforce.actors);
  });
});

/**
 * Rounds acts aimed at a hero on the map (issue #18 §1): Shoot, Melee and Slip Away take their
 * target from the tokens the user has targeted (each client its own), or from the dialog's picker
 * of the enemies on the map that the user can see, each with its distance; the card names the
 * target and its distance measured on the scene's grid; what the seed says is refused with the
 * reason and changes nothing, on the GM's client from the map as it is then; a hostile player can
 * neither aim at a token they cannot see nor make the card say another distance.
 */
import { describe, expect, it } from "vitest";
import { applyMessage, performAction, undoMessage, type ActionMessage } from "../../src/core/actions/pipeline";
import type { Outcome } from "../../src/core/rules/outcome";
import { takeRoundsAct } from "../../src/rulesets/rounds/dialogs";
import { ACTIONS } from "../../src/rulesets/rounds/rules";
import { harness } from "../harness/install";
import type { TokenDocument } from "../harness/documents";
import { actionCards, lastCard, renderCardAs, snapshot, t, warnings } from "../harness/world";
import { actionField, heroTokenOf, heroSystem, putOnMap, roundsWorld, setPosition, type HeroName, type RoundsWorld } from "./rounds-fixtures";

const R = "FACTIONS.Rounds.";
const { as } = harness;


const tokenOf = heroTokenOf;
const docOf = (world: RoundsWorld, name: HeroName) => tokenOf(world, name) as unknown as TokenDocument.Implementation;
const summaryOf = (html: HTMLElement) => html.querySelector(".factions-card-summary")?.textContent?.replace(/\s+/g, " ").trim() ?? "";
const outcomeOf = (card: ActionMessage) => card.system.resolvedOutcome as Outcome & { detail: { target: string; targetName: string; distance?: { value: number; units: string } | null } };
const optionLabels = (dialog: { element: HTMLElement }, name = "target") => [...dialog.element.querySelectorAll<HTMLOptionElement>(`select[name="${name}"] option`)].map((o) => o.textContent!.trim());

describe("the target comes from the user's own targets", () => {
  it("each player's dialog picks the token they target on their own client; the card names it and its distance on the grid", async () => {
    const world = await actionField();
    const { alice, bob } = harness.users;
    const { Ari, Quill } = world.heroes;
    harness.target(alice, [tokenOf(world, "Quill")]);
    harness.target(bob, [tokenOf(world, "Ari")]);
    let picked = "";
    let text = "";
    harness.dialogs.next((dialog) => {
      picked = dialog.element.querySelector<HTMLSelectElement>('select[name="target"]')!.value;
      text = dialog.form.textContent!.replace(/\s+/g, " ");
      return dialog.submit();
    });
    await as(alice, async () => {
      await takeRoundsAct(Ari, "shoot");
      await harness.settle();
    });
    expect(warnings()).toEqual([]);
    expect(picked).toBe(Quill.uuid);
    expect(text).toContain(t(`${R}Dialog.TargetedHint`));
    const card = lastCard();
    expect(card.system.status).toBe("applied");
    expect(outcomeOf(card).detail).toMatchObject({ target: Quill.uuid, targetName: "Quill", distance: { value: 6, units: "" } });
    const html = await renderCardAs(bob, card);
    expect(summaryOf(html)).toBe(t(`${R}Log.TargetAt`, { target: "Quill", distance: "6 squares" }));
  });

  it("a target named by its token is the hero it stands for; several targeted, the dialog says which one it takes", async () => {
    const world = await actionField();
    const { alice } = harness.users;
    const { Ari, Pax } = world.heroes;
    const card = await as(alice, () => performAction(ACTIONS.shoot, Ari, { combat: world.combat.uuid, hero: Ari.uuid, target: docOf(world, "Pax").uuid }));
    expect(card?.system.status).toBe("applied");
    expect(outcomeOf(card!).detail).toMatchObject({ target: Pax.uuid, targetName: "Pax", distance: { value: 1, units: "" } });
    await as(harness.users.gm, () => undoMessage(card!));
    harness.target(alice, [tokenOf(world, "Pax"), tokenOf(world, "Quill")]);
    let text = "";
    let picked = "";
    harness.dialogs.next((dialog) => {
      picked = dialog.element.querySelector<HTMLSelectElement>('select[name="target"]')!.value;
      text = dialog.form.textContent!.replace(/\s+/g, " ");
      return false;
    });
    await as(alice, () => takeRoundsAct(Ari, "shoot"));
    expect(picked).toBe(Pax.uuid);
    expect(text).toContain(t(`${R}Dialog.TargetedMany`, { count: 2, target: "Pax" }));
  });

  it("the distance is the scene's: its grid's units and distance per square, and the world's rule for diagonals", async () => {
    const world = await actionField();
    const { Ari, Quill } = world.heroes;
    await as(harness.users.gm, () => docOf(world, "Quill").update({ x: 1100, y: 800 }));
    await as(harness.users.gm, () => world.scene.update({ grid: { distance: 5, units: "ft" } } as Scene.UpdateData));
    const card = await as(harness.users.alice, () => performAction(ACTIONS.shoot, Ari, { combat: world.combat.uuid, hero: Ari.uuid, target: Quill.uuid }));
    // Three squares right and three down: three diagonals of 5 ft.
    expect(outcomeOf(card!).detail.distance).toEqual({ value: 15, units: "ft" });
    expect(summaryOf(await renderCardAs(harness.users.bob, card!))).toBe(t(`${R}Log.TargetAt`, { target: "Quill", distance: "15 ft" }));
  });
});

describe("the picker: the keyboard's way, and a user's with nothing targeted", () => {
  it("lists the enemies on the map the user can see, with their distances, the adjacent one marked; a GM sees a hidden one", async () => {
    const world = await actionField();
    const { alice, gm } = harness.users;
    const { Ari, Pax, Quill } = world.heroes;
    await as(gm, () => docOf(world, "Quill").update({ hidden: true }));
    let values: string[] = [];
    let labels: string[] = [];
    harness.dialogs.next((dialog) => {
      values = dialog.options("target");
      labels = optionLabels(dialog);
      dialog.fill({ target: Pax.uuid });
      return dialog.submit();
    });
    await as(alice, async () => {
      await takeRoundsAct(Ari, "shoot");
      await harness.settle();
    });
    // Nothing targeted: nothing picked for the player, who chooses.
    expect(values).toEqual(["", Pax.uuid]);
    expect(labels).toEqual([t(`${R}Dialog.ChooseTarget`), t(`${R}Dialog.TargetLine`, { target: t(`${R}Dialog.Adjacent`, { hero: "Pax" }), distance: "1 square" })]);
    expect(outcomeOf(lastCard()).detail.targetName).toBe("Pax");
    // The GM sees the hidden token, and picks it with the keyboard.
    harness.dialogs.next((dialog) => {
      values = dialog.options("target");
      labels = optionLabels(dialog);
      return false;
    });
    await as(gm, () => takeRoundsAct(world.heroes.Bel, "shoot"));
    // The enemies first; then, for the GM only and marked, the teammates the override takes.
    expect(values).toEqual(["", Pax.uuid, Quill.uuid, Ari.uuid]);
    expect(labels[2]).toBe(t(`${R}Dialog.TargetLine`, { target: "Quill", distance: "14 squares" }));
    expect(labels[3]).toMatch(new RegExp(`^${t(`${R}Dialog.OverrideOnly`)}: Ari`));
  });

  it("with no enemy in sight, says so; a targeted teammate is not picked, and the dialog says why", async () => {
    const world = await actionField();
    const { alice, gm } = harness.users;
    const { Ari } = world.heroes;
    await as(gm, async () => {
      await docOf(world, "Pax").update({ hidden: true });
      await docOf(world, "Quill").update({ hidden: true });
    });
    let text = "";
    harness.dialogs.next((dialog) => {
      text = dialog.form.textContent!.replace(/\s+/g, " ");
      return dialog.submit();
    });
    await as(alice, async () => {
      await takeRoundsAct(Ari, "shoot");
      await harness.settle();
    });
    expect(text).toContain(t(`${R}Dialog.NoTargets`));
    expect(warnings(alice)).toEqual([t(`${R}Reject.NoTarget`)]);
    harness.notifications.clear();
    const before = snapshot();
    harness.target(alice, [tokenOf(world, "Bel")]);
    harness.dialogs.next((dialog) => {
      text = dialog.form.textContent!.replace(/\s+/g, " ");
      return dialog.submit();
    });
    await as(alice, async () => {
      await takeRoundsAct(Ari, "slipAway");
      await harness.settle();
    });
    expect(text).toContain(t(`${R}Dialog.NoTargets`));
    expect(text).toContain(t(`${R}Dialog.TargetRefused`, { target: "Bel", why: t(`${R}Reject.NotEnemy`, { target: "Bel" }) }));
    expect(warnings(alice)).toEqual([t(`${R}Reject.NoTarget`)]);
    expect(snapshot()).toEqual(before);
  });
});

describe("refused with the reason, changing nothing", () => {
  type World = Awaited<ReturnType<typeof actionField>>;
  const cases: { name: string; act: "shoot" | "melee" | "slipAway"; step?: "melee"; key: string; data: Record<string, string>; target: (w: World) => Promise<string> | string }[] = [
    { name: "melee at an enemy not next to the hero", act: "melee", step: "melee", key: "NotAdjacent", data: { hero: "Ari", target: "Quill" }, target: (w) => docOf(w, "Quill").uuid },
    { name: "melee at a teammate", act: "melee", step: "melee", key: "NotEnemy", data: { target: "Bel" }, target: (w) => docOf(w, "Bel").uuid },
    { name: "slip away with a teammate", act: "slipAway", key: "NotEnemy", data: { target: "Bel" }, target: (w) => w.heroes.Bel.uuid },
    { name: "shoot with no target", act: "shoot", key: "NoTarget", data: {}, target: () => "" },
    { name: "shoot at an enemy off the map", act: "shoot", key: "TargetOffMap", data: { target: "Rook" }, target: (w) => w.heroes.Rook.uuid },
    {
      name: "shoot at an enemy whose token the GM took off the scene",
      act: "shoot",
      key: "TargetOffMap",
      data: { target: "Quill" },
      target: async (w) => {
        await as(harness.users.gm, () => docOf(w, "Quill").delete());
        return w.heroes.Quill.uuid;
      },
    },
    {
      name: "shoot at a token that is no hero of this game",
      act: "shoot",
      key: "NotAHero",
      data: { target: "Barrel" },
      target: async (w) => {
        const made = await as(harness.users.gm, () => w.scene.createEmbeddedDocuments("Token", [{ name: "Barrel", x: 1000, y: 500 }] as TokenDocument.CreateData[]));
        return made![0]!.uuid;
      },
    },
    {
      name: "shoot at a token on another scene",
      act: "shoot",
      key: "TargetElsewhere",
      data: { target: "Rook" },
      target: async (w) => {
        const other = (await as(harness.users.gm, () => Scene.implementation.create({ name: "Elsewhere" } as Scene.CreateData))) as Scene.Implementation;
        const made = await as(harness.users.gm, () => other.createEmbeddedDocuments("Token", [{ name: "Rook", actorId: w.heroes.Rook.id, actorLink: true }] as TokenDocument.CreateData[]));
        return made![0]!.uuid;
      },
    },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      const w = await actionField();
      if (c.step) await setPosition(w.combat, { round: 2, team: "skyhawks", step: c.step });
      const target = await c.target(w);
      await harness.settle();
      harness.notifications.clear();
      const before = snapshot();
      const cards = actionCards().length;
      const { Ari } = w.heroes;
      expect(await as(harness.users.alice, () => performAction(ACTIONS[c.act], Ari, { combat: w.combat.uuid, hero: Ari.uuid, target }))).toBeNull();
      expect(warnings(harness.users.alice)).toEqual([t(`${R}Reject.${c.key}`, c.data)]);
      expect(snapshot()).toEqual(before);
      expect(actionCards()).toHaveLength(cards);
    });
  }

  it("melee reaches an enemy diagonally next to the hero, by its targeted token", async () => {
    const w = await actionField();
    const { alice, bob } = harness.users;
    await as(bob, () => docOf(w, "Pax").update({ x: 900, y: 600 }));
    await setPosition(w.combat, { round: 2, team: "skyhawks", step: "melee" });
    harness.target(alice, [tokenOf(w, "Pax")]);
    harness.dialogs.next((dialog) => dialog.submit());
    await as(alice, async () => {
      await takeRoundsAct(w.heroes.Ari, "melee");
      await harness.settle();
    });
    expect(warnings()).toEqual([]);
    expect(outcomeOf(lastCard()).detail).toMatchObject({ targetName: "Pax", distance: { value: 1, units: "" } });
  });
});

describe("a list of the targets the act can take", () => {
  it("Melee offers only the adjacent enemy; a far enemy the player targets is not picked, and the dialog says why", async () => {
    const world = await actionField();
    const { alice } = harness.users;
    const { Ari, Pax } = world.heroes;
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "melee" });
    harness.target(alice, [tokenOf(world, "Quill")]);
    let seen = { values: [] as string[], value: "x", text: "" };
    harness.dialogs.next((dialog) => {
      seen = { values: dialog.options("target"), value: dialog.element.querySelector<HTMLSelectElement>('select[name="target"]')!.value, text: dialog.form.textContent!.replace(/\s+/g, " ") };
      return false;
    });
    await as(alice, () => takeRoundsAct(Ari, "melee"));
    expect(seen.values).toEqual(["", Pax.uuid]);
    expect(seen.value).toBe("");
    expect(seen.text).toContain(t(`${R}Dialog.TargetRefused`, { target: "Quill", why: t(`${R}Reject.NotAdjacent`, { hero: "Ari", target: "Quill" }) }));
  });

  it("with no enemy next to the hero, Melee says so", async () => {
    const world = await actionField();
    const { alice, bob } = harness.users;
    await as(bob, () => docOf(world, "Pax").update({ x: 1200, y: 500 }));
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "melee" });
    let text = "";
    harness.dialogs.next((dialog) => {
      text = dialog.form.textContent!.replace(/\s+/g, " ");
      return false;
    });
    await as(alice, () => takeRoundsAct(world.heroes.Ari, "melee"));
    expect(text).toContain(t(`${R}Dialog.NoneAdjacent`, { hero: "Ari" }));
  });
});

describe("checked again on the GM's client, from the map", () => {
  it("a card posted before the target stepped away is refused when applied; the GM's record keeps the map's distance, not the card's", async () => {
    const world = await actionField();
    const { alice, gm } = harness.users;
    const { Ari, Pax, Quill } = world.heroes;
    await as(gm, () => game.settings!.set("factions", "autoApply", false));
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "melee" });
    const card = await as(alice, () => performAction(ACTIONS.melee, Ari, { combat: world.combat.uuid, hero: Ari.uuid, target: Pax.uuid }));
    expect(card?.system.status).toBe("resolved");
    await as(harness.users.bob, () => docOf(world, "Pax").update({ x: 1200, y: 500 }));
    harness.notifications.clear();
    const before = snapshot();
    expect(await as(gm, () => applyMessage(card!))).toBe(false);
    expect(warnings(gm)).toEqual([t(`${R}Reject.NotAdjacent`, { hero: "Ari", target: "Pax" })]);
    expect(snapshot()).toEqual(before);
    // A shot whose card claims Quill stands next to Ari: the GM's record measures him where he is.
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "action" });
    const shot = await as(alice, () => performAction(ACTIONS.shoot, Ari, { combat: world.combat.uuid, hero: Ari.uuid, target: Quill.uuid, distance: { value: 1, units: "" } }));
    const claimed = shot!.system.outcome as unknown as Outcome;
    expect((claimed.detail as { distance: unknown }).distance).toEqual({ value: 6, units: "" });
    await as(gm, () => docOf(world, "Quill").update({ x: 1800, y: 500 }));
    expect(await as(gm, () => applyMessage(shot!))).toBe(true);
    expect(outcomeOf(shot!).detail.distance).toEqual({ value: 10, units: "" });
    expect(summaryOf(await renderCardAs(alice, shot!))).toBe(t(`${R}Log.TargetAt`, { target: "Quill", distance: "10 squares" }));
    expect(heroSystem(Ari).used.at(-1)?.acts).toEqual(["shoot"]);
  });
});

describe("a hostile player", () => {
  it("cannot aim at a token they cannot see, by its token or its hero, through the API or a forged card the GM is asked to apply", async () => {
    const world = await actionField();
    const { alice, gm } = harness.users;
    const { Ari, Quill } = world.heroes;
    await as(gm, () => docOf(world, "Quill").update({ hidden: true }));
    expect(() => harness.target(alice, [tokenOf(world, "Quill")])).toThrow(/cannot target/);
    harness.notifications.clear();
    const before = snapshot();
    const byHero = { combat: world.combat.uuid, hero: Ari.uuid, target: Quill.uuid };
    const byToken = { ...byHero, target: docOf(world, "Quill").uuid };
    expect(await as(alice, () => performAction(ACTIONS.shoot, Ari, byHero))).toBeNull();
    expect(await as(alice, () => performAction(ACTIONS.shoot, Ari, byToken))).toBeNull();
    expect(warnings(alice)).toEqual([1, 2].map(() => t(`${R}Reject.TargetUnseen`, { hero: "Ari" })));
    expect(snapshot()).toEqual(before);
    // A modified client posts the card itself, with the outcome the GM's own run would give.
    const gmRun = await as(gm, () => performAction(ACTIONS.shoot, Ari, byHero));
    expect(gmRun?.system.status).toBe("applied");
    const outcome = gmRun!.system.outcome;
    await as(gm, () => undoMessage(gmRun!));
    const undone = snapshot();
    const forged = (await as(alice, () =>
      ChatMessage.implementation.create({
        type: "action",
        speaker: { actor: Ari.id },
        system: { action: ACTIONS.shoot, actor: Ari.uuid, round: 2, choice: byToken, phase: "resolved", outcome, formulas: [], ids: [] },
      } as unknown as ChatMessage.CreateData),
    )) as ActionMessage;
    harness.notifications.clear();
    expect(await as(alice, () => applyMessage(forged))).toBe(false);
    expect(warnings(alice)).toEqual([t(`${R}Reject.TargetUnseen`, { hero: "Ari" })]);
    expect(snapshot()).toEqual(undone);
  });
});

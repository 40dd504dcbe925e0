/**
 * Skirmish attacks on the map (issue #18 §1–2): the target comes from the user's own targets (each
 * client has its own), or from the dialog's picker of the scene's fighters; the card names it and
 * its distance measured on the scene's grid; a weapon's attack formula (the GM's) is rolled for
 * real against its number, with the exact odds in the dialog; refusals change nothing; a hostile
 * player can neither target what they cannot see nor give a weapon an attack.
 */
import { describe, expect, it, vi } from "vitest";
import { applyMessage, performAction, undoMessage, type ActionMessage } from "../../src/core/actions/pipeline";
import { targetedTokens, tokenDistance } from "../../src/core/canvas/targets";
import { WeaponData } from "../../src/rulesets/skirmish/data/weapon";
import { takeSkirmishAction } from "../../src/rulesets/skirmish/dialogs";
import { ACTIONS, type AttackDetail } from "../../src/rulesets/skirmish/rules";
import { harness } from "../harness/install";
import { GRID_DIAGONALS } from "../harness/canvas";
import type { TokenDocument } from "../harness/documents";
import { actionCards, lastCard, t, warnings } from "../harness/world";
import { encounter, IDS, storedBudget, tokenUuid, worldSnapshot } from "./skirmish-fixtures";

const S = "FACTIONS.Skirmish.";
const R = `${S}Reject.`;
const { as } = harness;

const tokenOf = (actor: Actor.Implementation) => game.scenes!.active!.tokens.find((t) => t.actorId === actor.id)! as unknown as TokenDocument;
const detailOf = (card: ActionMessage) => (card.system.outcome as { detail: AttackDetail }).detail;

/** The encounter, Ada's pistol given an attack by the GM. */
async function armed(formula = "1d10 + 1", reach: number | null = 6) {
  const w = await encounter();
  await as(harness.users.gm, () => w.ada.updateEmbeddedDocuments("Item", [{ _id: IDS.pistol, system: { attack: { formula, reach } } }] as Item.UpdateData[]));
  await harness.settle();
  harness.notifications.clear();
  return w;
}

describe("targets, per client", () => {
  it("each user targets on their own client: the targetToken hook runs there, and the others' targets stay their own", async () => {
    const w = await encounter();
    const heard: { client: string; user: string; token: string; on: boolean }[] = [];
    const hook = Hooks.on("targetToken", (user: User.Implementation, token: { document: { name: string } }, on: boolean) => {
      heard.push({ client: game.user!.name!, user: user.name!, token: token.document.name, on });
    });
    harness.target(harness.users.alice, [tokenOf(w.rhino)]);
    harness.target(harness.users.bob, [tokenOf(w.ada), tokenOf(w.red)]);
    harness.target(harness.users.alice, [tokenOf(w.red)]);
    Hooks.off("targetToken", hook);
    expect(heard).toEqual([
      { client: "Alice", user: "Alice", token: "Rhino", on: true },
      { client: "Bob", user: "Bob", token: "Ada", on: true },
      { client: "Bob", user: "Bob", token: "Red Squad", on: true },
      { client: "Alice", user: "Alice", token: "Rhino", on: false },
      { client: "Alice", user: "Alice", token: "Red Squad", on: true },
    ]);
    expect(await as(harness.users.alice, () => targetedTokens().map((t) => t.name))).toEqual(["Red Squad"]);
    expect(await as(harness.users.bob, () => targetedTokens().map((t) => t.name))).toEqual(["Ada", "Red Squad"]);
    expect(await as(harness.users.gm, () => targetedTokens())).toEqual([]);
    // The placeables are the client's: a document, an id, an actor.
    const [placeable] = await as(harness.users.alice, () => [...game.user!.targets]);
    expect(placeable!.id).toBe(tokenOf(w.red).id);
    expect(placeable!.actor).toBe(w.red);
  });

  it("a player cannot target a hidden token; a deleted token or another scene viewed leaves the targets", async () => {
    const w = await encounter();
    await as(harness.users.gm, () => tokenOf(w.rhino).update({ hidden: true }));
    expect(() => harness.target(harness.users.alice, [tokenOf(w.rhino)])).toThrow(/cannot target/);
    harness.target(harness.users.gm, [tokenOf(w.rhino)]);
    harness.target(harness.users.alice, [tokenOf(w.red), tokenOf(w.ada)]);
    await as(harness.users.gm, () => tokenOf(w.red).delete());
    expect(await as(harness.users.alice, () => targetedTokens().map((t) => t.name))).toEqual(["Ada"]);
    const other = await as(harness.users.gm, () => Scene.implementation.create({ name: "Elsewhere" } as Scene.CreateData));
    harness.view(harness.users.alice, other as never);
    expect(await as(harness.users.alice, () => targetedTokens())).toEqual([]);
    expect(await as(harness.users.gm, () => targetedTokens().map((t) => t.name))).toEqual(["Rhino"]);
  });
});

describe("distance on the scene's grid", () => {
  it("is measured from grid space to grid space, with the world's rule for diagonals (equidistant by default)", async () => {
    const w = await encounter();
    const ada = tokenOf(w.ada) as unknown as TokenDocument.Implementation;
    const rhino = tokenOf(w.rhino) as unknown as TokenDocument.Implementation;
    // Straight along a row: 4 squares.
    expect(tokenDistance(ada, rhino)).toEqual({ value: 4, units: "" });
    // Three squares right and three down: 3 diagonals.
    await as(harness.users.gm, () => rhino.update({ x: 400, y: 400 }));
    // Core's world setting (v13 registers it; the typings do not name it).
    const settings = game.settings as unknown as { set(namespace: string, key: string, value: unknown): Promise<unknown> };
    const rule = (r: number) => as(harness.users.gm, () => settings.set("core", "gridDiagonals", r));
    expect(tokenDistance(ada, rhino)!.value).toBe(3);
    await rule(GRID_DIAGONALS.ALTERNATING_1);
    expect(tokenDistance(ada, rhino)!.value).toBe(4);
    await rule(GRID_DIAGONALS.ALTERNATING_2);
    expect(tokenDistance(ada, rhino)!.value).toBe(5);
    await rule(GRID_DIAGONALS.RECTILINEAR);
    expect(tokenDistance(ada, rhino)!.value).toBe(6);
    await rule(GRID_DIAGONALS.EXACT);
    expect(tokenDistance(ada, rhino)!.value).toBeCloseTo(3 * Math.SQRT2, 10);
    // In the scene's units, at its distance per square.
    await as(harness.users.gm, () => game.scenes!.active!.update({ grid: { distance: 5, units: "ft" } } as Scene.UpdateData));
    await rule(GRID_DIAGONALS.EQUIDISTANT);
    expect(tokenDistance(ada, rhino)).toEqual({ value: 15, units: "ft" });
  });

  it("a gridless or hexagonal scene is not measured by the harness (it models square grids only)", async () => {
    const w = await encounter();
    await as(harness.users.gm, () => game.scenes!.active!.update({ grid: { type: 2 } } as Scene.UpdateData));
    expect(() => tokenDistance(tokenOf(w.ada) as never, tokenOf(w.rhino) as never)).toThrow(/square grid/);
  });
});

describe("a Skirmish attack at a target", () => {
  it("takes the user's target: the card names it and its distance, rolls the GM's formula for real and says it reached the number", async () => {
    const w = await armed("1d10 + 1", 6);
    harness.target(harness.users.alice, [tokenOf(w.rhino)]);
    let picked = "";
    let odds = "";
    harness.dialogs.next((dialog) => {
      picked = dialog.element.querySelector<HTMLSelectElement>('select[name="skirmishTarget"]')!.value;
      odds = dialog.element.querySelector(".factions-odds")?.textContent?.replace(/\s+/g, " ") ?? "";
      return true;
    });
    harness.dice.force(7);
    await as(harness.users.alice, () => takeSkirmishAction(w.ada, "attack", { weapon: IDS.pistol }));
    await harness.settle();
    expect(warnings()).toEqual([]);
    expect(picked).toBe(tokenUuid(w.rhino));
    // 1d10 + 1 reaches 6 on 5–10: 60%.
    expect(odds).toContain("60.0%");
    expect(odds).toContain("40.0%");
    const card = lastCard();
    expect(card.system.status).toBe("applied");
    expect(detailOf(card).target).toMatchObject({ name: "Rhino", distance: 4, units: "" });
    expect(detailOf(card).rolls).toEqual([{ weapon: IDS.pistol, formula: "1d10 + 1", total: 8, reach: 6, reached: true }]);
    expect(card.rolls.map((r) => r.total)).toEqual([8]);
    const html = await as(harness.users.bob, () => card.renderHTML());
    const text = html.textContent!.replace(/\s+/g, " ");
    expect(text).toContain(t(`${S}Log.AttackedAt`, { name: "Ada", target: "Rhino", weapon: "Pistol", distance: "4 squares" }));
    expect(text).toContain(t(`${S}Log.Reached`, { weapon: "Pistol", total: 8, reach: 6 }));
    expect(html.querySelector(".factions-card-rolls")?.textContent).toContain("1d10 + 1");
  });

  it("falls short below the number; a blank formula rolls nothing and the card says so", async () => {
    const w = await armed("1d10 + 1", 6);
    harness.dice.force(2);
    await as(harness.users.alice, () => performAction(ACTIONS.attack, w.ada, { actor: w.ada.uuid, weapons: [IDS.pistol], target: tokenUuid(w.red) }));
    expect(detailOf(lastCard()).rolls[0]).toMatchObject({ total: 3, reached: false });
    const bob = await as(harness.users.bob, () => performAction(ACTIONS.attack, w.rhino, { actor: w.rhino.uuid, weapons: [IDS.coax], target: tokenUuid(w.ada) }));
    expect(bob!.rolls).toEqual([]);
    const text = (await as(harness.users.alice, () => bob!.renderHTML())).textContent!.replace(/\s+/g, " ");
    expect(text).toContain(t(`${S}Log.NothingRolled`, { weapon: "Coax MG" }));
  });

  it("with nothing targeted, the dialog's picker lists the scene's fighters it may see, with their distance; the keyboard picks one", async () => {
    const w = await armed();
    await as(harness.users.gm, () => tokenOf(w.red).update({ hidden: true }));
    let options: string[] = [];
    harness.dialogs.next((dialog) => {
      options = [...dialog.element.querySelectorAll<HTMLOptionElement>('select[name="skirmishTarget"] option')].map((o) => o.textContent!.trim());
      return { skirmishTarget: tokenUuid(w.rhino) };
    });
    harness.dice.force(1);
    await as(harness.users.alice, () => takeSkirmishAction(w.ada, "attack"));
    await harness.settle();
    // Both tokens hostile (Foundry's default disposition): on one side, so the Rhino is Ada's ally.
    expect(options).toEqual([t(`${S}Dialog.ChooseTarget`), `${t(`${S}Dialog.Relation.ally`)}: ${t(`${S}Dialog.TargetLine`, { target: "Rhino", distance: "4 squares" })}`]);
    expect(detailOf(lastCard()).target.name).toBe("Rhino");
  });

  it("lists enemies first, then neutral fighters, then allies, each marked, by token disposition", async () => {
    const w = await armed();
    const { gm } = harness.users;
    await as(gm, async () => {
      await tokenOf(w.rhino).update({ disposition: 1 });
      await tokenOf(w.red).update({ disposition: 0 });
    });
    let options: string[] = [];
    harness.dialogs.next((dialog) => {
      options = [...dialog.element.querySelectorAll<HTMLOptionElement>('select[name="skirmishTarget"] option')].map((o) => o.textContent!.trim().split(":")[0]!);
      return false;
    });
    await as(harness.users.alice, () => takeSkirmishAction(w.ada, "attack"));
    expect(options).toEqual([t(`${S}Dialog.ChooseTarget`), t(`${S}Dialog.Relation.enemy`), t(`${S}Dialog.Relation.other`)]);
  });

  it("a targeted token the attack cannot take is not picked, and the dialog says why", async () => {
    const w = await armed();
    harness.target(harness.users.alice, [tokenOf(w.red)]);
    let seen = { value: "x", text: "" };
    harness.dialogs.next((dialog) => {
      seen = { value: dialog.element.querySelector<HTMLSelectElement>('select[name="skirmishTarget"]')!.value, text: dialog.form.textContent!.replace(/\s+/g, " ") };
      return false;
    });
    await as(harness.users.alice, () => takeSkirmishAction(w.red, "attack"));
    expect(seen.value).toBe("");
    expect(seen.text).toContain(t(`${S}Dialog.TargetNotFighter`, { target: "Red Squad", name: "Red Squad" }));
  });

  it("shows the exact odds of a vehicle's weapons reaching their numbers, and says which roll nothing", async () => {
    const w = await encounter();
    await as(harness.users.gm, () => w.rhino.updateEmbeddedDocuments("Item", [{ _id: IDS.cannon, system: { attack: { formula: "2d6", reach: 7 } } }] as Item.UpdateData[]));
    let text = "";
    harness.dialogs.next((dialog) => {
      text = dialog.element.textContent!.replace(/\s+/g, " ");
      return false;
    });
    await as(harness.users.bob, () => takeSkirmishAction(w.rhino, "attack"));
    await harness.settle();
    // 2d6 reaches 7 in 21 of 36.
    expect(text).toContain("58.3%");
    expect(text).toContain(t(`${S}Dialog.NoFormula`, { weapon: "Coax MG" }));
    expect(actionCards().filter((c) => c.system.action === ACTIONS.attack)).toEqual([]);
  });

  it("is undone as any card: the major action comes back", async () => {
    const w = await armed();
    harness.dice.force(9);
    const card = await as(harness.users.alice, () => performAction(ACTIONS.attack, w.ada, { actor: w.ada.uuid, weapons: [IDS.pistol], target: tokenUuid(w.rhino) }));
    expect(storedBudget(w.combat, w.ada)).toMatchObject({ spent: { major: 1 } });
    expect(await as(harness.users.gm, () => undoMessage(card!))).toBe(true);
    expect(storedBudget(w.combat, w.ada)).toMatchObject({ spent: { major: 0 } });
  });
});

describe("refused attacks: a clear message, and nothing changed", () => {
  const cases: { name: string; key: string; data: (w: Awaited<ReturnType<typeof encounter>>) => Record<string, string>; target: (w: Awaited<ReturnType<typeof encounter>>) => Promise<string> | string }[] = [
    { name: "no target", key: "NoTarget", data: () => ({ name: "Ada" }), target: () => "" },
    { name: "a token that is not there", key: "TargetGone", data: () => ({ name: "Ada" }), target: (w) => `${w.scene.uuid}.Token.NoSuchToken00000` },
    { name: "not a token", key: "TargetGone", data: () => ({ name: "Ada" }), target: (w) => w.rhino.uuid },
    { name: "itself", key: "TargetSelf", data: () => ({ name: "Ada" }), target: (w) => tokenUuid(w.ada) },
    {
      name: "a token that does not fight",
      key: "TargetNotFighter",
      data: () => ({ target: "First Company" }),
      target: async (w) => {
        const made = await as(harness.users.gm, () => w.scene.createEmbeddedDocuments("Token", [{ name: "First Company", actorId: w.company.id, actorLink: true, x: 700, y: 100 }] as TokenDocument.CreateData[]));
        return made![0]!.uuid;
      },
    },
    {
      name: "a target on another scene",
      key: "TargetElsewhere",
      data: () => ({ name: "Ada", target: "Zed" }),
      target: async (w) => {
        const other = (await as(harness.users.gm, () => Scene.implementation.create({ name: "Elsewhere" } as Scene.CreateData))) as Scene.Implementation;
        const made = await as(harness.users.gm, () => other.createEmbeddedDocuments("Token", [{ name: "Zed", actorId: w.zed.id, actorLink: true }] as TokenDocument.CreateData[]));
        return made![0]!.uuid;
      },
    },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      const w = await encounter();
      const target = await c.target(w);
      await harness.settle();
      harness.notifications.clear();
      const before = worldSnapshot();
      const cards = actionCards().length;
      const card = await as(harness.users.alice, () => performAction(ACTIONS.attack, w.ada, { actor: w.ada.uuid, weapons: [IDS.pistol], target }));
      expect(card).toBeNull();
      expect(warnings(harness.users.alice)).toEqual([t(`${R}${c.key}`, c.data(w))]);
      expect(worldSnapshot()).toEqual(before);
      expect(actionCards()).toHaveLength(cards);
    });
  }
});

describe("a hostile player", () => {
  it("cannot attack a token they cannot see, through the API or a forged card the GM is asked to apply", async () => {
    const w = await encounter();
    await as(harness.users.gm, () => tokenOf(w.rhino).update({ hidden: true }));
    await harness.settle();
    harness.notifications.clear();
    const before = worldSnapshot();
    const choice = { actor: w.ada.uuid, weapons: [IDS.pistol], target: tokenUuid(w.rhino) };
    expect(await as(harness.users.alice, () => performAction(ACTIONS.attack, w.ada, choice))).toBeNull();
    expect(warnings(harness.users.alice)).toEqual([t(`${R}TargetGone`, { name: "Ada" })]);
    // A modified client posts the card itself, claiming the outcome the GM's own run would give.
    const gmRun = await as(harness.users.gm, () => performAction(ACTIONS.attack, w.ada, choice));
    const outcome = gmRun!.system.outcome;
    await as(harness.users.gm, () => undoMessage(gmRun!));
    const undone = worldSnapshot();
    const forged = (await as(harness.users.alice, () =>
      ChatMessage.implementation.create({ type: "action", speaker: { actor: w.ada.id }, system: { action: ACTIONS.attack, actor: w.ada.uuid, round: 1, choice, phase: "resolved", outcome, formulas: [], ids: [] } } as unknown as ChatMessage.CreateData),
    )) as ActionMessage;
    harness.notifications.clear();
    expect(await as(harness.users.alice, () => applyMessage(forged))).toBe(false);
    expect(warnings(harness.users.alice)).toEqual([t(`${R}TargetGone`, { name: "Ada" })]);
    expect(worldSnapshot()).toEqual(undone);
    expect(before.actors).toEqual(undone.actors);
  });

  it("cannot give a weapon an attack: refused on their client; a modified client's is put back by the GM's", async () => {
    const w = await encounter();
    const { alice, gm } = harness.users;
    const attack = () => (w.ada.items.get(IDS.pistol)!._source.system as { attack: { formula: string; reach: number | null } }).attack;
    await as(alice, () => w.ada.updateEmbeddedDocuments("Item", [{ _id: IDS.pistol, system: { attack: { formula: "1d100", reach: 1 } } }] as Item.UpdateData[]));
    expect(attack()).toEqual({ formula: "", reach: null });
    expect(warnings(alice)).toEqual([t("FACTIONS.Action.Error.GMRecord")]);
    // A new weapon of theirs comes without one.
    harness.notifications.clear();
    await as(alice, () => w.ada.createEmbeddedDocuments("Item", [{ name: "Forged Gun", type: "weapon", system: { attack: { formula: "10", reach: 1 } } }] as Item.CreateData[]));
    await harness.settle();
    const made = () => w.ada.items.find((i) => i.name === "Forged Gun" || i.name === "Modified Gun");
    expect((made()!._source.system as { attack: unknown }).attack).toEqual({ formula: "", reach: null });
    expect(warnings(alice)).toEqual([t(`${S}Weapon.AttackLeftOut`)]);
    // A modified client skipping the refusal: the GM's client puts the blank attack back and says who.
    await as(gm, () => made()!.delete());
    harness.notifications.clear();
    const spy = vi.spyOn(WeaponData.prototype, "_preCreate").mockResolvedValue(undefined);
    try {
      await as(alice, () => w.ada.createEmbeddedDocuments("Item", [{ name: "Modified Gun", type: "weapon", system: { attack: { formula: "10", reach: 1 } } }] as Item.CreateData[]));
    } finally {
      spy.mockRestore();
    }
    await harness.settle();
    expect((made()!._source.system as { attack: unknown }).attack).toEqual({ formula: "", reach: null });
    expect(warnings(gm)).toEqual([t("FACTIONS.Action.Error.RecordPutBack", { user: alice.name!, document: "Modified Gun" })]);
    // The GM sets it.
    await as(gm, () => w.ada.updateEmbeddedDocuments("Item", [{ _id: IDS.pistol, system: { attack: { formula: "1d10", reach: 6 } } }] as Item.UpdateData[]));
    expect(attack()).toEqual({ formula: "1d10", reach: 6 });
  });
});

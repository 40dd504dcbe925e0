/**
 * The battle window on the in-memory Foundry, through the seed's worked example: legality
 * messages step by step, the live preview, committing (the awaiting card), the defender's answer
 * through the GM's client, the exact application, and the GM's undo.
 */
import { afterEach, describe, expect, it } from "vitest";
import { BattleWindow } from "../../src/rulesets/battle/apps/battle-window";
import { harness } from "../harness/install";
import { clickAs, lastCard, renderCardAs, snapshot, t, warnings } from "../harness/world";
import { B, clickIn, optionsOf, seedWorld, setControl, theWindow, unitCounter, type SeedWorld } from "./battle-fixtures";

const STEP = 2;
const target = (id: string) => `target.${STEP}.${id}`;
const option = (win: BattleWindow, from: string, to: string) => optionsOf(win, target(from)).find((o) => o.value === to);

/** Alice opens the window to attack the Town with everything. */
async function aliceOpens(world: SeedWorld): Promise<BattleWindow> {
  await harness.as(harness.users.alice, () => BattleWindow.open(world.you, "attack"));
  return theWindow();
}

/** Alice assigns as the seed's attacker does: two Men at Arms on mine, the third on Ginda, the Swordsman on the Town. */
async function seedAssignments(win: BattleWindow, user = harness.users.alice, objective: string = B.town): Promise<void> {
  await setControl(user, win, target(B.y1), B.m1);
  await setControl(user, win, target(B.y2), B.m2);
  await setControl(user, win, target(B.y3), B.ginda);
  await setControl(user, win, target(B.ys), objective);
}

afterEach(async () => {
  for (const win of [...BattleWindow.instances]) await win.close();
});

const previewText = (win: BattleWindow) => win.element.querySelector(".factions-battle-preview")!.textContent!.replace(/\s+/g, " ");

describe("the battle window", () => {
  it("opens on the defender's location with every ready unit, and both sides' rosters", async () => {
    const world = await seedWorld();
    const win = await aliceOpens(world);
    expect(win.selection).toMatchObject({ attacker: world.you.uuid, defender: world.me.uuid, target: { kind: "location", id: B.town } });
    expect(win.selection.attackers.sort()).toEqual([B.y1, B.y2, B.y3, B.ys].sort());
    expect(win.selection.defenders.sort()).toEqual([B.m1, B.m2, B.ginda].sort());
    const targets = optionsOf(win, "targetChoice").map((o) => o.value);
    expect(targets).toEqual([`location:${B.town}`, `citadel:${world.me.uuid}`]);
    // Alice does not choose the defender's targets: only her side has selects, and only her side an automatic button.
    expect(win.element.querySelectorAll(".factions-step-side.factions-side-defender select")).toHaveLength(0);
    expect(Array.from(win.element.querySelectorAll<HTMLElement>("[data-action=autoAssign]")).map((b) => b.dataset.side)).toEqual(["attacker"]);
    expect(win.element.textContent).not.toMatch(/FACTIONS\./);
    await win.close();
  });

  it("offers only legal targets and says why the others are not (the seed's order)", async () => {
    const world = await seedWorld();
    const win = await aliceOpens(world);
    const { alice } = harness.users;

    // Nobody assigned yet: Ginda is protected by both Men at Arms, the Town by every defender.
    expect(option(win, B.y3, B.ginda)).toEqual({ value: B.ginda, disabled: true, label: `✕ ${t("FACTIONS.Battle.Illegal.Protected", { target: "Ginda, Lightwalker", type: "Man at Arms", left: 2 })}` });
    expect(option(win, B.ys, B.town)).toEqual({ value: B.town, disabled: true, label: `✕ ${t("FACTIONS.Battle.Illegal.DefendersLeft", { target: "Town", left: 3 })}` });
    expect(option(win, B.y1, B.m1)).toMatchObject({ disabled: false, label: "Man at Arms" });
    // Own side, the destroyed and "defenders do not attack" are not offered at all.
    expect(optionsOf(win, target(B.y1)).map((o) => o.value)).not.toContain(B.y2);

    await setControl(alice, win, target(B.y1), B.m1);
    expect(option(win, B.y3, B.ginda)).toMatchObject({ disabled: true, label: `✕ ${t("FACTIONS.Battle.Illegal.Protected", { target: "Ginda, Lightwalker", type: "Man at Arms", left: 1 })}` });
    await setControl(alice, win, target(B.y2), B.m2);
    // Both Men at Arms assigned: the third may target Ginda; the Town still waits for Ginda.
    expect(option(win, B.y3, B.ginda)).toMatchObject({ disabled: false, label: "Ginda, Lightwalker" });
    expect(option(win, B.ys, B.town)).toMatchObject({ disabled: true, label: `✕ ${t("FACTIONS.Battle.Illegal.DefendersLeft", { target: "Town", left: 1 })}` });
    await setControl(alice, win, target(B.y3), B.ginda);
    expect(option(win, B.ys, B.town)).toMatchObject({ disabled: false, label: "Town" });
    await setControl(alice, win, target(B.ys), B.town);

    // A choice that undoes what later ones needed (the first Man at Arms leaves mine unassigned):
    // those later choices fall back to their automatic targets.
    await setControl(alice, win, target(B.y1), B.m2);
    expect(win.selection.assignments.map((a) => [a.from, a.to]).sort()).toEqual([[B.y1, B.m2], [B.y2, B.m2]].sort());
    expect(option(win, B.y3, B.ginda)).toMatchObject({ disabled: true });
    expect(optionsOf(win, target(B.y3))[0]!.label).toMatch(/^Automatic/);
    await win.close();
  });

  it("previews the seed's result step by step, updating as targets change", async () => {
    const world = await seedWorld();
    const win = await aliceOpens(world);
    await seedAssignments(win);
    const text = previewText(win);
    expect(text).toContain(t("FACTIONS.Battle.Window.Step", { speed: 2 }));
    for (const [from, to, damage] of [
      ["Man at Arms", "Man at Arms", 1],
      ["Ginda, Lightwalker", "Swordsman", 3],
      ["Man at Arms", "Ginda, Lightwalker", 1],
      ["Swordsman", "Town", 2],
    ] as const) {
      expect(text).toContain(t("FACTIONS.Battle.Window.Hit", { from, to, damage }));
    }
    expect(text).toContain(t("FACTIONS.Battle.Log.ControlLost", { location: "Town", damage: 2, control: 3 }));
    expect(text).toContain(t("FACTIONS.Battle.Log.Exhausted", { count: 2 }));
    expect(text).toContain(t("FACTIONS.Battle.Log.AttacksLeft", { realm: "You", left: 2 }));
    // Each side's losses on a line of its own, saying whose they are.
    const destroyed = [...win.element.querySelectorAll(".factions-preview-step .factions-destroyed")].map((p) => p.textContent!.trim());
    expect(destroyed).toEqual([
      t("FACTIONS.Battle.Window.Destroyed", { realm: "You", names: "Man at Arms, Man at Arms, Swordsman" }),
      t("FACTIONS.Battle.Window.Destroyed", { realm: "Me", names: "Man at Arms, Man at Arms" }),
    ]);

    // The Swordsman now hits a Man at Arms: the Town takes nothing.
    await setControl(harness.users.alice, win, target(B.ys), "");
    expect(previewText(win)).not.toContain(t("FACTIONS.Battle.Window.Hit", { from: "Swordsman", to: "Town", damage: 2 }));
    await win.close();
  });

  it("does not offer a location captured at an earlier step, nor send a unit at it automatically (issue 17)", async () => {
    const world = await seedWorld();
    const { gm } = harness.users;
    const slow = "YouMilitia000001";
    await harness.as(gm, async () => {
      await world.me.items.get(B.town)!.update({ "system.control": 2 } as Item.UpdateData);
      await world.you.createEmbeddedDocuments("Item", [unitCounter(slow, "Militia", 1, 1, 1, B.barracks)] as Item.CreateData[], { keepId: true });
    });
    const win = await aliceOpens(world);
    // Speed 2: every defender is assigned damage and the Swordsman takes the Town's last 2 control.
    await seedAssignments(win);
    expect(previewText(win)).toContain(t("FACTIONS.Battle.Log.ControlLost", { location: "Town", damage: 2, control: 0 }));
    // Speed 1: the Town is not offered to the Militia, and its automatic target is not the Town.
    const offered = optionsOf(win, `target.1.${slow}`);
    expect(offered.map((o) => o.value)).not.toContain(B.town);
    expect(offered[0]!.label).not.toContain("Town");
    expect(previewText(win)).not.toContain(t("FACTIONS.Battle.Log.HitCaptured", { from: "Militia", location: "Town" }));
    await win.close();
  });

  it("fills a side's targets automatically, obeying every rule", async () => {
    const world = await seedWorld();
    const win = await aliceOpens(world);
    await clickIn(harness.users.alice, win.element, '[data-action="autoAssign"][data-side="attacker"]');
    expect(win.selection.assignments.map((a) => a.from).sort()).toEqual([B.y1, B.y2, B.y3, B.ys].sort());
    expect(win.element.querySelector<HTMLButtonElement>('[data-action="commit"]')!.disabled).toBe(false);
    await win.close();
  });
});

describe("an attack committed from the window", () => {
  it("waits for the defender, whose answer goes through the GM's client; applied exactly, undone exactly", async () => {
    const world = await seedWorld();
    const { alice, bob, gm } = harness.users;
    const before = snapshot();
    const win = await aliceOpens(world);
    await seedAssignments(win);
    await clickIn(alice, win.element, '[data-action="commit"]');
    expect(BattleWindow.instances.size).toBe(0);
    const awaiting = lastCard();
    expect(awaiting.system.status).toBe("awaiting");
    expect(awaiting.system.awaiting).toBe(world.me.uuid);
    expect(awaiting.author?.id).toBe(alice.id);
    // Only the attacker's own targets were sent.
    expect((awaiting.system.choice as { assignments: { from: string }[] }).assignments.map((a) => a.from).sort()).toEqual([B.y1, B.y2, B.y3, B.ys].sort());
    expect(snapshot()).toEqual(before);

    // Bob answers: the same window, in defender mode, with the attacker's targets fixed.
    await clickAs(bob, await renderCardAs(bob, awaiting), "answer");
    const defend = theWindow();
    expect(defend.mode).toBe("defend");
    expect(defend.element.querySelectorAll(".factions-step-side.factions-side-attacker select")).toHaveLength(0);
    await setControl(bob, defend, target(B.m1), B.y1);
    await setControl(bob, defend, target(B.m2), B.y2);
    await setControl(bob, defend, target(B.ginda), B.ys);
    await clickIn(bob, defend.element, '[data-action="commit"]');

    expect(harness.queries.map((q) => [q.from, q.to, q.name, q.result])).toEqual([["Bob", "Gamemaster", "factions.request", { ok: true }]]);
    expect(awaiting.system.status).toBe("answered");
    const card = lastCard();
    expect(card).not.toBe(awaiting);
    expect(card.system.status).toBe("applied");
    expect(card.rolls).toEqual([]);
    expect(warnings()).toEqual([]);

    // Exactly the seed's result.
    for (const id of [B.y1, B.y2, B.ys]) expect(world.you.items.has(id), id).toBe(false);
    for (const id of [B.m1, B.m2]) expect(world.me.items.has(id), id).toBe(false);
    expect(world.me.items.get(B.town)!.system).toMatchObject({ control: 3, damaged: true, owner: "" });
    expect(world.you.items.get(B.y3)!.system).toMatchObject({ exhausted: true, inOffensive: true });
    expect(world.me.items.get(B.ginda)!.system).toMatchObject({ exhausted: true, inOffensive: false });
    expect(world.you.system.attacksLeft).toBe(2);
    expect(world.you.system.support).toBe(9);
    expect(world.me.system.support).toBe(8);

    // The card tells it step by step.
    const html = await renderCardAs(alice, card);
    const log = html.querySelector(".factions-card-log")!.textContent!;
    expect(log).toContain(t("FACTIONS.Battle.Log.Step", { speed: 2 }));
    // Each speed step heads its own group of hits; what follows the fight has its own heading.
    expect([...html.querySelectorAll(".factions-card-log .factions-log-heading")].map((e) => e.textContent)).toEqual([
      t("FACTIONS.Battle.Log.Step", { speed: 2 }),
      t("FACTIONS.Battle.Log.Aftermath"),
    ]);
    expect(log).toContain(t("FACTIONS.Battle.Log.HitObjective", { from: "Swordsman", target: "Town", damage: 2 }));
    expect(log).toContain(t("FACTIONS.Battle.Log.ControlLost", { location: "Town", damage: 2, control: 3 }));
    // At a glance: the summary first (control before → after, held, losses per side), the step folded away.
    expect(html.querySelector(".factions-card-summary")!.textContent).toBe(
      t("FACTIONS.Battle.Summary.Held", { location: "Town", before: 5, after: 3, max: 5, attacker: "You", attackerLost: 3, defender: "Me", defenderLost: 2 }),
    );
    expect(html.querySelector(".factions-card-summary")!.compareDocumentPosition(html.querySelector(".factions-card-log")!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const step = html.querySelector<HTMLDetailsElement>("details.factions-log-fold")!;
    expect(step.open).toBe(false);
    expect(step.querySelector("summary")!.textContent).toBe(t("FACTIONS.Battle.Log.Step", { speed: 2 }));
    // Every hit is marked by its side, named for those who cannot see the colour.
    const marks = [...step.querySelectorAll("li")].map((li) => li.querySelector(".factions-side-mark")?.getAttribute("aria-label"));
    const attacker = t("FACTIONS.Battle.Summary.Attacker", { realm: "You" });
    const defender = t("FACTIONS.Battle.Summary.Defender", { realm: "Me" });
    expect(marks.filter((m) => m === attacker).length).toBeGreaterThan(0);
    expect(marks.filter((m) => m === defender).length).toBeGreaterThan(0);
    expect(html.querySelector(".factions-card-sides-legend")!.textContent!.replace(/\s+/g, " ").trim()).toBe(`${attacker} ${defender}`);

    await clickAs(gm, await renderCardAs(gm, card), "undo");
    expect(card.system.status).toBe("undone");
    expect(snapshot()).toEqual(before);
  });

  it("is answered by the GM when the defender's owner is not connected", async () => {
    const world = await seedWorld();
    const { alice, bob, gm } = harness.users;
    bob.active = false;
    const win = await aliceOpens(world);
    await seedAssignments(win);
    await clickIn(alice, win.element, '[data-action="commit"]');
    const awaiting = lastCard();
    expect(awaiting.system.status).toBe("awaiting");
    await clickAs(gm, await renderCardAs(gm, awaiting), "answer");
    const defend = theWindow();
    await clickIn(gm, defend.element, '[data-action="autoAssign"][data-side="defender"]');
    await clickIn(gm, defend.element, '[data-action="commit"]');
    expect(harness.queries).toEqual([]);
    const card = lastCard();
    expect(card.system.status).toBe("applied");
    expect(world.me.items.get(B.town)!.system).toMatchObject({ control: 3 });
    expect(world.you.system.attacksLeft).toBe(2);
  });

  it("stays the opener's own window when the world changes: only the opener's client redraws it", async () => {
    // No player answers for the defender: the GM's own view of the window would let it choose the defenders' targets.
    const world = await seedWorld({ meOwner: null });
    const win = await aliceOpens(world);
    expect(win.element.querySelectorAll(".factions-step-side.factions-side-defender select")).toHaveLength(0);
    const renders: string[] = [];
    const render = win.render.bind(win);
    win.render = ((options?: object) => {
      renders.push(game.user!.name);
      return render(options);
    }) as typeof win.render;
    await harness.as(harness.users.gm, () => world.me.update({ "system.resources.gold": 7 } as Actor.UpdateData));
    await harness.settle();
    expect(renders).toEqual(["Alice"]);
    expect(win.element.querySelectorAll(".factions-step-side.factions-side-defender select")).toHaveLength(0);
    await win.close();
  });

  it("lets the GM choose both sides at once when no player answers for the defender", async () => {
    const world = await seedWorld({ meOwner: null });
    const { gm } = harness.users;
    const before = snapshot();
    await harness.as(gm, () => BattleWindow.open(world.you, "attack"));
    const win = theWindow();
    expect(win.element.querySelectorAll(".factions-step-side.factions-side-defender select").length).toBe(3);
    await seedAssignments(win, gm);
    await setControl(gm, win, target(B.m1), B.y1);
    await setControl(gm, win, target(B.m2), B.y2);
    await setControl(gm, win, target(B.ginda), B.ys);
    await clickIn(gm, win.element, '[data-action="commit"]');
    const card = lastCard();
    expect(card.system.status).toBe("applied");
    expect(world.me.items.get(B.town)!.system).toMatchObject({ control: 3 });
    await clickAs(gm, await renderCardAs(gm, card), "undo");
    expect(snapshot()).toEqual(before);
  });

  it("attacks a citadel: the defender owes a building and destroys one of its choice from the card", async () => {
    const world = await seedWorld({ meOwner: null });
    const { gm } = harness.users;
    await harness.as(gm, () => BattleWindow.open(world.you, "citadel"));
    const win = theWindow();
    expect(win.selection.target).toEqual({ kind: "citadel" });
    await seedAssignments(win, gm, "citadel");
    await clickIn(gm, win.element, '[data-action="autoAssign"][data-side="defender"]');
    await clickIn(gm, win.element, '[data-action="commit"]');
    const card = lastCard();
    expect(card.system.status).toBe("applied");
    expect(world.me.system.buildingsToDestroy).toBe(1);
    const html = await renderCardAs(gm, card);
    harness.dialogs.next((dialog) => {
      expect(dialog.options("building")).toContain(B.meBarracks);
      return { building: B.meBarracks };
    });
    await clickAs(gm, html, "followUp");
    expect(lastCard().system.action).toBe("battle.citadelLoss");
    expect(world.me.items.has(B.meBarracks)).toBe(false);
    expect(world.me.system.buildingsToDestroy).toBe(0);
  });
});

describe("reinforcing and fortifications", () => {
  it("reinforces a captured, undamaged location up to its maximum; the GM's client applies it", async () => {
    const world = await seedWorld();
    const { alice, gm } = harness.users;
    await harness.as(gm, () =>
      world.me.createEmbeddedDocuments("Item", [{ _id: "MeMill0000000001", name: "Mill", type: "location", system: { control: 0, maxControl: 4, owner: world.you.uuid } }] as Item.CreateData[], { keepId: true }),
    );
    const before = snapshot();
    await harness.as(alice, () => BattleWindow.open(world.you, "reinforce"));
    const win = theWindow();
    expect(win.selection).toMatchObject({ defender: world.you.uuid, target: { kind: "location", id: "MeMill0000000001" }, defenders: [] });
    expect(optionsOf(win, target(B.y1)).filter((o) => !o.disabled && o.value).map((o) => o.value)).toEqual(["MeMill0000000001"]);
    await clickIn(alice, win.element, '[data-action="autoAssign"][data-side="attacker"]');
    expect(previewText(win)).toContain(t("FACTIONS.Battle.Log.ControlGained", { location: "Mill", amount: 5, control: 4 }));
    await clickIn(alice, win.element, '[data-action="commit"]');
    const card = lastCard();
    expect(card.system).toMatchObject({ action: "battle.reinforce", status: "applied" });
    expect(harness.queries.map((q) => [q.from, q.name, q.result])).toEqual([["Alice", "factions.request", { ok: true }]]);
    expect(world.me.items.get("MeMill0000000001")!.system).toMatchObject({ control: 4, owner: world.you.uuid });
    expect(world.you.system.attacksLeft).toBe(2);
    await clickAs(gm, await renderCardAs(gm, card), "undo");
    expect(snapshot()).toEqual(before);
  });

  it("lets a fortification join the defence, fire at range (never at the location), or fight normally", async () => {
    const world = await seedWorld({ meOwner: null });
    const { gm } = harness.users;
    await harness.as(gm, () =>
      world.me.createEmbeddedDocuments(
        "Item",
        [{ _id: "MeGuardTower0001", name: "Guard Tower", type: "fortification", system: { a: 0, d: 5, s: 0, range: { x: 2, y: 4 }, location: B.town } }] as Item.CreateData[],
        { keepId: true },
      ),
    );
    await harness.as(gm, () => BattleWindow.open(world.you, "attack"));
    const win = theWindow();
    const ranged = win.element.querySelector<HTMLInputElement>('input[name="ranged.MeGuardTower0001"]')!;
    expect(ranged.checked).toBe(true);
    // At range the tower acts first, at speed 4, and may not hit the Town.
    expect(optionsOf(win, "target.4.MeGuardTower0001").find((o) => o.value === B.town)).toEqual({
      value: B.town,
      disabled: true,
      label: `✕ ${t("FACTIONS.Battle.Illegal.RangedLocation", { attacker: "Guard Tower", target: "Town" })}`,
    });
    await setControl(gm, win, "target.4.MeGuardTower0001", B.ys);
    expect(previewText(win)).toContain(t("FACTIONS.Battle.Window.Hit", { from: "Guard Tower", to: "Swordsman", damage: 2 }));
    // Fighting normally it deals its A (0) at its S (0).
    await setControl(gm, win, "ranged.MeGuardTower0001", false);
    expect(win.element.querySelector('select[name="target.4.MeGuardTower0001"]')).toBeNull();
    expect(win.element.querySelector('select[name="target.0.MeGuardTower0001"]')).not.toBeNull();
  });
});

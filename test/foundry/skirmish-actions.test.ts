/**
 * The Skirmish actions through the shared pipeline on the in-memory Foundry: the push (a real
 * table draw, fallout as Active Effects shown as token statuses, heat), the spends, checks, GM
 * overrides, and every refusal: a clear message, and nothing changed.
 */
import { describe, expect, it } from "vitest";
import { performAction } from "../../src/core/actions/pipeline";
import { SYSTEM_ID } from "../../src/core/constants";
import { overrideId } from "../../src/rulesets/skirmish/actions";
import { takeSkirmishAction } from "../../src/rulesets/skirmish/dialogs";
import { ACTIONS } from "../../src/rulesets/skirmish/rules";
import { TABLE_PACK } from "../../src/rulesets/skirmish/table";
import { harness } from "../harness/install";
import { actionCards, lastCard, t, warnings } from "../harness/world";
import { encounter, fallout, IDS, storedBudget, tokenUuid, worldSnapshot } from "./skirmish-fixtures";

const S = "FACTIONS.Skirmish.";
const R = `${S}Reject.`;
/** A choice that is not of its action's shape (src/core/rules/shape.ts), refused naming the field. */
const BAD = "FACTIONS.Action.Error.BadChoice";
const { as } = harness;
const sys = (doc: { system: unknown }) => doc.system as unknown as Record<string, unknown>;
const reloads = (actor: Actor.Implementation, id: string) => (sys(actor.items.get(id)!).reloads as { value: number }).value;
const draws = () => game.messages!.filter((m) => !!(m.flags as { core?: { RollTable?: string } }).core?.RollTable);

describe("a push", () => {
  it("by an individual is a real draw on the Individual table with the card's 3d6: the result in chat, the fallout an Active Effect on the token", async () => {
    const w = await encounter();
    const pack = harness.loadPack("skirmish-tables");
    harness.dice.force(3, 4, 4); // 11: Exhausted −2
    await as(harness.users.alice, () => performAction(ACTIONS.push, w.ada, { actor: w.ada.uuid }));
    await harness.settle();
    expect(warnings()).toEqual([]);
    const card = lastCard();
    expect(card.system.status).toBe("applied");
    expect(card.rolls.map((r) => r.total)).toEqual([11]);
    const [draw] = draws();
    const table = pack.contents.find((d) => d.name === t(`${S}Table.individual.Name`))!;
    expect((draw!.flags as { core: { RollTable: string } }).core.RollTable).toBe(table.id);
    // The dice are the card's: the draw's message does not carry them again (dice modules would roll them twice).
    expect(draw!.rolls).toEqual([]);
    expect(draw!.content).toContain("Exhausted −2");
    expect(draw!.speaker.actor).toBe(IDS.ada);
    // The fallout: one Active Effect carrying the system's data, its kind its status.
    const [effect] = w.ada.effects.contents;
    expect(effect!.type).toBe("skirmish");
    expect(effect!.name).toBe("Exhausted −2");
    expect([...effect!.statuses]).toEqual(["exhausted"]);
    expect(sys(effect!)).toMatchObject({ kind: "exhausted", stack: 2, roundsLeft: 10, roundsStill: 0 });
    expect(w.ada.statuses.has("exhausted")).toBe(true);
    expect(w.ada.temporaryEffects).toHaveLength(1);
    // A second Exhausted stacks into it and starts its counts again.
    await as(harness.users.gm, () => w.combat.nextRound());
    await harness.settle();
    harness.dice.force(1, 3, 3); // 7: Exhausted −1
    await as(harness.users.alice, () => performAction(ACTIONS.push, w.ada, { actor: w.ada.uuid }));
    await harness.settle();
    expect(fallout(w.ada)).toEqual([{ kind: "exhausted", stack: 3, roundsLeft: 10, roundsStill: 0 }]);
    expect(w.ada.effects.contents[0]!.name).toBe("Exhausted −3");
  });

  it("draws on the world's table when the GM has one, else on the compendium's", async () => {
    const w = await encounter();
    const pack = harness.loadPack("skirmish-tables");
    const source = pack.contents.find((d) => d.name === t(`${S}Table.individual.Name`))!;
    const data = game.tables!.fromCompendium(source as unknown as RollTable.Implementation) as Record<string, unknown>;
    const results = (data.results as Record<string, unknown>[]).map((r) => (r.range as number[])[0] === 8 ? { ...r, name: "The sergeant glares" } : r);
    const table = (await as(harness.users.gm, () => RollTable.implementation.create({ ...data, results } as RollTable.CreateData))) as RollTable.Implementation;
    harness.dice.force(2, 3, 3); // 8: Nothing… happens?
    await as(harness.users.alice, () => performAction(ACTIONS.push, w.ada, { actor: w.ada.uuid }));
    await harness.settle();
    const [draw] = draws();
    expect((draw!.flags as { core: { RollTable: string } }).core.RollTable).toBe(table.id);
    expect(draw!.content).toContain("The sergeant glares");
    expect(TABLE_PACK).toBe(`${SYSTEM_ID}.skirmish-tables`);
  });

  it("asks first, showing the exact chance of every row of the table (3d6 over 216), grouped into harm and help, with what each does", async () => {
    const w = await encounter();
    harness.loadPack("skirmish-tables");
    let groups: { heading: string; rows: string[][] }[] = [];
    let harm = "";
    let tooltips = 0;
    harness.dialogs.next((dialog) => {
      const el = dialog.element;
      harm = el.querySelector(".factions-sk-harm")?.textContent?.trim() ?? "";
      tooltips = el.querySelectorAll("tbody [data-tooltip]").length;
      groups = [...el.querySelectorAll("tbody")].map((tbody) => ({
        heading: tbody.querySelector("th[scope=rowgroup]")?.textContent?.trim() ?? "",
        rows: [...tbody.querySelectorAll("tr")].filter((tr) => tr.querySelector("td")).map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent?.replace(/\s+/g, " ").trim() ?? "")),
      }));
      return true;
    });
    harness.dice.force(1, 1, 1); // 3: Concussion
    await as(harness.users.alice, () => takeSkirmishAction(w.ada, "push"));
    await harness.settle();
    // The total chance of harm, and each group with its own total.
    expect(harm).toBe(t(`${S}Dialog.HarmChance`, { table: t(`${S}Table.individual.Name`), percent: "78.7%", count: 170 }));
    expect(groups.map((g) => g.heading)).toEqual([
      t(`${S}Dialog.SideTotal`, { side: t(`${S}Dialog.Side.harm`), percent: "78.7%", count: 170 }),
      t(`${S}Dialog.SideTotal`, { side: t(`${S}Dialog.Side.help`), percent: "10.2%", count: 22 }),
      t(`${S}Dialog.SideTotal`, { side: t(`${S}Dialog.Side.none`), percent: "11.1%", count: 24 }),
    ]);
    // Rows whose results do the same thing are one line, with their rolls and each result's chance.
    expect(groups.map((g) => g.rows.map((r) => r[0]))).toEqual([["3, 16", "4", "5", "6", "7, 11, 15", "9, 14", "10", "12"], ["13, 18"], ["8, 17"]]);
    // What each result does is written beside it in a few words, not in a tooltip; results that do the same are one line.
    const does = (kind: string) => `— ${t(`${S}Fallout.${kind}.Brief`)}`;
    expect(groups[0]!.rows[0]).toEqual(["3, 16", `Concussion 0.5% · Dazed 2.8% ${does("concussion")}`, "3.2% 7/216"]);
    expect(groups[0]!.rows[4]).toEqual(["7, 11, 15", `Exhausted −1 6.9% · Exhausted −2 12.5% · Exhausted −3 4.6% ${does("exhausted")}`, "24.1% 52/216"]);
    expect(groups[0]!.rows[5]).toEqual(["9, 14", `Worsened Condition ${does("worsened")}`, "18.5% 40/216"]);
    expect(groups[1]!.rows[0]).toEqual(["13, 18", `Hyped +1 9.7% · Hyped +2 0.5% ${does("hyped")}`, "10.2% 22/216"]);
    expect(groups[2]!.rows[0]).toEqual(["8, 17", `Nothing… happens? ${does("nothing")}`, "11.1% 24/216"]);
    expect(tooltips).toBe(0);
    expect(fallout(w.ada)).toEqual([{ kind: "concussion", stack: 1, roundsLeft: null, roundsStill: 0 }]);
    expect(w.ada.statuses.has("concussion")).toBe(true);
    // The card headlines the drawn result, above its log, with what it does.
    const html = await as(harness.users.bob, () => lastCard().renderHTML());
    const headline = [...html.querySelectorAll(".factions-card-summary p")].map((p) => p.textContent);
    expect(headline).toEqual([t(`${S}Log.PushHeadline.harm`, { roll: 3, result: "Concussion" }), t(`${S}Fallout.concussion.Text`)]);
    expect(html.querySelector(".factions-card-summary + .factions-card-log, .factions-card-summary ~ .factions-card-log")).not.toBeNull();
  });

  it("by a squad hits the members its player prefers; a slowed member halves its pace unless left behind", async () => {
    const w = await encounter();
    harness.loadPack("skirmish-tables");
    harness.dialogs.next({ member1: "m3", member2: "" });
    harness.dice.force(1, 1, 2); // 4: Member slowed
    await as(harness.users.alice, () => takeSkirmishAction(w.red, "push"));
    await harness.settle();
    expect(warnings()).toEqual([]);
    expect((sys(w.red).members as { id: string; state: string }[]).map((m) => m.state)).toEqual(["ready", "ready", "slowed", "ready"]);
    expect(sys(w.red.effects.contents[0]!)).toMatchObject({ kind: "memberSlowed", member: "m3" });
    // Moving: match the slowed member (speed 3) or leave it behind (6).
    let offered: string[] = [];
    harness.dialogs.next((dialog) => {
      offered = [...dialog.element.querySelectorAll("option")].map((o) => o.textContent ?? "");
      return { pace: "leave" };
    });
    await as(harness.users.alice, () => takeSkirmishAction(w.red, "move"));
    await harness.settle();
    expect(offered).toEqual([t(`${S}Dialog.PaceMatch`, { speed: 3 }), t(`${S}Dialog.PaceLeave`, { speed: 6 })]);
    expect(lastCard().system.resolvedOutcome?.log[0]).toEqual({ key: `${S}Log.Moved`, data: { name: "Red Squad", speed: 6 } });
  });

  it("Ammo loss takes a reload from every weapon; the heavy one rolls its own d6, for real, and loses it only on 4+", async () => {
    const w = await encounter();
    harness.loadPack("skirmish-tables");
    harness.dice.force(1, 2, 2, 3); // 5: Ammo loss; the MG's d6 shows 3
    await as(harness.users.alice, () => performAction(ACTIONS.push, w.red, { actor: w.red.uuid }));
    await harness.settle();
    const card = lastCard();
    expect(card.system.formulas).toEqual(["3d6", "1d6"]);
    expect(card.rolls.map((r) => r.total)).toEqual([5, 3]);
    expect([reloads(w.red, IDS.rifles), reloads(w.red, IDS.carbines), reloads(w.red, IDS.mg)]).toEqual([2, 0, 2]);
    await as(harness.users.gm, () => w.combat.nextRound());
    await harness.settle();
    harness.dice.force(2, 1, 2, 4); // again; the d6 shows 4
    await as(harness.users.alice, () => performAction(ACTIONS.push, w.red, { actor: w.red.uuid }));
    await harness.settle();
    expect([reloads(w.red, IDS.rifles), reloads(w.red, IDS.carbines), reloads(w.red, IDS.mg)]).toEqual([1, 0, 1]);
    expect(warnings()).toEqual([]);
  });

  it("Disobedience lowers the company's Morale (a document the player does not own: the GM's client writes it)", async () => {
    const w = await encounter();
    harness.loadPack("skirmish-tables");
    harness.dice.force(4, 4, 4); // 12: Disobedience
    await as(harness.users.alice, () => performAction(ACTIONS.push, w.red, { actor: w.red.uuid }));
    await harness.settle();
    expect(sys(w.company).morale).toBe(4);
    expect(warnings()).toEqual([]);
  });

  it("Worsened Condition makes every penalty 1 worse and leaves durations alone", async () => {
    const w = await encounter();
    harness.loadPack("skirmish-tables");
    harness.dice.force(3, 2, 2, 1, 2, 2, 3, 3, 3); // 7: Exhausted −1; 5: Muscle tremors; then 9: Worsened
    for (let i = 0; i < 2; i++) await as(harness.users.alice, () => performAction(ACTIONS.push, w.ada, { actor: w.ada.uuid }));
    await as(harness.users.gm, () => w.combat.nextRound());
    await harness.settle();
    await as(harness.users.alice, () => performAction(ACTIONS.push, w.ada, { actor: w.ada.uuid }));
    await harness.settle();
    expect(fallout(w.ada)).toEqual([
      { kind: "exhausted", stack: 2, roundsLeft: 9, roundsStill: 1 },
      { kind: "muscleTremors", stack: 2, roundsLeft: null, roundsStill: 0 },
    ]);
  });

  it("by a vehicle adds heat, draws nothing, and its pushed major fires one weapon", async () => {
    const w = await encounter();
    await as(harness.users.bob, async () => {
      await performAction(ACTIONS.attack, w.rhino, { actor: w.rhino.uuid, weapons: [IDS.cannon, IDS.coax], target: tokenUuid(w.ada) });
      await performAction(ACTIONS.push, w.rhino, { actor: w.rhino.uuid });
    });
    await harness.settle();
    expect(sys(w.rhino).heat).toBe(2);
    expect(draws()).toEqual([]);
    const before = worldSnapshot();
    await as(harness.users.bob, () => performAction(ACTIONS.attack, w.rhino, { actor: w.rhino.uuid, weapons: [IDS.cannon, IDS.coax], target: tokenUuid(w.ada) }));
    expect(warnings(harness.users.bob)).toEqual([t(`${R}OnePushedWeapon`, { name: "Rhino" })]);
    expect(worldSnapshot()).toEqual(before);
    await as(harness.users.bob, () => performAction(ACTIONS.attack, w.rhino, { actor: w.rhino.uuid, weapons: [IDS.coax], target: tokenUuid(w.ada) }));
    expect(storedBudget(w.combat, w.rhino)).toMatchObject({ spent: { major: 1 }, pushes: 1, pushed: { major: 1 } });
  });
});

describe("the spends", () => {
  it("move, attack, reload, deploy, scan and free each spend their action, and the card says so", async () => {
    const w = await encounter();
    await as(harness.users.alice, async () => {
      await performAction(ACTIONS.move, w.ada, { actor: w.ada.uuid });
      await performAction(ACTIONS.attack, w.ada, { actor: w.ada.uuid, weapons: [IDS.pistol], target: tokenUuid(w.rhino) });
      await performAction(ACTIONS.reload, w.ada, { actor: w.ada.uuid, weapon: IDS.pistol });
      await performAction(ACTIONS.free, w.ada, { actor: w.ada.uuid, text: "kisses her <b>lucky</b> charm" });
    });
    expect(warnings()).toEqual([]);
    expect(storedBudget(w.combat, w.ada)).toMatchObject({ spent: { move: 1, major: 1, minor: 1, free: 1 } });
    expect(reloads(w.ada, IDS.pistol)).toBe(1);
    const html = await as(harness.users.bob, () => lastCard().renderHTML());
    // The flavour is text, escaped on the card.
    expect(html.querySelector(".factions-card-log")?.innerHTML).toContain("kisses her &lt;b&gt;lucky&lt;/b&gt; charm");
    await as(harness.users.alice, () => performAction(ACTIONS.deploy, w.red, { actor: w.red.uuid }));
    await as(harness.users.alice, () => performAction(ACTIONS.scan, w.red, { actor: w.red.uuid }));
    expect(warnings(harness.users.alice)).toEqual([t(`${R}UsedUp.minor`)]);
  });

  it("a pushed major is spent as two minor actions", async () => {
    const w = await encounter();
    harness.loadPack("skirmish-tables");
    harness.dice.force(2, 3, 3);
    await as(harness.users.alice, async () => {
      await performAction(ACTIONS.push, w.ada, { actor: w.ada.uuid });
      for (let i = 0; i < 3; i++) await performAction(ACTIONS.scan, w.ada, { actor: w.ada.uuid });
    });
    await harness.settle();
    expect(warnings()).toEqual([]);
    expect(storedBudget(w.combat, w.ada)).toMatchObject({ spent: { minor: 1 }, pushes: 1, pushed: { minor: 2 } });
    await as(harness.users.alice, () => performAction(ACTIONS.attack, w.ada, { actor: w.ada.uuid, weapons: [IDS.pistol], target: tokenUuid(w.rhino) }));
    await as(harness.users.alice, () => performAction(ACTIONS.attack, w.ada, { actor: w.ada.uuid, weapons: [IDS.pistol], target: tokenUuid(w.rhino) }));
    expect(warnings(harness.users.alice)).toEqual([t(`${R}UsedUp.major`)]);
  });

  it("a used-up action offers the GM an override, marked on its card; a player can neither ask for one nor take it", async () => {
    const w = await encounter();
    await as(harness.users.alice, () => performAction(ACTIONS.move, w.ada, { actor: w.ada.uuid }));
    // The player's choice cannot carry the override.
    const before = worldSnapshot();
    await as(harness.users.alice, () => performAction(ACTIONS.move, w.ada, { actor: w.ada.uuid, gmOverride: true }));
    await as(harness.users.alice, () => performAction(overrideId("move"), w.ada, { actor: w.ada.uuid }));
    expect(warnings(harness.users.alice)).toEqual([t(`${R}UsedUp.move`), t("FACTIONS.Action.Error.GMOnly")]);
    expect(worldSnapshot()).toEqual(before);
    // The GM declines, then accepts.
    let asked = "";
    harness.dialogs.next(async (dialog) => {
      asked = dialog.element.textContent ?? "";
      await dialog.submit("no");
    });
    await as(harness.users.gm, () => takeSkirmishAction(w.ada, "move"));
    await harness.settle();
    expect(asked).toContain(t(`${R}UsedUp.move`));
    expect(worldSnapshot()).toEqual(before);
    harness.dialogs.next((dialog) => dialog.submit("yes"));
    await as(harness.users.gm, () => takeSkirmishAction(w.ada, "move"));
    await harness.settle();
    const card = lastCard();
    expect(card.system.action).toBe(overrideId("move"));
    expect(card.system.status).toBe("applied");
    expect(card.system.resolvedOutcome?.log.map((l) => l.key)).toContain(`${S}Log.Override`);
    expect(storedBudget(w.combat, w.ada)).toMatchObject({ spent: { move: 1 }, overridden: { move: 1 } });
  });
});

describe("checks", () => {
  it("list every active modifier, show the exact odds against the difficulty set, and roll the world's die", async () => {
    const w = await encounter();
    await as(harness.users.gm, () =>
      w.ada.createEmbeddedDocuments("ActiveEffect", [
        { name: `${S}Status.exhausted`, type: "skirmish", statuses: ["exhausted"], system: { kind: "exhausted", stack: 1, roundsLeft: 10 } },
        { name: `${S}Status.boneFracture`, type: "skirmish", statuses: ["boneFracture"], system: { kind: "boneFracture", stack: 1 } },
      ] as ActiveEffect.CreateData[]),
    );
    let breakdown = "";
    let odds = "";
    harness.dialogs.next(async (dialog) => {
      dialog.fill({ skirmishDifficulty: 1 });
      await new Promise((r) => setImmediate(r));
      breakdown = dialog.element.querySelector(".factions-odds")?.textContent ?? "";
      odds = [...dialog.element.querySelectorAll(".factions-odds [data-tier], .factions-odds li")].map((e) => e.textContent?.trim()).join(" | ");
      return { skirmishDifficulty: 1 };
    });
    harness.dice.force(5, 3);
    await as(harness.users.alice, () => takeSkirmishAction(w.ada, "check", { stat: "body" }));
    await harness.settle();
    expect(warnings()).toEqual([]);
    // Body 3, Exhausted −1, Bone fracture −1: 1 against a difficulty of 1 — even: 45% (a tie is the defender's).
    expect(breakdown).toContain("Exhausted");
    expect(breakdown).toContain("Bone fracture");
    expect(breakdown).toContain("45.0%");
    expect(odds).not.toBe("");
    const check = lastCard().system.resolvedOutcome!.checks[0]!.check;
    expect(check.modifiers.actor.map((m) => m.value)).toEqual([3, -1, -1]);
    expect(check.actor.formula).toBe("1d10 + 1");
    expect(check.tier).toBe("success");
    // The die is a world setting.
    await as(harness.users.gm, () => game.settings!.set(SYSTEM_ID, "skirmishCheckDie", "2d6"));
    harness.dice.force(6, 6, 1, 1);
    await as(harness.users.alice, () => performAction(ACTIONS.check, w.ada, { actor: w.ada.uuid, stat: "nerves", difficulty: 0 }));
    expect(lastCard().system.resolvedOutcome!.checks[0]!.check.actor.formula).toBe("2d6 + 1");
    // The card shows the die rolled, not the core's.
    const html = await as(harness.users.bob, () => lastCard().renderHTML());
    expect(html.querySelector(".factions-roll-actor .factions-roll-formula")?.textContent?.replace(/\s+/g, " ").trim()).toBe("2d6 (12) +1");
  });
});

describe("checks typed past their bounds", () => {
  it("a difficulty or modifier past the dialog's bounds gets the rules' words, and nothing is rolled", async () => {
    const w = await encounter();
    const cards = actionCards().length;
    for (const [values, key, data] of [
      [{ skirmishDifficulty: 41 }, `${R}DifficultyRange`, { difficulty: "41", max: "40" }],
      [{ skirmishDifficulty: 2, skirmishModifier: -21 }, `${R}ModifierRange`, { modifier: "-21", max: "20" }],
    ] as const) {
      harness.notifications.clear();
      harness.dialogs.next(() => values);
      await as(harness.users.alice, () => takeSkirmishAction(w.ada, "check", { stat: "body" }));
      await harness.settle();
      expect(warnings()).toEqual([t(key, data)]);
    }
    expect(actionCards()).toHaveLength(cards);
  });
});

describe("refusals: a clear message, and nothing changed", () => {
  const cases: { name: string; user: "alice" | "bob" | "gm"; act: (w: Awaited<ReturnType<typeof encounter>>) => [string, Actor.Implementation | null, object]; key: string; data?: Record<string, string | number>; setup?: (w: Awaited<ReturnType<typeof encounter>>) => Promise<unknown> }[] = [
    { name: "push, not yours", user: "bob", act: (w) => [ACTIONS.push, w.ada, { actor: w.ada.uuid }], key: "FACTIONS.Action.Error.NotYours" },
    { name: "push, out of the encounter", user: "bob", act: (w) => [ACTIONS.push, w.zed, { actor: w.zed.uuid }], key: `${R}NotInEncounter`, data: { name: "Zed" } },
    { name: "move, not yours", user: "bob", act: (w) => [ACTIONS.move, w.red, { actor: w.red.uuid }], key: "FACTIONS.Action.Error.NotYours" },
    { name: "move, as another actor", user: "alice", act: (w) => [ACTIONS.move, w.ada, { actor: w.red.uuid }], key: "FACTIONS.Action.Error.WrongActor" },
    { name: "move, used up", user: "alice", act: (w) => [ACTIONS.move, w.ada, { actor: w.ada.uuid }], key: `${R}UsedUp.move`, setup: (w) => as(harness.users.alice, () => performAction(ACTIONS.move, w.ada, { actor: w.ada.uuid })) },
    { name: "move, out of the encounter", user: "bob", act: (w) => [ACTIONS.move, w.zed, { actor: w.zed.uuid }], key: `${R}NotInEncounter`, data: { name: "Zed" } },
    { name: "attack, not yours", user: "alice", act: (w) => [ACTIONS.attack, w.rhino, { actor: w.rhino.uuid, weapons: [IDS.cannon], target: tokenUuid(w.ada) }], key: "FACTIONS.Action.Error.NotYours" },
    { name: "attack, no weapon", user: "alice", act: (w) => [ACTIONS.attack, w.ada, { actor: w.ada.uuid, weapons: [IDS.rifles], target: tokenUuid(w.rhino) }], key: `${R}NoWeapon`, data: { name: "Ada", weapon: IDS.rifles } },
    { name: "attack, no weapon chosen", user: "alice", act: (w) => [ACTIONS.attack, w.ada, { actor: w.ada.uuid, weapons: [], target: tokenUuid(w.rhino) }], key: `${R}NoWeaponChosen`, data: { name: "Ada" } },
    { name: "attack, weapons not a list", user: "alice", act: (w) => [ACTIONS.attack, w.ada, { actor: w.ada.uuid, weapons: "Pistol", target: tokenUuid(w.rhino) }], key: BAD, data: { field: "weapons" } },
    { name: "attack, used up", user: "alice", act: (w) => [ACTIONS.attack, w.ada, { actor: w.ada.uuid, weapons: [IDS.pistol], target: tokenUuid(w.rhino) }], key: `${R}UsedUp.major`, setup: (w) => as(harness.users.alice, () => performAction(ACTIONS.attack, w.ada, { actor: w.ada.uuid, weapons: [IDS.pistol], target: tokenUuid(w.rhino) })) },
    { name: "attack, out of the encounter", user: "bob", act: (w) => [ACTIONS.attack, w.zed, { actor: w.zed.uuid, weapons: [IDS.zedPistol], target: tokenUuid(w.rhino) }], key: `${R}NotInEncounter`, data: { name: "Zed" } },
    { name: "reload, no reloads", user: "alice", act: (w) => [ACTIONS.reload, w.red, { actor: w.red.uuid, weapon: IDS.carbines }], key: `${R}NoReloads`, data: { weapon: "Carbines" } },
    { name: "reload, no weapon", user: "alice", act: (w) => [ACTIONS.reload, w.red, { actor: w.red.uuid, weapon: "nope" }], key: `${R}NoWeapon`, data: { name: "Red Squad", weapon: "nope" } },
    { name: "reload, not yours", user: "bob", act: (w) => [ACTIONS.reload, w.red, { actor: w.red.uuid, weapon: IDS.rifles }], key: "FACTIONS.Action.Error.NotYours" },
    { name: "reload, used up", user: "alice", act: (w) => [ACTIONS.reload, w.red, { actor: w.red.uuid, weapon: IDS.rifles }], key: `${R}UsedUp.minor`, setup: (w) => as(harness.users.alice, () => performAction(ACTIONS.scan, w.red, { actor: w.red.uuid })) },
    { name: "deploy, out of the encounter", user: "bob", act: (w) => [ACTIONS.deploy, w.zed, { actor: w.zed.uuid }], key: `${R}NotInEncounter`, data: { name: "Zed" } },
    { name: "scan, not yours", user: "alice", act: (w) => [ACTIONS.scan, w.rhino, { actor: w.rhino.uuid }], key: "FACTIONS.Action.Error.NotYours" },
    { name: "free, used up", user: "alice", act: (w) => [ACTIONS.free, w.ada, { actor: w.ada.uuid, text: "again" }], key: `${R}UsedUp.free`, setup: (w) => as(harness.users.alice, () => performAction(ACTIONS.free, w.ada, { actor: w.ada.uuid, text: "grins" })) },
    { name: "check, not yours", user: "bob", act: (w) => [ACTIONS.check, w.ada, { actor: w.ada.uuid, stat: "body", difficulty: 2 }], key: "FACTIONS.Action.Error.NotYours" },
    { name: "check, a vehicle", user: "bob", act: (w) => [ACTIONS.check, w.rhino, { actor: w.rhino.uuid, stat: "body", difficulty: 2 }], key: `${R}NotInfantry`, data: { name: "Rhino" } },
    { name: "check, no such rating", user: "alice", act: (w) => [ACTIONS.check, w.ada, { actor: w.ada.uuid, stat: "luck", difficulty: 2 }], key: BAD, data: { field: "stat" } },
    { name: "check, a broken difficulty", user: "alice", act: (w) => [ACTIONS.check, w.ada, { actor: w.ada.uuid, stat: "body", difficulty: "hard" }], key: BAD, data: { field: "difficulty" } },
    // Never "1d10 + 1e+21" and "Not a dice formula": the difficulty is the opposition's formula.
    { name: "check, a difficulty past the game's", user: "alice", act: (w) => [ACTIONS.check, w.ada, { actor: w.ada.uuid, stat: "body", difficulty: 1e21 }], key: BAD, data: { field: "difficulty" } },
    { name: "check, a modifier past ±20", user: "alice", act: (w) => [ACTIONS.check, w.ada, { actor: w.ada.uuid, stat: "body", difficulty: 2, modifier: 21 }], key: `${R}ModifierRange`, data: { modifier: "21", max: "20" } },
    { name: "the round's tick, a round of no number", user: "gm", act: (w) => [ACTIONS.advanceRound, null, { combat: w.combat.id, round: "5" }], key: BAD, data: { field: "round" } },
    { name: "remove an effect, a player", user: "alice", act: (w) => [ACTIONS.removeEffect, w.ada, { actor: w.ada.uuid, effect: "x" }], key: "FACTIONS.Action.Error.GMOnly" },
    { name: "the round's tick, a player", user: "alice", act: (w) => [ACTIONS.advanceRound, w.ada, { combat: w.combat.id, round: 5 }], key: "FACTIONS.Action.Error.WrongActor" },
  ];

  for (const c of cases) {
    it(c.name, async () => {
      const w = await encounter();
      await c.setup?.(w);
      harness.notifications.clear();
      const before = worldSnapshot();
      const cards = actionCards().length;
      const [id, actor, choice] = c.act(w);
      const card = await as(harness.users[c.user], () => performAction(id, actor, choice));
      expect(card).toBeNull();
      expect(warnings(harness.users[c.user])).toEqual([t(c.key, c.data)]);
      expect(worldSnapshot()).toEqual(before);
      expect(actionCards()).toHaveLength(cards);
    });
  }

  it("the round's tick is the GM's only, even with no actor", async () => {
    const w = await encounter();
    const before = worldSnapshot();
    await as(harness.users.alice, () => performAction(ACTIONS.advanceRound, null, { combat: w.combat.id, round: 5 }));
    expect(warnings(harness.users.alice)).toEqual([t("FACTIONS.Action.Error.GMOnly")]);
    expect(worldSnapshot()).toEqual(before);
  });
});

describe("removing an effect", () => {
  it("is the GM's, a card that can be undone; the last Member slowed of a member makes it ready again", async () => {
    const w = await encounter();
    harness.loadPack("skirmish-tables");
    harness.dice.force(1, 1, 2); // 4: Member slowed (the first ready member, Ana)
    await as(harness.users.alice, () => performAction(ACTIONS.push, w.red, { actor: w.red.uuid }));
    await harness.settle();
    const effect = w.red.effects.contents[0]!;
    await as(harness.users.gm, () => performAction(ACTIONS.removeEffect, w.red, { actor: w.red.uuid, effect: effect.id }));
    expect(w.red.effects.size).toBe(0);
    expect((sys(w.red).members as { state: string }[])[0]!.state).toBe("ready");
    expect(lastCard().system.resolvedOutcome?.log.map((l) => l.key)).toEqual([`${S}Log.Ended.memberSlowed`, `${S}Log.MemberReady`]);
    expect(warnings()).toEqual([]);
  });
});

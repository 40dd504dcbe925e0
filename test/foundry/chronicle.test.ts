/**
 * Players open the chronicle (issue 19, section 2): a button among the chat sidebar's controls and
 * an entry in every actor sheet's header menu open it, showing exactly the entries that user may
 * read; it narrows by game, by round and by actor, and each filter's list offers only what that
 * user reads (never an actor only a hidden action names).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { actionDefinition } from "../../src/core/actions/definition";
import { api } from "../../src/core/api";
import { CHAT_BUTTON_CLASS, HEADER_ACTION } from "../../src/core/chronicle/controls";
import { rulesetOfAction } from "../../src/core/chronicle/entry";
import type { ActionRecord } from "../../src/core/records/record";
import { loadRecord } from "../../src/core/records/pack";
import { saveRecords } from "../../src/core/records/save";
import { RULESETS } from "../../src/core/settings";
import { BATTLE_ACTIONS } from "../../src/rulesets/battle/ids";
import { ACTIONS as BATTLE_RULES } from "../../src/rulesets/battle/rules/context";
import { ACTIONS as FACTION_TURN } from "../../src/rulesets/faction-turn/rules/context";
import { ACTIONS as OPERATIONS } from "../../src/rulesets/operations/rules";
import { ROUNDS_ACTIONS } from "../../src/rulesets/rounds/actions/ids";
import { ACTIONS as SKIRMISH } from "../../src/rulesets/skirmish/rules/context";
import { ChatLog } from "../harness/chat-log";
import type { User } from "../harness/documents";
import { harness } from "../harness/install";
import { instances } from "../harness/ui";
import { t } from "../harness/world";
import { addRecordsLike } from "./record-fixtures";
import { stealAndAttack } from "./secret-fixtures";

/**
 * Alice's unnoticed Steal (Operations, Vex) and her public Attack (Faction Turn, the Red Hand), both
 * outside the tracker, and a copy of each in a later round: the Attack in turn 2, the Steal in turn 3.
 * Bob reads the two Attacks only; turn 3 and Vex are in nothing he may read.
 */
async function campaign() {
  const { ops, world, steal, attack } = await stealAndAttack();
  const copy = (card: string, id: string, round: number) =>
    harness.as(harness.users.gm, async () => {
      const model = (await loadRecord(card))!;
      const record: ActionRecord = { ...model, id, round, done: { ...model.done, time: model.done.time + round } };
      await saveRecords({ create: [record] });
    });
  await copy(attack.id!, "AttackTurn200000", 2);
  await copy(steal.id!, "StealTurn3000000", 3);
  await harness.settle();
  const ids = { steal: steal.id!, attack: attack.id!, attack2: "AttackTurn200000", steal3: "StealTurn3000000" };
  return { ops, world, ids };
}

/** The chat sidebar, rendered on `user`'s client. */
async function chatLogOf(user: User): Promise<ChatLog> {
  const log = new ChatLog();
  await harness.as(user, () => log.render({ force: true }));
  return log;
}

/** The chronicle's button among the chat controls: there once. */
function chatButton(): HTMLButtonElement {
  const buttons = document.querySelectorAll<HTMLButtonElement>(`#chat-controls .${CHAT_BUTTON_CLASS}`);
  expect(buttons).toHaveLength(1);
  return buttons[0]!;
}

/** `user` presses the chronicle's button in their chat sidebar: the window it opens. */
async function openFromChat(user: User): Promise<{ log: ChatLog; win: HTMLElement }> {
  const log = await chatLogOf(user);
  const button = chatButton();
  await harness.as(user, async () => {
    button.click();
    await harness.settle();
  });
  const windows = document.querySelectorAll<HTMLElement>(".factions-chronicle-window");
  expect(windows).toHaveLength(1);
  return { log, win: windows[0]! };
}

/** The cards of the entries the window lists. */
const shownIds = (win: HTMLElement) =>
  [...win.querySelectorAll<HTMLElement>('.factions-chronicle-entry [data-action="showCard"]')].map((b) => b.dataset.messageId!).sort();

const select = (win: HTMLElement, name: string) => win.querySelector<HTMLSelectElement>(`.factions-chronicle-filters select[name="${name}"]`)!;

/** A filter's list as its user reads it. */
const optionLabels = (win: HTMLElement, name: string) => [...select(win, name).options].map((o) => o.textContent!.trim());

/** `user` picks `value` in a filter of the open chronicle. */
async function choose(user: User, name: string, value: string): Promise<void> {
  const el = select(document.querySelector<HTMLElement>(".factions-chronicle-window")!, name);
  expect([...el.options].map((o) => o.value)).toContain(value);
  el.value = value;
  await harness.as(user, async () => {
    el.dispatchEvent(new Event("change", { bubbles: true }));
    await harness.settle();
  });
}

/** Close the chronicle's window (its one instance, open on whichever client). */
async function closeOpen(): Promise<void> {
  await instances.get("factions-chronicle")?.close();
}

// A test that fails leaves no window open for the next.
afterEach(async () => {
  await closeOpen();
});

describe("the chronicle's button in the chat sidebar", () => {
  it("is a named button with a tooltip among every user's chat controls, put back when the controls move or are drawn anew", async () => {
    await stealAndAttack();
    const { bob, gm } = harness.users;
    const log = await chatLogOf(bob);
    const button = chatButton();
    expect(button.tagName).toBe("BUTTON");
    expect(button.type).toBe("button");
    expect(button.disabled).toBe(false);
    expect(button.tabIndex).toBeGreaterThanOrEqual(0);
    expect(button.getAttribute("aria-label")).toBe(t("FACTIONS.Chronicle.Open"));
    expect(button.dataset.tooltip).toBe(t("FACTIONS.Chronicle.OpenTooltip"));
    // A player's controls have no row of buttons of their own: the button makes its place.
    expect(button.parentElement!.matches("#chat-controls > .control-buttons")).toBe(true);
    // The sidebar collapses: the controls move to the notifications pane, the button with them, once.
    await harness.as(bob, () => log.collapse(true));
    expect(chatButton().closest("#chat-notifications")).not.toBeNull();
    await harness.as(bob, () => log.collapse(false));
    // Drawn anew: put back, once.
    await harness.as(bob, () => log.render());
    chatButton();
    await log.close();
    // The GM's controls have their row (export, clear): the button goes first in it.
    const gmLog = await chatLogOf(gm);
    const row = chatButton().parentElement!;
    expect([...row.children].map((b) => b.getAttribute("data-action") ?? (b as HTMLElement).className)).toEqual([
      expect.stringContaining(CHAT_BUTTON_CLASS),
      "export",
      "flush",
    ]);
    await gmLog.close();
  });

  it("opens, for a player, exactly the entries they may read: no unnoticed action of another, no hidden name", async () => {
    const { ids } = await campaign();
    const { alice, bob } = harness.users;
    for (const [user, expected] of [
      [bob, [ids.attack, ids.attack2]],
      [alice, [ids.steal, ids.attack, ids.attack2, ids.steal3]],
    ] as const) {
      const { log, win } = await openFromChat(user);
      expect(shownIds(win)).toEqual([...expected].sort());
      expect(shownIds(win)).toEqual((await harness.as(user, () => api.chronicle.entries())).map((e) => e.id).sort());
      // No Undo, no Archive for a player.
      expect(win.querySelector('[data-action="undoEntry"], [data-action="archive"]')).toBeNull();
      if (user === bob) {
        expect(win.textContent).not.toContain("Vex");
        expect(win.textContent).not.toContain(t("FACTIONS.Operations.Action.steal"));
        expect(win.textContent).toContain("Shadow Knives");
      } else {
        expect(win.textContent).not.toContain("Shadow Knives");
        expect(win.textContent).toContain(t("FACTIONS.Card.HiddenAsset"));
      }
      await closeOpen();
      await log.close();
    }
  });

  it("opens, for the GM, every entry, each with its Undo", async () => {
    const { ids } = await campaign();
    const { win, log } = await openFromChat(harness.users.gm);
    expect(shownIds(win)).toEqual(Object.values(ids).sort());
    expect(win.querySelectorAll('[data-action="undoEntry"]')).toHaveLength(4);
    expect(win.textContent).toContain("Shadow Knives");
    expect(win.textContent).toContain("Vex");
    await closeOpen();
    await log.close();
  });
});

describe("a player's chronicle", () => {
  it("reads the cards of their chat log and asks the GM's client for the lines of cards gone from it; with no GM connected it says so", async () => {
    const { ids } = await campaign();
    const { gm, bob } = harness.users;
    await harness.as(gm, () => game.messages!.get(ids.attack)!.delete());
    harness.setGMConnected(false);
    const offline = await openFromChat(bob);
    // Only what is left in the chat log (nothing of Bob's), and why the rest is missing.
    expect(shownIds(offline.win)).toEqual([]);
    expect(offline.win.textContent).toContain(t("FACTIONS.Chronicle.NoGM"));
    expect(await harness.as(bob, () => api.chronicle.entries())).toEqual([]);
    await closeOpen();
    await offline.log.close();
    harness.setGMConnected(true);
    const online = await openFromChat(bob);
    expect(shownIds(online.win)).toEqual([ids.attack, ids.attack2].sort());
    expect(online.win.textContent).not.toContain(t("FACTIONS.Chronicle.NoGM"));
    expect(online.win.textContent).toContain("Shadow Knives");
    await online.log.close();
  });
});

describe("the chronicle's filters", () => {
  it("narrow the entries by game, by turn and by actor, and keep the keyboard on the filter changed", async () => {
    const { ops, world, ids } = await campaign();
    const { alice } = harness.users;
    const { win, log } = await openFromChat(alice);
    expect(optionLabels(win, "ruleset")).toEqual([t("FACTIONS.Chronicle.AllGames"), t("FACTIONS.Chronicle.Game.factionTurn"), t("FACTIONS.Chronicle.Game.operations")]);
    expect(optionLabels(win, "round")).toEqual([
      t("FACTIONS.Chronicle.AllRounds"),
      t("FACTIONS.Chronicle.NoRound"),
      t("FACTIONS.Chronicle.Round", { round: 2 }),
      t("FACTIONS.Chronicle.Round", { round: 3 }),
    ]);
    expect(optionLabels(win, "actor")).toEqual([t("FACTIONS.Chronicle.AllActors"), "Red Hand", "Vex"]);
    // Each select has its visible label.
    for (const name of ["ruleset", "round", "actor"]) expect(select(win, name).closest("label")!.textContent).toContain(t(`FACTIONS.Chronicle.Filter${{ ruleset: "Game", round: "Round", actor: "Actor" }[name]}`));

    await choose(alice, "ruleset", "operations");
    expect(shownIds(win)).toEqual([ids.steal, ids.steal3].sort());
    expect(document.activeElement).toBe(select(win, "ruleset"));
    await choose(alice, "round", "3");
    expect(shownIds(win)).toEqual([ids.steal3]);
    expect(document.activeElement).toBe(select(win, "round"));
    await choose(alice, "ruleset", "");
    await choose(alice, "round", "0");
    expect(shownIds(win)).toEqual([ids.steal, ids.attack].sort());
    await choose(alice, "actor", world.red.uuid);
    expect(shownIds(win)).toEqual([ids.attack]);
    await choose(alice, "round", "");
    expect(shownIds(win)).toEqual([ids.attack, ids.attack2].sort());
    await choose(alice, "actor", ops.vex.uuid);
    await choose(alice, "ruleset", "factionTurn");
    expect(shownIds(win)).toEqual([]);
    expect(win.querySelector(".factions-chronicle-empty")!.textContent).toBe(t("FACTIONS.Chronicle.NoMatch"));
    // The lists stay whole while the entries narrow.
    expect(optionLabels(win, "actor")).toEqual([t("FACTIONS.Chronicle.AllActors"), "Red Hand", "Vex"]);
    // Opened again from the chat: everything again.
    chatButton().click();
    await harness.as(alice, () => harness.settle());
    expect(shownIds(document.querySelector<HTMLElement>(".factions-chronicle-window")!)).toHaveLength(4);
    await closeOpen();
    await log.close();
  });

  it("offer a player no game, turn or actor that only an action hidden from them has", async () => {
    await campaign();
    const { win, log } = await openFromChat(harness.users.bob);
    expect(optionLabels(win, "ruleset")).toEqual([t("FACTIONS.Chronicle.AllGames"), t("FACTIONS.Chronicle.Game.factionTurn")]);
    expect(optionLabels(win, "round")).toEqual([t("FACTIONS.Chronicle.AllRounds"), t("FACTIONS.Chronicle.NoRound"), t("FACTIONS.Chronicle.Round", { round: 2 })]);
    expect(optionLabels(win, "actor")).toEqual([t("FACTIONS.Chronicle.AllActors"), "Red Hand"]);
    const filters = win.querySelector(".factions-chronicle-filters")!.outerHTML;
    expect(filters).not.toContain("Vex");
    expect(filters).not.toContain(harness.game.actors.getName("Vex")!.uuid);
    await closeOpen();
    await log.close();
  });

  it("read no document of any actor, however long the history, and page through it: the filters come from the lines read", async () => {
    const { ids } = await campaign();
    await addRecordsLike(ids.attack, 50);
    const { win, log } = await openFromChat(harness.users.bob);
    const actors = harness.game.actors;
    const reads = [vi.spyOn(actors, "get"), vi.spyOn(actors, "getName"), vi.spyOn(actors, "contents", "get")];
    await choose(harness.users.bob, "round", "2");
    expect(shownIds(win)).toEqual([ids.attack2]);
    expect(win.querySelector('[data-action="earlier"]')).toBeNull();
    await choose(harness.users.bob, "round", "");
    // The attack in Bob's chat log, and the latest page of the 51 lines whose cards it does not hold.
    expect(shownIds(win)).toHaveLength(51);
    await harness.as(harness.users.bob, async () => {
      win.querySelector<HTMLButtonElement>('[data-action="earlier"]')!.click();
      await harness.settle();
    });
    expect(shownIds(win)).toHaveLength(52);
    expect(win.querySelector('[data-action="earlier"]')).toBeNull();
    // Bob's client reads no actor; the GM's, answering his three asks, looks up the two secret actors
    // (Red Hand's, the Blue Lotus's) once an answer, however many of the 52 lines name them.
    expect(reads.map((spy) => spy.mock.calls.length)).toEqual([3 * 2, 0, 0]);
    for (const spy of reads) spy.mockRestore();
    await closeOpen();
    await log.close();
  });

  it("know the game of every action of the five rulesets, and name each game", () => {
    const all = [
      ...Object.values(FACTION_TURN).map((id) => [id, "factionTurn"] as const),
      ...Object.values(OPERATIONS).map((id) => [id, "operations"] as const),
      ...[...Object.values(BATTLE_ACTIONS), ...Object.values(BATTLE_RULES)].map((id) => [id, "battle"] as const),
      ...Object.values(SKIRMISH).map((id) => [id, "skirmish"] as const),
      ...Object.values(ROUNDS_ACTIONS).flatMap((id) => [[id, "rounds"] as const, [`${id}Override`, "rounds"] as const]),
    ];
    const registered = all.filter(([id]) => actionDefinition(id));
    expect(registered.length).toBeGreaterThan(40);
    expect(registered.filter(([id, ruleset]) => rulesetOfAction(id) !== ruleset)).toEqual([]);
    expect(new Set(registered.map(([, r]) => r))).toEqual(new Set(RULESETS));
    for (const r of RULESETS) expect(t(`FACTIONS.Chronicle.Game.${r}`)).not.toContain("FACTIONS.");
    expect(rulesetOfAction("constructor.x")).toBeNull();
    expect(rulesetOfAction("attack")).toBeNull();
  });
});

describe("the chronicle in an actor sheet's header menu", () => {
  it("opens it narrowed to that actor, from the menu's button", async () => {
    const { world, ids } = await campaign();
    const { alice, bob } = harness.users;
    const sheet = world.red.sheet as unknown as { element: HTMLElement; render(o: object): Promise<unknown>; close(): Promise<unknown> };
    await harness.as(alice, () => sheet.render({ force: true }));
    await harness.as(alice, async () => {
      sheet.element.querySelector<HTMLButtonElement>('.window-header [data-action="toggleControls"]')!.click();
      await harness.settle();
    });
    const control = sheet.element.querySelector<HTMLButtonElement>(`.controls-dropdown button[data-action="${HEADER_ACTION}"]`)!;
    expect(control.tagName).toBe("BUTTON");
    expect(control.textContent!.trim()).toBe(t("FACTIONS.Chronicle.OpenActor"));
    await harness.as(alice, async () => {
      control.click();
      await harness.settle();
    });
    const win = document.querySelector<HTMLElement>(".factions-chronicle-window")!;
    expect(select(win, "actor").value).toBe(world.red.uuid);
    expect(shownIds(win)).toEqual([ids.attack, ids.attack2].sort());
    await closeOpen();
    await sheet.close();

    // Bob's Blue Lotus acted in nothing: narrowed to it, the chronicle says nothing matches.
    const blue = world.blue.sheet as unknown as typeof sheet;
    await harness.as(bob, () => blue.render({ force: true }));
    await harness.as(bob, async () => {
      blue.element.querySelector<HTMLButtonElement>('.window-header [data-action="toggleControls"]')!.click();
      await harness.settle();
      blue.element.querySelector<HTMLButtonElement>(`.controls-dropdown button[data-action="${HEADER_ACTION}"]`)!.click();
      await harness.settle();
    });
    const bobWin = document.querySelector<HTMLElement>(".factions-chronicle-window")!;
    expect(shownIds(bobWin)).toEqual([]);
    expect(bobWin.querySelector(".factions-chronicle-empty")!.textContent).toBe(t("FACTIONS.Chronicle.NoMatch"));
    expect(optionLabels(bobWin, "actor")).toEqual([t("FACTIONS.Chronicle.AllActors"), "Red Hand", "Blue Lotus"]);
    await closeOpen();
    await blue.close();
  });
});

/**
 * The in-memory Foundry itself: the behaviours of Foundry the other tests rely on it to mirror.
 */
import { describe, expect, it } from "vitest";
import { fields } from "../harness/fields";
import { harness } from "../harness/install";
import { dialogScript } from "../harness/ui";
import { createFaction } from "../harness/world";

describe("documents", () => {
  it("have Foundry's uuids, resolve by uuid, and embedded ones share their parent's ownership", async () => {
    const actor = await createFaction({ name: "F", owner: harness.users.alice, assets: [{ _id: "AssetId000000001", name: "A" }] });
    const item = actor.items.get("AssetId000000001")!;
    expect(actor.uuid).toBe(`Actor.${actor.id}`);
    expect(item.uuid).toBe(`Actor.${actor.id}.Item.AssetId000000001`);
    expect(foundry.utils.fromUuidSync(item.uuid as `Actor.${string}`)).toBe(item);
    expect(await fromUuid(actor.uuid as `Actor.${string}`)).toBe(actor);
    expect(foundry.utils.fromUuidSync("Actor.nope", { strict: false })).toBeNull();
    expect(item.testUserPermission(harness.users.alice as unknown as User.Implementation, "OWNER")).toBe(true);
    expect(item.testUserPermission(harness.users.bob as unknown as User.Implementation, "OBSERVER")).toBe(false);
  });

  it("take an image created without one from the configured class's getDefaultArtwork, given the creation data", async () => {
    const base = Object.getPrototypeOf(CONFIG.Item.documentClass) as { getDefaultArtwork(data: object): { img: string } };
    expect(base.getDefaultArtwork({ type: "asset" }).img).toBe("icons/svg/item-bag.svg");
    const seen: unknown[] = [];
    const own = CONFIG.Item.documentClass as unknown as { getDefaultArtwork(data: { type?: string }): { img: string } };
    const original = own.getDefaultArtwork;
    own.getDefaultArtwork = (data) => (seen.push(data.type), { img: `icons/svg/${data.type}.svg` });
    try {
      const actor = await createFaction({ name: "F", assets: [{ _id: "AssetId000000001", name: "A" }] });
      expect(actor.items.get("AssetId000000001")!.img).toBe("icons/svg/asset.svg");
      expect(seen).toContain("asset");
    } finally {
      own.getDefaultArtwork = original;
    }
  });

  it("iterate collections by value", async () => {
    await createFaction({ name: "F" });
    const values = [...game.actors!];
    expect(values[0]?.name).toBe("F");
    expect(game.actors!.contents).toEqual(values);
  });

  it("replace a given id unless `keepId`, and refuse a duplicate id", async () => {
    const created = (await Actor.implementation.create({ _id: "FixedActorId0001", name: "A", type: "faction" } as Actor.CreateData)) as Actor.Implementation;
    expect(created.id).not.toBe("FixedActorId0001");
    const kept = (await Actor.implementation.create({ _id: "FixedActorId0001", name: "B", type: "faction" } as Actor.CreateData, { keepId: true })) as Actor.Implementation;
    expect(kept.id).toBe("FixedActorId0001");
    await expect(Actor.implementation.create({ _id: "FixedActorId0001", name: "C", type: "faction" } as Actor.CreateData, { keepId: true })).rejects.toThrow(/already exists/);
  });

  it("fire no update hooks for an update that changes nothing, and pre-hooks can cancel", async () => {
    const actor = await createFaction({ name: "F", system: { treasure: 2 } });
    let updates = 0;
    const on = Hooks.on("updateActor", () => void updates++);
    await actor.update({ "system.treasure": 2 } as Actor.UpdateData);
    expect(updates).toBe(0);
    await actor.update({ "system.treasure": 3 } as Actor.UpdateData);
    // Once per connected client (the GM, Alice and Bob).
    expect(updates).toBe(3);
    const pre = Hooks.on("preUpdateActor", () => false);
    expect(await actor.update({ "system.treasure": 4 } as Actor.UpdateData)).toBeUndefined();
    expect(actor.system.treasure).toBe(3);
    Hooks.off("updateActor", on);
    Hooks.off("preUpdateActor", pre);
  });

  it("merge objects on update; `-=key` deletes and `==key` replaces", async () => {
    const actor = await createFaction({ name: "F", system: { turn: { repairs: { a: 1, b: 2 } } } });
    await actor.update({ "system.turn.repairs": {} } as Actor.UpdateData);
    expect(actor.system.turn.repairs).toEqual({ a: 1, b: 2 });
    await actor.update({ "system.turn.repairs.-=a": null } as unknown as Actor.UpdateData);
    expect(actor.system.turn.repairs).toEqual({ b: 2 });
    await actor.update({ "system.turn.==repairs": { c: 3 } } as unknown as Actor.UpdateData);
    expect(actor.system.turn.repairs).toEqual({ c: 3 });
  });
});

describe("cleaning numbers", () => {
  it("rounds an integer field and clamps to min/max instead of refusing, on create and update", async () => {
    const { NumberField, SchemaField } = fields;
    const field = new NumberField({ required: true, nullable: false, integer: true, min: 1, max: 8, initial: 1 });
    expect([field.clean(12), field.clean(0), field.clean(-3), field.clean(2.5), field.clean(2.4), field.clean("7")]).toEqual([8, 1, 1, 3, 2, 7]);
    const stepped = new NumberField({ min: 0, max: 1, step: 0.25 });
    expect([stepped.clean(0.3), stepped.clean(2)]).toEqual([0.25, 1]);
    // What cleaning cannot fix is still refused by validation.
    const schema = new SchemaField({ n: field });
    const failures: Record<string, string> = {};
    schema.validate(schema.clean({ n: "many" }), "", failures);
    expect(Object.keys(failures)).toEqual(["n"]);

    const actor = await createFaction({ name: "F", system: { force: 11 } });
    expect(actor._source.system.force).toBe(8);
    let seen: unknown;
    const id = Hooks.on("preUpdateActor", (_doc, changes) => void (seen = foundry.utils.getProperty(changes, "system.wealth")));
    await actor.update({ "system.wealth": "-4" } as unknown as Actor.UpdateData);
    Hooks.off("preUpdateActor", id);
    // `_preUpdate` and the pre-hook see the update already cleaned.
    expect(seen).toBe(1);
    expect(actor._source.system.wealth).toBe(1);
  });
});

describe("combat encounters", () => {
  type Position = { round: number; turn: number | null; combatantId: string | null };
  interface Recorded {
    event: string;
    who: string | undefined;
    user: string | undefined;
  }

  /** An encounter of the current Combat class, recording its lifecycle calls (and on whose client, after an await). */
  async function recordingEncounter() {
    const red = await createFaction({ name: "Red", owner: harness.users.alice });
    const blue = await createFaction({ name: "Blue", owner: harness.users.bob });
    const calls: Recorded[] = [];
    const base = CONFIG.Combat.documentClass as unknown as new (...args: never[]) => object;
    const skipped = (context: unknown) => ((context as { skipped?: boolean }).skipped ? " (skipped)" : "");
    const record = async (event: string, combatant?: { name: string }) => {
      await Promise.resolve();
      calls.push({ event, who: combatant?.name, user: game.user?.name });
    };
    class Recording extends (base as unknown as typeof Combat) {
      override async _onStartTurn(...args: Parameters<Combat["_onStartTurn"]>) {
        await record(`startTurn${skipped(args[1])}`, args[0] as unknown as { name: string });
        return super._onStartTurn(...args);
      }
      override async _onEndTurn(...args: Parameters<Combat["_onEndTurn"]>) {
        await record(`endTurn${skipped(args[1])}`, args[0] as unknown as { name: string });
        return super._onEndTurn(...args);
      }
      override async _onStartRound(...args: Parameters<Combat["_onStartRound"]>) {
        await record(`startRound ${(args[0] as { round: number }).round}${skipped(args[0])}`);
        return super._onStartRound(...args);
      }
      override async _onEndRound(...args: Parameters<Combat["_onEndRound"]>) {
        await record(`endRound ${(args[0] as { round: number }).round}${skipped(args[0])}`);
        return super._onEndRound(...args);
      }
    }
    CONFIG.Combat.documentClass = Recording as unknown as typeof CONFIG.Combat.documentClass;
    const heard: { user: string | undefined; previous: Position; current: Position }[] = [];
    const hook = Hooks.on("combatTurnChange", (_c, previous, current) => void heard.push({ user: game.user?.name, previous: previous as Position, current: current as Position }));
    try {
      const combat = (await Combat.implementation.create({ type: "base" } as Combat.CreateData)) as unknown as Combat.Implementation;
      await combat.createEmbeddedDocuments("Combatant", [
        { actorId: red.id, name: "Red", initiative: 20 },
        { actorId: blue.id, name: "Blue", initiative: 10 },
      ] as Combatant.CreateData[]);
      const ids = Object.fromEntries(combat.turns.map((c) => [c.name, c.id]));
      return { combat, calls, heard, ids, done: () => Hooks.off("combatTurnChange", hook) };
    } finally {
      CONFIG.Combat.documentClass = base as unknown as typeof CONFIG.Combat.documentClass;
    }
  }

  it("run the turn lifecycle on the active GM's client only, forward only, in v13's order", async () => {
    const { combat, calls, heard, ids, done } = await recordingEncounter();
    const step = async (move: () => Promise<unknown>) => {
      calls.length = 0;
      heard.length = 0;
      await move();
      await harness.settle();
      return [...calls];
    };
    expect(await step(() => combat.startCombat())).toEqual([
      { event: "startRound 1", who: undefined, user: "Gamemaster" },
      { event: "startTurn", who: "Red", user: "Gamemaster" },
    ]);
    // Every client heard the turn change, with where the encounter was and is.
    expect(heard.map((h) => h.user).sort()).toEqual(["Alice", "Bob", "Gamemaster"]);
    expect(heard[0]!.previous).toMatchObject({ round: 0, turn: null, combatantId: null });
    expect(heard[0]!.current).toMatchObject({ round: 1, turn: 0, combatantId: ids.Red });

    expect((await step(() => combat.nextTurn())).map((c) => `${c.event} ${c.who ?? ""}`.trim())).toEqual(["endTurn Red", "startTurn Blue"]);
    expect((await step(() => combat.nextTurn())).map((c) => `${c.event} ${c.who ?? ""}`.trim())).toEqual(["endTurn Blue", "endRound 1", "startRound 2", "startTurn Red"]);

    // Back a turn (into the last round): no lifecycle at all, but every client hears it.
    expect(await step(() => combat.previousTurn())).toEqual([]);
    expect(heard).toHaveLength(3);
    expect(heard[0]!.previous).toMatchObject({ round: 2, turn: 0, combatantId: ids.Red });
    expect(heard[0]!.current).toMatchObject({ round: 1, turn: 1, combatantId: ids.Blue });
    expect(await step(() => combat.previousRound())).toEqual([]);
    expect(combat.current).toMatchObject({ round: 0, turn: null });
    done();
  });

  it("hand out the turns and rounds a move passes over too, each marked skipped (Next Round part-way through a round)", async () => {
    const { combat, calls, done } = await recordingEncounter();
    await combat.startCombat();
    await harness.settle();
    calls.length = 0;
    await combat.nextRound();
    await harness.settle();
    expect(calls.map((c) => `${c.event} ${c.who ?? ""}`.trim())).toEqual([
      "endTurn Red",
      "startTurn (skipped) Blue",
      "endTurn (skipped) Blue",
      "endRound 1",
      "startRound 2",
      "startTurn Red",
    ]);
    calls.length = 0;
    // Two rounds on at once: the one passed over starts and ends, skipped.
    await combat.update({ round: 4, turn: 1 });
    await harness.settle();
    expect(calls.map((c) => `${c.event} ${c.who ?? ""}`.trim())).toEqual([
      "endTurn Red",
      "startTurn (skipped) Blue",
      "endTurn (skipped) Blue",
      "endRound 2",
      "startRound 3 (skipped)",
      "endRound 3 (skipped)",
      "startRound 4",
      "startTurn (skipped) Red",
      "endTurn (skipped) Red",
      "startTurn Blue",
    ]);
    done();
  });

  it("make one encounter the active one (the one game.combat views): the others of its scene stop being active", async () => {
    const create = async () => (await Combat.implementation.create({ type: "base" } as Combat.CreateData)) as unknown as Combat.Implementation;
    const [first, second] = [await create(), await create()];
    await first.activate();
    expect([first.active, second.active, game.combat?.id]).toEqual([true, false, first.id]);
    await second.activate({ render: false });
    expect([first.active, second.active, game.combat?.id]).toEqual([false, true, second.id]);
  });

  it("let a player end the turn of a combatant they own, and only that; the GM's client runs the lifecycle", async () => {
    const { combat, calls, done } = await recordingEncounter();
    await combat.startCombat();
    await harness.settle();
    calls.length = 0;
    // Red (Alice's) has the turn: Bob may not move it on.
    await expect(harness.as(harness.users.bob, () => combat.nextTurn())).rejects.toThrow(/lacks permission/);
    await harness.as(harness.users.alice, () => combat.nextTurn());
    await harness.settle();
    expect(calls).toEqual([
      { event: "endTurn", who: "Red", user: "Gamemaster" },
      { event: "startTurn", who: "Blue", user: "Gamemaster" },
    ]);
    // Nor may Alice now, nor go back.
    await expect(harness.as(harness.users.alice, () => combat.nextTurn())).rejects.toThrow(/lacks permission/);
    await expect(harness.as(harness.users.bob, () => combat.update({ active: false }))).rejects.toThrow(/lacks permission/);
    // No GM connected: no lifecycle.
    harness.setGMConnected(false);
    calls.length = 0;
    await harness.as(harness.users.bob, () => combat.nextTurn());
    await harness.settle();
    expect(calls).toEqual([]);
    done();
  });
});

describe("clients", () => {
  it("keep their own game.user across awaits, and hooks registered as a client run only on it", async () => {
    const actor = await createFaction({ name: "F", system: { treasure: 1 } });
    const heard: string[] = [];
    const late: string[] = [];
    const shared = Hooks.on("updateActor", () => {
      heard.push(`all:${game.user!.name}`);
      // What a handler starts goes on as its own client, whatever runs in between.
      void (async () => {
        await new Promise((r) => setTimeout(r, 5));
        late.push(game.user!.name);
      })();
    });
    const own = await harness.as(harness.users.bob, () => Hooks.on("updateActor", () => heard.push(`bob's:${game.user!.name}`)));
    await actor.update({ "system.treasure": 2 } as Actor.UpdateData);
    await new Promise((r) => setTimeout(r, 20));
    expect(heard.sort()).toEqual(["all:Alice", "all:Bob", "all:Gamemaster", "bob's:Bob"]);
    expect(late.sort()).toEqual(["Alice", "Bob", "Gamemaster"]);
    Hooks.off("updateActor", shared);
    Hooks.off("updateActor", own);
  });

  it("each have their own sheet of a document, redrawn by that client alone after a change", async () => {
    const actor = await createFaction({ name: "F", owner: harness.users.alice });
    const sheet = (await harness.as(harness.users.alice, () => actor.sheet)) as { render(o?: object): Promise<unknown>; close(): Promise<unknown> };
    expect(await harness.as(harness.users.bob, () => actor.sheet)).not.toBe(sheet);
    await harness.as(harness.users.alice, () => sheet.render({ force: true }));
    const renders: string[] = [];
    const render = sheet.render.bind(sheet);
    sheet.render = (options?: object) => {
      renders.push(game.user!.name);
      return render(options);
    };
    await actor.update({ "system.treasure": 4 } as Actor.UpdateData);
    await harness.settle();
    expect(renders).toEqual(["Alice"]);
    await sheet.close();
  });
});

describe("chat messages", () => {
  it("keep evaluated rolls as JSON and give them back as Rolls; a player may post only as themself", async () => {
    const roll = await new Roll("1d10 + 3").evaluate();
    await expect(roll.evaluate()).rejects.toThrow(/already been evaluated/);
    const message = (await harness.as(harness.users.alice, () => ChatMessage.implementation.create({ content: "hi", rolls: [roll] } as ChatMessage.CreateData))) as ChatMessage.Implementation;
    expect(message.author?.id).toBe(harness.users.alice.id);
    expect(typeof message._source.rolls[0]).toBe("string");
    expect(message.rolls[0]!.total).toBe(roll.total);
    expect(message.rolls[0]).toBeInstanceOf(Roll);
    await expect(
      harness.as(harness.users.alice, () => ChatMessage.implementation.create({ content: "forged", author: harness.users.bob.id } as ChatMessage.CreateData)),
    ).rejects.toThrow(/lacks permission/);
    await expect(harness.as(harness.users.bob, () => message.update({ content: "edited" }))).rejects.toThrow(/lacks permission/);
    expect(await harness.as(harness.users.alice, () => message.isAuthor)).toBe(true);
    expect(await harness.as(harness.users.bob, () => message.isOwner)).toBe(false);
  });

  it("are cleared all at once by a GM (Clear Chat Log): every one deleted, each one's delete hook run on every client", async () => {
    for (const content of ["one", "two", "three"]) await harness.as(harness.users.alice, () => ChatMessage.implementation.create({ content } as ChatMessage.CreateData));
    await expect(harness.as(harness.users.alice, () => game.messages!.flush())).rejects.toThrow(/lacks permission/);
    expect(game.messages!.size).toBe(3);
    const heard: string[] = [];
    const hook = Hooks.on("deleteChatMessage", (message: ChatMessage.Implementation) => void heard.push(`${game.user!.name}:${message.content}`));
    await game.messages!.flush();
    Hooks.off("deleteChatMessage", hook);
    expect(game.messages!.size).toBe(0);
    expect(heard.sort()).toEqual(["Alice", "Bob", "Gamemaster"].flatMap((u) => ["one", "three", "two"].map((c) => `${u}:${c}`)).sort());
  });

  it("render as an `li.chat-message` with its `.message-content`", async () => {
    const message = (await ChatMessage.implementation.create({ content: "<p>hello</p>" } as ChatMessage.CreateData)) as ChatMessage.Implementation;
    const html = await message.renderHTML();
    expect(html.matches("li.chat-message")).toBe(true);
    expect(html.querySelector(".message-content")!.innerHTML).toBe("<p>hello</p>");
  });
});

describe("dice", () => {
  it("roll the forced faces first, then the seeded generator, the same way each time", async () => {
    harness.dice.force(7);
    expect((await new Roll("1d10 + 2").evaluate()).total).toBe(9);
    harness.dice.seed(42);
    const a = await Promise.all([1, 2, 3].map(() => new Roll("2d6").evaluate()));
    harness.dice.seed(42);
    const b = await Promise.all([1, 2, 3].map(() => new Roll("2d6").evaluate()));
    expect(a.map((r) => r.total)).toEqual(b.map((r) => r.total));
    expect(new Roll("1d10+3").formula).toBe("1d10 + 3");
    harness.dice.force(11);
    expect(() => new Roll("1d10").evaluateSync()).toThrow(/not on a d10/);
    harness.dice.reset();
  });
});

describe("users and queries", () => {
  it("run a query's handler on the target's client, with the data as JSON", async () => {
    const seen: { user: string | undefined; data: unknown }[] = [];
    (CONFIG.queries as unknown as Record<string, unknown>)["harness.echo"] = (data: unknown) => {
      seen.push({ user: game.user?.name, data });
      return { echoed: data };
    };
    const sent = { when: new Date(0) };
    const result = await harness.as(harness.users.alice, () => harness.users.gm.query("harness.echo", sent));
    expect(seen).toEqual([{ user: "Gamemaster", data: { when: "1970-01-01T00:00:00.000Z" } }]);
    expect(result).toEqual({ echoed: { when: "1970-01-01T00:00:00.000Z" } });
    expect(game.user?.name).toBe("Gamemaster");
    harness.setGMConnected(false);
    expect(game.users!.activeGM).toBeNull();
    await expect(harness.users.gm.query("harness.echo", {})).rejects.toThrow(/not active/);
    delete (CONFIG.queries as unknown as Record<string, unknown>)["harness.echo"];
  });

  it("refuse an unregistered setting", () => {
    expect(() => game.settings!.get("factions", "nope" as "autoApply")).toThrow(/not a registered game setting/);
  });
});

describe("world settings", () => {
  it("are documents every client reads, that only a GM writes, through the database (its writes counted)", async () => {
    harness.database.resetWrites();
    await game.settings!.set("factions", "completeMargin", 6);
    expect(harness.database.writes.operations).toBe(1);
    expect(harness.database.writes.bytes).toBeGreaterThan(0);
    expect(await harness.as(harness.users.bob, () => game.settings!.get("factions", "completeMargin"))).toBe(6);
    const stored = harness.game.settings.world.find((s) => s.key === "factions.completeMargin");
    expect(await harness.as(harness.users.bob, () => stored?.testUserPermission(harness.users.bob, "OBSERVER"))).toBe(true);
    await expect(harness.as(harness.users.bob, () => game.settings!.set("factions", "completeMargin", 2))).rejects.toThrow(/lacks permission/);
    expect(game.settings!.get("factions", "completeMargin")).toBe(6);
  });

  it("run their onChange on every client, as that client's user", async () => {
    const heard: string[] = [];
    const settings = harness.game.settings;
    settings.register("harness", "probe", { scope: "world", config: false, type: Number, default: 0, onChange: (value) => void heard.push(`${game.user!.name}=${String(value)}`) });
    await settings.set("harness", "probe", 3);
    expect(heard.sort()).toEqual(["Alice=3", "Bob=3", "Gamemaster=3"]);
  });
});

describe("dialogs", () => {
  it("resolve null when closed, reject with `rejectClose`, and report a dialog nobody answered", async () => {
    const { DialogV2 } = foundry.applications.api;
    harness.dialogs.next(null);
    expect(await DialogV2.wait({ window: { title: "A" }, content: "", buttons: [{ action: "ok", label: "OK" }] } as never)).toBeNull();
    harness.dialogs.next(null);
    await expect(DialogV2.wait({ window: { title: "B" }, content: "", rejectClose: true, buttons: [{ action: "ok", label: "OK" }] } as never)).rejects.toThrow(/dismissed/);
    await expect(DialogV2.wait({ window: { title: "C" }, content: "", buttons: [{ action: "ok", label: "OK" }] } as never)).rejects.toThrow(/unexpected dialog/);
    expect(dialogScript.unexpected).toEqual(["C"]);
    dialogScript.unexpected.length = 0;
  });
});

describe("the test DOM", () => {
  it("selects the option marked `selected`, as browsers do (see dom-fixes.ts)", () => {
    const div = document.createElement("div");
    div.innerHTML = '<select><option value="a">A</option><option value="b">B</option><option value="c" selected>C</option></select>';
    expect(div.querySelector("select")!.value).toBe("c");
    div.innerHTML = '<select><option value="a">A</option><option value="b">B</option></select>';
    const select = div.querySelector("select")!;
    expect(select.value).toBe("a");
    select.value = "b";
    expect(select.selectedIndex).toBe(1);
  });
});

describe("scenes and tokens", () => {
  it("keeps tokens on a scene's square grid; a token's owners are its actor's, and moving it is an update others hear", async () => {
    const { gm, alice, bob } = harness.users;
    const actor = await harness.as(gm, () => Actor.implementation.create({ name: "Scout", type: "faction", ownership: { default: 0, [alice.id!]: 3 } } as unknown as Actor.CreateData));
    const scene = (await harness.as(gm, () =>
      Scene.implementation.create({ name: "Field", active: true, grid: { size: 100 }, tokens: [{ name: "Scout", actorId: actor!.id, x: 200, y: 300 }] } as Scene.CreateData),
    )) as unknown as { tokens: { contents: { id: string; x: number; y: number; update(d: object): Promise<unknown> }[] }; grid: { size: number } };
    const token = scene.tokens.contents[0]!;
    expect(scene.grid.size).toBe(100);
    expect(actor!.getActiveTokens().map((t) => (t as unknown as { id: string }).id)).toEqual([token.id]);
    const heard: string[] = [];
    const id = Hooks.on("updateToken", (_doc, change, _o, userId) => void heard.push(`${userId}:${(change as { x?: number }).x}`));
    try {
      await expect(harness.as(bob, () => token.update({ x: 300 }))).rejects.toThrow(/lacks permission/);
      await harness.as(alice, () => token.update({ x: 300 }));
    } finally {
      Hooks.off("updateToken", id);
    }
    expect(token.x).toBe(300);
    // Every connected client hears it, with the mover's id.
    expect(heard).toEqual([`${alice.id}:300`, `${alice.id}:300`, `${alice.id}:300`]);
  });
});

describe("the canvas: movements, drags, clicks, highlights", () => {
  type Tok = { id: string; x: number; y: number; update(d: object): Promise<unknown>; move(w: object[], o?: object): Promise<boolean> };
  async function field() {
    const { gm, alice } = harness.users;
    const actor = await harness.as(gm, () => Actor.implementation.create({ name: "Scout", type: "faction", ownership: { default: 0, [alice.id!]: 3 } } as unknown as Actor.CreateData));
    const scene = await harness.as(gm, () =>
      Scene.implementation.create({ name: "Field", active: true, padding: 0, grid: { size: 100 }, tokens: [{ name: "Scout", actorId: actor!.id, x: 200, y: 300 }] } as Scene.CreateData),
    );
    const token = (scene as unknown as { tokens: { contents: Tok[] } }).tokens.contents[0]!;
    return { scene: scene!, token };
  }

  it("a token's new place is a movement: preMoveToken on the moving client may veto it, moveToken runs on every client, with the method", async () => {
    const { alice } = harness.users;
    const { token } = await field();
    const seen: string[] = [];
    const pre = Hooks.on("preMoveToken", (_doc: unknown, movement: { method: string; destination: { x: number } }) => {
      seen.push(`pre:${game.user!.name}:${movement.method}:${movement.destination.x}`);
      return movement.destination.x !== 900;
    });
    // fvtt-types does not name v13's moveToken hook: registered by its name.
    const hooks = Hooks as unknown as { on(hook: string, fn: (...args: never[]) => unknown): number; off(hook: string, id: number): void };
    const post = hooks.on("moveToken", (_doc: unknown, movement: { method: string }) => void seen.push(`moved:${game.user!.name}:${movement.method}`));
    try {
      expect(await harness.as(alice, () => token.move([{ x: 900, y: 300 }]))).toBe(false);
      expect(token.x).toBe(200);
      expect(await harness.drag(alice, token as never, { x: 450, y: 380 })).toBe(true);
    } finally {
      Hooks.off("preMoveToken", pre);
      hooks.off("moveToken", post);
    }
    // Dropped in the square (4, 3): its corner snapped there.
    expect({ x: token.x, y: token.y }).toEqual({ x: 400, y: 300 });
    // The veto ran on Alice's client only; the move was heard on every client.
    expect(seen.slice(0, 2)).toEqual(["pre:Alice:api:900", "pre:Alice:dragging:400"]);
    expect(seen.slice(2).sort()).toEqual(["moved:Alice:dragging", "moved:Bob:dragging", "moved:Gamemaster:dragging"]);
  });

  it("a drag needs a token the user owns, drawn on their canvas, and an unpaused game for a player", async () => {
    const { bob, alice, gm } = harness.users;
    const { token } = await field();
    await expect(harness.drag(bob, token as never, { x: 50, y: 50 })).rejects.toThrow(/do not own/);
    (game as unknown as { paused: boolean }).paused = true;
    try {
      await expect(harness.drag(alice, token as never, { x: 50, y: 50 })).rejects.toThrow(/paused/);
      expect(await harness.drag(gm, token as never, { x: 50, y: 50 })).toBe(true);
    } finally {
      (game as unknown as { paused: boolean }).paused = false;
    }
  });

  it("a click reaches the clicking client's stage as PIXI delivers it: a screen point, the canvas point only through getLocalPosition", async () => {
    const { alice, bob } = harness.users;
    await field();
    const got: string[] = [];
    let local: { x: number; y: number } | null = null;
    let screen: { x: number; y: number } | null = null;
    const listen = (event: { type: string; button: number; global: { x: number; y: number }; getLocalPosition(c: unknown): { x: number; y: number } }) => {
      got.push(`${game.user!.name}:${event.type}:${event.button}`);
      if (event.type === "mousedown") {
        local = event.getLocalPosition(canvas!.stage);
        screen = { x: event.global.x, y: event.global.y };
        expect(() => event.getLocalPosition(undefined)).toThrow(/container/);
      }
    };
    await harness.as(alice, () => void canvas!.stage!.on("pointerdown", listen as never).on("mousedown", listen as never).on("rightdown", listen as never));
    await harness.click(alice, { x: 250, y: 350 });
    await harness.click(alice, { x: 250, y: 350 }, { button: 2 });
    await harness.click(bob, { x: 250, y: 350 });
    expect(got).toEqual(["Alice:pointerdown:0", "Alice:mousedown:0", "Alice:pointerdown:2", "Alice:rightdown:2"]);
    expect(local).toEqual({ x: 250, y: 350 });
    expect(screen).not.toEqual({ x: 250, y: 350 });
    // Made by hand, an event needs the renderer's boundary, as PIXI's does.
    expect(() => new PIXI.FederatedPointerEvent(undefined as never)).toThrow(/boundary/);
  });

  it("grid highlights are each client's own, by grid space; a layer not added highlights nothing; another scene drops them", async () => {
    const { alice, bob, gm } = harness.users;
    const { scene } = await field();
    await harness.as(alice, () => {
      const grid = canvas!.interface!.grid;
      expect(grid.highlightPosition("nope", { x: 100, y: 100 })).toBe(false);
      grid.addHighlightLayer("mine");
      grid.highlightPosition("mine", { x: 150, y: 120 });
      grid.highlightPosition("mine", { x: 0, y: 200 });
    });
    expect(harness.highlighted(alice, "mine")).toEqual([{ x: 1, y: 1 }, { x: 0, y: 2 }]);
    expect(harness.highlighted(bob, "mine")).toBeNull();
    const other = await harness.as(gm, () => Scene.implementation.create({ name: "Elsewhere" } as Scene.CreateData));
    harness.view(alice, other as never);
    expect(harness.highlighted(alice, "mine")).toBeNull();
    harness.view(alice, scene as never);
  });
});

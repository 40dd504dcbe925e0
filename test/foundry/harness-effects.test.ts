/**
 * The in-memory Foundry's Active Effects, statuses, the token HUD's status palette, roll tables,
 * token actor ids and Combatant types: the v13 behaviours the Skirmish tests and the token
 * status tests rely on it to mirror (harness/effects.ts, harness/hud.ts, harness/tables.ts).
 */
import { describe, expect, it } from "vitest";
import { harness } from "../harness/install";
import { activeStatuses, clickStatus, openTokenHUD, placeTokens } from "../harness/world";

const { as } = harness;

async function actorOf(owner?: typeof harness.users.alice): Promise<Actor.Implementation> {
  const ownership: Record<string, number> = { default: 0 };
  if (owner) ownership[owner.id!] = 3;
  return (await Actor.implementation.create({ name: "Ada", type: "infantry", ownership } as Actor.CreateData)) as Actor.Implementation;
}

const fallout = (kind: string, extra: Record<string, unknown> = {}) => ({ name: `FACTIONS.Skirmish.Status.${kind}`, type: "skirmish", statuses: [kind], system: { kind, stack: 1, ...extra } });

describe("Active Effects", () => {
  it("are embedded in actors, owned as their actor, with hooks on every client", async () => {
    const actor = await actorOf(harness.users.alice);
    const heard: string[] = [];
    const id = Hooks.on("createActiveEffect", (_effect, _options, userId) => void heard.push(`${game.user!.name}:${userId}`));
    // An effect of the base type (fallout is the GM's: skirmish-gm-fields.test.ts).
    const [effect] = (await as(harness.users.alice, () => actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Blessing" }] as ActiveEffect.CreateData[]))) as ActiveEffect.Implementation[];
    Hooks.off("createActiveEffect", id);
    expect(effect!.uuid).toBe(`${actor.uuid}.ActiveEffect.${effect!.id}`);
    expect(effect!.parent).toBe(actor);
    expect(heard.sort()).toEqual([`Alice:${harness.users.alice.id}`, `Bob:${harness.users.alice.id}`, `Gamemaster:${harness.users.alice.id}`]);
    // Bob owns nothing of Ada's: the server refuses him, and nothing changes.
    await expect(as(harness.users.bob, () => actor.createEmbeddedDocuments("ActiveEffect", [fallout("panic")] as ActiveEffect.CreateData[]))).rejects.toThrow(/lacks permission/);
    await expect(as(harness.users.bob, () => effect!.delete())).rejects.toThrow(/lacks permission/);
    expect(actor.effects.size).toBe(1);
  });

  it("keep `statuses` as a Set; the actor's statuses are those of its active effects; a status or a duration makes one temporary", async () => {
    const actor = await actorOf();
    await actor.createEmbeddedDocuments("ActiveEffect", [
      fallout("dazed"),
      { ...fallout("panic"), disabled: true },
      { name: "Blessing", duration: { rounds: 3 } },
      { name: "Note" },
    ] as ActiveEffect.CreateData[]);
    const [dazed, , blessing, note] = actor.effects.contents;
    expect(dazed!.statuses).toBeInstanceOf(Set);
    expect([...actor.statuses]).toEqual(["dazed"]);
    expect([dazed!.isTemporary, blessing!.isTemporary, note!.isTemporary]).toEqual([true, true, false]);
    expect(actor.temporaryEffects).toEqual([dazed, blessing]);
    expect(note!.type).toBe("base");
  });

  it("validate their type and their system data as the type's data model says", async () => {
    const actor = await actorOf();
    await expect(actor.createEmbeddedDocuments("ActiveEffect", [{ name: "X", type: "nope" }] as unknown as ActiveEffect.CreateData[])).rejects.toThrow();
    await expect(actor.createEmbeddedDocuments("ActiveEffect", [fallout("sunburn")] as ActiveEffect.CreateData[])).rejects.toThrow(/sunburn/);
    const [effect] = (await actor.createEmbeddedDocuments("ActiveEffect", [fallout("exhausted", { stack: 0 })] as ActiveEffect.CreateData[])) as ActiveEffect.Implementation[];
    // Cleaning clamps to the field's minimum, as v13 does.
    expect((effect!.system as unknown as { stack: number }).stack).toBe(1);
    expect(actor.effects.size).toBe(1);
  });

  it("are made from `CONFIG.statusEffects`: localized name, the status among its statuses, the entry's type and system", async () => {
    const effect = await ActiveEffect.implementation.fromStatusEffect("goneProne");
    expect(effect.name).toBe("Gone Prone");
    expect([...effect.statuses]).toEqual(["goneProne"]);
    expect(effect.type).toBe("skirmish");
    expect(effect.id).toBeNull();
    await expect(ActiveEffect.implementation.fromStatusEffect("nope")).rejects.toThrow(/Invalid status ID/);
    const saved = CONFIG.statusEffects;
    CONFIG.statusEffects = [...saved, { id: "twin", name: "Twin", img: "icons/svg/aura.svg", statuses: ["dazed"] } as (typeof saved)[number]];
    await expect(ActiveEffect.implementation.fromStatusEffect("twin")).rejects.toThrow(/static _id/);
    CONFIG.statusEffects = saved;
  });
});

describe("Actor#toggleStatusEffect", () => {
  it("creates the status's effect, and deletes every effect that has only that status", async () => {
    const actor = await actorOf();
    const created = (await actor.toggleStatusEffect("panic")) as ActiveEffect.Implementation;
    expect(created.parent).toBe(actor);
    expect(actor.statuses.has("panic")).toBe(true);
    // Forced on: nothing more; forced off when absent: nothing.
    expect(await actor.toggleStatusEffect("panic", { active: true })).toBe(true);
    expect(actor.effects.size).toBe(1);
    expect(await actor.toggleStatusEffect("dazed", { active: false })).toBeUndefined();
    await actor.createEmbeddedDocuments("ActiveEffect", [fallout("panic")] as ActiveEffect.CreateData[]);
    expect(await actor.toggleStatusEffect("panic")).toBe(false);
    expect(actor.effects.size).toBe(0);
  });

  it("with a static `_id`, is that one effect", async () => {
    const actor = await actorOf();
    const saved = CONFIG.statusEffects;
    CONFIG.statusEffects = [...saved, { id: "braced", _id: "braced0000000000", name: "Braced", img: "icons/svg/shield.svg" } as (typeof saved)[number]];
    await actor.createEmbeddedDocuments("ActiveEffect", [{ name: "Other", statuses: ["braced"] }] as ActiveEffect.CreateData[]);
    const made = (await actor.toggleStatusEffect("braced")) as ActiveEffect.Implementation;
    expect(made.id).toBe("braced0000000000");
    expect(await actor.toggleStatusEffect("braced")).toBe(false);
    expect(actor.effects.contents.map((e) => e.name)).toEqual(["Other"]);
    await expect(actor.toggleStatusEffect("nope")).rejects.toThrow(/Invalid status ID/);
    CONFIG.statusEffects = saved;
  });
});

/** Draw options without chat (v13's DrawOptions name every key). */
const quiet = { displayChat: false } as RollTable.DrawOptions;

describe("roll tables", () => {
  async function table(replacement = true): Promise<RollTable.Implementation> {
    const results = [1, 2, 3].map((n) => ({ type: "text", name: `Row ${n}`, description: `<p>r${n}</p>`, range: [n * 2 - 1, n * 2] }));
    return (await RollTable.implementation.create({ name: "D6", formula: "1d6", replacement, results, ownership: { default: 2 } } as unknown as RollTable.CreateData)) as RollTable.Implementation;
  }

  it("find the results whose range holds a total, and roll their formula (or a given roll's, rolled again)", async () => {
    const t = await table();
    expect(t.results.size).toBe(3);
    expect(t.getResultsForRoll(4).map((r) => r.name)).toEqual(["Row 2"]);
    expect(t.getResultsForRoll(7)).toEqual([]);
    harness.dice.force(5);
    const rolled = await t.roll();
    expect([rolled.roll.total, rolled.results.map((r) => r.name)]).toEqual([5, ["Row 3"]]);
    harness.dice.force(1);
    const given = await new Roll("1d6").evaluate();
    harness.dice.force(6);
    const drawn = await t.roll({ roll: given });
    expect([given.total, drawn.roll.formula, drawn.roll.total, drawn.results.map((r) => r.name)]).toEqual([1, "1d6", 6, ["Row 3"]]);
  });

  it("draw: posted as the current user, with the roll and the table's id, the results in the content", async () => {
    const t = await table();
    harness.dice.force(2);
    const drawn = await as(harness.users.alice, () => t.draw());
    expect(drawn.results.map((r) => r.name)).toEqual(["Row 1"]);
    const message = game.messages!.contents.at(-1)!;
    expect(message.author?.id).toBe(harness.users.alice.id);
    expect((message.flags as { core: { RollTable: string } }).core.RollTable).toBe(t.id);
    expect(message.rolls.map((r) => r.total)).toEqual([2]);
    expect(message.content).toContain("Row 1");
    // Without chat, nothing is posted.
    const count = game.messages!.size;
    await t.draw(quiet);
    expect(game.messages!.size).toBe(count);
  });

  it("without replacement mark what they draw, which only the table's owner may", async () => {
    const t = await table(false);
    harness.dice.force(3);
    await t.draw(quiet);
    expect(t.results.contents.map((r) => r.drawn)).toEqual([false, true, false]);
    expect(t.getResultsForRoll(3)).toEqual([]);
    harness.dice.force(1);
    await expect(as(harness.users.bob, () => t.draw(quiet))).rejects.toThrow(/lacks permission/);
    expect(t.results.contents.map((r) => r.drawn)).toEqual([false, true, false]);
  });

  it("refuse a result whose range runs backwards", async () => {
    await expect(RollTable.implementation.create({ name: "Bad", formula: "1d6", results: [{ name: "X", range: [5, 3] }] } as RollTable.CreateData)).rejects.toThrow();
    expect(game.tables!.size).toBe(0);
  });

  it("come from a compendium with their results", () => {
    const pack = harness.loadPack("skirmish-tables");
    const [first] = pack.contents as unknown as RollTable.Implementation[];
    expect(first!.uuid.startsWith("Compendium.factions.skirmish-tables.RollTable.")).toBe(true);
    expect(first!.results.size).toBe(16);
  });
});

describe("tokens and combatants", () => {
  it("a token's actorId is its actor's id (not the actor), and a Combatant's type must be one of the system's", async () => {
    const actor = await actorOf();
    const scene = (await Scene.implementation.create({ name: "S" } as Scene.CreateData)) as Scene.Implementation;
    const [token] = (await scene.createEmbeddedDocuments("Token", [{ name: "T", actorId: actor.id }] as TokenDocument.CreateData[])) as TokenDocument.Implementation[];
    expect(token!.actorId).toBe(actor.id);
    // Unlinked by default, as in Foundry: the token has its own actor, made from the world actor.
    expect(token!.actor).not.toBe(actor);
    expect(token!.actor?.id).toBe(actor.id);
    const combat = (await Combat.implementation.create({ type: "base" } as Combat.CreateData)) as Combat.Implementation;
    await expect(combat.createEmbeddedDocuments("Combatant", [{ type: "nope", actorId: actor.id }] as unknown as Combatant.CreateData[])).rejects.toThrow();
    expect(combat.combatants.size).toBe(0);
  });
});

describe("unlinked tokens", () => {
  async function tokensOf(actor: Actor.Implementation, linked: boolean[]): Promise<TokenDocument.Implementation[]> {
    const scene = (await Scene.implementation.create({ name: "S", active: true } as Scene.CreateData)) as Scene.Implementation;
    const data = linked.map((actorLink, i) => ({ name: `T${i}`, actorId: actor.id, actorLink, x: 100 * i }));
    return (await scene.createEmbeddedDocuments("Token", data as TokenDocument.CreateData[])) as TokenDocument.Implementation[];
  }

  it("each have a synthetic actor of their own: its uuid under the token, its changes in the token's delta, the world actor untouched", async () => {
    const actor = await actorOf(harness.users.alice);
    const [linked, first, second] = await tokensOf(actor, [true, false, false]);
    const one = first!.actor!;
    expect(linked!.actor).toBe(actor);
    expect([one.isToken, one.token, one.id, one.uuid]).toEqual([true, first, actor.id, `${first!.uuid}.Actor.${actor.id}`]);
    expect(first!.actor).toBe(one);
    expect(foundry.utils.fromUuidSync(one.uuid as `Actor.${string}`)).toBe(one);

    const heard: string[] = [];
    const hooks = [Hooks.on("updateActor", (a) => void heard.push(`update ${a.uuid}`)), Hooks.on("createActiveEffect", (e) => void heard.push(`effect ${e.parent?.uuid}`))];
    await harness.as(harness.users.alice, () => one.update({ name: "Ada (wounded)" }));
    await harness.as(harness.users.gm, () => one.createEmbeddedDocuments("ActiveEffect", [fallout("exhausted")] as ActiveEffect.CreateData[]));
    Hooks.off("updateActor", hooks[0]!);
    Hooks.off("createActiveEffect", hooks[1]!);
    expect([...new Set(heard)]).toEqual([`update ${one.uuid}`, `effect ${one.uuid}`]);
    expect([one.name, one.effects.size, first!.actor!.effects.size]).toEqual(["Ada (wounded)", 1, 1]);
    const effect = one.effects.contents[0]!;
    expect(effect.uuid).toBe(`${one.uuid}.ActiveEffect.${effect.id}`);
    expect(foundry.utils.fromUuidSync(effect.uuid as `Actor.${string}`)).toBe(effect);
    // The world actor and the other tokens are as they were.
    expect([actor.name, actor.effects.size, second!.actor!.name, second!.actor!.effects.size, linked!.actor!.name]).toEqual(["Ada", 0, "Ada", 0, "Ada"]);
    expect((first!._source as { delta: { name?: string } }).delta.name).toBe("Ada (wounded)");

    // What the delta does not change still follows the world actor.
    await actor.update({ img: "icons/svg/skull.svg" });
    expect([first!.actor!.img, first!.actor!.name, second!.actor!.img]).toEqual(["icons/svg/skull.svg", "Ada (wounded)", "icons/svg/skull.svg"]);
  });

  it("are owned as their actor; a combatant of one has that token's actor", async () => {
    const actor = await actorOf(harness.users.alice);
    const [token] = await tokensOf(actor, [false]);
    const synthetic = token!.actor!;
    const { alice, bob } = harness.users as unknown as Record<string, User.Implementation>;
    expect([token!.testUserPermission(bob!, "OWNER"), synthetic.testUserPermission(alice!, "OWNER"), synthetic.testUserPermission(bob!, "OWNER")]).toEqual([false, true, false]);
    await expect(harness.as(harness.users.bob, () => synthetic.update({ name: "Bob's now" }))).rejects.toThrow(/lacks permission/);
    expect(synthetic.name).toBe("Ada");
    const combat = (await Combat.implementation.create({ type: "base" } as Combat.CreateData)) as Combat.Implementation;
    const [combatant] = (await combat.createEmbeddedDocuments("Combatant", [{ actorId: actor.id, tokenId: token!.id, sceneId: token!.parent!.id }] as Combatant.CreateData[])) as Combatant.Implementation[];
    expect(combatant!.actor).toBe(synthetic);
    expect(combatant!.token).toBe(token);
    expect(actor.getActiveTokens(true, true)).toEqual([]);
    expect(synthetic.getActiveTokens(false, true)).toEqual([token]);
  });
});

describe("the token HUD", () => {
  /** Statuses of the test's own, around the system's: one for vehicles only, one off the HUD, a plain one, and one with a static id. */
  function withStatuses<T>(fn: () => Promise<T>): Promise<T> {
    const saved = CONFIG.statusEffects;
    const extra = [
      { id: "braced", name: "Braced", img: "icons/svg/shield.svg", hud: { actorTypes: ["vehicle"] } },
      { id: "hush", name: "Hush", img: "icons/svg/silenced.svg", hud: false },
      { id: "glow", name: "Glow", img: "icons/svg/sun.svg" },
      { id: "mark", _id: "markedStatus0000", name: "Mark", img: "icons/svg/target.svg" },
    ];
    CONFIG.statusEffects = [...saved, ...(extra as unknown as typeof saved)];
    return fn().finally(() => {
      CONFIG.statusEffects = saved;
    });
  }

  it("opens for the GM and the token's owners only, and offers the statuses its actor's type may have", () =>
    withStatuses(async () => {
      const actor = await actorOf(harness.users.alice);
      const [token] = await placeTokens(actor);
      const hud = await openTokenHUD(harness.users.gm, token!);
      const offered = Object.keys(hud._getStatusEffectChoices());
      expect(offered).toEqual(expect.arrayContaining(["glow", "mark", "dazed"]));
      expect(offered).not.toContain("braced");
      expect(offered).not.toContain("hush");
      expect(hud.element.querySelectorAll(".effect-control")).toHaveLength(offered.length);
      await expect(openTokenHUD(harness.users.bob, token!)).rejects.toThrow(/controls the token/);
      await (await openTokenHUD(harness.users.alice, token!)).close();
      await hud.close();
    }));

  it("shows a status active for its static-id effect, else for an effect whose only status it is", () =>
    withStatuses(async () => {
      const actor = await actorOf();
      const [token] = await placeTokens(actor);
      await actor.createEmbeddedDocuments("ActiveEffect", [
        { name: "Two things", statuses: ["glow", "dazed"] },
        { name: "Not the mark's own", statuses: ["mark"] },
      ] as ActiveEffect.CreateData[]);
      const hud = await openTokenHUD(harness.users.gm, token!);
      expect(activeStatuses(hud)).toEqual([]);
      await actor.createEmbeddedDocuments("ActiveEffect", [{ _id: "markedStatus0000", name: "Mark", statuses: ["mark"] }, { name: "Glow", statuses: ["glow"] }] as ActiveEffect.CreateData[], { keepId: true });
      await harness.settle();
      expect(activeStatuses(hud).sort()).toEqual(["glow", "mark"]);
      await hud.close();
    }));

  it("toggles a clicked status through the actor (right click: as an overlay), and its palette follows", () =>
    withStatuses(async () => {
      const actor = await actorOf(harness.users.alice);
      const [token] = await placeTokens(actor);
      const hud = await openTokenHUD(harness.users.alice, token!);
      const toggles: unknown[] = [];
      const original = actor.toggleStatusEffect.bind(actor);
      actor.toggleStatusEffect = (id, options) => {
        toggles.push([id, options]);
        return original(id, options);
      };
      await clickStatus(harness.users.alice, hud, "glow");
      expect(actor.statuses.has("glow")).toBe(true);
      expect(activeStatuses(hud)).toEqual(["glow"]);
      await clickStatus(harness.users.alice, hud, "glow");
      expect(actor.statuses.has("glow")).toBe(false);
      await clickStatus(harness.users.alice, hud, "mark", 2);
      expect((actor.effects.get("markedStatus0000")?._source.flags as { core?: { overlay?: boolean } }).core?.overlay).toBe(true);
      expect(hud.element.querySelector('[data-status-id="mark"]')!.classList.contains("overlay")).toBe(true);
      expect(toggles).toEqual([
        ["glow", { active: true, overlay: false }],
        ["glow", { active: false, overlay: false }],
        ["mark", { active: true, overlay: true }],
      ]);
      await hud.close();
    }));
});

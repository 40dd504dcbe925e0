/**
 * Issue 18 §3, Skirmish: an applied attack's card offers the outcomes its target may bear, in the
 * seed's own terms (an individual's Injury!, a squad's Member Injured!, Morale −1 for the target's
 * company, the named statuses of its table). The GM applies each with one click, the squad's owner
 * picks the member Member Injured! puts out of the fight; each is its own card, linked to the
 * attack, taken once per attack, undoable (undo gives the option back). Nobody else may take them.
 */
import { describe, expect, it } from "vitest";
import { performAction, undoMessage, type ActionMessage } from "../../src/core/actions/pipeline";
import { ACTIONS } from "../../src/rulesets/skirmish/rules";
import { harness } from "../harness/install";
import { clickAs, lastCard, renderCardAs, t, warnings } from "../harness/world";
import type { User } from "../harness/documents";
import { encounter, fallout, IDS, skirmishActors, tokenUuid, worldSnapshot, type SkirmishEncounter } from "./skirmish-fixtures";

const S = "FACTIONS.Skirmish.";
const { as } = harness;

const steps = (html: HTMLElement) => [...html.querySelectorAll<HTMLButtonElement>('button[data-action="followUp"]')].map((b) => b.dataset.step);
const texts = (html: HTMLElement) => [...html.querySelectorAll<HTMLButtonElement>('button[data-action="followUp"]')].map((b) => b.textContent?.trim());
const logLines = (html: HTMLElement) => [...html.querySelectorAll(".factions-card-log li")].map((li) => li.textContent?.replace(/\s+/g, " ").trim());
const button = (target: string, outcome: string) => t(`${S}Outcome.Button`, { target, outcome: t(`${S}Outcome.${outcome}`) });
const sys = <T>(a: Actor.Implementation) => a._source.system as unknown as T;
const members = (a: Actor.Implementation) => sys<{ members: { id: string; state: string }[] }>(a).members.map((m) => `${m.id}:${m.state}`);

/** `shooter` attacks `target` with `weapon`, as `user` (a second attack in the round: the GM's override). */
async function attack(user: User, shooter: Actor.Implementation, weapon: string, target: Actor.Implementation, override = false): Promise<ActionMessage> {
  const id = override ? `${ACTIONS.attack}.override` : ACTIONS.attack;
  const card = await as(user, () => performAction(id, shooter, { actor: shooter.uuid, weapons: [weapon], target: tokenUuid(target) }));
  expect(card?.system.status).toBe("applied");
  return card!;
}

/** Click the outcome `step` on the attack's card as `user`; the card it posted. */
async function take(user: User, card: ActionMessage, step: string): Promise<ActionMessage> {
  const html = await renderCardAs(user, card);
  const b = html.querySelector<HTMLButtonElement>(`button[data-action="followUp"][data-step="${step}"]`);
  if (!b) throw new Error(`no ${step} (has ${steps(html).join(", ")})`);
  await as(user, async () => {
    b.click();
    await harness.settle();
  });
  return lastCard();
}

async function ready(): Promise<SkirmishEncounter> {
  const w = await encounter();
  harness.notifications.clear();
  return w;
}

describe("the outcomes on a Skirmish attack's card", () => {
  it("a squad: the GM sees Member Injured!, Morale −1, Panic! and Comms breakdown!; its owner only Member Injured!, the attacker none", async () => {
    const w = await ready();
    const { alice, bob, gm } = harness.users;
    const shot = await attack(bob, w.rhino, IDS.coax, w.red);
    expect(texts(await renderCardAs(gm, shot))).toEqual(["memberInjured", "moraleDown", "panic", "commsBreakdown"].map((o) => button("Red Squad", o)));
    expect(steps(await renderCardAs(alice, shot))).toEqual(["memberInjured"]);
    expect(steps(await renderCardAs(bob, shot))).toEqual([]);
  });

  it("Member Injured!: the squad's owner picks the member, in one card linked to the attack; Morale −1 is the GM's; undo puts both back", async () => {
    const w = await ready();
    const { alice, bob, gm } = harness.users;
    const shot = await attack(bob, w.rhino, IDS.coax, w.red);
    const before = worldSnapshot();
    let offered: string[] = [];
    harness.dialogs.next((dialog) => {
      offered = [...dialog.element.querySelectorAll<HTMLOptionElement>('select[name="skirmishMember"] option')].map((o) => o.textContent!.trim());
      dialog.fill({ skirmishMember: "m2" });
      return dialog.submit();
    });
    const injured = await take(alice, shot, "memberInjured");
    expect(warnings()).toEqual([]);
    expect(offered).toEqual(["Ana", "Ben", "Cy", "Dee"]);
    expect(injured.system).toMatchObject({ action: ACTIONS.outcome, status: "applied", actor: w.red.uuid, choice: { target: w.red.uuid, outcome: "memberInjured", member: "m2", card: shot.id } });
    expect(members(w.red)).toEqual(["m1:ready", "m2:out", "m3:ready", "m4:ready"]);
    const shown = await renderCardAs(bob, injured);
    // Titled by the outcome it applies, not as every outcome's card.
    expect(shown.querySelector(".factions-card-title")?.textContent?.trim()).toBe(t(`${S}Outcome.Title`, { outcome: t(`${S}Outcome.memberInjured`) }));
    expect(logLines(shown)).toEqual([t(`${S}Log.MemberOut`, { name: "Red Squad", member: "Ben" }), t(`${S}Log.OutcomeOf`, { attacker: "Rhino" })]);
    // Taken once: the owner's button is gone, the GM keeps the others.
    expect(steps(await renderCardAs(alice, shot))).toEqual([]);
    expect(steps(await renderCardAs(gm, shot))).toEqual(["moraleDown", "panic", "commsBreakdown"]);

    const morale = await take(gm, shot, "moraleDown");
    expect(morale.system.status).toBe("applied");
    expect(sys<{ morale: number }>(w.company).morale).toBe(4);
    expect(logLines(await renderCardAs(alice, morale))[0]).toBe(t(`${S}Log.MoraleDown`, { name: "Red Squad", company: "First Company", morale: 4 }));

    await as(gm, () => undoMessage(morale));
    await as(gm, () => undoMessage(injured));
    expect(worldSnapshot()).toEqual(before);
    expect(steps(await renderCardAs(gm, shot))).toEqual(["memberInjured", "moraleDown", "panic", "commsBreakdown"]);
  });

  it("a squad with one member in the fight takes it without asking; with none, Member Injured! is not offered", async () => {
    const w = await ready();
    const { alice, bob, gm } = harness.users;
    const all = sys<{ members: { id: string; name: string; state: string }[] }>(w.red).members;
    await as(gm, () => w.red.update({ system: { members: all.map((m) => ({ ...m, state: m.id === "m3" ? "slowed" : "out" })) } } as Actor.UpdateData));
    const shot = await attack(bob, w.rhino, IDS.coax, w.red);
    await take(alice, shot, "memberInjured");
    expect(warnings()).toEqual([]);
    expect(members(w.red)).toEqual(["m1:out", "m2:out", "m3:out", "m4:out"]);
    const again = await attack(gm, w.rhino, IDS.cannon, w.red, true);
    expect(steps(await renderCardAs(gm, again))).toEqual(["moraleDown", "panic", "commsBreakdown"]);
  });

  it("an individual: Injury!, Concussion and Dazed, the GM's; no company, no Morale −1; a status it already has is refused", async () => {
    const w = await ready();
    const { bob, gm, alice } = harness.users;
    const shot = await attack(bob, w.rhino, IDS.coax, w.ada);
    expect(texts(await renderCardAs(gm, shot))).toEqual(["injury", "concussion", "dazed"].map((o) => button("Ada", o)));
    expect(steps(await renderCardAs(alice, shot))).toEqual([]);
    const injury = await take(gm, shot, "injury");
    expect(injury.system.status).toBe("applied");
    expect(sys<{ injuries: number }>(w.ada).injuries).toBe(1);
    await take(gm, shot, "concussion");
    expect(fallout(w.ada)).toMatchObject([{ kind: "concussion" }]);
    const second = await attack(gm, w.rhino, IDS.cannon, w.ada, true);
    const before = worldSnapshot();
    harness.notifications.clear();
    await take(gm, second, "concussion");
    expect(warnings(gm)).toEqual([t(`${S}Reject.AlreadyHasStatus`, { name: "Ada", outcome: t(`${S}Outcome.concussion`) })]);
    expect(worldSnapshot()).toEqual(before);
  });

  it("a vehicle bears only its company's Morale −1", async () => {
    const w = await ready();
    const { alice, gm } = harness.users;
    expect(steps(await renderCardAs(gm, await attack(alice, w.ada, IDS.pistol, w.rhino)))).toEqual([]);
    await as(gm, () => w.company.update({ system: { squads: [`Actor.${IDS.red}`, `Actor.${IDS.rhino}`] } } as Actor.UpdateData));
    const shot = await attack(alice, w.red, IDS.rifles, w.rhino);
    expect(steps(await renderCardAs(gm, shot))).toEqual(["moraleDown"]);
    await take(gm, shot, "moraleDown");
    expect(sys<{ morale: number }>(w.company).morale).toBe(4);
  });
});

describe("the outcomes follow the roll", () => {
  /** The Rhino's coaxial gun rolls 1d10 and must reach 6; its next die shows `face`. */
  async function aimed(face: number): Promise<SkirmishEncounter> {
    const w = await ready();
    await as(harness.users.gm, () => w.rhino.items.get(IDS.coax)!.update({ system: { attack: { formula: "1d10", reach: 6 } } } as Item.UpdateData));
    harness.dice.force(face);
    return w;
  }
  const ruling = (target: string, outcome: string) => t(`${S}Outcome.Ruling`, { target, outcome: t(`${S}Outcome.${outcome}`) });

  it("a hit offers the target's outcomes as always: Member Injured! to the squad's owner too", async () => {
    const w = await aimed(6);
    const { alice, bob, gm } = harness.users;
    const shot = await attack(bob, w.rhino, IDS.coax, w.red);
    expect(texts(await renderCardAs(gm, shot))).toEqual(["memberInjured", "moraleDown", "panic", "commsBreakdown"].map((o) => button("Red Squad", o)));
    expect(steps(await renderCardAs(alice, shot))).toEqual(["memberInjured"]);
  });

  it("a miss offers no harm: the target's owner sees no outcome, the GM each as a ruling of theirs", async () => {
    const w = await aimed(5);
    const { alice, bob, gm } = harness.users;
    const shot = await attack(bob, w.rhino, IDS.coax, w.red);
    const asGm = await renderCardAs(gm, shot);
    expect(texts(asGm)).toEqual(["memberInjured", "moraleDown", "panic", "commsBreakdown"].map((o) => ruling("Red Squad", o)));
    expect([...asGm.querySelectorAll('button[data-action="followUp"] i')].every((i) => i.classList.contains("fa-gavel"))).toBe(true);
    expect(steps(await renderCardAs(alice, shot))).toEqual([]);
    expect(steps(await renderCardAs(bob, shot))).toEqual([]);
  });

  it("the GM's ruling on a miss is applied as its own card that says so first; the squad's owner cannot take it", async () => {
    const w = await aimed(5);
    const { alice, bob, gm } = harness.users;
    const shot = await attack(bob, w.rhino, IDS.coax, w.red);
    const before = worldSnapshot();
    // A claim written by hand, as a modified client could send it: refused, nothing changed.
    await as(alice, () => performAction(ACTIONS.outcome, w.red, { target: w.red.uuid, outcome: "memberInjured", member: "m1", card: shot.id! }));
    expect(warnings(alice)).toEqual([t("FACTIONS.Action.Error.NotOffered")]);
    expect(worldSnapshot()).toEqual(before);
    harness.dialogs.next((dialog) => {
      dialog.fill({ skirmishMember: "m3" });
      return dialog.submit();
    });
    const ruled = await take(gm, shot, "memberInjured");
    expect(ruled.system.status).toBe("applied");
    expect(members(w.red)).toEqual(["m1:ready", "m2:ready", "m3:out", "m4:ready"]);
    const shown = await renderCardAs(alice, ruled);
    expect(shown.querySelector(".factions-card-summary")?.textContent?.replace(/\s+/g, " ").trim()).toBe(t(`${S}Log.RuledOnMiss`, { attacker: "Rhino" }));
    expect(logLines(shown)).toEqual([t(`${S}Log.MemberOut`, { name: "Red Squad", member: "Cy" }), t(`${S}Log.OutcomeOf`, { attacker: "Rhino" })]);
  });
});

describe("an unlinked token as the target", () => {
  it("its own actor bears the outcome: its member out, its Panic!; the world's Red Squad and the other token untouched; undo puts it back", async () => {
    const world = await skirmishActors();
    const { alice, bob, gm } = harness.users;
    const { scene, red1, red2, rhino } = await as(gm, async () => {
      const scene = (await Scene.implementation.create({ name: "Ridge", active: true } as Scene.CreateData)) as Scene.Implementation;
      const placed = [
        { name: "Red 1", actorId: IDS.red, actorLink: false, x: 100, y: 100 },
        { name: "Red 2", actorId: IDS.red, actorLink: false, x: 200, y: 100 },
        { name: "Rhino", actorId: IDS.rhino, actorLink: true, x: 500, y: 100 },
      ];
      const tokens = (await scene.createEmbeddedDocuments("Token", placed as TokenDocument.CreateData[])) as TokenDocument.Implementation[];
      const combat = (await Combat.implementation.create({ type: "base", scene: scene.id } as Combat.CreateData)) as Combat.Implementation;
      await combat.createEmbeddedDocuments("Combatant", tokens.map((tk) => ({ tokenId: tk.id, sceneId: scene.id, actorId: tk.actorId, name: tk.name })) as Combatant.CreateData[]);
      await combat.startCombat();
      await harness.settle();
      const [red1, red2] = tokens.map((tk) => tk.actor as Actor.Implementation);
      return { scene, red1: red1!, red2: red2!, rhino: world.rhino };
    });
    const token1 = scene.tokens.find((tk) => tk.name === "Red 1")!;
    const shot = await as(bob, () => performAction(ACTIONS.attack, rhino, { actor: rhino.uuid, weapons: [IDS.coax], target: token1.uuid }));
    expect(shot?.system.status).toBe("applied");
    const before = worldSnapshot();
    const html = await renderCardAs(alice, shot!);
    expect(texts(html)).toEqual([button("Red 1", "memberInjured")]);
    harness.dialogs.next({ skirmishMember: "m4" });
    const injured = await take(alice, shot!, "memberInjured");
    const panic = await take(gm, shot!, "panic");
    expect(warnings()).toEqual([]);
    expect([injured.system.actor, panic.system.actor]).toEqual([red1.uuid, red1.uuid]);
    expect(members(red1)).toEqual(["m1:ready", "m2:ready", "m3:ready", "m4:out"]);
    expect(fallout(red1)).toMatchObject([{ kind: "panic" }]);
    expect(members(red2)).toEqual(["m1:ready", "m2:ready", "m3:ready", "m4:ready"]);
    expect(members(world.red)).toEqual(["m1:ready", "m2:ready", "m3:ready", "m4:ready"]);
    expect(fallout(world.red)).toEqual([]);
    await as(gm, () => undoMessage(panic));
    await as(gm, () => undoMessage(injured));
    expect(worldSnapshot()).toEqual(before);
  });
});

describe("a hostile player and forged outcomes", () => {
  it("cannot take the GM's outcomes, pick for a squad they do not own, or claim an outcome no attack offered", async () => {
    const w = await ready();
    const { alice, bob, gm } = harness.users;
    const shot = await attack(bob, w.rhino, IDS.coax, w.red);
    const move = await as(alice, () => performAction(ACTIONS.move, w.ada, { actor: w.ada.uuid }));
    const before = worldSnapshot();
    harness.notifications.clear();
    const outcome = (user: User, target: Actor.Implementation, o: string, member = "", card = shot.id!) =>
      as(user, () => performAction(ACTIONS.outcome, target, { target: target.uuid, outcome: o, member, card }));
    // Bob attacked Red Squad: he may not put Alice's member out, nor lower her company's Morale.
    expect(await outcome(bob, w.red, "memberInjured", "m1")).toBeNull();
    expect(await outcome(bob, w.red, "moraleDown")).toBeNull();
    // Alice owns Red Squad: the Morale −1 and Panic! of its card are the GM's.
    expect(await outcome(alice, w.red, "moraleDown")).toBeNull();
    expect(await outcome(alice, w.red, "panic")).toBeNull();
    // An outcome of a card that offered none, or of another target.
    expect(await outcome(alice, w.ada, "injury", "", move!.id!)).toBeNull();
    expect(await outcome(gm, w.ada, "injury")).toBeNull();
    expect(await outcome(alice, w.red, "memberInjured", "m1", "")).toBeNull();
    expect(warnings()).toEqual([
      t("FACTIONS.Action.Error.NotYours"),
      t("FACTIONS.Action.Error.NotYours"),
      t("FACTIONS.Action.Error.NotOffered"),
      t("FACTIONS.Action.Error.NotOffered"),
      t("FACTIONS.Action.Error.NotOffered"),
      t("FACTIONS.Action.Error.NotOffered"),
      t("FACTIONS.Action.Error.NotOffered"),
    ]);
    expect(worldSnapshot()).toEqual(before);
  });

  it("a member not in the fight, or none, is refused; a second Member Injured! of the same attack is already taken", async () => {
    const w = await ready();
    const { alice, bob } = harness.users;
    const shot = await attack(bob, w.rhino, IDS.coax, w.red);
    const outcome = (member: string) => as(alice, () => performAction(ACTIONS.outcome, w.red, { target: w.red.uuid, outcome: "memberInjured", member, card: shot.id! }));
    expect(await outcome("nobody")).toBeNull();
    expect(await outcome("")).toBeNull();
    expect(warnings()).toEqual([t(`${S}Reject.MemberNotInFight`, { name: "Red Squad" }), t(`${S}Reject.PickMember`, { name: "Red Squad" })]);
    expect((await outcome("m1"))?.system.status).toBe("applied");
    harness.notifications.clear();
    const after = worldSnapshot();
    expect(await outcome("m2")).toBeNull();
    expect(warnings()).toEqual([t("FACTIONS.Action.Error.AlreadyTaken")]);
    expect(worldSnapshot()).toEqual(after);
  });

  it("a card posted by hand, claiming a member of a squad its author does not own is out, is never applied", async () => {
    const w = await ready();
    const { bob } = harness.users;
    const shot = await attack(bob, w.rhino, IDS.coax, w.red);
    const before = worldSnapshot();
    const members = sys<{ members: { id: string; name: string; state: string }[] }>(w.red).members;
    const to = members.map((m) => ({ ...m, state: m.id === "m1" ? "out" : m.state }));
    const forged = (await as(bob, () =>
      ChatMessage.implementation.create({
        type: "action",
        system: {
          action: ACTIONS.outcome,
          actor: w.red.uuid,
          phase: "resolved",
          formulas: [],
          ids: [],
          choice: { target: w.red.uuid, outcome: "memberInjured", member: "m1", card: shot.id },
          outcome: { changes: [{ op: "update", ref: { actor: w.red.uuid }, path: "system.members", from: members, to }] },
        },
      } as unknown as ChatMessage.CreateData),
    )) as unknown as ActionMessage;
    harness.notifications.clear();
    await clickAs(bob, await renderCardAs(bob, forged), "apply");
    expect(warnings(bob)).toEqual([t("FACTIONS.Action.Error.NotYours")]);
    expect(worldSnapshot()).toEqual(before);
  });
});

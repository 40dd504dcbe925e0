/**
 * An action that goes unnoticed (RULES §3) is whispered to the GMs and the acting actor's owners
 * only; an ordinary action is public. Tried with a small definition registered for the test.
 */
import { describe, expect, it } from "vitest";
import { registerAction } from "../../src/core/actions/definition";
import { performAction } from "../../src/core/actions/pipeline";
import { ok } from "../../src/core/rules/outcome";
import { S } from "../../src/core/rules/shape";
import { harness } from "../harness/install";
import { standardWorld } from "./fixtures";
import { whatReaches } from "./secret-fixtures";

const SNEAK = "test.sneak";
registerAction<{ quiet: boolean; actor: string }>({
  id: SNEAK,
  label: "FACTIONS.Dialog.Roll",
  icon: "fa-solid fa-mask",
  shape: { quiet: S.bool(), actor: S.str() },
  actingActor: (choice) => choice.actor,
  resolve: (choice, { dice }) => {
    dice.roll("1d10");
    return ok({ action: SNEAK, actor: "", checks: [], rolls: [], changes: [], log: [], detail: { quiet: choice.quiet } });
  },
  unnoticed: (outcome) => (outcome.detail as { quiet: boolean }).quiet,
});

describe("an unnoticed action", () => {
  it("is whispered to the GM and the acting player only, with its dice as data, and the card says so", async () => {
    const { red } = await standardWorld();
    const { gm, alice, bob } = harness.users;
    const card = await harness.as(alice, () => performAction(SNEAK, red, { quiet: true, actor: red.uuid }));
    expect(card?.whisper.sort()).toEqual([gm.id, alice.id].sort());
    expect(card?.whisper).not.toContain(bob.id);
    expect(card?.system.unnoticed).toBe(true);
    // It rolled, and carries its roll as data: Foundry sends a whisper that carries rolls to every client.
    expect(card!.rolls).toEqual([]);
    expect(card!.system.cardRolls.map((r) => r.formula)).toEqual(["1d10"]);
    expect(card!.system.status).toBe("applied");
    // Nothing of it reaches Bob: not the card, not its record, not the chronicle, not his chat log.
    expect(await whatReaches(alice)).toContain(card!.id);
    expect(await whatReaches(bob)).not.toContain(card!.id);
    expect(await harness.as(bob, () => game.messages!.has(card!.id!))).toBe(false);
  });

  it("is public when it was noticed", async () => {
    const { red } = await standardWorld();
    const card = await harness.as(harness.users.alice, () => performAction(SNEAK, red, { quiet: false, actor: red.uuid }));
    expect(card?.whisper).toEqual([]);
    expect(card?.system.unnoticed).toBe(false);
  });
});

/**
 * Malformed input gets a clear message and changes nothing (issue 17): for every action of every
 * ruleset, thousands of seeded choices with one field missing, null, of the wrong kind or out of
 * bounds, through `game.factions.act` and through a card a modified client posts and asks the
 * GM's client to apply. Each ends in a localized refusal naming the field, nothing thrown reaches
 * the user, and the world is unchanged. Well-shaped choices made at random from the world's own
 * references are refused or taken, never with "Something went wrong".
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { actionDefinition, type ActionDefinition } from "../../src/core/actions/definition";
import { applyMessage, performAction, type ActionMessage } from "../../src/core/actions/pipeline";
import { harness } from "../harness/install";
import { snapshot, t } from "../harness/world";
import { malformed, wellShaped } from "../rules/shape-arbitraries";
import { battleCase } from "./malformed-battle";
import { factionTurnCase, operationsCase, type RulesetCase, type Setup } from "./malformed-cases";
import { roundsCase } from "./malformed-rounds";
import { skirmishCase } from "./malformed-skirmish";
import type { Shape } from "../../src/core/rules/shape";

const MALFORMED = 1000;
const FORGED = 30;
const WELL_SHAPED = 200;

const RULESETS: RulesetCase[] = [factionTurnCase, operationsCase, battleCase, roundsCase, skirmishCase];

/**
 * The top-level field of a choice naming the acting document: the one `actingActor` reads; null
 * for an action of no actor (an encounter's round going forward).
 */
function actingField(def: ActionDefinition): string | null {
  const probe = Object.fromEntries(Object.keys(def.shape).map((k) => [k, `probe:${k}`]));
  const named = String(def.actingActor(probe));
  if (named === "") return null;
  const field = named.replace(/^probe:/, "");
  if (!(field in def.shape)) throw new Error(`${def.id}: cannot tell which field names the acting actor`);
  return field;
}

type Acting = Actor.Implementation | Combat.Implementation | null;

/** The document an action acts as in a setting, and how it is taken there. */
function actingIn(setting: Setup, def: ActionDefinition): { actor: Acting; acting: string | null; perform: (choice: Record<string, unknown>) => Promise<ActionMessage | null> } {
  const acting = actingField(def);
  const actor = acting === null ? null : (setting.actorFor?.(def) ?? setting.actor);
  const perform = (choice: Record<string, unknown>) => (setting.perform ? setting.perform(def, actor, choice) : performAction(def.id, actor as Actor.Implementation | null, choice));
  return { actor, acting, perform };
}

const unexpected = () => harness.notifications.list.filter((n) => n.message === t("FACTIONS.Action.Error.Unexpected"));

describe.each(RULESETS)("$name: malformed choices", ({ definitions, setup }) => {
  it.each(definitions.map((d) => [d.id, d] as const))("%s: refused by name, through the API and a forged card, changing nothing", async (_id, def) => {
    expect(def.shape, `${def.id} declares the shape of its choice`).toBeDefined();
    const setting = await setup();
    const { pool } = setting;
    const { actor, acting, perform } = actingIn(setting, def);
    const shape = def.shape as Record<string, Shape>;
    const before = { world: snapshot(), messages: game.messages!.size };
    const samples = fc.sample(malformed(shape, pool), { numRuns: MALFORMED, seed: def.id.length * 7919 });
    for (const [i, { choice, field }] of samples.entries()) {
      if (acting !== null && field !== acting) choice[acting] = actor!.uuid;
      harness.notifications.clear();
      const card = await harness.as(harness.users.gm, () => perform(choice));
      expect(card, `${def.id} #${i}: ${JSON.stringify(choice)}`).toBeNull();
      const shown = harness.notifications.list.map((n) => n.message);
      expect(shown, `${def.id} #${i}: ${JSON.stringify(choice)}`).toHaveLength(1);
      expect(shown[0], `${def.id} #${i}`).toMatch(/^The action's choice is malformed at "[^"]+"/);
    }
    // A modified client posts the card itself and asks the GM's client to apply it.
    const alice = harness.users.alice;
    for (const { choice } of samples.slice(0, FORGED)) {
      if (acting !== null) choice[acting] = actor!.uuid;
      const forged = (await harness.as(alice, () =>
        ChatMessage.implementation.create({ type: "action", system: { action: def.id, actor: actor?.uuid ?? "", choice, phase: "resolved", outcome: { changes: [] } } } as unknown as ChatMessage.CreateData),
      )) as ActionMessage;
      harness.notifications.clear();
      expect(await harness.as(alice, () => applyMessage(forged))).toBe(false);
      expect(unexpected()).toEqual([]);
      await harness.as(harness.users.gm, () => forged.delete());
    }
    expect(snapshot()).toEqual(before.world);
    expect(game.messages!.size).toBe(before.messages);
    expect(harness.hooks.errors).toEqual([]);
  });

  it.each(definitions.map((d) => [d.id, d] as const))("%s: well-shaped choices made at random are refused or taken, never with an error", async (_id, def) => {
    const setting = await setup();
    const { pool } = setting;
    const { actor, acting, perform } = actingIn(setting, def);
    const samples = fc.sample(wellShaped({ kind: "object", fields: def.shape }, pool), { numRuns: WELL_SHAPED, seed: def.id.length * 104729 }) as Record<string, unknown>[];
    for (const choice of samples) {
      if (acting !== null) choice[acting] = actor!.uuid;
      harness.notifications.clear();
      await harness.as(harness.users.gm, () => perform(choice));
      await harness.settle();
      expect(unexpected(), `${def.id}: ${JSON.stringify(choice)}`).toEqual([]);
    }
    expect(harness.hooks.errors).toEqual([]);
  });
});

describe("every action", () => {
  it("declares the shape of its choice", () => {
    const ids = RULESETS.flatMap((r) => r.definitions.map((d) => d.id));
    for (const id of ids) expect(actionDefinition(id)?.shape, id).toBeDefined();
  });
});

/**
 * Quench batch `factions.core.gm-fields` (needs one connected player): the GM's fields on a player's
 * own documents (a faction's turn; a lieutenant's and a unit's acted and defended flags; a realm's
 * turn, start and attacks, its buildings' and units' use; a vehicle's heat; a fighter's budget on
 * its encounter; a hero's team, place and uses), for every ruleset that is on. On the player's own
 * client (./player.ts):
 * - the player's write to each GM field is refused, and they are told why; nothing changes;
 * - a forced write (the client's own check skipped, as a modified client would) reaches the world,
 *   and the GM's client puts every GM field back and tells the GM who wrote it; the player's own
 *   fields written with it (a faction's Treasure) stand.
 */
import { keptFields } from "../../src/core/data/gm-records";
import { jsonEqual } from "../../src/core/rules/changes";
import type { RulesetId } from "../../src/core/settings";
import { storedRound } from "../../src/rulesets/skirmish/data/state";
import { onClient, withTestQueries } from "./player";
import { started } from "./scratch";
import { defineBatch, getSetting, t, until, watchWarnings, type Batch, type Context, type Assert, type TestThis } from "./support";

type Doc = { uuid: string; name: string; _source: { system?: Record<string, unknown> } };

interface Target {
  doc: Doc;
  /** Each GM field and a value the player writes into it. */
  fields: Record<string, unknown>;
  /** A field of the player's own written with the forced write, and that stands. */
  own?: { field: string; value: unknown };
}

const gmNow = (target: Target) => Object.fromEntries(Object.keys(target.fields).map((f) => [f, foundry.utils.deepClone(target.doc._source.system?.[f])]));

/** The documents of each ruleset the player owns, with their GM fields. */
const TARGETS: Record<RulesetId, (batch: Batch, owner: User.Implementation) => Promise<Target[]>> = {
  factionTurn: async (batch, owner) => {
    const faction = await actor(batch, owner, { name: "Quench Red Hand", type: "faction", system: { treasure: 5, turn: started } });
    return [{ doc: faction, fields: { turn: { ...started, action: "faction-turn.sell" } }, own: { field: "treasure", value: 9 } }];
  },
  operations: async (batch, owner) => {
    const org = await actor(batch, owner, {
      name: "Quench Night Guild",
      type: "organization",
      system: { cohesion: 2, capital: 3 },
      items: [{ name: "Quench Cutpurses", type: "unit", system: { level: 2, competency: "sneak", location: "name:Quench Market" } }],
    });
    const lt = await actor(batch, owner, { name: "Quench Whisper", type: "lieutenant", system: { level: 2, organization: org.uuid, location: "name:Quench Market" } });
    const unit = (org as unknown as Actor.Implementation).items.contents[0] as unknown as Doc;
    return [
      { doc: lt, fields: { acted: true, defended: true } },
      { doc: unit, fields: { acted: true, defended: true } },
    ];
  },
  battle: async (batch, owner) => {
    const realm = (await actor(batch, owner, {
      name: "Quench Harrowmere",
      type: "realm",
      system: { attacksLeft: 2, started: false, turn: 1 },
      items: [
        { name: "Quench Barracks", type: "building", system: { subtype: "Barracks" } },
        { name: "Quench Man at Arms", type: "unitCounter", system: { a: 1, d: 1, s: 2, support: -1 } },
      ],
    })) as unknown as Actor.Implementation;
    const item = (type: string) => realm.items.find((i) => i.type === type) as unknown as Doc;
    return [
      { doc: realm as unknown as Doc, fields: { started: true, turn: 4, attacksLeft: 1, buildingsToDestroy: 1 } },
      { doc: item("building"), fields: { usedThisTurn: true } },
      { doc: item("unitCounter"), fields: { exhausted: true, inOffensive: true } },
    ];
  },
  skirmish: async (batch, owner) => {
    const vehicle = await actor(batch, owner, { name: "Quench Carrier", type: "vehicle", system: { heat: 0, heatThreshold: 3 } });
    const ada = (await actor(batch, owner, { name: "Quench Ada", type: "infantry", system: { kind: "individual" } })) as unknown as Actor.Implementation;
    const combat = batch.made((await Combat.implementation.create({ type: "base" } as Combat.CreateData)) as Combat.Implementation);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: ada.id }] as Combatant.CreateData[]);
    await combat.startCombat();
    await until(() => !!storedRound(combat, ada.uuid, 1), 5000, "the fighter's budget");
    const combatant = combat.combatants.find((c) => c.actorId === ada.id) as unknown as Doc;
    return [
      { doc: vehicle, fields: { heat: 3 } },
      { doc: combatant, fields: { budgets: { 99: { round: 99 } } } },
    ];
  },
  rounds: async (batch, owner) => {
    const hero = await actor(batch, owner, { name: "Quench Ari", type: "hero", system: { team: "skyhawks" } });
    return [{ doc: hero, fields: { team: "psiclones", onMap: true, entered: 2, used: [{ at: "1:skyhawks:action", acts: ["move"] }] } }];
  },
};

async function actor(batch: Batch, owner: User.Implementation, data: object): Promise<Doc> {
  const ownership = { default: 0, [owner.id!]: 3 };
  return batch.made((await Actor.implementation.create({ ...data, ownership } as unknown as Actor.CreateData)) as unknown as Doc);
}

const RULESETS: [RulesetId, string][] = [
  ["factionTurn", "a faction's turn; its Treasure is the player's"],
  ["operations", "a lieutenant's and a unit's acted and defended flags"],
  ["battle", "a realm's turn, start and attacks; a building's and a unit's use"],
  ["skirmish", "a vehicle's heat; a fighter's budget on its encounter"],
  ["rounds", "a hero's team, place and uses"],
];

export function gmFieldsBatch(context: Context): void {
  defineBatch(context, "the GM's fields on players' documents", { players: 1 }, (batch) => {
    const { describe, it } = context;
    const assert: Assert = batch.assert;
    const player = batch.players[0]!;
    withTestQueries(context, batch);

    /** The GM's client keeps the document's GM fields as they are now (it puts back from what it keeps). */
    const kept = (target: Target) =>
      until(
        () => {
          const record = keptFields(target.doc.uuid);
          return !!record && Object.keys(target.fields).every((f) => jsonEqual(record[f], target.doc._source.system?.[f]));
        },
        5000,
        `the GM's client to keep ${target.doc.name}'s fields`,
      );

    describe(`${player?.name ?? "a player"}'s writes`, () => {
      for (const [ruleset, what] of RULESETS) {
        if (!getSetting(`ruleset.${ruleset}`)) {
          it(`skipped: ${what} (the ruleset ${ruleset} is off in this world)`, function (this: TestThis) {
            this.skip();
          });
          continue;
        }
        it(`${what}: refused; forced, put back and the GM told`, async () => {
          const targets = await TARGETS[ruleset](batch, player);
          for (const target of targets) {
            const { doc } = target;
            await kept(target);
            const before = gmNow(target);
            for (const [field, value] of Object.entries(target.fields)) {
              const write = await onClient(player, "update", { uuid: doc.uuid, data: { system: { [field]: value } }, force: false });
              assert.deepEqual(write.warnings, [t("FACTIONS.Action.Error.GMRecord")], `${doc.name}: ${field} refused`);
              assert.deepEqual(gmNow(target), before, `${doc.name}: ${field} unchanged`);
            }
            const warnings = watchWarnings();
            try {
              const system = { ...target.fields, ...(target.own ? { [target.own.field]: target.own.value } : {}) };
              const forced = await onClient(player, "update", { uuid: doc.uuid, data: { system }, force: true });
              // The server takes an owner's write of any of these (a combatant's `system` too, since 13.334).
              assert.isNull(forced.error, `${doc.name}: the forced write reached the world`);
              const told = t("FACTIONS.Action.Error.RecordPutBack", { user: player.name ?? "", document: doc.name });
              await until(() => jsonEqual(gmNow(target), before) && warnings.list.includes(told), 5000, `${doc.name}'s GM fields to be put back, and the GM told`);
              if (target.own) assert.deepEqual(doc._source.system?.[target.own.field], target.own.value, `${doc.name}: the player's ${target.own.field} stands`);
            } finally {
              warnings.stop();
            }
          }
        });
      }
    });

    // What the in-memory Foundry of npm test assumes of v13 here, checked on a real server.
    describe("v13, as the harness has it", () => {
      it("the server stores a player's write of system data the system's model refuses (no model checks it)", async () => {
        const faction = await actor(batch, player, { name: "Quench Unruly House", type: "faction" });
        const sent = await onClient(player, "emit", { type: "Actor", updates: [{ _id: (faction as unknown as { id: string }).id, system: { magic: "godlike" } }] });
        assert.isNull(sent.error, "the server took the write");
        // Set right by the GM (whose client may hold the old data: the whole system is sent, not a diff).
        const doc = faction as unknown as Actor.Implementation;
        await doc.update({ system: { ...doc.toObject().system, magic: "none" } } as Actor.UpdateData, { diff: false, recursive: false });
        assert.equal((doc.system as unknown as { magic: string }).magic, "none");
      });

      it("a forced key (==) reaches the update hooks as written; a whole write (recursive: false) by each field's name", async () => {
        const faction = (await actor(batch, player, { name: "Quench Keyed House", type: "faction" })) as unknown as Actor.Implementation;
        const diffs: { system?: Record<string, unknown> }[] = [];
        const hook = Hooks.on("updateActor", (doc, diff) => void (doc.id === faction.id && diffs.push(diff as { system?: Record<string, unknown> })));
        try {
          await faction.update({ system: { "==turn": { ...started, number: 2 } } } as unknown as Actor.UpdateData);
          await faction.update({ system: { ...faction.toObject().system, treasure: 7 } } as Actor.UpdateData, { recursive: false });
        } finally {
          Hooks.off("updateActor", hook);
        }
        assert.deepEqual(Object.keys(diffs[0]?.system ?? {}), ["==turn"], "the forced key, as written");
        assert.deepEqual(diffs[1]?.system, { treasure: 7 }, "the whole write: the field that changed, by its name");
      });
    });
  });
}

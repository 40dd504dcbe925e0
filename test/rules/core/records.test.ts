/**
 * The GM's records as plain data: the ids their documents are found by, what each reader may see
 * of a record, what a card's ruling tells every reader of it, and the options cards offer and take.
 */
import { describe, expect, it } from "vitest";
import { derivedId, recordDocId } from "../../../src/core/records/ids";
import { claimRefusal, releaseClaims, takeClaims, type ActionRecord } from "../../../src/core/records/record";
import { parseRuling, rulingOf, viewOfRuling } from "../../../src/core/records/ruling";
import { cardOutcome, HIDDEN_NAME, mayRead, recordView, shownSecretActors } from "../../../src/core/records/views";

function record(over: Partial<ActionRecord> = {}): ActionRecord {
  return {
    id: "CardAAAAAAAAAAAA",
    status: "applied",
    action: "faction-turn.attack",
    actor: "Actor.red",
    actorName: "Red Hand",
    round: 2,
    done: { user: "alice", time: 1 },
    undone: null,
    changes: [{ op: "update", ref: { actor: "Actor.blue", item: "knives" }, path: "system.hp.value", from: 4, to: 1 }],
    outcome: {
      action: "faction-turn.attack",
      actor: "Actor.red",
      checks: [],
      rolls: [{ label: { key: "Damage to {asset}", data: { asset: "Shadow Knives" } }, formula: "1d6", total: 3 }],
      log: [
        { key: "{attacker} hits {asset}", data: { attacker: "Thugs", asset: "Shadow Knives" } },
        { key: "{asset} strikes back", data: { asset: "Red Cloaks" } },
      ],
      detail: null,
    },
    secrets: [
      { actor: "Actor.blue", names: ["Shadow Knives"] },
      { actor: "Actor.red", names: ["Red Cloaks", "Never Named"] },
    ],
    audience: null,
    followUps: [],
    taken: {},
    claims: [],
    links: [],
    resolvedBy: null,
    archived: false,
    ...over,
  };
}

/** The outcome a reader who owns these actors is shown, as text. */
const seenBy = (r: ActionRecord, owned: string[]) => JSON.stringify(recordView(r, (actor) => owned.includes(actor)).outcome);

describe("the ids of a record's documents", () => {
  it("are Foundry document ids made only from the card's id: the same every time, different per card and per part", () => {
    const id = recordDocId("CardAAAAAAAAAAAA");
    expect(id).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(recordDocId("CardAAAAAAAAAAAA")).toBe(id);
    expect(recordDocId("CardAAAAAAAAAAAB")).not.toBe(id);
    expect(new Set([id, derivedId("CardAAAAAAAAAAAA", "fields"), derivedId("CardAAAAAAAAAAAA", "view", "0")]).size).toBe(3);
  });

  it("do not collide over many cards", () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20_000; i++) ids.add(recordDocId(`card${i}`.padEnd(16, "x")));
    expect(ids.size).toBe(20_000);
  });
});

describe("what each reader may see of a record", () => {
  it("a card holds every secret name masked; an owner of a named secret actor is shown its names, never another's", () => {
    const r = record();
    const card = JSON.stringify(cardOutcome({ ...r.outcome!, changes: [] }, r.secrets));
    expect(card).not.toContain("Shadow Knives");
    expect(card).not.toContain("Red Cloaks");
    expect(card).toContain(HIDDEN_NAME);
    expect(seenBy(r, [])).toBe(card.replace(',"changes":[]', ""));
    // Alice sees her own Red Cloaks, never Bob's Shadow Knives; Bob the other way round.
    expect(seenBy(r, ["Actor.red"])).toContain("Red Cloaks");
    expect(seenBy(r, ["Actor.red"])).not.toContain("Shadow Knives");
    expect(seenBy(r, ["Actor.blue"])).toContain("Shadow Knives");
    expect(seenBy(r, ["Actor.blue"])).not.toContain("Red Cloaks");
    expect(recordView(r, "all").outcome).toEqual(r.outcome);
  });

  it("names as masked only the secret actors whose names the outcome shows", () => {
    expect(shownSecretActors(record())).toEqual(["Actor.blue", "Actor.red"]);
    expect(shownSecretActors(record({ secrets: [{ actor: "Actor.green", names: ["Unseen"] }] }))).toEqual([]);
    expect(shownSecretActors(record({ outcome: null }))).toEqual([]);
  });

  it("an unnoticed record is read only by its audience and the GMs", () => {
    const r = record({ audience: ["gm", "alice"] });
    expect(mayRead(r, { id: "alice", isGM: false })).toBe(true);
    expect(mayRead(r, { id: "bob", isGM: false })).toBe(false);
    expect(mayRead(r, { id: "gm2", isGM: true })).toBe(true);
    expect(mayRead(record(), { id: "bob", isGM: false })).toBe(true);
  });

  it("a view never holds the changes, and says whether the action went unnoticed", () => {
    const view = recordView(record({ audience: ["alice"] }), () => false);
    expect(view).not.toHaveProperty("changes");
    expect(view).not.toHaveProperty("secrets");
    expect(view.unnoticed).toBe(true);
  });
});

describe("a card's ruling", () => {
  const offer = { slot: "strike:Actor.blue", step: "strike", actor: "Actor.blue", label: { key: "Strike" }, icon: "fa-solid fa-bolt" };

  it("tells every reader what the GM decided, and nothing undo restores, no claim, no secret name", () => {
    const r = record({ followUps: [offer], taken: { "strike:Actor.blue": "CardBBBBBBBBBBBB" }, claims: [{ card: "x", slot: "y" }] });
    const ruling = rulingOf(r);
    expect(ruling).toEqual({
      status: "applied",
      done: r.done,
      undone: null,
      followUps: [offer],
      taken: { "strike:Actor.blue": "CardBBBBBBBBBBBB" },
      links: [],
      resolvedBy: null,
      archived: false,
      masked: ["Actor.blue", "Actor.red"],
    });
    const text = JSON.stringify(ruling);
    for (const secret of ["Shadow Knives", "Red Cloaks", "system.hp.value", "claims"]) expect(text).not.toContain(secret);
  });

  it("closes an archived card's options", () => {
    expect(rulingOf(record({ followUps: [offer], archived: true })).followUps).toEqual([]);
  });

  it("reads back from its text, keys with dots kept as they were; anything else is no ruling", () => {
    const ruling = rulingOf(record({ taken: { "strike:Actor.blue": "note" } }));
    expect(parseRuling(JSON.stringify(ruling))).toEqual(ruling);
    expect(parseRuling("")).toBeNull();
    expect(parseRuling("{not json")).toBeNull();
    expect(parseRuling(JSON.stringify({ ...ruling, status: "won" }))).toBeNull();
    expect(parseRuling(JSON.stringify({ ...ruling, done: "yesterday" }))).toBeNull();
  });

  it("with the card's own facts, is what its readers know of the record; an answered card shows no outcome", () => {
    const r = record();
    const facts = { id: r.id, action: r.action, actor: r.actor, actorName: "Red Hand", round: 2, encounter: "Combat1", outcome: recordView(r, () => false).outcome, unnoticed: false };
    const view = viewOfRuling(facts, rulingOf(r));
    expect(view).toEqual({ ...recordView(r, () => false), encounter: "Combat1" });
    expect(viewOfRuling(facts, rulingOf(record({ status: "answered", resolvedBy: "CardCCCCCCCCCCCC" }))).outcome).toBeNull();
  });
});

describe("options a card offers", () => {
  const offer = { slot: "strike:blue", step: "strike", actor: "Actor.blue", label: { key: "Strike" }, icon: "fa-solid fa-bolt" };
  const expand = record({ id: "expand", followUps: [offer] });
  const lookup = (id: string) => (id === "expand" ? expand : null);
  const bobOwns = (actor: string) => actor === "Actor.blue";

  it("are taken only by an owner of the actor offered them, once", () => {
    const claim = { card: "expand", slot: "strike:blue" };
    expect(claimRefusal(lookup, [claim], bobOwns)).toBeNull();
    expect(claimRefusal(lookup, [claim], () => false)?.key).toBe("FACTIONS.Action.Error.NotOffered");
    const [taken] = takeClaims(lookup, [claim], "strike1");
    expect(taken!.taken).toEqual({ "strike:blue": "strike1" });
    expect(claimRefusal(() => taken!, [claim], bobOwns)?.key).toBe("FACTIONS.Action.Error.AlreadyTaken");
    // The card that reserved it may still take it; undoing it gives it back.
    expect(claimRefusal(() => taken!, [claim], bobOwns, "strike1")).toBeNull();
    expect(releaseClaims(() => taken!, [claim], "strike1")[0]!.taken).toEqual({});
  });

  it("are closed once the offering card is undone or archived", () => {
    const claim = { card: "expand", slot: "strike:blue" };
    expect(claimRefusal(() => ({ ...expand, status: "undone" }), [claim], bobOwns)?.key).toBe("FACTIONS.Action.Error.NotOffered");
    expect(claimRefusal(() => ({ ...expand, archived: true }), [claim], bobOwns)?.key).toBe("FACTIONS.Action.Error.NotOffered");
  });

  it("writes only the records whose options changed", () => {
    expect(releaseClaims(lookup, [{ card: "expand", slot: "strike:blue" }], "nobody")).toEqual([]);
    expect(takeClaims(lookup, [{ card: "missing", slot: "x" }])).toEqual([]);
  });
});

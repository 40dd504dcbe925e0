/**
 * The GM's records as plain data: the ids their entries are found by, who reads which view of a
 * record and what each view shows, and the options cards offer and take.
 */
import { describe, expect, it } from "vitest";
import { derivedId, recordDocId, viewDocId } from "../../../src/core/records/ids";
import { claimRefusal, releaseClaims, takeClaims, type ActionRecord, type Viewer } from "../../../src/core/records/record";
import { HIDDEN_NAME, layoutView, recordView, viewLayouts } from "../../../src/core/records/views";

const NONE = 0;
const OBSERVER = 2;

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
    views: [],
    ...over,
  };
}

const viewer = (id: string, owned: string[] = [], isGM = false): Viewer => ({ id, isGM, owns: (actor) => owned.includes(actor) });
const users = [viewer("gm", [], true), viewer("alice", ["Actor.red"]), viewer("bob", ["Actor.blue"]), viewer("carol")];
const logText = (r: ActionRecord, i: number) => JSON.stringify(layoutView(r, r.views[i]!).outcome);

describe("the ids of a record's entries", () => {
  it("are Foundry document ids made only from the card's id: the same every time, different per card and per part", () => {
    const id = recordDocId("CardAAAAAAAAAAAA");
    expect(id).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(recordDocId("CardAAAAAAAAAAAA")).toBe(id);
    expect(recordDocId("CardAAAAAAAAAAAB")).not.toBe(id);
    expect(new Set([id, viewDocId("CardAAAAAAAAAAAA", 0), viewDocId("CardAAAAAAAAAAAA", 1), derivedId("CardAAAAAAAAAAAA", "fields")]).size).toBe(4);
  });

  it("do not collide over many cards", () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20_000; i++) ids.add(recordDocId(`card${i}`.padEnd(16, "x")));
    expect(ids.size).toBe(20_000);
  });
});

describe("who reads which view of a record", () => {
  it("a public record: view 0 for everyone, with every secret name masked; owners of a named secret actor get their own view", () => {
    const r = record();
    r.views = viewLayouts(r, users);
    expect(r.views).toEqual([
      { ownership: { default: OBSERVER }, reveals: [] },
      { ownership: { default: NONE, alice: OBSERVER }, reveals: ["Actor.red"] },
      { ownership: { default: NONE, bob: OBSERVER }, reveals: ["Actor.blue"] },
    ]);
    expect(logText(r, 0)).not.toContain("Shadow Knives");
    expect(logText(r, 0)).not.toContain("Red Cloaks");
    expect(logText(r, 0)).toContain(HIDDEN_NAME);
    // Alice sees her own Red Cloaks, never Bob's Shadow Knives; Bob the other way round.
    expect(logText(r, 1)).toContain("Red Cloaks");
    expect(logText(r, 1)).not.toContain("Shadow Knives");
    expect(logText(r, 2)).toContain("Shadow Knives");
    expect(logText(r, 2)).not.toContain("Red Cloaks");
  });

  it("players who own the same secret actors share one view; a secret the outcome never names makes none", () => {
    const r = record({ secrets: [{ actor: "Actor.red", names: ["Red Cloaks"] }, { actor: "Actor.green", names: ["Unseen"] }] });
    const layouts = viewLayouts(r, [...users, viewer("dave", ["Actor.red", "Actor.green"])]);
    expect(layouts).toHaveLength(2);
    expect(layouts[1]).toEqual({ ownership: { default: NONE, alice: OBSERVER, dave: OBSERVER }, reveals: ["Actor.red"] });
  });

  it("an unnoticed record: only its audience reads any view, and a GM is never a view's reader", () => {
    const r = record({ audience: ["gm", "alice"] });
    const layouts = viewLayouts(r, users);
    expect(layouts[0]).toEqual({ ownership: { default: NONE, alice: OBSERVER }, reveals: [] });
    expect(layouts.flatMap((l) => Object.keys(l.ownership))).not.toContain("bob");
    expect(layouts.flatMap((l) => Object.keys(l.ownership))).not.toContain("gm");
  });

  it("a view never holds the changes, and says whether the action went unnoticed", () => {
    const view = recordView(record({ audience: ["alice"] }), () => false);
    expect(view).not.toHaveProperty("changes");
    expect(view).not.toHaveProperty("secrets");
    expect(view.unnoticed).toBe(true);
    expect(recordView(record(), "all").outcome).toEqual(record().outcome);
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

/**
 * The Adventures (packs/adventures) and the welcome journal (packs/welcome): what is committed is
 * what tools/adventures makes from the rulesets' pack sources now (run `npm run adventures` after
 * changing them), and every link inside an Adventure points at a document it brings along.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ADVENTURE_PACK, GENERATED_DIRS, WELCOME_PACK, generatedFiles, rulesetAdventures } from "../../tools/adventures";
import { CONTENT, CONTENT_TYPES, type Doc } from "../../tools/adventures/compose";
import { validatePackSources } from "../../tools/packs.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const committed = (pack: string) => readdirSync(join(ROOT, "packs", pack)).filter((f) => f.endsWith(".json")).map((f) => join("packs", pack, f));
const adventures = rulesetAdventures(ROOT).map((a) => ({ ...a, doc: JSON.parse(readFileSync(join(ROOT, "packs", ADVENTURE_PACK, `${fileOf(a.source.name)}.json`), "utf8")) as Doc }));

function fileOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** Every document an Adventure holds, by uuid as it will be in the world (embedded ones too). */
function worldUuids(adventure: Doc): Map<string, Doc> {
  const out = new Map<string, Doc>();
  const walk = (doc: Doc, uuid: string) => {
    out.set(uuid, doc);
    const embedded: [string, string][] = [["items", "Item"], ["effects", "ActiveEffect"], ["pages", "JournalEntryPage"], ["tokens", "Token"], ["regions", "Region"], ["cards", "Card"], ["results", "TableResult"]];
    for (const [field, name] of embedded) for (const child of (doc[field] as Doc[] | undefined) ?? []) walk(child, `${uuid}.${name}.${child._id}`);
  };
  for (const field of CONTENT) for (const doc of (adventure[field] as Doc[] | undefined) ?? []) walk(doc, `${CONTENT_TYPES[field]}.${doc._id}`);
  return out;
}

/** Every string inside a value, with where it is. */
function strings(value: unknown, path = ""): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}[${i}]`));
  if (value && typeof value === "object") return Object.entries(value).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  return [];
}

const packIds = (pack: string) => new Set(readdirSync(join(ROOT, "packs", pack)).map((f) => (JSON.parse(readFileSync(join(ROOT, "packs", pack, f), "utf8")) as Doc)._id));

describe("the generated packs", () => {
  it("are what tools/adventures makes from the pack sources now, with the scenes' maps (else run `npm run adventures`)", () => {
    const files = generatedFiles(ROOT);
    const present = GENERATED_DIRS.flatMap((dir) => readdirSync(join(ROOT, dir)).map((f) => join(dir, f)));
    expect(present.sort()).toEqual([...files.keys()].sort());
    for (const [file, content] of files) expect(readFileSync(join(ROOT, file), "utf8"), `${file} is stale: run npm run adventures`).toBe(content);
  });

  it("hold one Adventure per ruleset, each with a scene, a quick-start journal and the ruleset's actors", () => {
    expect(adventures.map((a) => a.ruleset)).toEqual(["factionTurn", "operations", "battle", "skirmish", "rounds"]);
    for (const { doc, quickStart } of adventures) {
      expect((doc.scenes as Doc[]).length, doc.name).toBe(1);
      expect((doc.actors as Doc[]).length, doc.name).toBeGreaterThan(1);
      const journal = (doc.journal as Doc[]).find((j) => j._id === quickStart)!;
      expect((journal.pages as Doc[]).map((p) => p.name), doc.name).toEqual(["Quick Start", "Who Owns What", expect.stringMatching(/^How a (Turn|Round) Runs$/)]);
      expect(journal.ownership).toEqual({ default: 2 });
    }
  });

  it("link every token to its actor, and say so and why on the Who Owns What page", () => {
    for (const { doc, quickStart } of adventures) {
      for (const scene of doc.scenes as Doc[]) for (const token of (scene.tokens as Doc[]) ?? []) expect(token.actorLink, `${doc.name}: ${token.name}`).toBe(true);
      const page = ((doc.journal as Doc[]).find((j) => j._id === quickStart)!.pages as Doc[]).find((p) => p.name === "Who Owns What")!;
      expect((page.text as { content: string }).content, doc.name).toMatch(/<strong>Tokens\.<\/strong> The [a-z' ]+ tokens are linked/);
    }
  });
});

describe("inside each Adventure", () => {
  for (const { doc } of adventures) {
    describe(doc.name, () => {
      const uuids = worldUuids(doc);

      it("every reference to a world document (an actor's organization, company or squads, a token's actor) is to one it holds", () => {
        const refs = [...uuids.values()].flatMap((d) => strings(d.system ?? {}, `${d.name}.system`)).filter(([, v]) => /^(Actor|Item|Cards|Scene|JournalEntry)\.[A-Za-z0-9]{16}/.test(v));
        for (const [where, ref] of refs) expect(uuids.has(ref), `${where} → ${ref}`).toBe(true);
        for (const scene of doc.scenes as Doc[]) for (const token of (scene.tokens as Doc[]) ?? []) expect(uuids.has(`Actor.${token.actorId as string}`), `${token.name}`).toBe(true);
      });

      it("every @UUID link in its journals resolves to a document it holds or to one of the system's packs", () => {
        const links = (doc.journal as Doc[]).flatMap((j) => (j.pages as Doc[]).flatMap((p) => [...((p.text as { content: string }).content.matchAll(/@UUID\[([^\]]+)\]/g))].map((m) => m[1]!)));
        expect(links.length).toBeGreaterThan(3);
        for (const link of links) {
          const pack = /^Compendium\.factions\.([a-z-]+)\.\w+\.([A-Za-z0-9]{16})$/.exec(link);
          if (pack) expect(packIds(pack[1]!).has(pack[2]!), link).toBe(true);
          else expect(uuids.has(link), link).toBe(true);
        }
      });

      it("files each document in a folder of its own kind that it holds", () => {
        const folders = new Map((doc.folders as Doc[]).map((f) => [f._id, f.type]));
        for (const field of CONTENT) {
          if (field === "folders") continue;
          for (const d of (doc[field] as Doc[] | undefined) ?? []) expect(folders.get(d.folder as string), `${d.name}`).toBe(CONTENT_TYPES[field]);
        }
      });
    });
  }

  it("files each side's documents in a folder of the side's name, inside the game's (issue 27 §3)", () => {
    const sides: Record<string, Record<string, string[]>> = {
      factionTurn: { "The Order of the Ashen Lantern": ["The Order of the Ashen Lantern"], "The Saltmarsh Compact": ["The Saltmarsh Compact"], "The Thornwall Marches": ["The Thornwall Marches"] },
      skirmish: {
        "Grey Wolves Company": ["Bulwark APC", "Corporal Ilya Fenn", "Grey Wolves Company", "Sergeant Mara Voss", "Wolf Squad Alpha", "Wolf Squad Bravo"],
        "Ash Hound Company": ["Ash Hound Company", "Harrow Scout Car", "Hound Squad Cinder", "Lieutenant Oriel Drax"],
      },
      battle: {
        "The Kingdom of Harrowmere": ["Kingdom Martial Discipline", "The Kingdom of Harrowmere", "The Kingdom of Harrowmere: Discard Pile", "The Kingdom of Harrowmere: Hand"],
        "The Lightwalker Wardens": ["The Lightwalker Wardens", "The Lightwalker Wardens: Discard Pile", "The Lightwalker Wardens: Hand", "Security Discipline"],
      },
    };
    for (const [ruleset, want] of Object.entries(sides)) {
      const doc = adventures.find((a) => a.ruleset === ruleset)!.doc;
      const folders = new Map((doc.folders as Doc[]).map((f) => [f._id, f]));
      const held: Record<string, string[]> = {};
      for (const d of [...(doc.actors as Doc[]), ...((doc.cards as Doc[] | undefined) ?? [])]) {
        const folder = folders.get(d.folder as string)!;
        // A side's folder sits inside the game's.
        if (folder.folder) (held[folder.name as string] ??= []).push(d.name as string);
      }
      for (const [side, names] of Object.entries(want)) expect(held[side]?.sort(), `${ruleset}: ${side}`).toEqual([...names].sort());
    }
    const rounds = adventures.find((a) => a.ruleset === "rounds")!.doc;
    const teamFolders = (rounds.folders as Doc[]).filter((f) => f.folder).map((f) => f.name);
    expect(teamFolders.sort()).toEqual(["Psiclones", "Skyhawks"]);
  });

  it("Battle: each realm names its Discipline Deck, a hand and a discard pile, all in the Adventure", () => {
    const battle = adventures.find((a) => a.ruleset === "battle")!.doc;
    const stacks = new Map((battle.cards as Doc[]).map((c) => [c._id, c]));
    const used = new Set<string>();
    for (const realm of battle.actors as Doc[]) {
      const decks = (realm.system as { decks: { deck: string; hand: string; pile: string } }).decks;
      expect([stacks.get(decks.deck)?.type, stacks.get(decks.hand)?.type, stacks.get(decks.pile)?.type], realm.name).toEqual(["deck", "hand", "pile"]);
      for (const id of Object.values(decks)) {
        expect(used.has(id), `${realm.name} shares ${id}`).toBe(false);
        used.add(id);
      }
    }
  });

  it("Skirmish: the Grey Wolves' tokens are friendly; the enemy company's squad, individual and vehicle have hostile ones facing them; no two share a square", () => {
    const skirmish = adventures.find((a) => a.ruleset === "skirmish")!.doc;
    const actors = new Map((skirmish.actors as Doc[]).map((a) => [a._id, a]));
    const companies = (skirmish.actors as Doc[]).filter((a) => a.type === "company");
    expect(companies.map((c) => c.name).sort()).toEqual(["Ash Hound Company", "Grey Wolves Company"]);
    // An infantry names its company; a vehicle names none.
    const VEHICLES: Record<string, string> = { "Bulwark APC": "Grey Wolves Company", "Harrow Scout Car": "Ash Hound Company" };
    const sideOf = (a: Doc) => (a.type === "vehicle" ? VEHICLES[a.name] : companies.find((c) => `Actor.${c._id}` === (a.system as { company?: string }).company)?.name);
    const [scene] = skirmish.scenes as Doc[];
    const tokens = (scene!.tokens as (Doc & { actorId: string; x: number; y: number; width: number; height: number; disposition: number })[]).map((t) => ({ ...t, actor: actors.get(t.actorId)! }));
    // Every fighter of both companies has one token; the companies have none.
    expect(tokens.map((t) => t.actor.name).sort()).toEqual((skirmish.actors as Doc[]).filter((a) => a.type !== "company").map((a) => a.name).sort());
    const enemy = tokens.filter((t) => sideOf(t.actor) === "Ash Hound Company");
    const friends = tokens.filter((t) => sideOf(t.actor) === "Grey Wolves Company");
    expect(friends).toHaveLength(5);
    expect(enemy.map((t) => [t.actor.type, (t.actor.system as { kind?: string }).kind ?? ""]).sort()).toEqual([["infantry", "individual"], ["infantry", "squad"], ["vehicle", ""]]);
    // CONST.TOKEN_DISPOSITIONS: FRIENDLY 1, HOSTILE -1.
    for (const t of friends) expect(t.disposition, t.name).toBe(1);
    for (const t of enemy) expect(t.disposition, t.name).toBe(-1);
    // The enemy faces the Grey Wolves from the east: each of its tokens east of every Grey Wolf.
    const eastOfWolves = Math.max(...friends.map((t) => t.x + t.width * 100));
    for (const t of enemy) expect(t.x, t.name).toBeGreaterThanOrEqual(eastOfWolves);
    // On the scene's grid, inside it, and no two tokens on one square.
    const squares = new Set<string>();
    for (const t of tokens) {
      expect(t.x % 100 === 0 && t.y % 100 === 0 && t.x >= 0 && t.y >= 0, t.name).toBe(true);
      expect(t.x + t.width * 100 <= (scene!.width as number) && t.y + t.height * 100 <= (scene!.height as number), t.name).toBe(true);
      for (let dx = 0; dx < t.width; dx++) for (let dy = 0; dy < t.height; dy++) {
        const square = `${t.x / 100 + dx},${t.y / 100 + dy}`;
        expect(squares.has(square), `${t.name} on ${square}`).toBe(false);
        squares.add(square);
      }
    }
    // The Quick Start plays the first exchange of fire at them; Who Owns What says who plays them and why their tokens are linked.
    const quickStart = (skirmish.journal as Doc[]).find((j) => j._id === adventures.find((a) => a.ruleset === "skirmish")!.quickStart)!;
    const page = (name: string) => (((quickStart.pages as Doc[]).find((p) => p.name === name)!.text as { content: string }).content);
    const start = page("Quick Start");
    expect(start).toContain("The first exchange of fire, click by click");
    for (const step of ["<kbd>T</kbd>", "<strong>Attack</strong>", "Member Injured!", "Morale −1", "The enemy answers"]) expect(start, step).toContain(step);
    for (const t of enemy) expect(start, t.name).toContain(`@UUID[Actor.${t.actorId}]`);
    const owners = page("Who Owns What");
    expect(owners).toMatch(/The Ash Hounds' tokens are linked too/);
    for (const a of (skirmish.actors as Doc[]).filter((x) => sideOf(x) === "Ash Hound Company" || x.name === "Ash Hound Company")) expect(owners, a.name).toContain(`@UUID[Actor.${a._id}]`);
  });

  it("no two Adventures hold a document of the same kind with the same id (a world may import them all)", () => {
    const seen = new Set<string>();
    for (const { doc } of adventures) {
      for (const field of CONTENT) {
        for (const d of (doc[field] as Doc[] | undefined) ?? []) {
          const key = `${CONTENT_TYPES[field]}.${d._id}`;
          expect(seen.has(key), key).toBe(false);
          seen.add(key);
        }
      }
    }
  });
});

describe("the welcome journal", () => {
  it("names the five rulesets and links each to its Adventure", () => {
    const [welcome] = committed(WELCOME_PACK).map((f) => JSON.parse(readFileSync(join(ROOT, f), "utf8")) as Doc);
    const start = (welcome!.pages as Doc[])[0]!;
    const content = (start.text as { content: string }).content;
    for (const { title, doc } of adventures) {
      expect(content).toContain(`<h3>${title}</h3>`);
      expect(content).toContain(`@UUID[Compendium.factions.${ADVENTURE_PACK}.Adventure.${doc._id}]{${doc.name}}`);
    }
  });
});

describe("the build's check of an Adventure pack", () => {
  it("refuses documents without an id or with a duplicate one, of a type the system lacks, or keyed as if stored apart", () => {
    const dir = mkdtempSync(join(tmpdir(), "factions-adventure-"));
    try {
      const actor = (id: string, type = "faction") => ({ _id: id, name: "A", type, system: {} });
      const bad = {
        _id: "BadAdventure0000",
        _key: "!adventures!BadAdventure0000",
        name: "Bad",
        actors: [actor("ActorOne00000000"), actor("ActorOne00000000"), actor("ActorTwo00000000", "dragon"), { name: "No id" }],
        items: [{ _id: "ItemOne000000000", _key: "!adventures.items!BadAdventure0000.ItemOne000000000", name: "Keyed", type: "asset" }],
        folder: null,
        sort: 0,
        flags: {},
      };
      writeFileSync(join(dir, "bad.json"), JSON.stringify(bad));
      const system = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as { documentTypes: Record<string, Record<string, unknown>> };
      let message = "";
      try {
        validatePackSources({ name: "bad", type: "Adventure", src: dir, dest: "packs/bad" }, system.documentTypes);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain("actors[1]: \"_id\" ActorOne00000000 is used twice");
      expect(message).toContain('actors[2]: type "dragon" is not among system.json documentTypes.Actor');
      expect(message).toContain('actors[3]: "_id" must be 16 letters or digits');
      expect(message).toContain('items[0]: an Adventure\'s documents carry no "_key"');
      // The committed Adventures pass the same check.
      const pack = { name: ADVENTURE_PACK, type: "Adventure", src: join(ROOT, "packs", ADVENTURE_PACK), dest: `packs/${ADVENTURE_PACK}` };
      expect(validatePackSources(pack, system.documentTypes)).toBe(5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

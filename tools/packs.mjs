// Compendium packs: validate the JSON sources in packs/<name>/*.json and compile them to LevelDB
// with the official Foundry VTT CLI. Shared by tools/build.mjs and bench/.
import fs from "node:fs";
import path from "node:path";

/** Collection name in a document `_key` (`!<collection>!<id>`) for each compendium document type. */
const COLLECTIONS = {
  Actor: "actors",
  Adventure: "adventures",
  Cards: "cards",
  Item: "items",
  JournalEntry: "journal",
  Macro: "macros",
  Playlist: "playlists",
  RollTable: "tables",
  Scene: "scenes",
};

const ID = /^[A-Za-z0-9]{16}$/;

/**
 * The packs declared in system.json, with their source folder and their target path inside dist/.
 * @param {string} root  project root
 * @returns {{ name: string, type: string, src: string, dest: string }[]}
 */
export function declaredPacks(root) {
  const system = JSON.parse(fs.readFileSync(path.join(root, "system.json"), "utf8"));
  return (system.packs ?? []).map((pack) => {
    if (!pack.name || !pack.type) throw new Error(`system.json: a pack lacks "name" or "type": ${JSON.stringify(pack)}`);
    return {
      name: pack.name,
      type: pack.type,
      src: path.join(root, "packs", pack.name),
      dest: pack.path ?? `packs/${pack.name}`,
    };
  });
}

/**
 * Check one pack's sources; throws an Error listing every problem. The CLI silently drops a
 * document without `_key`, so that is checked here, with the rest of the shape of the key.
 * @param {{ name: string, type: string, src: string }} pack
 * @param {Record<string, Record<string, unknown>>} [documentTypes]  system.json `documentTypes`
 * @returns {number} the number of documents
 */
export function validatePackSources(pack, documentTypes = {}) {
  if (!fs.existsSync(pack.src) || !fs.statSync(pack.src).isDirectory()) {
    throw new Error(`pack "${pack.name}": source folder ${pack.src} is missing`);
  }
  const files = fs.readdirSync(pack.src).filter((f) => f.endsWith(".json")).sort();
  if (files.length === 0) throw new Error(`pack "${pack.name}": source folder ${pack.src} has no .json documents`);
  const collection = COLLECTIONS[pack.type];
  if (!collection) throw new Error(`pack "${pack.name}": unsupported document type "${pack.type}"`);
  const subtypes = documentTypes[pack.type] ? Object.keys(documentTypes[pack.type]) : null;
  const problems = [];
  const ids = new Map();
  for (const file of files) {
    const where = `packs/${pack.name}/${file}`;
    let doc;
    try {
      doc = JSON.parse(fs.readFileSync(path.join(pack.src, file), "utf8"));
    } catch (err) {
      problems.push(`${where}: invalid JSON (${err.message})`);
      continue;
    }
    if (!doc || typeof doc !== "object" || Array.isArray(doc)) {
      problems.push(`${where}: must hold one document (a JSON object)`);
      continue;
    }
    const folder = typeof doc._key === "string" && doc._key.startsWith("!folders!");
    if (typeof doc._id !== "string" || !ID.test(doc._id)) problems.push(`${where}: "_id" must be 16 letters or digits`);
    const expected = `!${folder ? "folders" : collection}!${doc._id}`;
    if (doc._key !== expected) problems.push(`${where}: "_key" must be "${expected}" (found ${JSON.stringify(doc._key)})`);
    if (ids.has(doc._id)) problems.push(`${where}: "_id" ${doc._id} already used by ${ids.get(doc._id)}`);
    ids.set(doc._id, file);
    if (typeof doc.name !== "string" || !doc.name) problems.push(`${where}: "name" is missing`);
    if (!folder && subtypes && !subtypes.includes(doc.type)) {
      problems.push(`${where}: type ${JSON.stringify(doc.type)} is not among system.json documentTypes.${pack.type} (${subtypes.join(", ")})`);
    }
    if (pack.type === "Adventure") checkAdventure(doc, where, problems, documentTypes);
    else checkEmbedded(doc, `!${collection}`, doc._id, where, problems);
  }
  if (problems.length) throw new Error(`pack "${pack.name}" has invalid sources:\n  ${problems.join("\n  ")}`);
  return files.length;
}

/** Embedded collections the CLI knows, by parent collection (only those a system pack is likely to hold). */
const EMBEDDED = {
  actors: ["items", "effects"],
  items: ["effects"],
  journal: ["pages", "categories"],
  tables: ["results"],
  cards: ["cards"],
  scenes: ["regions", "tokens"],
  regions: ["behaviors"],
};

function checkEmbedded(doc, parentKey, parentPath, where, problems) {
  const parent = parentKey.split(".").pop().replace(/^!/, "");
  for (const child of EMBEDDED[parent] ?? []) {
    const list = doc[child];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      problems.push(`${where}: "${child}" must be an array`);
      continue;
    }
    const key = `${parentKey}.${child}`;
    for (const [i, emb] of list.entries()) {
      const at = `${where} ${child}[${i}]`;
      if (typeof emb?._id !== "string" || !ID.test(emb._id)) {
        problems.push(`${at}: "_id" must be 16 letters or digits`);
        continue;
      }
      const expected = `${key}!${parentPath}.${emb._id}`;
      if (emb._key !== expected) problems.push(`${at}: "_key" must be "${expected}" (found ${JSON.stringify(emb._key)})`);
      checkEmbedded(emb, key, `${parentPath}.${emb._id}`, where, problems);
    }
  }
}

/** An Adventure's content fields and the kind of document each holds. */
const ADVENTURE_CONTENT = {
  actors: "Actor",
  combats: "Combat",
  items: "Item",
  journal: "JournalEntry",
  scenes: "Scene",
  tables: "RollTable",
  macros: "Macro",
  cards: "Cards",
  playlists: "Playlist",
  folders: "Folder",
};

/**
 * An Adventure is stored as one entry with its documents inline (the CLI does not split it into
 * sublevels): each document needs an id, unique among its kind, and none carries a `_key`.
 */
function checkAdventure(doc, where, problems, documentTypes) {
  for (const [field, documentName] of Object.entries(ADVENTURE_CONTENT)) {
    const list = doc[field];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      problems.push(`${where}: "${field}" must be an array`);
      continue;
    }
    // Actors and items take only the system's types ("base" is also valid for the others).
    const subtypes = (documentName === "Actor" || documentName === "Item") && documentTypes[documentName] ? Object.keys(documentTypes[documentName]) : null;
    const ids = new Set();
    for (const [i, content] of list.entries()) {
      const at = `${where} ${field}[${i}]`;
      if (typeof content?._id !== "string" || !ID.test(content._id)) problems.push(`${at}: "_id" must be 16 letters or digits`);
      else if (ids.has(content._id)) problems.push(`${at}: "_id" ${content._id} is used twice`);
      ids.add(content?._id);
      if (subtypes && !subtypes.includes(content?.type)) problems.push(`${at}: type ${JSON.stringify(content?.type)} is not among system.json documentTypes.${documentName}`);
      if (JSON.stringify(content).includes('"_key":')) problems.push(`${at}: an Adventure's documents carry no "_key" (it is stored as one entry)`);
    }
  }
}

/**
 * Validate and compile every pack declared in system.json into `<outDir>/<pack path>`.
 * @param {string} root    project root
 * @param {string} outDir  folder that receives `packs/<name>` LevelDB folders (dist/ for the build)
 * @param {{ log?: (msg: string) => void }} [options]
 * @returns {Promise<{ name: string, documents: number, dest: string }[]>}
 */
export async function compilePacks(root, outDir, { log = () => {} } = {}) {
  // The CLI keeps a config file under XDG_DATA_HOME; keep it inside the project (gitignored).
  process.env.XDG_DATA_HOME ??= path.join(root, ".cache");
  fs.mkdirSync(process.env.XDG_DATA_HOME, { recursive: true });
  const { compilePack } = await import("@foundryvtt/foundryvtt-cli");
  const system = JSON.parse(fs.readFileSync(path.join(root, "system.json"), "utf8"));
  const packs = declaredPacks(root);
  // Validate all before compiling any, so one run reports every broken pack.
  const errors = [];
  const counts = new Map();
  for (const pack of packs) {
    try {
      counts.set(pack.name, validatePackSources(pack, system.documentTypes));
    } catch (err) {
      errors.push(err.message);
    }
  }
  if (errors.length) throw new Error(errors.join("\n"));
  const results = [];
  for (const pack of packs) {
    const dest = path.join(outDir, pack.dest);
    fs.rmSync(dest, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(dest), { recursive: true });
    await compilePack(pack.src, dest, { log: false });
    results.push({ name: pack.name, documents: counts.get(pack.name), dest });
    log(`pack ${pack.name}: ${counts.get(pack.name)} documents → ${path.relative(root, dest)}`);
  }
  return results;
}

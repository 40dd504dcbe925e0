/**
 * The Adventures generator: one compendium Adventure per ruleset, composed from the ruleset's own
 * pack sources (copied with their ids, so links between them hold once imported) plus its scene,
 * tokens, journals, folders and (Battle) card stacks; and the welcome journal that points to each.
 * Its output is committed under packs/adventures/ and packs/welcome/; a test checks that it equals
 * what the generator makes now, so after changing a ruleset's pack sources run it again:
 *
 *   npm run adventures
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CONTENT, CONTENT_TYPES, slug, type Doc } from "./compose";
import { battleAdventure } from "./battle";
import { factionTurnAdventure } from "./faction-turn";
import { MAP_DIR, mapFiles } from "./maps";
import { operationsAdventure } from "./operations";
import { roundsAdventure } from "./rounds";
import type { RulesetAdventure } from "./ruleset";
import { skirmishAdventure } from "./skirmish";
import { welcomeSource } from "./welcome";

export type { RulesetAdventure } from "./ruleset";

/** The packs the generator writes (packs/<name>/). */
export const ADVENTURE_PACK = "adventures";
export const WELCOME_PACK = "welcome";
const SYSTEM = "factions";

/** Every ruleset's Adventure, in the order the welcome journal lists them. */
export function rulesetAdventures(root: string): RulesetAdventure[] {
  const all = [factionTurnAdventure(root), operationsAdventure(root), battleAdventure(root), skirmishAdventure(root), roundsAdventure(root)];
  checkIds(all);
  return all;
}

/**
 * Ids must not collide within a kind of document across all Adventures: a GM may import them all
 * into one world.
 */
function checkIds(adventures: RulesetAdventure[]): void {
  const seen = new Map<string, string>();
  for (const a of adventures) {
    for (const field of CONTENT) {
      for (const doc of (a.source[field] as Doc[] | undefined) ?? []) {
        const key = `${CONTENT_TYPES[field]}.${doc._id}`;
        const other = seen.get(key);
        if (other) throw new Error(`adventures: ${key} is in both ${other} and ${a.source.name}`);
        seen.set(key, a.source.name);
      }
    }
  }
}

const json = (doc: unknown) => `${JSON.stringify(doc, null, 2)}\n`;

/** The folders the generator owns: it writes every file in them. */
export const GENERATED_DIRS = [join("packs", ADVENTURE_PACK), join("packs", WELCOME_PACK), MAP_DIR];

/** The generated files: path (relative to the project root) → content. */
export function generatedFiles(root: string): Map<string, string> {
  const adventures = rulesetAdventures(root);
  const files = new Map<string, string>();
  for (const a of adventures) files.set(join("packs", ADVENTURE_PACK, `${slug(a.source.name)}.json`), json(a.source));
  const welcome = welcomeSource(SYSTEM, ADVENTURE_PACK, adventures);
  files.set(join("packs", WELCOME_PACK, `${slug(welcome.name)}.json`), json(welcome));
  // Each scene's map (assets/maps/), drawn from the scene as the Adventure holds it.
  for (const [file, svg] of mapFiles(adventures.flatMap((a) => a.source.scenes as Doc[]))) files.set(join(file), svg);
  return files;
}

/** Write the generated files, removing any other file of the folders it owns. */
export function writeGenerated(root: string): string[] {
  const files = generatedFiles(root);
  for (const folder of GENERATED_DIRS) {
    const dir = join(root, folder);
    mkdirSync(dir, { recursive: true });
    for (const f of readdirSync(dir)) if (!files.has(join(folder, f))) rmSync(join(dir, f));
  }
  for (const [file, content] of files) writeFileSync(join(root, file), content);
  return [...files.keys()];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));
  for (const file of writeGenerated(root)) console.log(`[adventures] ${relative(root, join(root, file))}`);
}

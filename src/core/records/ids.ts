/**
 * Where the records are: the GMs' compendium of the world, and in it each record's document by an
 * id made from its card's id, found without a list of them anywhere and without reading the pack.
 */
import { SYSTEM_ID } from "../constants";

/** The GMs' compendium of records (./pack.ts): its name, and its id in `game.packs`. */
export const RECORDS_PACK = `${SYSTEM_ID}-records`;
export const RECORDS_PACK_ID = `world.${RECORDS_PACK}`;

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** One 32-bit hash of `text`, from `seed` (a multiply-xorshift mix over its UTF-16 code units). */
function hash32(text: string, seed: number): number {
  let h = seed ^ text.length;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 0x5bd1e995);
    h ^= h >>> 15;
  }
  h = Math.imul(h ^ (h >>> 13), 0x85ebca6b);
  return (h ^ (h >>> 16)) >>> 0;
}

const SEEDS = [0x9e3779b9, 0x7f4a7c15, 0x94d049bb, 0xbf58476d];

/** A Foundry document id (16 letters and digits) that depends only on `parts`. */
export function derivedId(...parts: string[]): string {
  const text = parts.join("\u0000");
  let id = "";
  for (const seed of SEEDS) {
    let h = hash32(text, seed);
    for (let i = 0; i < 4; i++) {
      id += ALPHABET[h % ALPHABET.length];
      h = Math.floor(h / ALPHABET.length);
    }
  }
  return id;
}

/** The document of a card's GM record. */
export const recordDocId = (card: string) => derivedId(card, "record");



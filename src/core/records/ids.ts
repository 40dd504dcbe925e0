/**
 * Ids of the documents that hold a card's record, made from the card's id: every client finds a
 * record's documents by id, without a list of them anywhere and without walking the world.
 */
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

/** The document of a card's `index`th reader view (0: the one every reader of the card may read). */
export const viewDocId = (card: string, index: number) => derivedId(card, "view", String(index));

/**
 * Combatant id → position in a battle, for battles of any size. A battle of 100,000 a side claims
 * 200,000 ids; a `Map` that large is slow to fill (its table is regrown and rehashed as it grows,
 * far out of the cache), so this one is an open-addressing table in typed arrays, sized once for
 * the ids expected and hashed from the id's characters. Ids that are not strings (a malformed
 * choice) go to a plain `Map`, so every key compares as it would in a `Map`.
 */
export class IdIndex {
  /** Per slot: an entry's number + 1, or 0 when empty. */
  private slots: Int32Array;
  private mask: number;
  /** Per entry: its id, its position, its hash. */
  private readonly ids: string[] = [];
  private readonly positions: number[] = [];
  private readonly hashes: number[] = [];
  private readonly others = new Map<unknown, number>();

  constructor(expected = 0) {
    let size = 16;
    while (size < expected * 2) size *= 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
  }

  get(id: string): number | undefined {
    if (typeof id !== "string") return this.others.get(id);
    const e = this.find(id, hashOf(id));
    return e < 0 ? undefined : this.positions[e];
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  /** Give `id` this position unless it has one already; false if it had. */
  claim(id: string, position: number): boolean {
    if (typeof id !== "string") {
      if (this.others.has(id)) return false;
      this.others.set(id, position);
      return true;
    }
    const h = hashOf(id);
    if (this.find(id, h) >= 0) return false;
    this.add(id, h, position);
    return true;
  }

  /** Give `id` this position, whether it had one or not. */
  set(id: string, position: number): void {
    if (typeof id !== "string") {
      this.others.set(id, position);
      return;
    }
    const h = hashOf(id);
    const e = this.find(id, h);
    if (e >= 0) this.positions[e] = position;
    else this.add(id, h, position);
  }

  /** The entry holding `id`, or -1. */
  private find(id: string, h: number): number {
    for (let s = h & this.mask; ; s = (s + 1) & this.mask) {
      const e = this.slots[s]! - 1;
      if (e < 0) return -1;
      if (this.hashes[e] === h && this.ids[e] === id) return e;
    }
  }

  private add(id: string, h: number, position: number): void {
    // At most half full, so a probe ends soon.
    if ((this.ids.length + 1) * 2 > this.slots.length) this.grow();
    const e = this.ids.length;
    this.ids.push(id);
    this.positions.push(position);
    this.hashes.push(h);
    this.place(e);
  }

  private place(e: number): void {
    let s = this.hashes[e]! & this.mask;
    while (this.slots[s] !== 0) s = (s + 1) & this.mask;
    this.slots[s] = e + 1;
  }

  private grow(): void {
    this.slots = new Int32Array(this.slots.length * 2);
    this.mask = this.slots.length - 1;
    for (let e = 0; e < this.ids.length; e++) this.place(e);
  }
}

/**
 * A start for the hash, new in each session: ids are a player's choice, and ids picked to share a
 * hash would make every probe long. Only the table's layout depends on it, never an answer.
 */
const SEED = Math.floor(Math.random() * 2 ** 32);

/** FNV-1a over the id's UTF-16 code units, from the session's seed. */
function hashOf(id: string): number {
  let h = 0x811c9dc5 ^ SEED;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h;
}

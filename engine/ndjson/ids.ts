// The index of source ids that NDJSON preflight keeps (SPEC §2.10): id → the line it was first seen
// on. It is the one part of preflight that grows with the file, and it is probed for every id and
// reference a record holds, so both its size and the memory each probe touches matter. Canonical
// UUIDs (what the reference exporter writes) are kept as four 32-bit words beside their line in
// open-addressing tables on typed arrays: 20 bytes an id instead of a string and a Map entry
// (~100 bytes), and a probe reads one place in one array. Reading the 32 hex digits costs less than
// what a string-keyed table costs once JSON.parse has pushed it out of the CPU caches: a Map or a
// table of strings touches its bucket, its entry and the stored string (measured in the pipeline on
// the bench export: about 400 ns a lookup against 190). Exact: the whole id is the key. Other ids
// go to a Map.

/** Slots a table starts with. */
const INITIAL_SLOTS = 64;

/** The byte two hex digits make, indexed by their two code units (each < 256); -1 for anything else. */
const PAIR = new Int16Array(65536).fill(-1);
const DIGITS = '0123456789abcdef'; // lower-case only: a canonical UUID
for (let a = 0; a < 16; a++) for (let b = 0; b < 16; b++) PAIR[(DIGITS.charCodeAt(a) << 8) | DIGITS.charCodeAt(b)] = a * 16 + b;

// The UUID last read by parseUuid, as four words.
let w0 = 0, w1 = 0, w2 = 0, w3 = 0;

/** The byte of the two hex digits at `i`, or -1. */
function byteAt(id: string, i: number): number {
  const a = id.charCodeAt(i), b = id.charCodeAt(i + 1);
  return (a | b) > 255 ? -1 : PAIR[(a << 8) | b]!;
}

/** Reads a canonical (lower-case) UUID into w0..w3; false when `id` is anything else. */
function parseUuid(id: string): boolean {
  if (id.length !== 36 || id.charCodeAt(8) !== 45 || id.charCodeAt(13) !== 45 || id.charCodeAt(18) !== 45 || id.charCodeAt(23) !== 45) {
    return false;
  }
  // xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx: digits at 0–7 | 9–12 14–17 | 19–22 24–27 | 28–35
  const b0 = byteAt(id, 0), b1 = byteAt(id, 2), b2 = byteAt(id, 4), b3 = byteAt(id, 6);
  const b4 = byteAt(id, 9), b5 = byteAt(id, 11), b6 = byteAt(id, 14), b7 = byteAt(id, 16);
  const b8 = byteAt(id, 19), b9 = byteAt(id, 21), b10 = byteAt(id, 24), b11 = byteAt(id, 26);
  const b12 = byteAt(id, 28), b13 = byteAt(id, 30), b14 = byteAt(id, 32), b15 = byteAt(id, 34);
  if ((b0 | b1 | b2 | b3 | b4 | b5 | b6 | b7 | b8 | b9 | b10 | b11 | b12 | b13 | b14 | b15) < 0) return false;
  w0 = (b0 << 24) | (b1 << 16) | (b2 << 8) | b3;
  w1 = (b4 << 24) | (b5 << 16) | (b6 << 8) | b7;
  w2 = (b8 << 24) | (b9 << 16) | (b10 << 8) | b11;
  w3 = (b12 << 24) | (b13 << 16) | (b14 << 8) | b15;
  return true;
}

function hash(): number {
  let h = Math.imul(w0 ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ w1, 0xc2b2ae35);
  h = Math.imul(h ^ w2, 0x27d4eb2f);
  h = Math.imul(h ^ w3, 0x165667b1);
  return h ^ (h >>> 15);
}

/** Int32s a slot takes: the line (0: empty), then the four words, side by side so a probe reads one place. */
const SLOT = 5;

/**
 * One open-addressing table (load at most 1/2, doubling). An index holds 16 of them, chosen by the
 * top 4 bits of the id's hash (not its first digit: a UUIDv7 starts with a timestamp), so a table
 * that grows copies 1/16 of the ids: the old and new arrays are alive together only for that
 * part, which keeps the peak close to what the index holds.
 */
class Table {
  slots = new Int32Array(SLOT * INITIAL_SLOTS);
  size = INITIAL_SLOTS;
  used = 0;

  /** The offset of the slot holding w0..w3 (whose hash is `h`), or of the empty slot where it would go. */
  find(h: number): number {
    const mask = this.size - 1;
    const slots = this.slots;
    let i = h & mask;
    for (;;) {
      const o = i * SLOT;
      if (slots[o] === 0 || (slots[o + 1] === w0 && slots[o + 2] === w1 && slots[o + 3] === w2 && slots[o + 4] === w3)) return o;
      i = (i + 1) & mask;
    }
  }

  /** Stores w0..w3 at `line` in the empty slot at offset `o`. */
  put(o: number, line: number): void {
    const slots = this.slots;
    slots[o] = line;
    slots[o + 1] = w0;
    slots[o + 2] = w1;
    slots[o + 3] = w2;
    slots[o + 4] = w3;
    if (++this.used * 2 > this.size) this.grow();
  }

  private grow(): void {
    const old = this.slots;
    this.size *= 2;
    this.slots = new Int32Array(SLOT * this.size);
    for (let o = 0; o < old.length; o += SLOT) {
      if (old[o] === 0) continue;
      w0 = old[o + 1]!;
      w1 = old[o + 2]!;
      w2 = old[o + 3]!;
      w3 = old[o + 4]!;
      const n = this.find(hash());
      const slots = this.slots;
      slots[n] = old[o]!;
      slots[n + 1] = w0;
      slots[n + 2] = w1;
      slots[n + 3] = w2;
      slots[n + 4] = w3;
    }
  }
}

export class IdIndex {
  private readonly tables = Array.from({ length: 16 }, () => new Table());
  private readonly plain = new Map<string, number>();

  get size(): number {
    let n = this.plain.size;
    for (const t of this.tables) n += t.used;
    return n;
  }

  /** The line the id was first seen on, or undefined. */
  line(id: string): number | undefined {
    if (!parseUuid(id)) return this.plain.get(id);
    const h = hash();
    const t = this.tables[h >>> 28]!;
    const l = t.slots[t.find(h)]!;
    return l === 0 ? undefined : l;
  }

  has(id: string): boolean {
    return this.line(id) !== undefined;
  }

  /** Records the id at `line` (≥ 1); returns the earlier line when the id was already there. */
  add(id: string, line: number): number | undefined {
    if (!parseUuid(id)) {
      const first = this.plain.get(id);
      if (first === undefined) this.plain.set(id, line);
      return first;
    }
    const h = hash();
    const t = this.tables[h >>> 28]!;
    const o = t.find(h);
    if (t.slots[o] !== 0) return t.slots[o];
    t.put(o, line);
    return undefined;
  }
}

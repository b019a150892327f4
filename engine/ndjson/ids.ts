// The index of source ids that NDJSON preflight keeps (SPEC §2.10): id → the line it was first seen
// on. It is the one part of preflight that grows with the file. A small index (the accounts,
// categories, tags and merchants most references point to) keeps the id strings in a table hashed
// on a few of their characters: a lookup reads 16 characters and compares one string, cheaper than
// a Map (which hashes every character of a string JSON.parse just made) or reading it as a UUID.
// Past SMALL ids, canonical UUIDs (what the reference exporter writes) move to open-addressing
// tables on typed arrays, kept as four 32-bit words: 20 bytes an id instead of a string and a Map
// entry (~100 bytes), and no string is kept to look one up. Exact: the whole id is the key. Other
// ids stay in the string table.

/** Ids held in the Map before canonical UUIDs move to the tables. */
const SMALL = 4096;
/** Slots a table starts with. */
const INITIAL_SLOTS = 1024;

/** Hex digit values of UTF-16 code units (lower-case only: a canonical UUID), -1 for the rest. */
const HEX = new Int8Array(65536).fill(-1);
for (let i = 0; i < 10; i++) HEX[48 + i] = i;
for (let i = 0; i < 6; i++) HEX[97 + i] = 10 + i;

// The UUID last read by parseUuid, as four words.
let w0 = 0, w1 = 0, w2 = 0, w3 = 0;

/** Hex digits `from`..`to` (exclusive) of `id` appended to `v`; `bad` goes negative on a non-digit. */
let bad = 0;
function hex(id: string, from: number, to: number, v: number): number {
  for (let i = from; i < to; i++) {
    const d = HEX[id.charCodeAt(i)]!;
    bad |= d;
    v = (v << 4) | d;
  }
  return v;
}

/** Reads a canonical (lower-case) UUID into w0..w3; false when `id` is anything else. */
function parseUuid(id: string): boolean {
  if (id.length !== 36 || id.charCodeAt(8) !== 45 || id.charCodeAt(13) !== 45 || id.charCodeAt(18) !== 45 || id.charCodeAt(23) !== 45) {
    return false;
  }
  // xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx: digits at 0–7 | 9–12 14–17 | 19–22 24–27 | 28–35
  bad = 0;
  w0 = hex(id, 0, 8, 0);
  w1 = hex(id, 14, 18, hex(id, 9, 13, 0));
  w2 = hex(id, 24, 28, hex(id, 19, 23, 0));
  w3 = hex(id, 28, 36, 0);
  return bad >= 0;
}

function hash(): number {
  let h = Math.imul(w0 ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ w1, 0xc2b2ae35);
  h = Math.imul(h ^ w2, 0x27d4eb2f);
  h = Math.imul(h ^ w3, 0x165667b1);
  return h ^ (h >>> 15);
}

/**
 * One open-addressing table (load at most 1/2, doubling). An index holds 16 of them, chosen by the
 * id's first hex digit, so a table that grows copies 1/16 of the ids: the old and new arrays are
 * alive together only for that part, which keeps the peak close to what the index holds.
 */
class Table {
  keys = new Int32Array(4 * INITIAL_SLOTS);
  lines = new Int32Array(INITIAL_SLOTS); // 0: empty slot
  used = 0;

  /** The slot holding w0..w3, or the empty slot where it would go. */
  slot(): number {
    const mask = this.lines.length - 1;
    const keys = this.keys, lines = this.lines;
    let i = hash() & mask;
    for (;;) {
      if (lines[i] === 0) return i;
      const k = i << 2;
      if (keys[k] === w0 && keys[k + 1] === w1 && keys[k + 2] === w2 && keys[k + 3] === w3) return i;
      i = (i + 1) & mask;
    }
  }

  /** Stores w0..w3 at `line` in the empty slot `s`. */
  put(s: number, line: number): void {
    const k = s << 2;
    this.keys[k] = w0;
    this.keys[k + 1] = w1;
    this.keys[k + 2] = w2;
    this.keys[k + 3] = w3;
    this.lines[s] = line;
    if (++this.used * 2 > this.lines.length) this.grow();
  }

  private grow(): void {
    const oldKeys = this.keys, oldLines = this.lines;
    this.keys = new Int32Array(oldKeys.length * 2);
    this.lines = new Int32Array(oldLines.length * 2);
    for (let i = 0; i < oldLines.length; i++) {
      if (oldLines[i] === 0) continue;
      const k = i << 2;
      w0 = oldKeys[k]!;
      w1 = oldKeys[k + 1]!;
      w2 = oldKeys[k + 2]!;
      w3 = oldKeys[k + 3]!;
      const s = this.slot() << 2;
      this.keys[s] = w0;
      this.keys[s + 1] = w1;
      this.keys[s + 2] = w2;
      this.keys[s + 3] = w3;
      this.lines[s >> 2] = oldLines[i]!;
    }
  }
}

/** Hashes the first and last 8 characters (a UUID's are random; so are a counter's last ones). */
function stringHash(s: string): number {
  const n = s.length;
  let h = Math.imul(n, 0x9e3779b1);
  const head = n < 8 ? n : 8;
  for (let i = 0; i < head; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  for (let i = n - 8 > head ? n - 8 : head; i < n; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h ^ (h >>> 16);
}

/** Strings → line, open addressing on a partial hash; every hit is confirmed by comparing strings. */
class StringTable {
  private strings: (string | undefined)[] = new Array(64);
  private lines = new Int32Array(64);
  size = 0;

  private slot(s: string): number {
    const mask = this.lines.length - 1;
    let i = stringHash(s) & mask;
    while (this.lines[i] !== 0 && this.strings[i] !== s) i = (i + 1) & mask;
    return i;
  }

  get(s: string): number | undefined {
    const l = this.lines[this.slot(s)]!;
    return l === 0 ? undefined : l;
  }

  /** Adds `s` at `line` unless it is there; returns the earlier line when it was. */
  add(s: string, line: number): number | undefined {
    const i = this.slot(s);
    if (this.lines[i] !== 0) return this.lines[i];
    this.strings[i] = s;
    this.lines[i] = line;
    if (++this.size * 2 > this.lines.length) this.rehash(this.lines.length * 2);
    return undefined;
  }

  *entries(): Generator<[string, number]> {
    for (let i = 0; i < this.lines.length; i++) if (this.lines[i] !== 0) yield [this.strings[i]!, this.lines[i]!];
  }

  /** Keeps only the entries `keep` says yes to. */
  retain(keep: (s: string) => boolean): void {
    this.rehash(this.lines.length, [...this.entries()].filter(([k]) => keep(k)));
  }

  private rehash(slots: number, entries: [string, number][] = [...this.entries()]): void {
    this.strings = new Array(slots);
    this.lines = new Int32Array(slots);
    this.size = 0;
    for (const [k, l] of entries) this.add(k, l);
  }
}

export class IdIndex {
  /** The 16 tables, once the index has grown past SMALL ids; null before. */
  private tables: Table[] | null = null;
  private readonly plain = new StringTable();

  get size(): number {
    let n = this.plain.size;
    for (const t of this.tables ?? []) n += t.used;
    return n;
  }

  /** The line the id was first seen on, or undefined. */
  line(id: string): number | undefined {
    if (this.tables === null || !parseUuid(id)) return this.plain.get(id);
    const t = this.tables[w0 >>> 28]!;
    const l = t.lines[t.slot()]!;
    return l === 0 ? undefined : l;
  }

  has(id: string): boolean {
    return this.line(id) !== undefined;
  }

  /** Records the id at `line` (≥ 1); returns the earlier line when the id was already there. */
  add(id: string, line: number): number | undefined {
    if (this.tables === null || !parseUuid(id)) {
      const first = this.plain.add(id, line);
      if (first === undefined && this.tables === null && this.plain.size > SMALL) this.pack();
      return first;
    }
    const t = this.tables[w0 >>> 28]!;
    const s = t.slot();
    if (t.lines[s] !== 0) return t.lines[s];
    t.put(s, line);
    return undefined;
  }

  /** Moves the canonical UUIDs from the string table to the typed tables. */
  private pack(): void {
    const tables = Array.from({ length: 16 }, () => new Table());
    for (const [id, line] of this.plain.entries()) {
      if (!parseUuid(id)) continue;
      const t = tables[w0 >>> 28]!;
      t.put(t.slot(), line);
    }
    this.plain.retain((id) => !parseUuid(id));
    this.tables = tables;
  }
}

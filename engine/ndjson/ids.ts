// The index of source ids that NDJSON preflight keeps (SPEC §2.10): id → the line it was first seen
// on. It is the one part of preflight that grows with the file, so canonical UUIDs (what the
// reference exporter writes) are kept as four 32-bit words in an open-addressing hash table on
// typed arrays: 20 bytes an id instead of a string and a Map entry (~100 bytes), and no string is
// made to look one up. Exact, no hashing of the id into fewer bits. Other ids go to a plain Map.

const HEX = new Int8Array(128).fill(-1);
for (let i = 0; i < 10; i++) HEX[48 + i] = i;
for (let i = 0; i < 6; i++) HEX[97 + i] = 10 + i;

const words = new Uint32Array(4);

/** Eight hex digits at `at` as a 32-bit word, or -1 when one is not a lower-case hex digit. */
function word(id: string, at: number): number {
  let v = 0;
  for (let i = at; i < at + 8; i++) {
    const c = id.charCodeAt(i);
    const d = c < 128 ? HEX[c]! : -1;
    if (d < 0) return -1;
    v = (v << 4) | d;
  }
  return v >>> 0;
}

/** Four hex digits at `at`, or -1. */
function half(id: string, at: number): number {
  let v = 0;
  for (let i = at; i < at + 4; i++) {
    const c = id.charCodeAt(i);
    const d = c < 128 ? HEX[c]! : -1;
    if (d < 0) return -1;
    v = (v << 4) | d;
  }
  return v;
}

/** Reads a canonical (lower-case) UUID into `words`; false when `id` is anything else. */
function parseUuid(id: string): boolean {
  if (id.length !== 36 || id.charCodeAt(8) !== 45 || id.charCodeAt(13) !== 45 || id.charCodeAt(18) !== 45 || id.charCodeAt(23) !== 45) {
    return false;
  }
  // xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx: digits at 0–7 | 9–12 14–17 | 19–22 24–27 | 28–35
  const a = word(id, 0), b1 = half(id, 9), b2 = half(id, 14), c1 = half(id, 19), c2 = half(id, 24), d = word(id, 28);
  if (a < 0 || b1 < 0 || b2 < 0 || c1 < 0 || c2 < 0 || d < 0) return false;
  words[0] = a;
  words[1] = ((b1 << 16) | b2) >>> 0;
  words[2] = ((c1 << 16) | c2) >>> 0;
  words[3] = d;
  return true;
}

function hash(): number {
  let h = Math.imul(words[0]! ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ words[1]!, 0xc2b2ae35);
  h = Math.imul(h ^ words[2]!, 0x27d4eb2f);
  h = Math.imul(h ^ words[3]!, 0x165667b1);
  return (h ^ (h >>> 15)) >>> 0;
}

/**
 * One open-addressing table (load at most 1/2, doubling). An index holds 16 of them, chosen by the
 * id's first hex digit, so a table that grows copies 1/16 of the ids: the old and new arrays are
 * alive together only for that part, which keeps the peak close to what the index holds.
 */
class Table {
  keys = new Uint32Array(4 * 256);
  lines = new Int32Array(256); // 0: empty slot
  used = 0;

  /** The slot holding `words`, or the empty slot where it would go. */
  slot(): number {
    const mask = this.lines.length - 1;
    const keys = this.keys, lines = this.lines;
    let i = hash() & mask;
    for (;;) {
      if (lines[i] === 0) return i;
      const k = i * 4;
      if (keys[k] === words[0] && keys[k + 1] === words[1] && keys[k + 2] === words[2] && keys[k + 3] === words[3]) return i;
      i = (i + 1) & mask;
    }
  }

  grow(): void {
    const oldKeys = this.keys, oldLines = this.lines;
    this.keys = new Uint32Array(oldKeys.length * 2);
    this.lines = new Int32Array(oldLines.length * 2);
    for (let i = 0; i < oldLines.length; i++) {
      if (oldLines[i] === 0) continue;
      words.set(oldKeys.subarray(i * 4, i * 4 + 4));
      const s = this.slot();
      this.keys.set(words, s * 4);
      this.lines[s] = oldLines[i]!;
    }
  }
}

export class IdIndex {
  private readonly tables: Table[] = [];
  private readonly plain = new Map<string, number>();

  get size(): number {
    let n = this.plain.size;
    for (const t of this.tables) if (t) n += t.used;
    return n;
  }

  /** The table for the UUID in `words`. */
  private table(): Table {
    const n = words[0]! >>> 28;
    return (this.tables[n] ??= new Table());
  }

  /** The line the id was first seen on, or undefined. */
  line(id: string): number | undefined {
    if (!parseUuid(id)) return this.plain.get(id);
    const t = this.table();
    const l = t.lines[t.slot()]!;
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
    const t = this.table();
    const s = t.slot();
    if (t.lines[s] !== 0) return t.lines[s];
    t.keys.set(words, s * 4);
    t.lines[s] = line;
    if (++t.used * 2 > t.lines.length) t.grow();
    return undefined;
  }
}

// The index of source ids that NDJSON preflight keeps (SPEC §2.10), one per id space: it finds
// duplicate ids and resolves references. It is the one part of preflight that grows with the file,
// and it sees every id and reference a record holds, so both its size and the memory each id
// touches matter.
//
// Canonical UUIDs (what the reference exporter writes) are read into four 32-bit words and
// appended to a log, 20 bytes an id (the words and the line), written in order: a write that
// lands next to the last one. Duplicates are found once, at the end (seal), by sorting the log on
// a hash of the words, which puts equal ids side by side. Storing every id in a hash table as it
// came made each insert a cache miss somewhere in 40–60 MB of tables kept at most half full: on
// the bench export (1.08 million ids) the whole NDJSON pipeline took about 2.8 s that way and 2.4 s
// this way, with 60 MB less at its peak (20 bytes an id, against about 55).
//
// References (refer) are looked up as the file is read in a hash table of the space's first
// TABLE_LIMIT ids (references point mostly at accounts, categories, merchants, tags and budgets: a
// few thousand ids at most), with a cache of the strings found in front of it. A reference that
// is not there yet (it points later in the file, past the table's TABLE_LIMIT ids, or into a
// space kept without a table, as transactions are) is queued in a second log and resolved at seal,
// by sorting the queue the same way and walking both in hash order. Ids that are not canonical
// UUIDs go to a Map, and references to them not found yet to a list settled at seal.
//
// Ids and references are held in small batches (BATCH) and taken in a batch at a time, in the
// order they came: the log's order is the file's, so the first of two equal ids is the earlier.

/** Ids an id space keeps in its lookup table; later ones are found at seal. */
const TABLE_LIMIT = 1 << 16;
/** Slots a lookup table starts with. */
const INITIAL_SLOTS = 64;
/** The cache of ids found: 2^FOUND_BITS strings an id space with a lookup table (128 KiB). */
const FOUND_BITS = 14;

/** The byte two hex digits make, indexed by their two code units (each < 256); -1 for anything else. */
const PAIR = new Int16Array(65536).fill(-1);
const DIGITS = '0123456789abcdef'; // lower-case only: a canonical UUID
for (let a = 0; a < 16; a++) for (let b = 0; b < 16; b++) PAIR[(DIGITS.charCodeAt(a) << 8) | DIGITS.charCodeAt(b)] = a * 16 + b;

// The UUID last read by parseUuid (or loaded from a log), as four words.
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

const hex = (w: number, digits: number) => (w >>> 0).toString(16).padStart(8, '0').slice(8 - digits);

/** w0..w3 written back as the canonical UUID they were read from. */
function uuidText(): string {
  return `${hex(w0, 8)}-${hex(w1 >>> 16, 4)}-${hex(w1, 4)}-${hex(w2 >>> 16, 4)}-${hex(w2, 4)}${hex(w3, 8)}`;
}

/** An id's place in a cache of ids found, by its last four characters (length ≥ 4). */
function foundSlot(id: string): number {
  const n = id.length;
  return Math.imul(id.charCodeAt(n - 1) | (id.charCodeAt(n - 2) << 8) | (id.charCodeAt(n - 3) << 16) | (id.charCodeAt(n - 4) << 24), 0x9e3779b1)
    >>> (32 - FOUND_BITS);
}

/** A 32-bit hash of w0..w3 (unsigned). */
function hash(): number {
  let h = Math.imul(w0 ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ w1, 0xc2b2ae35);
  h = Math.imul(h ^ w2, 0x27d4eb2f);
  h = Math.imul(h ^ w3, 0x165667b1);
  return (h ^ (h >>> 15)) >>> 0;
}

/** Int32s a table slot takes: the line (0: empty), then the four words, side by side so a probe reads one place. */
const SLOT = 5;

/** An open-addressing table of UUIDs (load at most 1/2, doubling), for lookups while the file is read. */
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

  /** Stores w0..w3 (whose hash is `h`) at `line` unless it is there. */
  add(h: number, line: number): void {
    const o = this.find(h);
    if (this.slots[o] !== 0) return;
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

/** Entries a log block holds once the log is past its first block. */
const BLOCK_BITS = 16;
const BLOCK = 1 << BLOCK_BITS;

/**
 * UUIDs in the order they came, each with `width` integers of its own (a line; a line and a
 * reference), in blocks: appending never copies more than the first block as it grows.
 */
class Log {
  private readonly entry: number;
  private blocks: Int32Array[] = [];
  n = 0;

  constructor(readonly width: 1 | 2) {
    this.entry = width + 4;
  }

  /** Appends w0..w3 with `a` (and `b`). */
  push(a: number, b = 0): void {
    const n = this.n++;
    const k = n >>> BLOCK_BITS;
    let block = this.blocks[k];
    let o = (n & (BLOCK - 1)) * this.entry;
    if (block === undefined || o === block.length) {
      // The first block doubles from 64 entries (a space of 25 accounts keeps 2 KiB); the others are whole.
      const grown = new Int32Array(k > 0 ? BLOCK * this.entry : Math.max(64 * this.entry, (block?.length ?? 0) * 2));
      if (block !== undefined) grown.set(block);
      this.blocks[k] = block = grown;
    }
    block[o++] = a;
    if (this.width === 2) block[o++] = b;
    block[o] = w0;
    block[o + 1] = w1;
    block[o + 2] = w2;
    block[o + 3] = w3;
  }

  /** Loads entry i's words into w0..w3 and returns its first integer (`second` reads the other). */
  load(i: number): number {
    const block = this.blocks[i >>> BLOCK_BITS]!;
    const o = (i & (BLOCK - 1)) * this.entry;
    const w = o + this.width;
    w0 = block[w]!;
    w1 = block[w + 1]!;
    w2 = block[w + 2]!;
    w3 = block[w + 3]!;
    return block[o]!;
  }

  second(i: number): number {
    return this.blocks[i >>> BLOCK_BITS]![(i & (BLOCK - 1)) * this.entry + 1]!;
  }

  /** Whether entry i holds w0..w3. */
  holds(i: number): boolean {
    const block = this.blocks[i >>> BLOCK_BITS]!;
    const w = (i & (BLOCK - 1)) * this.entry + this.width;
    return block[w] === w0 && block[w + 1] === w1 && block[w + 2] === w2 && block[w + 3] === w3;
  }

  /**
   * The entries in order of their hash, as `order` (entry numbers) and `keys` (their hashes):
   * an LSD radix sort, 11 bits a pass, stable, so equal ids keep the order they came in.
   */
  sorted(): { order: Uint32Array; keys: Uint32Array } {
    const n = this.n;
    let keys = new Uint32Array(n), order = new Uint32Array(n);
    for (let i = 0; i < n; i++) {
      this.load(i);
      keys[i] = hash();
      order[i] = i;
    }
    let keys2 = new Uint32Array(n), order2 = new Uint32Array(n);
    const count = new Uint32Array(2048);
    for (let shift = 0; shift < 32; shift += 11) {
      count.fill(0);
      for (let i = 0; i < n; i++) count[(keys[i]! >>> shift) & 2047]!++;
      for (let d = 0, sum = 0; d < 2048; d++) {
        const c = count[d]!;
        count[d] = sum;
        sum += c;
      }
      for (let i = 0; i < n; i++) {
        const key = keys[i]!;
        const p = count[(key >>> shift) & 2047]!++;
        keys2[p] = key;
        order2[p] = order[i]!;
      }
      [keys, keys2] = [keys2, keys];
      [order, order2] = [order2, order];
    }
    return { order, keys };
  }
}

/** Called by seal for each id used again: the later line, the first, and whether the later one is a split line's. */
export type OnDuplicate = (id: string, line: number, first: number, split: boolean) => void;
/** Called by seal for each reference that names no id of the space. */
export type OnUnresolved = (id: string, line: number, ref: number) => void;

/**
 * Ids and references add() and refer() hold before the index takes them in. Taken in as they
 * came, between one JSON.parse and the next, an id cost about 2.5 times what it costs in a run of
 * them: the parser's allocations push the hex table, the lookup table and the cache of ids found
 * out of the processor's caches each time (scratch measurements on the bench export: 130 ns an id
 * against 50). 256 entries span a few hundred records, whose strings are still in the cache.
 */
const BATCH = 256;

export class IdIndex {
  private readonly log = new Log(1);
  private readonly queue = new Log(2);
  private readonly table: Table | null;
  private readonly plain = new Map<string, number>();
  /** Non-canonical ids used again, found as they came: [id, line, first, split]. */
  private readonly plainDuplicates: [string, number, number, boolean][] = [];
  /** References to non-canonical ids not found while reading: [id, line, ref], settled at seal. */
  private readonly plainRefs: [string, number, number][] = [];
  /** Ids found by a lookup, by the hash of their last characters (see known); null without a table. */
  private readonly found: string[] | null;
  /** Ids waiting to be taken in, with their lines (negative: a split line's). */
  private readonly addIds: string[] = [];
  private readonly addLines = new Int32Array(BATCH);
  private adds = 0;
  /** References waiting to be looked up: the id, its line, the caller's number for what refers. */
  private readonly refIds: string[] = [];
  private readonly refLines = new Int32Array(BATCH);
  private readonly refNos = new Int32Array(BATCH);
  private refs = 0;
  /** After seal: the log in hash order. */
  private sealed: { order: Uint32Array; keys: Uint32Array } | null = null;

  /** `lookups`: references point into this space (else no table is kept). */
  constructor(lookups = true) {
    this.table = lookups ? new Table() : null;
    this.found = lookups ? new Array<string>(1 << FOUND_BITS).fill('') : null;
  }

  /** Records the id at `line` (≥ 1); `split`: a split line's. A duplicate is reported by seal. */
  add(id: string, line: number, split = false): void {
    if (this.sealed) throw new Error('the id index is sealed');
    this.addIds[this.adds] = id;
    this.addLines[this.adds] = split ? -line : line;
    if (++this.adds === BATCH) this.flush();
  }

  /**
   * A reference to `id` on `line` (`ref`: the caller's number for what refers). One that names no
   * id of the space, wherever in the file that id is, is reported by seal.
   */
  refer(id: string, line: number, ref: number): void {
    if (this.sealed) throw new Error('the id index is sealed');
    // Most references name an id found before: the cache of ids found answers them at once.
    const found = this.found;
    if (found !== null && id.length >= 4 && found[foundSlot(id)] === id) return;
    const r = this.refs;
    this.refIds[r] = id;
    this.refLines[r] = line;
    this.refNos[r] = ref;
    if (++this.refs === BATCH) this.flush();
  }

  /**
   * Whether the id is known. While the file is read, true is exact but false only means "not
   * found yet" (the id may come later or sit past the lookup table); after seal, both are exact.
   */
  has(id: string): boolean {
    this.flush();
    return this.known(id);
  }

  /** Takes in the ids and references held so far, ids first. */
  private flush(): void {
    const adds = this.adds, refs = this.refs;
    this.adds = this.refs = 0;
    for (let i = 0; i < adds; i++) this.take(this.addIds[i]!, this.addLines[i]!);
    for (let i = 0; i < refs; i++) {
      const id = this.refIds[i]!;
      if (this.known(id)) continue;
      // Not found yet: queued and settled at seal.
      if (parseUuid(id)) this.queue.push(this.refLines[i]!, this.refNos[i]!);
      else this.plainRefs.push([id, this.refLines[i]!, this.refNos[i]!]);
    }
  }

  /** An id at `line` (negative: a split line's) into the log, the lookup table or the map of the others. */
  private take(id: string, line: number): void {
    if (!parseUuid(id)) {
      const first = this.plain.get(id);
      if (first === undefined) this.plain.set(id, Math.abs(line));
      else this.plainDuplicates.push([id, Math.abs(line), first, line < 0]);
      return;
    }
    this.log.push(line);
    if (this.table !== null && this.table.used < TABLE_LIMIT) this.table.add(hash(), Math.abs(line));
  }

  /**
   * has() without taking in what is held. References name the same few accounts, categories,
   * merchants and tags over and over, so ids found are kept in a small direct-mapped cache of the
   * strings, placed by their last four characters (random in UUIDs of every version): a hit costs
   * those four reads and one string comparison instead of reading all 36 characters. Ids are never
   * removed, so a hit is exact.
   */
  private known(id: string): boolean {
    const found = this.found;
    if (found === null || id.length < 4) return this.lookup(id);
    const k = foundSlot(id);
    if (found[k] === id) return true;
    if (!this.lookup(id)) return false;
    found[k] = id;
    return true;
  }

  private lookup(id: string): boolean {
    if (!parseUuid(id)) return this.plain.has(id);
    const h = hash();
    if (this.table !== null) {
      const t = this.table;
      if (t.slots[t.find(h)] !== 0) return true;
    }
    return this.sealed !== null && this.sealedFind(h) >= 0;
  }

  /** The sorted position of an entry holding w0..w3 (hash `h`), or -1. */
  private sealedFind(h: number): number {
    const { keys, order } = this.sealed!;
    let lo = 0, hi = keys.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (keys[mid]! < h) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < keys.length && keys[i] === h; i++) if (this.log.holds(order[i]!)) return i;
    return -1;
  }

  /** Finds the duplicates and the references that resolve to nothing; once, after the last add. */
  seal(onDuplicate: OnDuplicate, onUnresolved: OnUnresolved): void {
    if (this.sealed) throw new Error('the id index is sealed');
    this.flush();
    for (const [id, line, first, split] of this.plainDuplicates) onDuplicate(id, line, first, split);
    const ids = (this.sealed = this.log.sorted());
    const { order, keys } = ids;
    const n = keys.length;
    for (let i = 0; i < n;) {
      let j = i + 1;
      while (j < n && keys[j] === keys[i]) j++;
      if (j - i > 1) this.duplicatesIn(order, i, j, onDuplicate);
      i = j;
    }
    const queued = this.queue.sorted();
    for (let t = 0, e = 0; t < queued.keys.length; t++) {
      const key = queued.keys[t]!;
      while (e < n && keys[e]! < key) e++;
      const q = queued.order[t]!;
      const line = this.queue.load(q);
      let found = false;
      for (let i = e; i < n && keys[i] === key && !found; i++) found = this.log.holds(order[i]!);
      if (!found) onUnresolved(uuidText(), line, this.queue.second(q));
    }
    for (const [id, line, ref] of this.plainRefs) if (!this.plain.has(id)) onUnresolved(id, line, ref);
  }

  /**
   * The duplicates among the entries order[i..j), which share a hash and came in this order: each
   * one equal to an earlier one is reported with the first of them.
   */
  private duplicatesIn(order: Uint32Array, i: number, j: number, onDuplicate: OnDuplicate): void {
    const firsts = new Map<string, number>(); // the first line of each distinct id in the run
    for (let a = i; a < j; a++) {
      const line = this.log.load(order[a]!);
      const id = uuidText();
      const first = firsts.get(id);
      if (first === undefined) firsts.set(id, Math.abs(line));
      else onDuplicate(id, Math.abs(line), first, line < 0);
    }
  }
}

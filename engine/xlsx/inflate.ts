// DEFLATE (RFC 1951) decoding as the compressed bytes arrive, into one output buffer that is
// reused from start to end: the last 32 KiB written (the window back-references reach into) and
// the output not yet handed on. fflate's streaming Inflate allocates new buffers for every push
// (its output grown by doubling, a copy handed on, a copy of the window kept): some three times
// the inflated size, 150 MB for the bench's workbook, all of it garbage that waits for V8 to free
// it. Here a push allocates only its input joined to the few bytes the last one left unread.
//
// Decoding stops, to go on when more input comes, only between symbols or before a block's header,
// and only when fewer bytes are left than the longest symbol or header can take (MARGIN,
// HEADER_MARGIN): the state kept is the block being read, its tables and the bit position. The
// output is handed on at the end of each push and whenever OUT bytes are waiting, each piece a view
// that is valid during the call. Errors in the data are InflateErrors.
//
//   const inf = new Inflater((bytes) => reader.data(bytes));
//   inf.push(chunk, false); ...; inf.push(new Uint8Array(0), true);

/** Compressed data that cannot be decoded. */
export class InflateError extends Error {}

const WINDOW = 32768;
/** Output that, once waiting, is handed on without waiting for the push to end. */
const OUT = 65536;
/** The longest match. */
const MAX_MATCH = 258;
/** Input bytes a literal/length symbol with its extra bits and a distance with its extra bits can take: 15 + 5 + 15 + 13 bits. */
const MARGIN = 8;
/** Input bytes a dynamic block header can take: 3 + 14 + 19·3 + 320·7 bits, and a symbol after it. */
const HEADER_MARGIN = 320;
const EMPTY = new Uint8Array(0);

/** Length codes 257–285: base lengths and extra bits (RFC 1951 §3.2.5). */
const LENGTH_BASE = new Uint16Array([3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]);
const LENGTH_EXTRA = new Uint8Array([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]);
/** Distance codes 0–29. */
const DIST_BASE = new Uint16Array([1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]);
const DIST_EXTRA = new Uint8Array([0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]);
/** The order code length code lengths come in. */
const CLEN_ORDER = new Uint8Array([16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]);

/**
 * A decoding table for Huffman codes of the given lengths: indexed by the next `bits` bits of the
 * stream (DEFLATE packs codes from their first bit, so the index is the code reversed), an entry
 * is the symbol << 4 | the code's length; 0 where no code is (an invalid stream). The entries of a
 * dynamic block's tables are written over those of the last one.
 */
class Table {
  readonly entries: Uint16Array;
  bits = 0;

  constructor(size: number) {
    this.entries = new Uint16Array(size);
  }
}

/** Fills `t` for codes of these lengths (symbol i has code length `lengths[i]`, 0: none). */
function table(t: Table, lengths: Uint8Array, count: number): Table {
  let max = 0;
  const perLength = new Uint16Array(16);
  for (let i = 0; i < count; i++) {
    const l = lengths[i]!;
    if (l > max) max = l;
    perLength[l]++;
  }
  const bits = Math.max(max, 1);
  const entries = t.entries;
  entries.fill(0, 0, 1 << bits);
  t.bits = bits;
  // Canonical codes (§3.2.2): the first code of each length.
  const next = new Uint16Array(16);
  perLength[0] = 0;
  for (let l = 1, code = 0; l <= 15; l++) {
    code = (code + perLength[l - 1]!) << 1;
    next[l] = code;
  }
  for (let sym = 0; sym < count; sym++) {
    const l = lengths[sym]!;
    if (l === 0) continue;
    const code = next[l]!++;
    if (code >= 1 << l) throw new InflateError('an over-subscribed Huffman code');
    let rev = 0;
    for (let k = 0; k < l; k++) rev |= ((code >> k) & 1) << (l - 1 - k);
    const entry = (sym << 4) | l;
    for (let i = rev; i < 1 << bits; i += 1 << l) entries[i] = entry;
  }
  return t;
}

function fixedTables(): [Table, Table] {
  const l = new Uint8Array(288);
  l.fill(8, 0, 144);
  l.fill(9, 144, 256);
  l.fill(7, 256, 280);
  l.fill(8, 280, 288);
  return [table(new Table(1 << 9), l, 288), table(new Table(1 << 5), new Uint8Array(30).fill(5), 30)];
}

const FIXED = fixedTables();

const enum Block { Header, Stored, Codes, Done }

export class Inflater {
  private readonly ondata: (bytes: Uint8Array) => void;
  private readonly out = new Uint8Array(WINDOW + OUT + MAX_MATCH);
  /** Where the next byte is written, and where the output not yet handed on starts. */
  private o = 0;
  private start = 0;
  private block = Block.Header;
  private last = false;
  private lit: Table = FIXED[0];
  private dist: Table = FIXED[1];
  /** A dynamic block's tables (codes of at most 15 bits) and code lengths. */
  private readonly dynamicLit = new Table(1 << 15);
  private readonly dynamicDist = new Table(1 << 15);
  private readonly codeLengths = new Table(1 << 7);
  private readonly lengths = new Uint8Array(286 + 30);
  private readonly clen = new Uint8Array(19);
  /** Bytes of a stored block still to copy. */
  private stored = 0;
  /** Input not read yet (a copy of a push's tail), and the bit of its first byte to read next. */
  private rest: Uint8Array = EMPTY;
  private bit = 0;
  /** Whether any input came (an entry of no bytes at all is empty data). */
  private any = false;

  constructor(ondata: (bytes: Uint8Array) => void) {
    this.ondata = ondata;
  }

  push(chunk: Uint8Array, final: boolean): void {
    if (chunk.length > 0) this.any = true;
    else if (final && !this.any) return;
    let input = chunk;
    const length = this.rest.length + chunk.length;
    if (this.rest.length > 0 || final) {
      // At the end, zeros after the data: a symbol's lookup may read a little past its last bit.
      input = new Uint8Array(final ? length + MARGIN : length);
      input.set(this.rest);
      input.set(chunk, this.rest.length);
    }
    const pos = this.decode(input, length, this.bit, final);
    const used = pos >> 3;
    this.rest = used < length && this.block !== Block.Done ? input.slice(used, length) : EMPTY;
    this.bit = pos & 7;
    if (final && this.block !== Block.Done) throw new InflateError('the compressed data ends before its last block does');
    // What this input gave is handed on now, not when more comes.
    this.flush();
  }

  /** Decodes `input` (its first `end` bytes) from bit `pos` as far as it can; returns the bit position reached. */
  private decode(input: Uint8Array, end: number, pos: number, final: boolean): number {
    for (;;) {
      const left = end - (pos >> 3);
      switch (this.block) {
        case Block.Done:
          return pos;
        case Block.Header: {
          if (!final && left < HEADER_MARGIN) return pos;
          if (left <= 0) return pos;
          const h = bits(input, pos, 3);
          pos += 3;
          this.last = (h & 1) === 1;
          const type = h >> 1;
          if (type === 0) {
            pos = (pos + 7) & ~7;
            const p = pos >> 3;
            if (p + 4 > end) throw new InflateError('a stored block cut short');
            const len = input[p]! | (input[p + 1]! << 8), nlen = input[p + 2]! | (input[p + 3]! << 8);
            if ((len ^ nlen) !== 0xffff) throw new InflateError('a stored block whose length does not check');
            pos += 32;
            this.stored = len;
            this.block = Block.Stored;
          } else if (type === 1) {
            [this.lit, this.dist] = FIXED;
            this.block = Block.Codes;
          } else if (type === 2) {
            pos = this.dynamic(input, pos);
            this.block = Block.Codes;
          } else {
            throw new InflateError('a block of the reserved type 3');
          }
          break;
        }
        case Block.Stored: {
          const p = pos >> 3;
          const n = Math.min(this.stored, end - p);
          for (let i = 0; i < n;) {
            if (this.o + 1 > this.out.length - MAX_MATCH) this.flush();
            const k = Math.min(n - i, this.out.length - MAX_MATCH - this.o);
            this.out.set(input.subarray(p + i, p + i + k), this.o);
            this.o += k;
            i += k;
          }
          pos += 8 * n;
          this.stored -= n;
          if (this.stored > 0) return pos;
          this.block = this.last ? Block.Done : Block.Header;
          break;
        }
        case Block.Codes:
          pos = this.codes(input, end, pos, final);
          if (this.block === Block.Codes) return pos;
          break;
      }
    }
  }

  /** A dynamic block's header (§3.2.7): its two tables. */
  private dynamic(input: Uint8Array, pos: number): number {
    const hlit = bits(input, pos, 5) + 257, hdist = bits(input, pos + 5, 5) + 1, hclen = bits(input, pos + 10, 4) + 4;
    pos += 14;
    if (hlit > 286 || hdist > 30) throw new InflateError('a dynamic block with too many codes');
    const clen = this.clen;
    clen.fill(0);
    for (let i = 0; i < hclen; i++, pos += 3) clen[CLEN_ORDER[i]!] = bits(input, pos, 3);
    const ct = table(this.codeLengths, clen, 19);
    const lengths = this.lengths.subarray(0, hlit + hdist);
    for (let i = 0; i < lengths.length;) {
      const e = ct.entries[bits(input, pos, ct.bits)]!;
      if (e === 0) throw new InflateError('an invalid code length code');
      pos += e & 15;
      const sym = e >> 4;
      if (sym < 16) {
        lengths[i++] = sym;
        continue;
      }
      let repeat: number, value = 0;
      if (sym === 16) {
        if (i === 0) throw new InflateError('a repeat with nothing before it');
        value = lengths[i - 1]!;
        repeat = 3 + bits(input, pos, 2);
        pos += 2;
      } else if (sym === 17) {
        repeat = 3 + bits(input, pos, 3);
        pos += 3;
      } else {
        repeat = 11 + bits(input, pos, 7);
        pos += 7;
      }
      if (i + repeat > lengths.length) throw new InflateError('code lengths that run past their count');
      lengths.fill(value, i, i + repeat);
      i += repeat;
    }
    if (lengths[256] === 0) throw new InflateError('a block without an end-of-block code');
    this.lit = table(this.dynamicLit, lengths.subarray(0, hlit), hlit);
    this.dist = table(this.dynamicDist, lengths.subarray(hlit), hdist);
    return pos;
  }

  /** Literals and matches until the block's end, the input's margin, or a full output buffer (handed on). */
  private codes(input: Uint8Array, end: number, pos: number, final: boolean): number {
    const out = this.out;
    const lit = this.lit.entries, litMask = (1 << this.lit.bits) - 1;
    const dist = this.dist.entries, distMask = (1 << this.dist.bits) - 1;
    // Symbols are read while a whole one surely fits in what is left (all of it at the end).
    const stop = final ? 8 * end : 8 * (end - MARGIN);
    const full = out.length - MAX_MATCH;
    let o = this.o;
    while (pos < stop) {
      if (o > full) {
        this.o = o;
        this.flush();
        o = this.o;
      }
      let p = pos >> 3;
      let e = lit[((input[p]! | (input[p + 1]! << 8) | (input[p + 2]! << 16)) >>> (pos & 7)) & litMask]!;
      if (e === 0) throw new InflateError('an invalid literal/length code');
      pos += e & 15;
      const sym = e >> 4;
      if (sym < 256) {
        out[o++] = sym;
        continue;
      }
      if (sym === 256) {
        this.block = this.last ? Block.Done : Block.Header;
        break;
      }
      const li = sym - 257;
      if (li >= 29) throw new InflateError('an invalid length code');
      let length = LENGTH_BASE[li]!;
      const le = LENGTH_EXTRA[li]!;
      if (le > 0) {
        p = pos >> 3;
        length += ((input[p]! | (input[p + 1]! << 8)) >>> (pos & 7)) & ((1 << le) - 1);
        pos += le;
      }
      p = pos >> 3;
      e = dist[((input[p]! | (input[p + 1]! << 8) | (input[p + 2]! << 16)) >>> (pos & 7)) & distMask]!;
      if (e === 0) throw new InflateError('an invalid distance code');
      pos += e & 15;
      const di = e >> 4;
      if (di >= 30) throw new InflateError('an invalid distance code');
      let d = DIST_BASE[di]!;
      const de = DIST_EXTRA[di]!;
      if (de > 0) {
        p = pos >> 3;
        d += ((input[p]! | (input[p + 1]! << 8) | (input[p + 2]! << 16)) >>> (pos & 7)) & ((1 << de) - 1);
        pos += de;
      }
      if (d > o) throw new InflateError('a distance back past the start of the data');
      for (let from = o - d, to = o + length; o < to;) out[o++] = out[from++]!;
    }
    this.o = o;
    if (pos > 8 * end) throw new InflateError('the compressed data ends inside a code');
    return pos;
  }

  /** Hands on the output not yet handed on, and keeps the last 32 KiB for back-references. */
  private flush(): void {
    if (this.o > this.start) this.ondata(this.out.subarray(this.start, this.o));
    if (this.o > WINDOW) {
      this.out.copyWithin(0, this.o - WINDOW, this.o);
      this.o = WINDOW;
    }
    this.start = this.o;
  }
}

/** `n` bits (at most 16) of `input` from bit `pos`, first bit lowest; zero past its end. */
function bits(input: Uint8Array, pos: number, n: number): number {
  const p = pos >> 3;
  return (((input[p] ?? 0) | ((input[p + 1] ?? 0) << 8) | ((input[p + 2] ?? 0) << 16)) >>> (pos & 7)) & ((1 << n) - 1);
}

// The sheet's CSV text is written as UTF-8 bytes, the form the table pipeline takes (csv/pipeline.ts
// push()), and the shared strings are kept as the bytes of their CSV fields: a cell that refers to
// one copies its bytes into the row, so no string is made per cell, no row is concatenated and
// encoded, and the strings of a large workbook (200,000 in the bench's) are a few MB in one buffer
// instead of as many JS strings on the heap, where they would survive young-generation collections
// and make V8 grow its young generation (engine/xlsx/README.md, "Memory").
//
//   const b = new ByteBuffer(); b.text('Zoë'); b.byte(44); ... b.bytes.subarray(0, b.length)

const encoder = new TextEncoder();
const COMMA = 44, QUOTE = 34, LF = 10, CR = 13;

/** A cell as one CSV field (RFC 4180 §2.6–2.7), line breaks turned into spaces. */
export function csvField(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === COMMA || c === QUOTE || c === LF || c === CR) return quoted(s);
  }
  return s;
}

function quoted(s: string): string {
  let t = s;
  if (t.indexOf('\n') >= 0 || t.indexOf('\r') >= 0) t = t.replace(/\r\n|[\r\n]/g, ' ');
  if (t.indexOf('"') >= 0) return '"' + t.replace(/"/g, '""') + '"';
  return t.indexOf(',') >= 0 ? '"' + t + '"' : t;
}

/** UTF-8 bytes appended to a buffer that grows as needed; `bytes` up to `length` hold them. */
export class ByteBuffer {
  bytes: Uint8Array;
  length = 0;

  constructor(capacity = 1024) {
    this.bytes = new Uint8Array(capacity);
  }

  /** Room for `n` more bytes. */
  reserve(n: number): void {
    const need = this.length + n;
    if (need <= this.bytes.length) return;
    // Half as much again: the shared strings of a large workbook are one buffer, kept to the end.
    let size = this.bytes.length + (this.bytes.length >> 1) + 16;
    while (size < need) size += size >> 1;
    const bytes = new Uint8Array(size);
    bytes.set(this.bytes.subarray(0, this.length));
    this.bytes = bytes;
  }

  /** The buffer cut to its length. */
  trim(): void {
    if (this.bytes.length > this.length) this.bytes = this.bytes.slice(0, this.length);
  }

  /** `s` in UTF-8 (ASCII byte by byte, the rest through TextEncoder). */
  text(s: string): void {
    const n = s.length;
    this.reserve(n);
    const bytes = this.bytes;
    let at = this.length;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) {
        this.length = at;
        this.encode(i === 0 ? s : s.slice(i));
        return;
      }
      bytes[at++] = c;
    }
    this.length = at;
  }

  private encode(s: string): void {
    // At most three bytes per UTF-16 code unit.
    this.reserve(3 * s.length);
    this.length += encoder.encodeInto(s, this.bytes.subarray(this.length)).written;
  }

  byte(b: number): void {
    this.reserve(1);
    this.bytes[this.length++] = b;
  }

  /** `n` times the byte `b`. */
  repeat(b: number, n: number): void {
    if (n <= 0) return;
    this.reserve(n);
    this.bytes.fill(b, this.length, this.length + n);
    this.length += n;
  }

  /** `src` from `start` to `end`. */
  copy(src: Uint8Array, start: number, end: number): void {
    const n = end - start;
    this.reserve(n);
    const bytes = this.bytes;
    // Most fields are short: a loop costs less than making a subarray for set().
    if (n <= 32) {
      let at = this.length;
      for (let i = start; i < end; i++) bytes[at++] = src[i]!;
    } else {
      bytes.set(src.subarray(start, end), this.length);
    }
    this.length += n;
  }
}

/** The shared strings of a workbook (§18.4.9 sst) as the UTF-8 bytes of their CSV fields (csvField), in order. */
export class SharedStrings {
  private readonly buffer = new ByteBuffer(64 * 1024);
  private ends = new Int32Array(1024);
  count = 0;

  static of(strings: readonly string[]): SharedStrings {
    const table = new SharedStrings();
    for (const s of strings) table.add(s);
    return table;
  }

  add(s: string): void {
    this.buffer.text(csvField(s));
    if (this.count === this.ends.length) {
      const ends = new Int32Array(this.ends.length + (this.ends.length >> 1));
      ends.set(this.ends);
      this.ends = ends;
    }
    this.ends[this.count++] = this.buffer.length;
  }

  /** Once every string is in: the buffers cut to what they hold (they grew by half again at a time). */
  trim(): this {
    this.buffer.trim();
    if (this.ends.length > this.count) this.ends = this.ends.slice(0, this.count);
    return this;
  }

  /** The bytes the strings are in (from start(i) to end(i)). */
  get bytes(): Uint8Array {
    return this.buffer.bytes;
  }

  start(i: number): number {
    return i === 0 ? 0 : this.ends[i - 1]!;
  }

  end(i: number): number {
    return this.ends[i]!;
  }
}

// The entries of a ZIP archive as it streams in (APPNOTE.TXT §4.3: local headers, stored or
// deflated data, data descriptors). Each entry, when its local header arrives, is routed by its
// name:
//   - read: inflated now and handed to a reader piece by piece;
//   - hold: its compressed bytes are kept (memory bounded by its compressed size) to be inflated
//     later, when what it needs has arrived: a workbook's parts come in any order;
//   - skip: dropped without inflating.
// The local headers are read here (LocalEntries); the data is inflated by inflate.ts.
// An entry written with a data descriptor (flag bit 3: streaming writers such as fflate's Zip, Java's
// ZipOutputStream, exceljs's streaming writer; Excel writes none) does not say its size before its
// data: it ends where its descriptor is, found by the descriptor's signature, or the next header's,
// and confirmed by the compressed size the descriptor records (a signature that occurs by chance in
// compressed data is not taken for the end).
//
// Inflated data is handed on in pieces of at most about 100 KB (inflate.ts); a held entry is
// replayed by pump() a budget at a time. Damaged data stops the file as XLSX_UNREADABLE.
//
//   const zip = new ZipStream((name) => name === 'xl/workbook.xml' ? reader : 'skip');
//   zip.push(bytes, false); ...; zip.push(new Uint8Array(0), true);

import { SluiceError } from '../errors.ts';
import { InflateError, Inflater } from './inflate.ts';
import { unreadable } from './xml.ts';

/** Stored bytes handed on at a time. */
const SLICE = 64 * 1024;
const EMPTY = new Uint8Array(0);

export interface EntryReader {
  data(bytes: Uint8Array): void;
  end(): void;
}

export type EntryRoute = EntryReader | 'hold' | 'skip';

/** Stored (0) or deflated (8) data, as a reader sees it: inflated bytes, in pieces. */
class Expander {
  private readonly name: string;
  private readonly reader: EntryReader;
  private readonly inflater: Inflater | null;

  constructor(name: string, method: number, reader: EntryReader) {
    this.name = name;
    this.reader = reader;
    this.inflater = method === 8 ? new Inflater((data) => reader.data(data)) : null;
  }

  push(chunk: Uint8Array, final: boolean): void {
    if (this.inflater === null) {
      for (let i = 0; i < chunk.length; i += SLICE) this.reader.data(chunk.subarray(i, i + SLICE));
    } else {
      try {
        this.inflater.push(chunk, final);
      } catch (e) {
        // A reader's own error is not a damaged archive.
        throw e instanceof InflateError ? unreadable(this.name, e) : e;
      }
    }
    if (final) this.reader.end();
  }
}

/** An entry whose compressed bytes are kept to be read later. */
export class HeldEntry {
  readonly name: string;
  readonly method: number;
  private chunks: (Uint8Array | null)[] = [];
  /** Compressed bytes held (what the entry costs in memory). */
  bytes = 0;
  complete = false;
  private expander: Expander | null = null;
  private next = 0;
  /** Bytes of chunks[next] already read. */
  private offset = 0;

  constructor(name: string, method: number) {
    this.name = name;
    this.method = method;
  }

  keep(chunk: Uint8Array, final: boolean): void {
    if (chunk.length > 0) {
      this.chunks.push(chunk.slice());
      this.bytes += chunk.length;
    }
    if (final) this.complete = true;
  }

  /** Starts reading the held bytes into `reader`; pump() then hands them on. */
  start(reader: EntryReader): void {
    this.expander = new Expander(this.name, this.method, reader);
  }

  /**
   * Inflates `budget` more compressed bytes (each held chunk freed once read) and, after the last
   * one, ends the reader. True when the entry has been read to its end.
   */
  pump(budget: number): boolean {
    const ex = this.expander!;
    let left = budget;
    while (this.next < this.chunks.length && left > 0) {
      const chunk = this.chunks[this.next]!;
      const end = Math.min(chunk.length, this.offset + left);
      ex.push(chunk.subarray(this.offset, end), false);
      left -= end - this.offset;
      if (end < chunk.length) this.offset = end;
      else {
        this.chunks[this.next++] = null;
        this.offset = 0;
      }
    }
    if (this.next < this.chunks.length) return false;
    ex.push(EMPTY, true);
    this.chunks = [];
    return true;
  }
}

type Sink = (chunk: Uint8Array, final: boolean) => void;

const LOCAL = 0x04034b50, DESCRIPTOR = 0x08074b50;
/** What may follow the last entry: central directory header, digital signature, ZIP64 end record and locator, end record, archive extra data. */
const AFTER_ENTRIES = new Set([0x02014b50, 0x05054b50, 0x06064b50, 0x07064b50, 0x06054b50, 0x08064b50]);
/** Bytes kept back while looking for the end of an entry: the longest descriptor (ZIP64, signed) and a signature cut short. */
const DESCRIPTOR_TAIL = 24 + 3;
/** Bytes of a chunk read together with what the last one left. */
const SEAM = 4096;

const u16 = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u32 = (b: Uint8Array, i: number) => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;
const u64 = (b: Uint8Array, i: number) => u32(b, i) + u32(b, i + 4) * 0x100000000;

const utf8 = new TextDecoder('utf-8');

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** A name as written: UTF-8 (flag bit 11), or else IBM437, read here as Latin-1 (part names are ASCII). */
function entryName(bytes: Uint8Array, unicode: boolean): string {
  if (unicode) return utf8.decode(bytes);
  let s = '';
  for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]!);
  return s;
}

const enum State { Header, Data, Described, After }

/**
 * A ZIP archive's entries from their local headers (APPNOTE.TXT §4.3.7, §4.3.9, §4.5.3), as its
 * bytes arrive: each entry's compressed bytes go to the sink `open` gives for it, the last piece with
 * `final`. The central directory is not needed (nor read): everything after the last entry is.
 */
class LocalEntries {
  private readonly open: (name: string, method: number) => Sink;
  private state = State.Header;
  /** Bytes not yet read, carried to the next push (a copy). */
  private rest: Uint8Array = EMPTY;
  private sink: Sink = () => {};
  /** Compressed bytes of the entry still to come (its size known); or handed on so far (a descriptor to find). */
  private left = 0;
  private seen = 0;
  /** The entry has a ZIP64 extra field: its descriptor's sizes take 8 bytes. */
  private zip64 = false;
  /** Where the bytes not yet read start in the bytes of a push (wait()). */
  private restAt = 0;

  constructor(open: (name: string, method: number) => Sink) {
    this.open = open;
  }

  push(chunk: Uint8Array, final: boolean): void {
    const rest = this.rest;
    if (rest.length === 0) {
      this.keep(chunk, this.steps(chunk, 0, final), final);
      return;
    }
    // Across the seam first: the bytes kept and the start of the chunk (rather than a copy of the
    // whole chunk for the few bytes a header or the end of an entry needs from the last one).
    this.rest = EMPTY;
    const take = Math.min(chunk.length, SEAM);
    const seam = concat(rest, chunk.subarray(0, take));
    if (take === chunk.length) {
      this.keep(seam, this.steps(seam, 0, final), final);
      return;
    }
    const stop = this.steps(seam, 0, false);
    // A header longer than the seam (a long name or extra field) is read from a copy.
    if (stop < rest.length) {
      const buf = concat(seam.subarray(stop), chunk.subarray(take));
      this.keep(buf, this.steps(buf, 0, final), final);
    } else {
      this.keep(chunk, this.steps(chunk, stop - rest.length, final), final);
    }
  }

  /** Keeps the bytes from `stop` for the next push; at the end, checks that no entry was left unfinished. */
  private keep(buf: Uint8Array, stop: number, final: boolean): void {
    this.rest = stop < buf.length ? buf.slice(stop) : EMPTY;
    if (!final) return;
    if (this.state === State.Data || this.state === State.Described) throw new Error('the archive ends inside an entry');
    if (this.state === State.Header && this.rest.length > 0) throw new Error('the archive ends inside a local header');
  }

  /** Reads what it can of `b` from `i`; returns where the bytes not read start. */
  private steps(b: Uint8Array, i: number, final: boolean): number {
    // Each step reads from `i` and returns where the next begins, or -1 when it needs more bytes
    // than there are (wait(): where they start).
    while (i >= 0) {
      switch (this.state) {
        case State.Header: i = this.header(b, i); break;
        case State.Data: i = this.data(b, i); break;
        case State.Described: i = this.described(b, i, final); break;
        case State.After: i = this.wait(b.length); break;
      }
    }
    return this.restAt;
  }

  private wait(i: number): number {
    this.restAt = i;
    return -1;
  }

  /** A local header at `i`: the next entry opened. */
  private header(b: Uint8Array, i: number): number {
    if (b.length - i < 4) return this.wait(i);
    const sig = u32(b, i);
    if (sig !== LOCAL) {
      if (!AFTER_ENTRIES.has(sig)) throw new Error('no local file header where the next entry should start');
      this.state = State.After;
      return this.wait(b.length);
    }
    if (b.length - i < 30) return this.wait(i);
    const nameLength = u16(b, i + 26), extraLength = u16(b, i + 28);
    const data = i + 30 + nameLength + extraLength;
    if (b.length < data) return this.wait(i);
    const flags = u16(b, i + 6), method = u16(b, i + 8);
    let size = u32(b, i + 18);
    const name = entryName(b.subarray(i + 30, i + 30 + nameLength), (flags & 0x800) !== 0);
    this.zip64 = false;
    // The ZIP64 extra field (§4.5.3): the sizes the header could not hold, uncompressed size first.
    for (let e = i + 30 + nameLength; e + 4 <= data;) {
      const id = u16(b, e), length = u16(b, e + 2);
      if (id === 1) {
        this.zip64 = true;
        let at = e + 4;
        if (u32(b, i + 22) === 0xffffffff) at += 8;
        if (size === 0xffffffff && at + 8 <= e + 4 + length) size = u64(b, at);
      }
      e += 4 + length;
    }
    this.sink = this.open(name, method);
    if ((flags & 8) !== 0) {
      this.state = State.Described;
      this.seen = 0;
    } else {
      this.state = State.Data;
      this.left = size;
    }
    return data;
  }

  /** Data of a known size. */
  private data(b: Uint8Array, i: number): number {
    const n = Math.min(this.left, b.length - i);
    this.left -= n;
    if (this.left > 0) {
      if (n > 0) this.sink(b.subarray(i, i + n), false);
      return this.wait(i + n);
    }
    this.sink(b.subarray(i, i + n), true);
    this.state = State.Header;
    return i + n;
  }

  /** Data up to a data descriptor. */
  private described(b: Uint8Array, i: number, final: boolean): number {
    const n = b.length;
    for (let p = b.indexOf(0x50, i); p >= 0 && p + 4 <= n; p = b.indexOf(0x50, p + 1)) {
      if (b[p + 1] !== 0x4b) continue;
      const sig = u32(b, p);
      if (sig === DESCRIPTOR) {
        // Signature, CRC-32, compressed size, uncompressed size.
        const length = this.zip64 ? 24 : 16;
        if (p + length > n) break;
        if (this.recorded(b, p + 8) === this.seen + p - i) return this.endDescribed(b, i, p, p + length);
      } else if (sig === LOCAL || AFTER_ENTRIES.has(sig)) {
        // A descriptor without its signature just before the next header.
        const at = p - (this.zip64 ? 20 : 12);
        if (at >= i && this.recorded(b, at + 4) === this.seen + at - i) return this.endDescribed(b, i, at, p);
      }
    }
    // No end yet: what cannot be part of a descriptor is handed on.
    const safe = final ? i : Math.max(i, n - DESCRIPTOR_TAIL);
    if (safe > i) {
      this.sink(b.subarray(i, safe), false);
      this.seen += safe - i;
    }
    return this.wait(safe);
  }

  private endDescribed(b: Uint8Array, i: number, end: number, next: number): number {
    this.sink(b.subarray(i, end), true);
    this.state = State.Header;
    return next;
  }

  /** The compressed size a descriptor records at `at`. */
  private recorded(b: Uint8Array, at: number): number {
    return this.zip64 ? u64(b, at) : u32(b, at);
  }
}

export class ZipStream {
  private readonly entries: LocalEntries;

  /** `route` decides each entry on its name (as written in the archive); a held entry is given to `onHeld` once. */
  constructor(route: (name: string) => EntryRoute, onHeld: (entry: HeldEntry) => void) {
    this.entries = new LocalEntries((name, method) => this.onEntry(name, method, route, onHeld));
  }

  push(bytes: Uint8Array, final: boolean): void {
    try {
      this.entries.push(bytes, final);
    } catch (e) {
      if (e instanceof SluiceError) throw e;
      throw new SluiceError('XLSX_UNREADABLE', `the file is not a ZIP archive that can be read to its end: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private onEntry(name: string, method: number, route: (name: string) => EntryRoute, onHeld: (entry: HeldEntry) => void): Sink {
    const r = route(name);
    if (r === 'skip') return () => {};
    if (method !== 0 && method !== 8) {
      throw new SluiceError('XLSX_UNREADABLE', `the workbook part ${name} is compressed with method ${method}; only stored and deflated parts can be read`, null, { part: name });
    }
    if (r === 'hold') {
      const held = new HeldEntry(name, method);
      onHeld(held);
      return (chunk, final) => held.keep(chunk, final);
    }
    const ex = new Expander(name, method, r);
    return (chunk, final) => ex.push(chunk, final);
  }
}

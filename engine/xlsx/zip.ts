// The entries of a ZIP archive as it streams in (APPNOTE.TXT §4.3: local headers, stored or
// deflated data, data descriptors), through fflate's Unzip. Each entry, when its local header
// arrives, is routed by its name:
//   - read: inflated now and handed to a reader piece by piece;
//   - hold: its compressed bytes are kept (memory bounded by its compressed size) to be inflated
//     later, when what it needs has arrived: a workbook's parts come in any order;
//   - skip: dropped without inflating.
// fflate's own decoders are not registered: UnzipInflate can only inflate at once, and an entry
// whose decoder is not started is kept whole inside Unzip for as long as it lives. The decoders
// here route each entry's compressed bytes instead, inflating with fflate's Inflate.
//
// Inflating is done in slices of at most SLICE compressed bytes, so no single piece handed on is
// more than a slice's worth of output; a held entry is replayed by pump() a budget at a time.
// Damaged data stops the file as XLSX_UNREADABLE.
//
//   const zip = new ZipStream((name) => name === 'xl/workbook.xml' ? reader : 'skip');
//   zip.push(bytes, false); ...; zip.push(new Uint8Array(0), true);

import { Inflate, Unzip, type UnzipDecoder, type UnzipFile } from 'fflate';
import { SluiceError } from '../errors.ts';
import { unreadable } from './xml.ts';

/** Compressed bytes inflated in one step. */
const SLICE = 16 * 1024;
const EMPTY = new Uint8Array(0);

export interface EntryReader {
  data(bytes: Uint8Array): void;
  end(): void;
}

export type EntryRoute = EntryReader | 'hold' | 'skip';

/** Stored (0) or deflated (8) data, as a reader sees it: inflated bytes, in slices. */
class Expander {
  private readonly name: string;
  private readonly reader: EntryReader;
  private readonly inflater: Inflate | null;
  private out: Uint8Array = EMPTY;

  constructor(name: string, method: number, reader: EntryReader) {
    this.name = name;
    this.reader = reader;
    this.inflater = method === 8 ? new Inflate((data) => { this.out = data; }) : null;
  }

  push(chunk: Uint8Array, final: boolean): void {
    if (chunk.length === 0) {
      if (final) this.step(EMPTY, true);
    } else {
      for (let i = 0; i < chunk.length; i += SLICE) this.step(chunk.subarray(i, i + SLICE), final && i + SLICE >= chunk.length);
    }
    if (final) this.reader.end();
  }

  private step(piece: Uint8Array, last: boolean): void {
    if (this.inflater === null) {
      if (piece.length > 0) this.reader.data(piece);
      return;
    }
    this.out = EMPTY;
    try {
      this.inflater.push(piece, last);
    } catch (e) {
      throw unreadable(this.name, e);
    }
    // Handed on outside the try: a reader's own error is not a damaged archive.
    if (this.out.length > 0) this.reader.data(this.out);
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
   * Inflates about `budget` compressed bytes (whole held chunks, each freed once read) and, after
   * the last one, ends the reader. True when the entry has been read to its end.
   */
  pump(budget: number): boolean {
    const ex = this.expander!;
    let spent = 0;
    while (this.next < this.chunks.length && spent < budget) {
      const chunk = this.chunks[this.next]!;
      this.chunks[this.next++] = null;
      spent += chunk.length;
      ex.push(chunk, false);
    }
    if (this.next < this.chunks.length) return false;
    ex.push(EMPTY, true);
    this.chunks = [];
    return true;
  }
}

export class ZipStream {
  private readonly unzip: Unzip;
  /** The entry whose decoder fflate is constructing (set around file.start()). */
  private current: ((chunk: Uint8Array, final: boolean) => void) | null = null;

  /** `route` decides each entry on its name (as written in the archive); a held entry is given to `onHeld` once. */
  constructor(route: (name: string) => EntryRoute, onHeld: (entry: HeldEntry) => void) {
    this.unzip = new Unzip((file) => this.onFile(file, route, onHeld));
    const zip = this;
    for (const compression of [0, 8]) {
      // The decoder of every entry of this method: forwards its compressed bytes to the entry's sink.
      class Routed implements UnzipDecoder {
        static readonly compression = compression;
        ondata = (): void => {};
        private readonly sink = zip.current!;
        push(chunk: Uint8Array, final: boolean): void {
          this.sink(chunk, final);
        }
      }
      this.unzip.register(Routed);
    }
  }

  push(bytes: Uint8Array, final: boolean): void {
    try {
      this.unzip.push(bytes, final);
    } catch (e) {
      if (e instanceof SluiceError) throw e;
      throw new SluiceError('XLSX_UNREADABLE', `the file is not a ZIP archive that can be read to its end: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  private onFile(file: UnzipFile, route: (name: string) => EntryRoute, onHeld: (entry: HeldEntry) => void): void {
    const r = route(file.name);
    if (r !== 'skip' && file.compression !== 0 && file.compression !== 8) {
      throw new SluiceError('XLSX_UNREADABLE', `the workbook part ${file.name} is compressed with method ${file.compression}; only stored and deflated parts can be read`, null, { part: file.name });
    }
    // An entry of another method that is not wanted is left unstarted (fflate keeps its bytes).
    if (r === 'skip' && file.compression !== 0 && file.compression !== 8) return;
    let sink: (chunk: Uint8Array, final: boolean) => void;
    if (r === 'skip') {
      sink = () => {};
    } else if (r === 'hold') {
      const held = new HeldEntry(file.name, file.compression);
      onHeld(held);
      sink = (chunk, final) => held.keep(chunk, final);
    } else {
      const ex = new Expander(file.name, file.compression, r);
      sink = (chunk, final) => ex.push(chunk, final);
    }
    // An empty entry gets no decoder: fflate reports its end through ondata instead.
    file.ondata = (err, data, final) => {
      if (err) throw unreadable(file.name, err);
      if (final && data.length === 0) sink(EMPTY, true);
    };
    this.current = sink;
    try {
      file.start();
    } finally {
      this.current = null;
    }
  }
}

// The pipeline of each import type, and the one that reads a file whose import type was not given
// (SPEC §2.14 "File type"): it holds the first bytes (up to DETECT_BYTES, or the whole file if
// shorter), detects the type from them (file-type.ts), then creates the pipeline of that type and
// replays what it held. The result reports the type as inferred, with its evidence. NativeImport
// (readNative) and PDF have no row reader here: they stop with CSV_OTHER_FORMAT naming what the file is.
//
// A table type reads a CSV or, when its first bytes are a ZIP, an XLSX workbook (SPEC §2.15):
// TablePipeline decides on the first bytes pushed.

import { SluiceError } from '../errors.ts';
import { IMPORT_TYPE_ENTRIES } from '../import-types.ts';
import type { NormalizedOptions } from '../options.ts';
import { CamtPipeline } from '../camt/pipeline.ts';
import { CsvPipeline } from '../csv/pipeline.ts';
import type { ImportTypeEntry } from '../import-types.ts';
import { Mt940Pipeline } from '../mt940/pipeline.ts';
import { OfxPipeline } from '../ofx/pipeline.ts';
import { QifPipeline } from '../qif/pipeline.ts';
import type { StatementResult } from '../statement/statement.ts';
import { XlsxPipeline, type XlsxResult } from '../xlsx/pipeline.ts';
import type { RowResult } from '../result/row.ts';
import { inferred } from '../result/settings.ts';
import type { FileResult } from '../result/stats.ts';
import { describeFormat, detectFileType, DETECT_BYTES, type FileTypeGuess } from './file-type.ts';

export type RowPipeline = TablePipeline | QifPipeline | OfxPipeline | CamtPipeline | Mt940Pipeline;

/** The pipeline of a type read as rows: a table (CSV or XLSX), QIF, OFX, CAMT or MT940. */
export function typedPipeline(opts: NormalizedOptions): RowPipeline {
  switch (opts.type) {
    case 'QifImport': return new QifPipeline(opts);
    case 'OfxImport': return new OfxPipeline(opts);
    case 'CamtImport': return new CamtPipeline(opts);
    case 'Mt940Import': return new Mt940Pipeline(opts);
    default: return new TablePipeline(opts, IMPORT_TYPE_ENTRIES[opts.type]);
  }
}

const isZip = (b: Uint8Array) => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** A table type's content: a CSV, or an XLSX workbook when it starts with a ZIP signature. */
export class TablePipeline {
  private readonly opts: NormalizedOptions;
  private readonly entry: ImportTypeEntry;
  private inner: CsvPipeline | XlsxPipeline | null = null;
  /** Bytes held until four have arrived (the ZIP signature's length). */
  private head: Uint8Array | null = null;
  private ended = false;

  constructor(opts: NormalizedOptions, entry: ImportTypeEntry) {
    if (entry.table === null) throw new SluiceError('OPT_TYPE_UNSUPPORTED', `${entry.type} files are not read as tables`, null);
    this.opts = opts;
    this.entry = entry;
  }

  push(bytes: Uint8Array): RowResult[] {
    if (this.inner !== null) return this.inner.push(bytes);
    const held = this.head === null ? bytes : concat(this.head, bytes);
    if (held.length < 4) {
      this.head = held.slice();
      return [];
    }
    this.head = null;
    this.inner = isZip(held) ? new XlsxPipeline(this.opts, this.entry) : new CsvPipeline(this.opts, this.entry);
    return this.inner.push(held);
  }

  end(): RowResult[] {
    this.ended = true;
    if (this.inner === null) {
      this.inner = new CsvPipeline(this.opts, this.entry);
      const rows = this.head === null ? [] : this.inner.push(this.head);
      return rows.concat(this.inner.end());
    }
    return this.inner.end();
  }

  /** end() in slices: a workbook's held sheet a slice at a time (XlsxPipeline.endSlice()); a CSV's rest at once. */
  endSlice(): RowResult[] {
    if (this.inner instanceof XlsxPipeline) return this.inner.endSlice();
    return this.ended ? [] : this.end();
  }

  result(): FileResult | XlsxResult {
    return this.inner!.result();
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

/** The options with the detected type, or the refusal when sluice reads that format elsewhere or not at all. */
export function optionsFor(opts: NormalizedOptions, guess: FileTypeGuess, nativeToo = false): NormalizedOptions {
  const type = guess.type;
  if (type === 'NativeImport' && nativeToo) return Object.freeze({ ...opts, type });
  if (type === null || type === 'NativeImport' || type === 'PdfImport') {
    const how = type === 'NativeImport' ? 'read it with readNative() or as type NativeImport'
      : type === 'PdfImport' ? 'PDF statements are stored by the server, not read as rows'
      : `sluice cannot read ${guess.format === 'zip' ? 'ZIP archives other than XLSX workbooks' : `${guess.format.toUpperCase()} files`}`;
    throw new SluiceError('CSV_OTHER_FORMAT', `the file is ${describeFormat(guess.format)} (${guess.evidence}); ${how}`, null, { format: guess.format, type });
  }
  return Object.freeze({ ...opts, type });
}

export class DetectingPipeline {
  private readonly opts: NormalizedOptions;
  private held: Uint8Array[] = [];
  private heldBytes = 0;
  private inner: RowPipeline | null = null;
  private guess: FileTypeGuess | null = null;
  private ended = false;

  constructor(opts: NormalizedOptions) {
    this.opts = opts;
  }

  push(bytes: Uint8Array): RowResult[] {
    if (this.inner !== null) return this.inner.push(bytes);
    this.held.push(bytes.slice());
    this.heldBytes += bytes.length;
    return this.heldBytes >= DETECT_BYTES ? this.start(false) : [];
  }

  end(): RowResult[] {
    const rows = this.inner === null ? this.start(true) : [];
    return rows.concat(this.inner!.end());
  }

  /** end() in slices where the detected type's pipeline gives them so (a workbook's TablePipeline). */
  endSlice(): RowResult[] {
    if (this.inner === null) {
      const rows = this.start(true);
      if (rows.length > 0) return rows;
    }
    const inner = this.inner!;
    if (inner instanceof TablePipeline) return inner.endSlice();
    if (this.ended) return [];
    this.ended = true;
    return inner.end();
  }

  result(): FileResult | StatementResult | XlsxResult {
    const r = this.inner!.result();
    r.inferred.type = inferred(r.type, this.guess!.evidence);
    return r;
  }

  private start(ended: boolean): RowResult[] {
    const all = new Uint8Array(this.heldBytes);
    let at = 0;
    for (const b of this.held) { all.set(b, at); at += b.length; }
    this.held = [];
    this.guess = detectFileType(all.subarray(0, DETECT_BYTES), ended);
    this.inner = typedPipeline(optionsFor(this.opts, this.guess));
    return this.inner.push(all);
  }
}

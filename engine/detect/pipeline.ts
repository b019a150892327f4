// A push pipeline that reads a file whose import type was not given (SPEC §2.14 "File type"): it
// holds the first bytes (up to DETECT_BYTES, or the whole file if shorter), detects the type from
// them (file-type.ts), then creates the pipeline of that type and replays what it held. The result
// reports the type as inferred, with its evidence. Types without a row reader here (NativeImport:
// readNative; OFX, CAMT, MT940, XLSX: none yet) stop with CSV_OTHER_FORMAT naming what the file is.

import { SluiceError } from '../errors.ts';
import { IMPORT_TYPE_ENTRIES } from '../import-types.ts';
import type { NormalizedOptions } from '../options.ts';
import { CsvPipeline } from '../csv/pipeline.ts';
import { QifPipeline } from '../qif/pipeline.ts';
import type { RowResult } from '../result/row.ts';
import { inferred } from '../result/settings.ts';
import type { FileResult } from '../result/stats.ts';
import { describeFormat, detectFileType, DETECT_BYTES, type FileTypeGuess } from './file-type.ts';

/** The pipeline of a table or QIF type. */
export function typedPipeline(opts: NormalizedOptions): CsvPipeline | QifPipeline {
  return opts.type === 'QifImport' ? new QifPipeline(opts) : new CsvPipeline(opts, IMPORT_TYPE_ENTRIES[opts.type]);
}

/** The options with the detected type, or the refusal when sluice reads that format elsewhere or not at all. */
export function optionsFor(opts: NormalizedOptions, guess: FileTypeGuess, nativeToo = false): NormalizedOptions {
  const type = guess.type;
  if (type === 'NativeImport' && nativeToo) return Object.freeze({ ...opts, type });
  if (type === null || type === 'NativeImport' || type === 'PdfImport') {
    const how = type === 'NativeImport' ? 'read it with readNative() or as type NativeImport'
      : type === 'PdfImport' ? 'PDF statements are stored by the server, not read as rows'
      : `sluice cannot read ${guess.format.toUpperCase()} files yet`;
    throw new SluiceError('CSV_OTHER_FORMAT', `the file is ${describeFormat(guess.format)} (${guess.evidence}); ${how}`, null, { format: guess.format, type });
  }
  return Object.freeze({ ...opts, type });
}

export class DetectingPipeline {
  private readonly opts: NormalizedOptions;
  private held: Uint8Array[] = [];
  private heldBytes = 0;
  private inner: CsvPipeline | QifPipeline | null = null;
  private guess: FileTypeGuess | null = null;

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

  result(): FileResult {
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

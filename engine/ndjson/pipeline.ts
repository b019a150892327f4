// The NativeImport (NDJSON) pipeline as a push state machine (SPEC §2.10): bytes in, one result
// per record out, and at the end the per-type counts and the preflight verdict. Flat memory: a
// line is parsed, checked and handed on; only the preflight's indexes stay.
//
//   physical lines (LF, CRLF, CR; blank lines skipped) → decode (UTF-8, BOM dropped) → JSON.parse
//   → record shape → per-type checks (preflight.ts) → counts
//
// UTF-8 (the format's encoding, and the default) is cut into lines as bytes and each line decoded
// on its own (Utf8LineSplitter); another `encoding` given as an option is decoded first and cut as
// text.
//
// A push parses all its lines first and then checks the records it parsed, in file order: checks
// run one after another keep their code and tables in the processor's caches, where a check
// between two JSON.parse calls found them evicted each time (the bench export: ~6% faster).
//
// The first non-blank line must be a record ({type, data}); otherwise the file is refused with
// NDJSON_NOT_RECORDS (the API's invalid_ndjson). A line that is not JSON is an `invalid_json`
// problem, never skipped silently.

import { StreamDecoder } from '../decode/decoder.ts';
import { LineSplitter, Utf8LineSplitter } from '../decode/lines.ts';
import { normalizeEncoding } from '../options.ts';
import { SluiceError } from '../errors.ts';
import { NONE, Preflight, type ExistingNames, type Kind, type PreflightProblem, type PreflightResult } from './preflight.ts';
import { MAX_JSON_DEPTH, tooDeep } from '../parse/json-depth.ts';

export interface NdjsonRecord {
  line: number;
  /** The record type as written; null when the line is not a record. */
  type: string | null;
  /** The count key of a supported type, else null. */
  count_key: string | null;
  /**
   * No problem was found on this line itself. Duplicate ids and references are settled when the
   * file ends: they are in the preflight's problems (and a duplicate id counts its record in
   * invalid_rows_count), not here.
   */
  valid: boolean;
  issues: readonly PreflightProblem[];
  data: Record<string, unknown> | null;
}

export interface NdjsonResult {
  type: 'NativeImport';
  encoding: string;
  encoding_detected: boolean;
  lines_count: number;
  /** Records of supported types. */
  rows_count: number;
  valid_rows_count: number;
  invalid_rows_count: number;
  expected_record_counts: Record<string, number>;
  unsupported_record_counts: Record<string, number>;
  preflight: PreflightResult;
}

export interface NdjsonOptions {
  encoding?: string | null;
  /** The family's existing Category/Tag/Merchant names (collisions, rule operands). */
  existing_names?: ExistingNames;
  /** How many preflight problems are listed in full (counts are always complete). */
  max_issues?: number;
}

export class NdjsonPipeline {
  private readonly preflight: Preflight;
  /** UTF-8: lines cut from the bytes. */
  private readonly utf8: Utf8LineSplitter | null;
  /** Any other encoding: decoded, then cut. */
  private readonly decoder: StreamDecoder | null;
  private readonly text = new LineSplitter();
  private readonly onLine = (text: string, line: number, validUtf8: boolean) => this.record(text, line, validUtf8);
  private readonly onText = (text: string, line: number) =>
    this.record(text, line, this.decoder!.report.replacements === 0 || !text.includes('\uFFFD'));
  private sawRecord = false;
  private lastType = '';
  private lastKind: Kind | null = null;
  private rows = 0;
  private invalidRows = 0;
  /** The lines of the invalid records, ascending, for duplicates found at the end. */
  private invalidLines = new Int32Array(64);
  private out: NdjsonRecord[] = [];
  /** The records of `out` parsed but not checked yet: where they are, their kinds, whether their bytes were UTF-8. */
  private uncheckedAt: number[] = [];
  private uncheckedKinds: Kind[] = [];
  private uncheckedUtf8: number[] = [];
  private unchecked = 0;
  private finished: PreflightResult | null = null;

  constructor(options: NdjsonOptions = {}) {
    const encoding = options.encoding ? (normalizeEncoding(options.encoding) ?? options.encoding) : 'utf-8';
    this.utf8 = encoding === 'utf-8' ? new Utf8LineSplitter() : null;
    this.decoder = encoding === 'utf-8' ? null : new StreamDecoder(encoding);
    this.preflight = new Preflight(options.existing_names ?? {}, options.max_issues ?? 1000);
  }

  /** UTF-8 lines are decoded before push returns and a line left over is copied (Utf8LineSplitter). */
  get copiesInput(): boolean {
    return this.utf8 !== null;
  }

  push(bytes: Uint8Array): NdjsonRecord[] {
    if (this.utf8) this.utf8.push(bytes, this.onLine);
    else this.text.push(this.decoder!.push(bytes), this.onText);
    this.check();
    return this.drain();
  }

  end(): NdjsonRecord[] {
    if (this.finished) return [];
    if (this.utf8) this.utf8.end(this.onLine);
    else {
      this.text.push(this.decoder!.end(), this.onText);
      this.text.end(this.onText);
    }
    this.check();
    if (!this.sawRecord) throw new SluiceError('NDJSON_EMPTY', 'the file holds no records (it is empty or blank)', null);
    this.finish();
    return this.drain();
  }

  result(): NdjsonResult {
    const preflight = this.finish();
    return {
      type: 'NativeImport',
      encoding: this.decoder?.report.encoding ?? 'utf-8',
      encoding_detected: false,
      lines_count: (this.utf8 ?? this.text).linesSeen,
      rows_count: this.rows,
      valid_rows_count: this.rows - this.invalidRows,
      invalid_rows_count: this.invalidRows,
      expected_record_counts: this.preflight.recordCounts(),
      unsupported_record_counts: this.preflight.unsupportedCounts(),
      preflight,
    };
  }

  private drain(): NdjsonRecord[] {
    const rows = this.out;
    this.out = [];
    return rows;
  }

  private record(text: string, line: number, validUtf8: boolean): void {
    if (text.charCodeAt(0) !== 123 /* { */ && text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      this.firstLine(false, line, 'is not JSON');
      const issue = this.preflight.error('invalid_json', line, `line ${line} is not valid JSON: ${(e as Error).message}`);
      this.emit(line, null, null, false, [issue], null);
      return;
    }
    const rec = value as Record<string, unknown>;
    const data = rec !== null && typeof rec === 'object' && !Array.isArray(rec) ? rec['data'] : undefined;
    const shapeOk = typeof rec?.['type'] === 'string' && data !== null && typeof data === 'object' && !Array.isArray(data);
    this.firstLine(shapeOk, line, 'is not a record {"type": ..., "data": {...}}');
    if (!shapeOk) {
      const issue = this.preflight.error('invalid_ndjson_record', line, `line ${line} is not a record: it needs a string "type" and an object "data"`);
      this.emit(line, null, null, false, [issue], null);
      return;
    }
    // Nothing downstream walks a value deeper than this (storing it would overflow the stack).
    if (tooDeep(data, MAX_JSON_DEPTH - 1)) {
      const issue = this.preflight.error('invalid_ndjson_record', line, `line ${line} nests arrays or objects deeper than ${MAX_JSON_DEPTH} levels`);
      this.emit(line, rec['type'] as string, null, false, [issue], null);
      return;
    }
    const type = rec['type'] as string;
    const fields = data as Record<string, unknown>;
    // Exports group records by type: the last one's checks are usually the ones wanted.
    if (type !== this.lastType) {
      this.lastType = type;
      this.lastKind = this.preflight.kind(type);
    }
    const kind = this.lastKind;
    if (kind === null) {
      this.preflight.unsupportedType(type, line);
      this.emit(line, type, null, false, [], fields);
      return;
    }
    this.rows++;
    const n = this.unchecked++;
    this.uncheckedAt[n] = this.out.length;
    this.uncheckedKinds[n] = kind;
    this.uncheckedUtf8[n] = validUtf8 ? 1 : 0;
    this.emit(line, type, kind.key, true, NONE, fields);
  }

  /** The preflight's checks of the records this push parsed, in file order. */
  private check(): void {
    const count = this.unchecked;
    this.unchecked = 0;
    for (let n = 0; n < count; n++) {
      const r = this.out[this.uncheckedAt[n]!]!;
      const line = r.line;
      const notUtf8 = this.uncheckedUtf8[n] === 0 ? this.preflight.error('invalid_json', line, `line ${line} holds bytes that are not UTF-8`) : null;
      let issues = this.preflight.check(this.uncheckedKinds[n]!, r.data!, line);
      if (notUtf8 !== null) issues = [notUtf8, ...issues];
      if (issues.length > 0) {
        this.invalid(line);
        r.valid = false;
        r.issues = issues;
      }
    }
  }

  private invalid(line: number): void {
    if (this.invalidRows === this.invalidLines.length) {
      const grown = new Int32Array(this.invalidLines.length * 2);
      grown.set(this.invalidLines);
      this.invalidLines = grown;
    }
    this.invalidLines[this.invalidRows++] = line;
  }

  /** The preflight's verdict, reached once. */
  private finish(): PreflightResult {
    if (this.finished === null) {
      this.finished = this.preflight.finish();
      this.countDuplicates();
    }
    return this.finished;
  }

  /** Records the preflight found a duplicate id in are invalid too (once each). */
  private countDuplicates(): void {
    const lines = [...new Set(this.preflight.duplicateLines)];
    const known = this.invalidLines.subarray(0, this.invalidRows);
    for (const line of lines) {
      let lo = 0, hi = known.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (known[mid]! < line) lo = mid + 1;
        else hi = mid;
      }
      if (known[lo] !== line) this.invalidRows++;
    }
  }

  /** The upload check: the first non-blank line must be a record. */
  private firstLine(ok: boolean, line: number, what: string): void {
    if (this.sawRecord) return;
    if (!ok) throw new SluiceError('NDJSON_NOT_RECORDS', `the first line (${line}) ${what}`, line);
    this.sawRecord = true;
  }

  private emit(line: number, type: string | null, count_key: string | null, valid: boolean, issues: readonly PreflightProblem[], data: Record<string, unknown> | null): void {
    this.out.push({ line, type, count_key, valid, issues, data });
  }
}

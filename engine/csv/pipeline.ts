// The CSV pipeline as a push state machine: bytes in, checked rows out, and a whole-file result at
// the end (SPEC §2.1–2.7, §2.12). No I/O here: source.ts and reader.ts feed it from strings,
// buffers, files and streams.
//
//   decode (decoder.ts) → prelude: dialect and header line (dialect.ts) → tokenize (tokenizer.ts)
//   → header → column map (columns.ts) → [sample the date column when date_format is not given]
//   → row reader of the import type (rows/) → stats (stats.ts)
//
// push() and end() return the rows completed by that input, in file order. Problems that stop the
// file are thrown as SluiceError; everything else is a row issue or a file-level warning.

import { StreamDecoder } from '../decode/decoder.ts';
import { issue, SluiceError, type Issue } from '../errors.ts';
import type { NormalizedOptions } from '../options.ts';
import { compileAmountParser } from '../parse/amount.ts';
import { compileDateFormat, defaultRange } from '../parse/date.ts';
import { DATE_SAMPLE_SIZE, inferDateFormat } from '../parse/date-infer.ts';
import { clean, NO_ISSUES, RowIssues, type DateMode, type ReaderSetup, type RowReader, type RowResult } from '../rows/row.ts';
import { planColumns, resolveColumns, type ColumnKey, type ColumnMap, type ColumnPlan } from './columns.ts';
import { detectDialect, HEADER_SEARCH_LINES, preludeLines, type Dialect } from './dialect.ts';
import { Stats, type FileResult } from './stats.ts';
import { CsvTokenizer } from './tokenizer.ts';
import type { TypeProfile } from './profiles.ts';

/** The prelude is decided once this many characters have arrived even without enough lines. */
const PRELUDE_MAX_CHARS = 4 * 1024 * 1024;

interface Pending {
  cells: string[];
  line: number;
  trailing: number[] | null;
}

function isBlankRecord(cells: readonly string[]): boolean {
  for (let i = 0; i < cells.length; i++) if (clean(cells[i]) !== '') return false;
  return true;
}

export class CsvPipeline {
  private readonly opts: NormalizedOptions;
  private readonly profile: TypeProfile;
  private readonly plan: ColumnPlan;
  private readonly decoder: StreamDecoder;
  private readonly stats: Stats;
  private readonly issues = new RowIssues();

  private prelude = '';
  private preludeBreaks = 0;
  private dialect: Dialect | null = null;
  private tokenizer: CsvTokenizer | null = null;
  private headers: string[] | null = null;
  private map: ColumnMap | null = null;
  private reader: RowReader | null = null;
  private dateColumn: ColumnKey | null = null;
  private dateFormat: string | null;
  private dateInferred = false;
  private sample: Pending[] | null = null;
  private out: RowResult[] = [];
  private ended = false;

  constructor(opts: NormalizedOptions, profile: TypeProfile) {
    this.opts = opts;
    this.profile = profile;
    this.plan = planColumns(opts, profile.fields, profile.layoutNames);
    this.decoder = new StreamDecoder(opts.encoding);
    this.stats = new Stats(opts);
    this.dateFormat = opts.date_format ?? profile.dateFormat ?? null;
  }

  push(bytes: Uint8Array): RowResult[] {
    this.onText(this.decoder.push(bytes), false);
    return this.drain();
  }

  end(): RowResult[] {
    if (this.ended) return [];
    this.ended = true;
    this.onText(this.decoder.end(), true);
    this.tokenizer?.end(this.onRecord);
    if (this.headers === null) {
      if (this.dialect === null || this.dialect.headerLine !== null) {
        throw new SluiceError('CSV_EMPTY', 'the file holds no header row (it is empty or blank)', null);
      }
      this.setHeaders(this.opts.column_names!.slice(), null);
    }
    if (this.sample !== null) this.decideDates();
    for (const i of this.reader?.finish?.() ?? []) this.stats.fileIssue(i);
    if (this.stats.rowsCount === 0) {
      this.stats.fileIssue(issue('NO_DATA_ROWS', null, null, 'the file has a header but no data rows'));
    }
    return this.drain();
  }

  result(): FileResult {
    const d = this.decoder.report;
    if (d.guessed && !this.stats.has('DECODE_ENCODING_GUESSED')) {
      this.stats.fileIssue(issue('DECODE_ENCODING_GUESSED', null, null,
        'the bytes are not UTF-8; windows-1252 was chosen because nothing told it apart from windows-1250 (set encoding if the text looks wrong)'));
    }
    return this.stats.result({
      encoding: d.encoding,
      encoding_detected: d.detected,
      bom: d.bom,
      undecodable_chars: d.replacements,
      col_sep: this.dialect?.sep ?? this.opts.col_sep ?? ',',
      header_line: this.dialect?.headerLine ?? null,
      header_searched: this.dialect?.searched ?? false,
      headers: this.headers ?? [],
      columns: this.map ? { ...this.map.header } : {},
      amount_columns: this.map?.amountMode ?? 'none',
      date_format: this.dateColumn === null ? null : this.dateFormat,
      date_format_inferred: this.dateInferred,
    });
  }

  private drain(): RowResult[] {
    const rows = this.out;
    this.out = [];
    return rows;
  }

  private onText(text: string, ended: boolean): void {
    if (this.tokenizer) {
      if (text !== '') this.tokenizer.push(text, this.onRecord);
      return;
    }
    this.prelude += text;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || c === 13) this.preludeBreaks++;
    }
    // Two break characters per line at most (CRLF), so this many guarantees enough whole lines.
    const need = 2 * ((this.opts.rows_to_skip ?? 0) + HEADER_SEARCH_LINES + 1);
    if (!ended && this.preludeBreaks < need && this.prelude.length < PRELUDE_MAX_CHARS) return;
    this.decideDialect(ended);
  }

  private decideDialect(ended: boolean): void {
    const lines = preludeLines(this.prelude, ended);
    const dialect = detectDialect({
      lines,
      colSep: this.opts.col_sep,
      rowsToSkip: this.opts.rows_to_skip,
      columnNames: this.opts.column_names,
      isHeader: (fields) => !(resolveColumns(this.plan, fields.map((f) => f.trim()), null) instanceof SluiceError),
    });
    const text = this.prelude;
    this.prelude = '';
    if (dialect === null) {
      if (!ended && text.length < PRELUDE_MAX_CHARS) {
        // Only blank (or skipped) lines so far: keep everything and look again when more has arrived.
        this.prelude = text;
        this.preludeBreaks = 0;
        return;
      }
      if (!ended) throw new SluiceError('CSV_EMPTY', `no header row in the first ${PRELUDE_MAX_CHARS} characters`, null);
      if (this.opts.column_names === null) throw new SluiceError('CSV_EMPTY', 'the file holds no header row (it is empty or blank)', null);
      this.dialect = { sep: this.opts.col_sep ?? ',', headerLine: null, skipLines: 0, searched: false };
      return;
    }
    this.dialect = dialect;
    this.tokenizer = new CsvTokenizer(dialect.sep, dialect.skipLines);
    if (dialect.headerLine === null) this.setHeaders(this.opts.column_names!.slice(), null);
    if (text !== '') this.tokenizer.push(text, this.onRecord);
  }

  private setHeaders(headers: string[], line: number | null): void {
    this.headers = headers;
    const map = resolveColumns(this.plan, headers, line);
    if (map instanceof SluiceError) throw map;
    this.map = map;
    for (const w of map.warnings) this.stats.fileIssue(w);
    this.dateColumn = map.index.date !== undefined ? 'date' : map.index.effective_date !== undefined ? 'effective_date' : null;
    if (this.dateColumn !== null && this.dateFormat === null) this.sample = [];
    else this.buildReader(this.dateFormat === null ? { unknown: true } : { parser: compileDateFormat(this.dateFormat, defaultRange(this.opts.today)) });
  }

  private buildReader(dates: DateMode): void {
    const setup: ReaderSetup = { opts: this.opts, map: this.map!, dates, amount: compileAmountParser(this.profile.numberFormat(this.opts)) };
    this.reader = this.profile.reader(setup);
  }

  private decideDates(): void {
    const sample = this.sample!;
    this.sample = null;
    const col = this.map!.index[this.dateColumn!]!;
    const inference = inferDateFormat(sample.map((r) => (r.cells[col] ?? '').trim()));
    this.dateInferred = true;
    this.dateFormat = inference.format;
    if (inference.survivors.length > 1) {
      this.stats.fileIssue(issue('DATE_FORMAT_AMBIGUOUS', null, this.dateColumn,
        `the dates fit ${inference.survivors.join(', ')}; ${inference.format} was used (set date_format to choose)`));
    }
    this.buildReader(inference.format === null ? { unknown: true } : { parser: compileDateFormat(inference.format, defaultRange(this.opts.today)) });
    for (const r of sample) this.out.push(this.readRow(r.cells, r.line, r.trailing));
  }

  private readonly onRecord = (cells: string[], line: number, trailing: number[] | null): void => {
    if (isBlankRecord(cells)) return;
    if (this.headers === null) {
      this.setHeaders(cells.map((c) => c.trim()), line);
      return;
    }
    if (this.sample !== null) {
      this.sample.push({ cells, line, trailing });
      if (this.sample.length >= DATE_SAMPLE_SIZE) this.decideDates();
      return;
    }
    // An indexed store, not push(): each batch's array starts with small-integer elements and
    // changes kind on its first row, which kept TurboFan from inlining push() (see tokenizer.ts).
    const out = this.out;
    out[out.length] = this.readRow(cells, line, trailing);
  };

  private readRow(cells: string[], line: number, trailing: number[] | null): RowResult {
    const issues = this.issues;
    issues.reset(line);
    const headers = this.headers!;
    if (cells.length !== headers.length) {
      issues.add('CSV_FIELD_COUNT', null, `the row has ${cells.length} fields where the header has ${headers.length}`, null);
    }
    if (trailing !== null) {
      for (const i of trailing) {
        issues.add('CSV_QUOTE_TRAILING_TEXT', headers[i] ?? `#${i + 1}`, 'text follows the closing quote of the field; it was kept', cells[i]!);
      }
    }
    if (this.decoder.report.replacements > 0) {
      for (let i = 0; i < cells.length; i++) {
        if (cells[i]!.includes('\uFFFD')) {
          issues.add('DECODE_INVALID_BYTES', headers[i] ?? `#${i + 1}`, `the field holds bytes that are not ${this.decoder.report.encoding}`, cells[i]!);
        }
      }
    }
    const fields = this.reader!(cells, issues);
    const row: RowResult = { line, valid: issues.errors === 0, issues: issues.list ?? NO_ISSUES, fields };
    this.stats.add(row);
    return row;
  }
}

export type { FileResult, Issue };

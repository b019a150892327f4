// The table pipeline as a push state machine: bytes in, checked rows out, and a whole-file result
// at the end (SPEC §2.1–2.7, §2.12–2.14). No I/O here: source.ts and reader.ts feed it from
// strings, buffers, files and streams.
//
//   decode (decoder.ts) → prelude: separator and header line (dialect.ts) → tokenize (tokenizer.ts)
//   → header → [sample the first rows when something must be inferred] → settings: columns,
//   number and date formats, sign (settings.ts) → row reader of the import type (rows/) → stats
//
// push() and end() return the rows completed by that input, in file order. Rows of the sample are
// held until the settings are decided, then read like every other row: a setting never changes
// from row to row. Problems that stop the file are thrown as SluiceError; everything else is a
// row issue or a file-level warning.

import { StreamDecoder } from '../decode/decoder.ts';
import { issue, SluiceError, type Issue } from '../errors.ts';
import type { ColumnKey } from '../fields.ts';
import type { ImportTypeEntry, TableType } from '../import-types.ts';
import { readsAsData } from '../infer/profile.ts';
import type { NormalizedOptions } from '../options.ts';
import { NO_ISSUES, RowIssues, type RowResult } from '../result/row.ts';
import { byDefault, given, inferred, type InferredSettings, type Setting } from '../result/settings.ts';
import { Stats, type FileResult } from '../result/stats.ts';
import type { RowReader } from '../rows/values.ts';
import { DETECT_BYTES, detectText, otherFormatMessage } from '../detect/file-type.ts';
import { detectDialect, HEADER_SEARCH_LINES, preludeLines, type Dialect } from './dialect.ts';
import { headerScore, planColumns, type ColumnPlan } from './mapping.ts';
import { decideSettings, type Decided } from './settings.ts';
import { CsvTokenizer, DEFAULT_MAX_RECORD_CHARS } from './tokenizer.ts';

/** The prelude is decided once this many characters have arrived even without enough lines. */
const PRELUDE_MAX_CHARS = 4 * 1024 * 1024;
const PRELUDE_SLICE = 64 * 1024;
/** Text every line of which is blank (isBlankLine's class, line breaks included). */
const BLANK_TEXT = /^[\s,;\t|"]*$/u;
/** Rows read before anything the options leave out is decided (SPEC §2.14). */
export const SAMPLE_ROWS = 1000;

interface Pending {
  cells: string[];
  line: number;
  trailing: number[] | null;
}

function isBlankRecord(cells: readonly string[]): boolean {
  for (let i = 0; i < cells.length; i++) if (cells[i] !== '') return false; // trimmed by the tokenizer
  return true;
}

/** Cells whose text after a closing quote makes the row invalid (SPEC §2.14): `"4"50` is not 450. */
const STRICT_CELLS: readonly ColumnKey[] = ['date', 'amount', 'inflow', 'outflow', 'effective_date', 'qty', 'price'];

export class CsvPipeline {
  private readonly opts: NormalizedOptions;
  private readonly table: TableType;
  private readonly plan: ColumnPlan;
  private readonly decoder: StreamDecoder;
  private readonly stats: Stats;
  private readonly issues = new RowIssues();
  /** Nothing is left to infer: the sample is skipped and rows flow from the header on. */
  private readonly allGiven: boolean;

  private prelude = '';
  private preludeBreaks = 0;
  /** After a prelude of blank lines only: look again once it is this long (doubling keeps it linear). */
  private preludeRetryAt = 0;
  private dialect: Dialect | null = null;
  private tokenizer: CsvTokenizer | null = null;
  private headers: string[] | null = null;
  private headerLine: number | null = null;
  private decided: Decided | null = null;
  private reader: RowReader | null = null;
  private strict: Uint8Array = new Uint8Array(0);
  private sample: Pending[] = [];
  private out: RowResult[] = [];
  private ended = false;

  constructor(opts: NormalizedOptions, entry: ImportTypeEntry) {
    if (entry.table === null) throw new SluiceError('OPT_TYPE_UNSUPPORTED', `${entry.type} files are not read as tables`, null);
    this.opts = opts;
    this.table = entry.table;
    this.plan = planColumns(opts, entry.table);
    this.decoder = new StreamDecoder(opts.encoding);
    this.stats = new Stats(opts);
    const hasDates = this.plan.specs.some((s) => s.key === 'date' || s.key === 'effective_date');
    this.allGiven = (opts.date_format !== null || !hasDates) && (opts.number_format_given || !this.plan.amount)
      && this.plan.specs.every((s) => !s.required || s.label !== null)
      && (!this.plan.amount || this.plan.amountMode !== 'auto');
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
      this.setHeaders(this.headerlessNames(), null);
    }
    if (this.reader === null) this.decide();
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
        `${d.encoding} was chosen${d.runnerUp ? ` over ${d.runnerUp}, which reads the text differently` : ''}: ${d.evidence} (set encoding if the text looks wrong)`, d.runnerUp));
    }
    const decided = this.decided;
    const dialect = this.dialect;
    const inferredSettings: InferredSettings = {
      type: this.opts.type_given ? given(this.opts.type) : byDefault(this.opts.type),
      encoding: d.detected ? inferred(d.encoding, d.evidence, d.runnerUp) : given(d.encoding),
      col_sep: dialect === null ? byDefault(this.opts.col_sep ?? ',')
        : dialect.sepHow === 'given' ? given(dialect.sep) : inferred(dialect.sep, 'the most frequent separator on the header line'),
      header_line: this.headerSetting(),
      date_format: decided?.date_format ?? byDefault(null),
      number_format: decided?.number_format ?? (this.opts.number_format_given ? given(this.opts.number_format) : byDefault(this.opts.number_format)),
      signage_convention: this.opts.signage_convention_given ? given(this.opts.signage_convention) : byDefault(this.opts.signage_convention),
      amount_sign: decided?.amount_sign ?? byDefault(this.opts.signage_convention),
    };
    const map = decided?.map ?? null;
    return this.stats.result({
      encoding: d.encoding,
      encoding_detected: d.detected,
      bom: d.bom,
      undecodable_chars: d.replacements,
      col_sep: dialect?.sep ?? this.opts.col_sep ?? ',',
      header_line: dialect?.headerLine ?? null,
      header_searched: dialect?.searched ?? false,
      headers: this.headers ?? [],
      columns: map ? { ...map.report } : {},
      amount_columns: map?.amountMode ?? 'none',
      date_format: decided?.dateColumn ? decided.date_format.value : null,
      date_format_inferred: decided?.date_format.how === 'inferred',
      number_format: inferredSettings.number_format.value as FileResult['number_format'],
      inferred: inferredSettings,
    });
  }

  private headerSetting(): Setting<number | null> {
    const dialect = this.dialect;
    if (dialect === null) return byDefault(null);
    if (dialect.headerless === 'column_names') return given(null);
    if (dialect.headerless === 'detected') return inferred(null, 'the first line reads as data (dates, amounts), not as header words');
    if (this.opts.rows_to_skip !== null) return given(dialect.headerLine);
    return dialect.searched
      ? inferred(dialect.headerLine, `the line whose cells name the most fields, after ${dialect.skipLines} line(s) of preamble`)
      : inferred(dialect.headerLine, 'the first non-blank line');
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
    const full = this.prelude.length >= PRELUDE_MAX_CHARS;
    if (!ended && !full && (this.preludeBreaks < need || this.prelude.length < this.preludeRetryAt)) return;
    this.decideDialect(ended);
  }

  private decideDialect(ended: boolean): void {
    // Content of plainly another format (QIF, an NDJSON export, OFX, CAMT, MT940) is refused with
    // the type to send, rather than read as a table of one column (SPEC §2.14 "File type").
    // (A type detected from the file has been through this already.)
    const other = this.opts.type_given ? detectText(this.prelude.slice(0, DETECT_BYTES), ended) : null;
    if (other !== null && other.format !== 'table') {
      throw new SluiceError('CSV_OTHER_FORMAT', otherFormatMessage(other, this.opts.type), null, { format: other.format, type: other.type });
    }
    // Nothing but blank lines (no character outside the blank-line class) needs no splitting.
    const lines = BLANK_TEXT.test(this.prelude) ? [] : preludeLines(this.prelude, ended);
    const dialect = lines.length === 0 ? null : detectDialect({
      lines,
      colSep: this.opts.col_sep,
      rowsToSkip: this.opts.rows_to_skip,
      columnNames: this.opts.column_names,
      score: (cells) => headerScore(this.plan, cells),
      isData: readsAsData,
    });
    const text = this.prelude;
    this.prelude = '';
    if (dialect === null) {
      if (!ended && text.length < PRELUDE_MAX_CHARS) {
        // Only blank (or skipped) lines so far: keep everything and look again when more has
        // arrived, and not before the prelude has doubled: each look reads the whole prelude, so
        // looking every few lines would be quadratic in a file of blank lines (issue 14).
        this.prelude = text;
        this.preludeBreaks = 0;
        this.preludeRetryAt = 2 * text.length;
        return;
      }
      if (!ended) throw new SluiceError('CSV_EMPTY', `no header row in the first ${PRELUDE_MAX_CHARS} characters`, null);
      if (this.opts.column_names === null) throw new SluiceError('CSV_EMPTY', 'the file holds no header row (it is empty or blank)', null);
      this.dialect = { sep: this.opts.col_sep ?? ',', headerLine: null, headerless: 'column_names', skipLines: 0, searched: false, sepHow: this.opts.col_sep ? 'given' : 'inferred' };
      return;
    }
    this.dialect = dialect;
    // Cells trimmed as they are cut (SPEC §2.2; the row readers take them as they come: rows/values.ts cellAt).
    this.tokenizer = new CsvTokenizer(dialect.sep, dialect.skipLines, DEFAULT_MAX_RECORD_CHARS, true);
    if (dialect.headerless === 'column_names') this.setHeaders(this.opts.column_names!.slice(), null);
    // In slices, as it would have arrived: a record too large or too wide is refused at the slice
    // that shows it, not after the whole prelude.
    for (let i = 0; i < text.length; i += PRELUDE_SLICE) this.tokenizer.push(text.slice(i, i + PRELUDE_SLICE), this.onRecord);
  }

  /** Names of a headerless file's columns: none (the first record tells how many there are). */
  private headerlessNames(): string[] {
    const width = this.sample.reduce((w, r) => Math.max(w, r.cells.length), 0);
    return new Array<string>(width).fill('');
  }

  private setHeaders(headers: string[], line: number | null): void {
    this.headers = headers;
    this.headerLine = line;
    if (this.allGiven) this.decide();
  }

  /** Decides the settings from the sample (possibly empty), builds the reader and reads the sample's rows. */
  private decide(): void {
    const sample = this.sample;
    this.sample = [];
    if (this.headers === null || (this.dialect?.headerless === 'detected' && this.headers.length === 0)) {
      this.headers = new Array<string>(sample.reduce((w, r) => Math.max(w, r.cells.length), 0)).fill('');
    }
    const decided = decideSettings({
      opts: this.opts, table: this.table, plan: this.plan, headers: this.headers, headerLine: this.headerLine,
      namesHow: this.dialect?.headerless === 'column_names' ? 'column_names' : 'header',
      sample: sample.map((r) => r.cells), sep: this.dialect?.sep ?? ',',
    });
    if (decided instanceof SluiceError) throw decided;
    this.decided = decided;
    for (const w of decided.warnings) this.stats.fileIssue(w);
    const strict = new Uint8Array(Math.max(this.headers.length, 1) + 64);
    for (const k of STRICT_CELLS) {
      const c = decided.map.index[k];
      if (c !== undefined && c < strict.length) strict[c] = 1;
    }
    this.strict = strict;
    this.reader = this.table.reader(decided.setup);
    for (const r of sample) this.out.push(this.readRow(r.cells, r.line, r.trailing));
  }

  private readonly onRecord = (cells: string[], line: number, trailing: number[] | null): void => {
    if (isBlankRecord(cells)) return;
    if (this.headers === null && this.dialect?.headerless !== 'detected') {
      this.setHeaders(cells.map((c) => c.trim()), line);
      return;
    }
    if (this.reader === null) {
      this.sample.push({ cells, line, trailing });
      if (this.sample.length >= SAMPLE_ROWS) this.decide();
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
    if (cells.length !== headers.length && this.dialect?.headerless !== 'detected') {
      issues.add('CSV_FIELD_COUNT', null, `the row has ${cells.length} fields where the header has ${headers.length}`, null);
    }
    if (trailing !== null) {
      for (const i of trailing) {
        const strict = i < this.strict.length && this.strict[i] === 1;
        issues.add('CSV_QUOTE_TRAILING_TEXT', headers[i] || `#${i + 1}`,
          strict ? 'text follows the closing quote of the field, so its value is not one number or date' : 'text follows the closing quote of the field; it was kept',
          cells[i]!, strict ? 'error' : undefined);
      }
    }
    if (this.decoder.report.replacements > 0) {
      for (let i = 0; i < cells.length; i++) {
        if (cells[i]!.includes('\uFFFD')) {
          issues.add('DECODE_INVALID_BYTES', headers[i] || `#${i + 1}`, `the field holds bytes that are not ${this.decoder.report.encoding}`, cells[i]!);
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

// An XLSX workbook read as a table (SPEC §2.15): one sheet's cells become CSV text (workbook.ts,
// sheet.ts), one line per sheet row, and that text goes through the table pipeline of CSV
// (csv/pipeline.ts) with `,` as the separator and UTF-8 as the encoding, so everything of SPEC
// §2.2–2.7 and §2.14 applies unchanged: the header searched past a preamble, columns mapped, number
// and date formats inferred. A row's `line` is its row number in the sheet.
//
// The inner table pipeline is told the type was not given: its check for content of another format
// (QIF, OFX, ... written in a sheet's cells) is for text files, not for a workbook. The result then
// says how the type, the separator and the encoding really came to be, and which sheet was read.
//
//   const p = new XlsxPipeline(opts, IMPORT_TYPE_ENTRIES.TransactionImport);
//   rows = p.push(bytes) ...; rows = p.end(); const result = p.result();

import { CsvPipeline, SAMPLE_ROWS } from '../csv/pipeline.ts';
import { HEADER_SEARCH_LINES } from '../csv/dialect.ts';
import type { ImportTypeEntry } from '../import-types.ts';
import type { NormalizedOptions } from '../options.ts';
import type { RowResult } from '../result/row.ts';
import { byDefault, given } from '../result/settings.ts';
import type { FileResult } from '../result/stats.ts';
import { WorkbookReader, type ChosenSheet } from './workbook.ts';

export type XlsxResult = FileResult & { sheet: ChosenSheet };

/**
 * Compressed bytes of a held sheet read per endSlice() call: about 300 rows of the bench's workbook.
 * The rows of a batch live until the caller has taken the next one; small batches keep few alive.
 */
const FINISH_SLICE = 8 * 1024;
const LF = 10;

export class XlsxPipeline {
  private readonly opts: NormalizedOptions;
  private readonly entry: ImportTypeEntry;
  /** The table pipeline, made when the sheet's first lines are pushed (table()). */
  private csv: CsvPipeline | null = null;
  private readonly book: WorkbookReader;
  private out: RowResult[] = [];
  /** The sheet's first lines, gathered until the table pipeline can take its header search and sample in one push (onText). */
  private first: Uint8Array[] | null = [];
  private firstLines = 0;
  private readonly firstNeed: number;
  private ending = false;
  private finished = false;

  constructor(opts: NormalizedOptions, entry: ImportTypeEntry) {
    this.opts = opts;
    this.entry = entry;
    // The rows the table reader searches for its header (dialect.ts) decide the width rows are padded to (sheet.ts).
    this.book = new WorkbookReader(opts.sheet, (opts.rows_to_skip ?? 0) + HEADER_SEARCH_LINES, (text) => this.onText(text));
    this.firstNeed = (opts.rows_to_skip ?? 0) + HEADER_SEARCH_LINES + 1 + SAMPLE_ROWS;
  }

  push(bytes: Uint8Array): RowResult[] {
    this.book.push(bytes);
    return this.drain();
  }

  /** Every row left: endSlice() until it has nothing more. */
  end(): RowResult[] {
    const all: RowResult[] = [];
    for (let rows = this.endSlice(); rows.length > 0; rows = this.endSlice()) for (const r of rows) all.push(r);
    return all;
  }

  /**
   * end() in slices, for a caller that can take the rows left at the end a batch at a time: each
   * call reads about FINISH_SLICE more compressed bytes of a sheet that was held (Excel writes the
   * sheet before the strings and styles it needs, so all of its rows come after the last byte),
   * and returns the rows that gave; an empty answer means the file has been read.
   */
  endSlice(): RowResult[] {
    if (this.finished) return [];
    if (!this.ending) {
      this.ending = true;
      this.book.endArchive();
    }
    while (this.out.length === 0) {
      if (this.book.pump(FINISH_SLICE)) {
        this.pushFirst();
        this.collect(this.table().end());
        this.finished = true;
        break;
      }
    }
    return this.drain();
  }

  result(): XlsxResult {
    const r = this.table().result();
    const type = this.opts.type;
    return {
      ...r,
      encoding: 'utf-8',
      encoding_detected: false,
      bom: false,
      col_sep: null,
      inferred: {
        ...r.inferred,
        type: this.opts.type_given ? given(type) : byDefault(type),
        encoding: byDefault('utf-8', 'XLSX text is Unicode'),
        col_sep: byDefault(null, 'an XLSX sheet is a table of cells'),
      },
      sheet: { ...this.book.chosen! },
    };
  }

  /**
   * The sheet's CSV text (UTF-8) into the table pipeline. Its first lines are gathered and pushed
   * at once (a copy of one push's worth of text), so the table pipeline reads its header search
   * and its sample (SAMPLE_ROWS rows, held until the settings are decided) in one push, with no
   * parsing of the sheet in between (see engine/xlsx/README.md, "Memory").
   */
  private onText(text: Uint8Array): void {
    const first = this.first;
    if (first === null) {
      this.collect(this.table().push(text));
      return;
    }
    first.push(text);
    for (let i = text.indexOf(LF); i >= 0; i = text.indexOf(LF, i + 1)) this.firstLines++;
    if (this.firstLines >= this.firstNeed) this.pushFirst();
  }

  private pushFirst(): void {
    const first = this.first;
    if (first === null) return;
    this.first = null;
    let length = 0;
    for (const b of first) length += b.length;
    const text = new Uint8Array(length);
    for (let i = 0, at = 0; i < first.length; at += first[i++]!.length) text.set(first[i]!, at);
    // Made now, with the first rows, the table pipeline and the arrays its first rows go into are
    // young, and die young with them (an object made at the start of a large workbook has reached
    // the old generation by now, and would keep the rows it was given through young collections).
    this.out = [];
    if (length > 0) this.collect(this.table().push(text));
  }

  private table(): CsvPipeline {
    return this.csv ??= new CsvPipeline(Object.freeze({ ...this.opts, col_sep: ',' as const, encoding: 'utf-8', type_given: false }), this.entry);
  }

  private collect(rows: RowResult[]): void {
    const out = this.out;
    for (let i = 0; i < rows.length; i++) out.push(rows[i]!);
  }

  private drain(): RowResult[] {
    const rows = this.out;
    this.out = [];
    return rows;
  }
}

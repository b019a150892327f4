// A worksheet's cells as CSV text, as the sheet part streams in (ECMA-376 Part 1 §18.3.1.99
// sheetData, §18.3.1.73 row, §18.3.1.4 c): ONE LINE PER SHEET ROW, a missing row an empty line, so
// that a line's number in the CSV is the row's number in the sheet (SPEC §2.12). Cells become text
// by their type: `s` shared string, `inlineStr` its `<is>`, `str` a formula's text, `b` TRUE/FALSE,
// `e` the error text (#N/A), `d` an ISO date-time's day, and numbers by their style's number format
// (values.ts). A formula cell is its cached `<v>`; one without a cached value is empty.
//
// The CSV is written with `,` and RFC 4180 §2 quoting (a cell holding `,` or `"` is quoted, `"`
// doubled); a line break inside a cell becomes a space, so no record spans two lines. It is written
// as UTF-8 bytes (bytes.ts): a shared string's field is copied from the shared strings' bytes, the
// other cells' text is encoded as it is written.
//
// Width: a sheet stores only the cells that exist, so row lengths vary where a CSV's do not. The
// rows of the header-search window (the first non-blank row and every row up to rows_to_skip +
// HEADER_SEARCH_LINES, where the table reader looks for the header) are held, and all rows are
// padded with empty cells to the widest of them: the header and its rows then have one width and
// no CSV_FIELD_COUNT arises from cells that merely do not exist. A later row with cells beyond
// that width keeps them (and its warning).
//
// Held in memory: the window's rows and one row's cells; everything else is handed on as it parses.

import { SluiceError } from '../errors.ts';
import { ByteBuffer, csvField, SharedStrings } from './bytes.ts';
import { GENERAL, type CellFormat } from './number-format.ts';
import { StringItem, unescapeXstring } from './parts.ts';
import { isoCellDay, numericCellText } from './values.ts';
import type { StartTag, TagHandlers } from './xml.ts';

export { csvField };

/** Spreadsheet limits (ECMA-376 Part 1 §18.3.1.73, §18.3.1.4; Excel's 1,048,576 rows by 16,384 columns). */
const MAX_ROW = 1048576;
const MAX_COL = 16384;
const COMMA = 44, LF = 10;
const decoder = new TextDecoder();

export interface SheetContext {
  /** The shared strings: as the workbook reader keeps them, or a list of them. */
  strings: SharedStrings | readonly string[];
  formats: readonly CellFormat[];
  date1904: boolean;
}

/** `AB12` → 27 (0-based column); -1 when the reference has no letters. */
export function columnIndex(ref: string): number {
  let col = 0, i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i) | 0x20;
    if (c < 97 || c > 122) break;
    col = col * 26 + (c - 96);
  }
  return i === 0 ? -1 : col - 1;
}

/** Plain decimal digits (at most 9) as their number; -1 for any other text. */
function smallInteger(s: string): number {
  const n = s.length;
  if (n === 0 || n > 9) return -1;
  let v = 0;
  for (let i = 0; i < n; i++) {
    const d = s.charCodeAt(i) - 48;
    if (d < 0 || d > 9) return -1;
    v = v * 10 + d;
  }
  return v;
}

/** Sheet rows → CSV lines, with the width rule of the header. */
export class SheetLines {
  /** The last row of the header-search window. */
  private readonly windowEnd: number;
  private width = -1;
  private held: { gap: number; line: Uint8Array; fields: number }[] = [];
  private seenData = false;
  private lastRow = 0;
  private readonly out = new ByteBuffer(64 * 1024);

  constructor(windowEnd: number) {
    this.windowEnd = windowEnd;
  }

  /** Sheet row `n` (greater than every earlier one): its line (`line.bytes` up to `line.length`) of `fields` fields (0: a blank row). */
  row(n: number, line: ByteBuffer, fields: number): void {
    const gap = n - this.lastRow - 1;
    this.lastRow = n;
    // A row past the window, the window's rows still held (all blank so far but one): decide without it.
    if (this.width < 0 && this.seenData && n > this.windowEnd) this.decide();
    if (this.width < 0) {
      this.held.push({ gap, line: line.bytes.slice(0, line.length), fields });
      if (fields > 0) this.seenData = true;
      if (this.seenData && n >= this.windowEnd) this.decide();
      return;
    }
    this.write(gap, line.bytes, line.length, fields);
  }

  end(): void {
    if (this.width < 0) this.decide();
  }

  /** The CSV text written since the last take, in UTF-8 (the caller's to keep). */
  takeBytes(): Uint8Array {
    const bytes = this.out.bytes.slice(0, this.out.length);
    this.out.length = 0;
    return bytes;
  }

  /** The CSV text written since the last take. */
  take(): string {
    return decoder.decode(this.takeBytes());
  }

  private decide(): void {
    this.width = this.held.reduce((w, r) => Math.max(w, r.fields), 0);
    for (const r of this.held) this.write(r.gap, r.line, r.line.length, r.fields);
    this.held = [];
  }

  private write(gap: number, line: Uint8Array, length: number, fields: number): void {
    const out = this.out;
    out.repeat(LF, gap);
    out.copy(line, 0, length);
    if (fields > 0 && fields < this.width) out.repeat(COMMA, this.width - fields);
    out.byte(LF);
  }
}

/** The sheet part's handlers: rows of cells into SheetLines. */
export class SheetPart implements TagHandlers {
  private readonly ctx: SheetContext;
  private readonly strings: SharedStrings;
  private readonly lines: SheetLines;
  private readonly partName: string;
  /**
   * The row's non-empty cells, in the order written: column, and where the field's bytes are: in
   * the shared strings (`shared`), or in `cellBytes` (the fields of the row's other cells).
   */
  private readonly cols: number[] = [];
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private readonly shared: boolean[] = [];
  private count = 0;
  private readonly cellBytes = new ByteBuffer();
  /** The row's line as it is put together. */
  private readonly line = new ByteBuffer();
  /** Whether the row's cells so far came in ascending columns (Excel's order; the others are put in order). */
  private ascending = true;
  private rowNumber = 0;
  private col = -1;
  private type = 'n';
  private style = 0;
  private v = '';
  private inV = false;
  private inIs = false;
  private hasIs = false;
  private readonly item = new StringItem();

  constructor(partName: string, ctx: SheetContext, lines: SheetLines) {
    this.partName = partName;
    this.ctx = ctx;
    this.strings = ctx.strings instanceof SharedStrings ? ctx.strings : SharedStrings.of(ctx.strings);
    this.lines = lines;
  }

  openTag(name: string, tag: StartTag): void {
    switch (name) {
      case 'c': return this.openCell(tag);
      case 'v': this.inV = true; return;
      case 'row': return this.openRow(tag);
      case 'is': this.inIs = true; this.hasIs = true; return;
      default: if (this.inIs) this.item.open(name);
    }
  }

  close(name: string): void {
    switch (name) {
      case 'c': return this.closeCell();
      case 'v': this.inV = false; return;
      case 'row': return this.closeRow();
      case 'is': this.inIs = false; return;
      default: if (this.inIs) this.item.close(name);
    }
  }

  text(t: string): void {
    if (this.inV) this.v = this.v === '' ? t : this.v + t;
    else if (this.inIs) this.item.chars(t);
  }

  private fail(message: string): never {
    throw new SluiceError('XLSX_UNREADABLE', `the sheet part ${this.partName} ${message}`, this.rowNumber || null, { part: this.partName });
  }

  private openRow(tag: StartTag): void {
    const r = tag.attribute('r');
    const n = r === undefined ? this.rowNumber + 1 : Number(r);
    if (!Number.isInteger(n) || n <= this.rowNumber || n > MAX_ROW) {
      this.fail(`has row ${r} after row ${this.rowNumber}: rows must be numbered 1 to ${MAX_ROW} in ascending order`);
    }
    this.rowNumber = n;
    this.count = 0;
    this.ascending = true;
    this.cellBytes.length = 0;
    this.col = -1;
  }

  private openCell(tag: StartTag): void {
    const r = tag.attribute('r');
    const col = r === undefined ? this.col + 1 : columnIndex(r);
    if (col < 0 || col >= MAX_COL) this.fail(`has a cell reference ${r} outside columns A to XFD`);
    this.col = col;
    this.type = tag.attribute('t') ?? 'n';
    const s = tag.attribute('s');
    this.style = s === undefined ? 0 : Number(s);
    this.v = '';
    this.inV = false;
    // An `<is>` in a cell of another type leaves text behind: it must not reach the next inline string.
    if (this.hasIs) this.item.take();
    this.hasIs = false;
  }

  private closeCell(): void {
    if (this.type === 's') {
      const i = this.sharedIndex(this.v);
      if (i >= 0) this.field(this.strings.start(i), this.strings.end(i), true);
      return;
    }
    const text = this.cellText();
    if (text === '') return;
    const start = this.cellBytes.length;
    this.cellBytes.text(csvField(text));
    this.field(start, this.cellBytes.length, false);
  }

  /** A non-empty cell's field, at `start`…`end` of the shared strings' bytes or of `cellBytes`. */
  private field(start: number, end: number, shared: boolean): void {
    if (start === end) return;
    const k = this.count++;
    if (k > 0 && this.cols[k - 1]! >= this.col) this.ascending = false;
    this.cols[k] = this.col;
    this.starts[k] = start;
    this.ends[k] = end;
    this.shared[k] = shared;
  }

  private cellText(): string {
    const v = this.v;
    switch (this.type) {
      case 'inlineStr': return this.hasIs ? this.item.take() : unescapeXstring(v);
      case 'str': return unescapeXstring(v);
      case 'b': return v.trim() === '1' ? 'TRUE' : v.trim() === '0' ? 'FALSE' : v;
      case 'e': return v;
      case 'd': return isoCellDay(v);
      default: return numericCellText(v, this.ctx.formats[this.style] ?? GENERAL, this.ctx.date1904);
    }
  }

  /** The shared string a `t="s"` cell's `<v>` refers to; -1 for an empty `<v>`. */
  private sharedIndex(v: string): number {
    if (v === '') return -1;
    let i = smallInteger(v);
    if (i < 0) {
      // Not plain digits: as a number (` 5 `), for the message otherwise.
      const n = Number(v);
      i = Number.isInteger(n) && n >= 0 ? n : -1;
    }
    if (i < 0 || i >= this.strings.count) this.fail(`refers to shared string ${v}, which the workbook does not hold`);
    return i;
  }

  private closeRow(): void {
    const line = this.line;
    line.length = 0;
    let next = 0;
    if (this.ascending) {
      for (let k = 0; k < this.count; k++) next = this.put(k, next);
    } else {
      // Each column's last cell, in column order.
      const last = new Map<number, number>();
      for (let k = 0; k < this.count; k++) last.set(this.cols[k]!, k);
      for (const col of [...last.keys()].sort((a, b) => a - b)) next = this.put(last.get(col)!, next);
    }
    this.lines.row(this.rowNumber, line, next);
  }

  /** Field `k` onto the line, after the commas that reach its column from column `next`; returns the column after it. */
  private put(k: number, next: number): number {
    const line = this.line;
    const col = this.cols[k]!;
    line.repeat(COMMA, next > 0 ? col - next + 1 : col);
    line.copy(this.shared[k] ? this.strings.bytes : this.cellBytes.bytes, this.starts[k]!, this.ends[k]!);
    return col + 1;
  }
}

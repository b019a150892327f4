// A worksheet's cells as CSV text, as the sheet part streams in (ECMA-376 Part 1 §18.3.1.99
// sheetData, §18.3.1.73 row, §18.3.1.4 c): ONE LINE PER SHEET ROW, a missing row an empty line, so
// that a line's number in the CSV is the row's number in the sheet (SPEC §2.12). Cells become text
// by their type: `s` shared string, `inlineStr` its `<is>`, `str` a formula's text, `b` TRUE/FALSE,
// `e` the error text (#N/A), `d` an ISO date-time's day, and numbers by their style's number format
// (values.ts). A formula cell is its cached `<v>`; one without a cached value is empty.
//
// The CSV is written with `,` and RFC 4180 §2 quoting (a cell holding `,` or `"` is quoted, `"`
// doubled); a line break inside a cell becomes a space, so no record spans two lines.
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
import { GENERAL, type CellFormat } from './number-format.ts';
import { StringItem, unescapeXstring } from './parts.ts';
import { isoCellDay, numericCellText } from './values.ts';
import type { Attributes, XmlHandlers } from './xml.ts';

/** Spreadsheet limits (ECMA-376 Part 1 §18.3.1.73, §18.3.1.4; Excel's 1,048,576 rows by 16,384 columns). */
const MAX_ROW = 1048576;
const MAX_COL = 16384;

export interface SheetContext {
  strings: readonly string[];
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

/** A cell as one CSV field (RFC 4180 §2.6–2.7), line breaks turned into spaces. */
export function csvField(s: string): string {
  let t = s;
  if (t.indexOf('\n') >= 0 || t.indexOf('\r') >= 0) t = t.replace(/\r\n|[\r\n]/g, ' ');
  if (t.indexOf('"') >= 0) return '"' + t.replace(/"/g, '""') + '"';
  return t.indexOf(',') >= 0 ? '"' + t + '"' : t;
}

/** Sheet rows → CSV lines, with the width rule of the header. */
export class SheetLines {
  /** The last row of the header-search window. */
  private readonly windowEnd: number;
  private width = -1;
  private held: { gap: number; line: string; fields: number }[] = [];
  private seenData = false;
  private lastRow = 0;
  private text = '';

  constructor(windowEnd: number) {
    this.windowEnd = windowEnd;
  }

  /** Sheet row `n` (greater than every earlier one) with its fields, `fields` of them (0: a blank row). */
  row(n: number, line: string, fields: number): void {
    const gap = n - this.lastRow - 1;
    this.lastRow = n;
    // A row past the window, the window's rows still held (all blank so far but one): decide without it.
    if (this.width < 0 && this.seenData && n > this.windowEnd) this.decide();
    if (this.width < 0) {
      this.held.push({ gap, line, fields });
      if (fields > 0) this.seenData = true;
      if (this.seenData && n >= this.windowEnd) this.decide();
      return;
    }
    this.write(gap, line, fields);
  }

  end(): void {
    if (this.width < 0) this.decide();
  }

  /** The CSV text written since the last take(). */
  take(): string {
    const t = this.text;
    this.text = '';
    return t;
  }

  private decide(): void {
    this.width = this.held.reduce((w, r) => Math.max(w, r.fields), 0);
    for (const r of this.held) this.write(r.gap, r.line, r.fields);
    this.held = [];
  }

  private write(gap: number, line: string, fields: number): void {
    let t = gap > 0 ? '\n'.repeat(gap) : '';
    t += fields > 0 && fields < this.width ? line + ','.repeat(this.width - fields) : line;
    this.text += t + '\n';
  }
}

/** The sheet part's handlers: rows of cells into SheetLines. */
export class SheetPart implements XmlHandlers {
  private readonly ctx: SheetContext;
  private readonly lines: SheetLines;
  private readonly partName: string;
  private readonly cells: string[] = [];
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
    this.lines = lines;
  }

  open(name: string, attrs: Attributes): void {
    switch (name) {
      case 'c': return this.openCell(attrs);
      case 'v': this.inV = true; return;
      case 'row': return this.openRow(attrs);
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
    if (this.inV) this.v += t;
    else if (this.inIs) this.item.chars(t);
  }

  private fail(message: string): never {
    throw new SluiceError('XLSX_UNREADABLE', `the sheet part ${this.partName} ${message}`, this.rowNumber || null, { part: this.partName });
  }

  private openRow(attrs: Attributes): void {
    const r = attrs['r'];
    const n = r === undefined ? this.rowNumber + 1 : Number(r);
    if (!Number.isInteger(n) || n <= this.rowNumber || n > MAX_ROW) {
      this.fail(`has row ${r} after row ${this.rowNumber}: rows must be numbered 1 to ${MAX_ROW} in ascending order`);
    }
    this.rowNumber = n;
    this.cells.length = 0;
    this.col = -1;
  }

  private openCell(attrs: Attributes): void {
    const r = attrs['r'];
    const col = r === undefined ? this.col + 1 : columnIndex(r);
    if (col < 0 || col >= MAX_COL) this.fail(`has a cell reference ${r} outside columns A to XFD`);
    this.col = col;
    this.type = attrs['t'] ?? 'n';
    const s = attrs['s'];
    this.style = s === undefined ? 0 : Number(s);
    this.v = '';
    this.inV = false;
    // An `<is>` in a cell of another type leaves text behind: it must not reach the next inline string.
    if (this.hasIs) this.item.take();
    this.hasIs = false;
  }

  private closeCell(): void {
    const text = this.cellText();
    if (text !== '') this.cells[this.col] = text;
  }

  private cellText(): string {
    const v = this.v;
    switch (this.type) {
      case 's': return this.sharedString(v);
      case 'inlineStr': return this.hasIs ? this.item.take() : unescapeXstring(v);
      case 'str': return unescapeXstring(v);
      case 'b': return v.trim() === '1' ? 'TRUE' : v.trim() === '0' ? 'FALSE' : v;
      case 'e': return v;
      case 'd': return isoCellDay(v);
      default: return numericCellText(v, this.ctx.formats[this.style] ?? GENERAL, this.ctx.date1904);
    }
  }

  private sharedString(v: string): string {
    if (v === '') return '';
    const i = Number(v);
    const s = Number.isInteger(i) && i >= 0 ? this.ctx.strings[i] : undefined;
    if (s === undefined) this.fail(`refers to shared string ${v}, which the workbook does not hold`);
    return s;
  }

  private closeRow(): void {
    const cells = this.cells;
    let fields = 0;
    for (let i = cells.length - 1; i >= 0; i--) if (cells[i] !== undefined) { fields = i + 1; break; }
    let line = '';
    for (let i = 0; i < fields; i++) {
      const c = cells[i];
      if (i > 0) line += ',';
      if (c !== undefined) line += csvField(c);
    }
    this.lines.row(this.rowNumber, line, fields);
  }
}

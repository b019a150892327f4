// What every row reader shares: the row result shape, the per-row issue collector, and the
// value readers (date, decimal, currency) that turn a trimmed cell into a normalized value or an
// issue. A value that fails to parse is reported and left null; it is never replaced by a
// default (no "amount 0", no "today").

import { issue, type Code, type Issue } from '../errors.ts';
import { isCurrency, type NormalizedOptions } from '../options.ts';
import type { AmountParser } from '../parse/amount.ts';
import type { DateParser } from '../parse/date.ts';
import type { ColumnKey, ColumnMap } from '../csv/columns.ts';

export type FieldValue = string | string[] | number | boolean | null | readonly unknown[];
export type RowFields = Record<string, FieldValue>;

export interface RowResult {
  /** Physical line (1-based) where the record starts. */
  line: number;
  valid: boolean;
  issues: Issue[];
  fields: RowFields;
}

export const NO_ISSUES: Issue[] = Object.freeze([]) as unknown as Issue[];

/** Collects the issues of one row. */
export class RowIssues {
  list: Issue[] | null = null;
  errors = 0;
  line = 0;

  reset(line: number): void {
    this.list = null;
    this.errors = 0;
    this.line = line;
  }

  add(code: Code, field: string | null, message: string, raw: string | null = null): void {
    const i = issue(code, this.line, field, message, raw);
    if (i.severity === 'error') this.errors++;
    (this.list ??= []).push(i);
  }
}

/** How dates are read for this file: a compiled parser, or "no format fits" (DATE_FORMAT_UNKNOWN). */
export type DateMode = { parser: DateParser } | { unknown: true };

export interface ReaderSetup {
  opts: NormalizedOptions;
  map: ColumnMap;
  dates: DateMode;
  amount: AmountParser;
}

/** A row reader: cells of one record in, normalized fields out, problems into `issues`. */
export type RowReader = ((cells: readonly string[], issues: RowIssues) => RowFields) & {
  /** Problems only the end of the file reveals (an unfinished split), as file-level issues. */
  finish?: () => Issue[];
};

/**
 * The cell trimmed of Unicode whitespace (SPEC §2.2); '' for a missing cell. Most cells have
 * nothing to trim, which two char checks tell without calling trim().
 */
export function clean(v: string | undefined): string {
  if (v === undefined) return '';
  const n = v.length;
  if (n === 0) return v;
  const a = v.charCodeAt(0), b = v.charCodeAt(n - 1);
  if (a > 32 && b > 32 && a !== 160 && b !== 160 && a < 0x1680 && b < 0x1680) return v;
  return v.trim();
}

/** The column of each field a reader may read; -1 when the file has no column for it. */
export type Columns = Readonly<Record<ColumnKey, number>>;

/**
 * The columns of a map, looked up once per file so that rows index their cells directly. Built as
 * one object literal: an object filled key by key with this many properties falls into V8's
 * dictionary mode, and every per-row read of it became a hash lookup.
 */
export function columnsOf(map: ColumnMap): Columns {
  const at = (key: ColumnKey): number => map.index[key] ?? -1;
  return {
    date: at('date'), amount: at('amount'), name: at('name'), category: at('category'), tags: at('tags'), notes: at('notes'),
    inflow: at('inflow'), outflow: at('outflow'), account: at('account'), qty: at('qty'), ticker: at('ticker'), price: at('price'),
    entity_type: at('entity_type'), currency: at('currency'), exchange_operating_mic: at('exchange_operating_mic'),
    color: at('color'), parent_category: at('parent_category'), icon: at('icon'), website: at('website'),
    resource_type: at('resource_type'), active: at('active'), effective_date: at('effective_date'), conditions: at('conditions'),
    actions: at('actions'), original_description: at('original_description'), transaction_type: at('transaction_type'),
    category_group: at('category_group'), split_amount: at('split_amount'),
  };
}

/** The trimmed cell in column `i` of a record: '' when the field has no column (-1) or the record is short. */
export function cellAt(cells: readonly string[], i: number): string {
  return i >= 0 && i < cells.length ? clean(cells[i]) : '';
}

const DATE_FAILURE: Record<string, Code> = { invalid: 'DATE_INVALID', impossible: 'DATE_IMPOSSIBLE', out_of_range: 'DATE_OUT_OF_RANGE' };

export function readDate(setup: ReaderSetup, issues: RowIssues, text: string, field: string, required: boolean): string | null {
  if (text === '') {
    if (required) issues.add('DATE_MISSING', field, `${field} is empty`, text);
    return null;
  }
  const d = setup.dates;
  if (!('parser' in d)) {
    issues.add('DATE_FORMAT_UNKNOWN', field, `no known date format fits the ${field} column; set date_format`, text);
    return null;
  }
  const r = d.parser.parse(text);
  const c = r.charCodeAt(0);
  if (c >= 48 && c <= 57) return r;
  const code = DATE_FAILURE[r]!;
  const why =
    code === 'DATE_INVALID' ? `does not match the date format ${d.parser.format}`
    : code === 'DATE_IMPOSSIBLE' ? 'is not a day of the calendar'
    : `is outside the accepted range (1970-01-01 to ${todayPlusOne(setup.opts)})`;
  issues.add(code, field, `${field} ${JSON.stringify(text)} ${why}`, text);
  return null;
}

function todayPlusOne(opts: NormalizedOptions): string {
  const t = new Date(Date.UTC(opts.today.y, opts.today.m - 1, opts.today.d + 1));
  return t.toISOString().slice(0, 10);
}

export function readDecimal(setup: ReaderSetup, issues: RowIssues, text: string, field: string, required: boolean): string | null {
  if (text === '') {
    if (required) issues.add(field === 'amount' ? 'AMOUNT_MISSING' : 'ROW_FIELD_MISSING', field, `${field} is empty`, text);
    return null;
  }
  const v = setup.amount(text);
  if (v === null) {
    issues.add('AMOUNT_INVALID', field, `${field} ${JSON.stringify(text)} is not a number in the format ${setup.opts.number_format}`, text);
  }
  return v;
}

export function readCurrency(setup: ReaderSetup, issues: RowIssues, text: string): string | null {
  if (text === '') return setup.opts.default_currency;
  if (isCurrency(text)) return text.toUpperCase();
  issues.add('ROW_CURRENCY_INVALID', 'currency', `currency ${JSON.stringify(text)} is not an ISO 4217 code`, text);
  return null;
}

export function requireText(issues: RowIssues, text: string, field: string): string | null {
  if (text === '') {
    issues.add('ROW_FIELD_MISSING', field, `${field} is empty`, text);
    return null;
  }
  return text;
}

/** Empty cell → null, otherwise the trimmed text. */
export const orNull = (text: string): string | null => (text === '' ? null : text);

// What every table row reader shares: how a file's rows are set up to be read (columns, date and
// number formats, the sign rule, currencies), and the value readers that turn a trimmed cell into
// a normalized value or an issue. A value that fails to parse is reported and left null; it is
// never replaced by a default (no "amount 0", no "today").

import type { Code, Issue } from '../errors.ts';
import type { BalanceLines } from '../infer/balance-lines.ts';
import type { ColumnKey, ColumnMap } from '../fields.ts';
import type { NormalizedOptions } from '../options.ts';
import type { AmountParser, NumberFormat } from '../parse/amount.ts';
import { currencyOfSign, isCurrency } from '../parse/currency.ts';
import type { DateParser } from '../parse/date.ts';
import type { RowFields, RowIssues } from '../result/row.ts';

/** How dates are read for this file: a compiled parser, or "no format fits" (DATE_FORMAT_UNKNOWN). */
export type DateMode = { parser: DateParser } | { unknown: true };

/**
 * How a row's ledger sign is made (SPEC §2.6, §2.14):
 * - `convention`: one signed amount column, read under signage_convention;
 * - `split`: inflow − outflow, the columns say the direction;
 * - `marker`: a column of markers decides and the amount is taken as a magnitude (custom_column,
 *   a layout's direction column such as Mint's Transaction Type, or a direction column found in
 *   the file). Values are compared trimmed and lower-cased; with `outflow` null every value that is
 *   not an inflow marker is an outflow (custom_column), otherwise an unknown value is an issue.
 */
export type SignRule =
  | { kind: 'convention' }
  | { kind: 'split' }
  | { kind: 'marker'; column: number; field: ColumnKey; inflow: ReadonlySet<string>; outflow: ReadonlySet<string> | null };

export interface ReaderSetup {
  readonly opts: NormalizedOptions;
  readonly map: ColumnMap;
  readonly dates: DateMode;
  readonly amount: AmountParser;
  /** The number format amounts are read with (given or inferred). */
  readonly numberFormat: NumberFormat;
  readonly sign: SignRule;
  /**
   * The currency designation the amount parser heard in the cells read since the reader last set
   * it to null (`-30,00 PLN` → `PLN`); set through the parser's onCurrency.
   */
  readonly written: { value: string | null };
  /** Balance and summary lines are told from transactions (the types that read bank files). */
  readonly balanceLines: BalanceLines | null;
}

/** A row reader: cells of one record in, normalized fields out, problems into `issues`. */
export type RowReader = ((cells: readonly string[], issues: RowIssues) => RowFields) & {
  /** Problems only the end of the file reveals (an unfinished split), as file-level issues. */
  finish?: () => Issue[];
};

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
    actions: at('actions'), original_description: at('original_description'), category_group: at('category_group'),
    split_amount: at('split_amount'), direction: at('direction'), balance: at('balance'),
  };
}

/**
 * The cell in column `i` of a record: '' when the field has no column (-1) or the record is short.
 * Cells arrive trimmed (the CSV pipeline's tokenizer trims them, where it is cheap: tokenizer.ts).
 */
export function cellAt(cells: readonly string[], i: number): string {
  return i >= 0 && i < cells.length ? cells[i]! : '';
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
    issues.add('AMOUNT_INVALID', field, `${field} ${JSON.stringify(text)} is not a number in the format ${setup.numberFormat}`, text);
  }
  return v;
}

/**
 * The row's currency: the currency column's code; else the currency written beside the amount
 * (`-30,00 PLN`, `€12.00`: SPEC §2.14), else the default. `written` is the designation the amount
 * parser found in the amount cell (null when none). A written currency that differs from the
 * column's is AMOUNT_CURRENCY_CONFLICT.
 */
export function readCurrency(setup: ReaderSetup, issues: RowIssues, text: string, written: string | null): string | null {
  const fromAmount = written === null ? null : currencyOfSign(written, setup.opts.default_currency);
  if (text === '') return fromAmount ?? setup.opts.default_currency;
  if (!isCurrency(text)) {
    issues.add('ROW_CURRENCY_INVALID', 'currency', `currency ${JSON.stringify(text)} is not an ISO 4217 code`, text);
    return null;
  }
  const code = text.toUpperCase();
  if (fromAmount !== null && fromAmount !== code) {
    issues.add('AMOUNT_CURRENCY_CONFLICT', 'amount', `the amount is written in ${written} (${fromAmount}) but the currency column says ${code}`, written);
  }
  return code;
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

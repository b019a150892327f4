// Import options: the API's field names (snake_case, one spelling each) normalized once at the
// edge into a frozen, fully defaulted object. Every problem is collected before anything throws,
// so a caller (the server's 422, the CLI's exit 2) can list them all. Later stages never re-check
// for undefined.

import { OptionsError, type OptionProblem } from './errors.ts';
import { NUMBER_FORMATS, type NumberFormat } from './parse/amount.ts';
import { isCurrency } from './parse/currency.ts';
import { compileDateFormat, DateFormatError, parseIsoDate } from './parse/date.ts';
import { IMPORT_TYPES, type ImportType } from './import-types.ts';
import { platform } from './platform.ts';

export { IMPORT_TYPES, type ImportType };

export const SIGNAGE_CONVENTIONS = ['inflows_positive', 'inflows_negative'] as const;
export type SignageConvention = (typeof SIGNAGE_CONVENTIONS)[number];
export const AMOUNT_TYPE_STRATEGIES = ['signed_amount', 'custom_column'] as const;
export type AmountTypeStrategy = (typeof AMOUNT_TYPE_STRATEGIES)[number];
/** `,` and `;` come from the seed; tab and `|` are accepted as well (SPEC §2.2). */
export const COL_SEPS = [',', ';', '\t', '|'] as const;
export type ColSep = (typeof COL_SEPS)[number];

/** Fields that can be mapped to a column, in the order of the SPEC §2.3 table. */
export const FIELDS = [
  'date', 'amount', 'name', 'category', 'tags', 'notes', 'inflow', 'outflow', 'account', 'qty', 'ticker', 'price',
  'entity_type', 'currency', 'exchange_operating_mic',
] as const;
export type Field = (typeof FIELDS)[number];

export type LabelOption = `${Field}_col_label`;
export const LABEL_OPTIONS = FIELDS.map((f) => `${f}_col_label` as LabelOption);

/**
 * What a program passes: the API field names, enumerated ones as their literal unions
 * (`number_format: 'nope'` does not type-check). Checked again at run time all the same.
 */
export type ImportOptions = Partial<Record<LabelOption, string | null>> & {
  type?: ImportType | null;
  date_format?: string | null;
  number_format?: NumberFormat | null;
  signage_convention?: SignageConvention | null;
  col_sep?: ColSep | null;
  amount_type_strategy?: AmountTypeStrategy | null;
  amount_type_inflow_value?: string | null;
  rows_to_skip?: number | string | null;
  encoding?: string | null;
  column_names?: string | readonly string[] | null;
  /** The date "today" for the date range check; YYYY-MM-DD. Defaults to the current UTC date. */
  today?: string | Date | null;
  /** Currency for rows without one (the import account's, else the family's). */
  default_currency?: string | null;
  /** How many issues the whole-file result keeps in full (the counts are always complete). */
  max_issues?: number | null;
  /** The sheet of an XLSX workbook to read: its name or 1-based number (default: the first sheet). */
  sheet?: string | number | null;
};

/** The same options as they come from outside a program (a command line, a request): any values, checked by normalizeOptions. */
export type UncheckedImportOptions = { readonly [K in keyof ImportOptions]?: unknown };

/** How normalizeOptions reads what it is given before checking it: strings where the API sends strings. */
type WideOptions = Partial<Record<LabelOption, string | null>> & {
  [K in 'type' | 'number_format' | 'signage_convention' | 'col_sep' | 'amount_type_strategy']?: string | null;
} & Omit<ImportOptions, 'type' | 'number_format' | 'signage_convention' | 'col_sep' | 'amount_type_strategy' | LabelOption>;

export interface NormalizedOptions {
  readonly type: ImportType;
  /** False when the type was not given and TransactionImport is the default. */
  readonly type_given: boolean;
  readonly labels: Readonly<Partial<Record<Field, string>>>;
  readonly date_format: string | null;
  readonly number_format: NumberFormat;
  /** True when number_format was given (ThirdParty layouts supply their own default otherwise). */
  readonly number_format_given: boolean;
  readonly signage_convention: SignageConvention;
  readonly signage_convention_given: boolean;
  readonly col_sep: ColSep | null;
  readonly amount_type_strategy: AmountTypeStrategy;
  readonly amount_type_inflow_value: string | null;
  readonly rows_to_skip: number | null;
  readonly encoding: string | null;
  readonly column_names: readonly string[] | null;
  readonly today: { y: number; m: number; d: number };
  readonly default_currency: string;
  readonly max_issues: number;
  /** An XLSX workbook's sheet: its name, or a 1-based number; null = the first sheet. */
  readonly sheet: string | number | null;
}

/**
 * Every option the engine takes, by its API name: the one list the CLI's flags (in kebab case) and
 * the server's request fields are derived from.
 */
export const OPTION_NAMES = [
  ...LABEL_OPTIONS, 'type', 'date_format', 'number_format', 'signage_convention', 'col_sep', 'amount_type_strategy',
  'amount_type_inflow_value', 'rows_to_skip', 'encoding', 'column_names', 'today', 'default_currency', 'max_issues', 'sheet',
] as const satisfies readonly (keyof ImportOptions)[];
export type OptionName = (typeof OPTION_NAMES)[number];
/** Options the program running the engine decides, not the sender of a file (a server sets them itself). */
export const CALLER_OPTIONS = ['today', 'default_currency', 'max_issues'] as const satisfies readonly OptionName[];

const KNOWN = new Set<string>(OPTION_NAMES);

const ENCODING_ALIASES: Record<string, string> = {
  utf8: 'utf-8', 'utf-8': 'utf-8', 'utf-16le': 'utf-16le', utf16le: 'utf-16le', 'utf-16be': 'utf-16be', utf16be: 'utf-16be',
  cp1252: 'windows-1252', 'windows-1252': 'windows-1252', cp1250: 'windows-1250', 'windows-1250': 'windows-1250',
  cp1251: 'windows-1251', 'windows-1251': 'windows-1251', cp1257: 'windows-1257', 'windows-1257': 'windows-1257',
  cp1254: 'windows-1254', 'windows-1254': 'windows-1254', latin2: 'iso-8859-2', 'iso-8859-2': 'iso-8859-2',
  'iso8859-2': 'iso-8859-2', latin9: 'iso-8859-15', 'iso-8859-15': 'iso-8859-15', 'iso8859-15': 'iso-8859-15',
  latin1: 'iso-8859-1', 'iso-8859-1': 'iso-8859-1', 'iso8859-1': 'iso-8859-1', 'latin-1': 'iso-8859-1',
};

/** WHATWG-style name for an encoding label the platform can decode (platform.ts), or null. */
export function normalizeEncoding(label: string): string | null {
  const l = label.trim().toLowerCase();
  if (ENCODING_ALIASES[l]) return ENCODING_ALIASES[l]!;
  return platform.encodingName(l);
}

function levenshtein(a: string, b: string): number {
  const d = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = d[0]!;
    d[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = d[j]!;
      d[j] = Math.min(d[j]! + 1, d[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return d[b.length]!;
}

/** The candidate nearest to a misspelt name, or null when none is near (better-sqlite3-style hints). */
export function nearest(name: string, candidates: Iterable<string>): string | null {
  let best: string | null = null;
  let bestD = Infinity;
  for (const c of candidates) {
    const dist = levenshtein(name.toLowerCase(), c.toLowerCase());
    if (dist < bestD) { bestD = dist; best = c; }
  }
  return bestD <= Math.max(2, Math.floor(name.length / 3)) ? best : null;
}

function suggest(name: string, candidates: Iterable<string>): string {
  const best = nearest(name, candidates);
  return best === null ? '' : `; did you mean "${best}"?`;
}

const text = (v: unknown): string | null => {
  if (v === undefined || v === null) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
};

function oneOf<T extends string>(
  problems: OptionProblem[], option: string, value: string | null, allowed: readonly T[],
): T | null {
  if (value === null) return null;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  problems.push({
    option, code: 'OPT_INVALID_VALUE',
    message: `${option} must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')} (got ${JSON.stringify(value)})${suggest(value, allowed)}`,
  });
  return null;
}

function todayUtc(): { y: number; m: number; d: number } {
  const now = new Date();
  return { y: now.getUTCFullYear(), m: now.getUTCMonth() + 1, d: now.getUTCDate() };
}

/** Validates and defaults options; throws OptionsError listing every problem. */
export function normalizeOptions(unchecked: UncheckedImportOptions = {}): NormalizedOptions {
  const input = unchecked as WideOptions;
  const problems: OptionProblem[] = [];
  const raw = input as Record<string, unknown>;
  for (const key of Object.keys(raw)) {
    if (!KNOWN.has(key) && raw[key] !== undefined) {
      problems.push({ option: key, code: 'OPT_UNKNOWN', message: `unknown option "${key}"${suggest(key, KNOWN)}` });
    }
  }

  const typeText = text(input.type);
  const type = typeText === null ? 'TransactionImport' : oneOf(problems, 'type', typeText, IMPORT_TYPES);

  const labels: Partial<Record<Field, string>> = {};
  for (const f of FIELDS) {
    const v = text(raw[`${f}_col_label`]);
    if (v !== null) labels[f] = v;
  }

  const dateFormat = text(input.date_format);
  if (dateFormat !== null) {
    try {
      compileDateFormat(dateFormat);
    } catch (e) {
      if (!(e instanceof DateFormatError)) throw e;
      problems.push({ option: 'date_format', code: 'OPT_DATE_FORMAT_INVALID', message: e.message });
    }
  }

  const numberFormatText = text(input.number_format);
  const numberFormat = oneOf(problems, 'number_format', numberFormatText, NUMBER_FORMATS);
  const signageText = text(input.signage_convention);
  const signage = oneOf(problems, 'signage_convention', signageText, SIGNAGE_CONVENTIONS);
  const strategy = oneOf(problems, 'amount_type_strategy', text(input.amount_type_strategy), AMOUNT_TYPE_STRATEGIES);

  // col_sep keeps whitespace meaning: a tab is a separator, not something to trim.
  let colSep: ColSep | null = null;
  if (input.col_sep !== undefined && input.col_sep !== null && input.col_sep !== '') {
    const v = input.col_sep === 'tab' || input.col_sep === '\\t' ? '\t' : input.col_sep;
    colSep = oneOf(problems, 'col_sep', v, COL_SEPS);
  }

  const inflowValue = text(input.amount_type_inflow_value);
  if (strategy === 'custom_column' && inflowValue === null) {
    problems.push({
      option: 'amount_type_inflow_value', code: 'OPT_INFLOW_VALUE_MISSING',
      message: 'amount_type_strategy "custom_column" needs amount_type_inflow_value (the entity type value that marks an inflow)',
    });
  }

  let rowsToSkip: number | null = null;
  const rts = input.rows_to_skip;
  if (rts !== undefined && rts !== null && rts !== '') {
    const n = typeof rts === 'number' ? rts : /^\s*-?\d+\s*$/.test(rts) ? Number(rts) : NaN;
    if (!Number.isInteger(n) || n < 0) {
      problems.push({ option: 'rows_to_skip', code: 'OPT_INVALID_VALUE', message: `rows_to_skip must be a whole number ≥ 0 (got ${JSON.stringify(rts)})` });
    } else rowsToSkip = n;
  }

  let encoding: string | null = null;
  const encText = text(input.encoding);
  if (encText !== null) {
    encoding = normalizeEncoding(encText);
    if (encoding === null) {
      problems.push({ option: 'encoding', code: 'OPT_ENCODING_UNSUPPORTED', message: `encoding "${encText}" is not supported (try utf-8, utf-16le, utf-16be, windows-1252, windows-1250, iso-8859-1)` });
    }
  }

  let columnNames: string[] | null = null;
  if (input.column_names !== undefined && input.column_names !== null) {
    const list = typeof input.column_names === 'string' ? input.column_names.split(',') : [...input.column_names];
    columnNames = list.map((s) => s.trim());
    if (columnNames.length === 0 || columnNames.every((c) => c === '')) {
      problems.push({ option: 'column_names', code: 'OPT_INVALID_VALUE', message: 'column_names must name at least one column' });
    }
  }

  let today = todayUtc();
  if (input.today instanceof Date) {
    today = { y: input.today.getUTCFullYear(), m: input.today.getUTCMonth() + 1, d: input.today.getUTCDate() };
  } else if (text(input.today) !== null) {
    const t = parseIsoDate(text(input.today)!);
    if (t) today = t;
    else problems.push({ option: 'today', code: 'OPT_INVALID_VALUE', message: `today must be a date YYYY-MM-DD (got ${JSON.stringify(input.today)})` });
  }

  let currency = 'USD';
  const cur = text(input.default_currency);
  if (cur !== null) {
    if (isCurrency(cur)) currency = cur.toUpperCase();
    else problems.push({ option: 'default_currency', code: 'OPT_INVALID_VALUE', message: `default_currency "${cur}" is not an ISO 4217 code` });
  }

  const maxIssues = input.max_issues ?? 100;
  if (!Number.isInteger(maxIssues) || maxIssues < 0) {
    problems.push({ option: 'max_issues', code: 'OPT_INVALID_VALUE', message: 'max_issues must be a whole number ≥ 0' });
  }

  let sheet: string | number | null = null;
  const sheetText = text(input.sheet);
  if (sheetText !== null) {
    if (/^\d+$/.test(sheetText)) {
      sheet = Number(sheetText);
      if (sheet < 1) problems.push({ option: 'sheet', code: 'OPT_INVALID_VALUE', message: `sheet numbers start at 1 (got ${sheetText})` });
    } else sheet = sheetText;
  }

  if (problems.length > 0) throw new OptionsError(problems);
  return Object.freeze({
    type: type!,
    type_given: typeText !== null,
    labels: Object.freeze(labels),
    date_format: dateFormat,
    number_format: numberFormat ?? '1,234.56',
    number_format_given: numberFormat !== null,
    signage_convention: signage ?? 'inflows_positive',
    signage_convention_given: signage !== null,
    col_sep: colSep,
    amount_type_strategy: strategy ?? 'signed_amount',
    amount_type_inflow_value: inflowValue,
    rows_to_skip: rowsToSkip,
    encoding,
    column_names: columnNames ? Object.freeze(columnNames) : null,
    today,
    default_currency: currency,
    max_issues: maxIssues,
    sheet,
  });
}

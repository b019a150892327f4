// What a table file is read with (SPEC §2.4–2.6, §2.14), decided once from the header and the
// sampled rows: the column map, the number format, the date format and the sign rule, and the
// report of each (given, inferred with its evidence, or default). Given options always win; what
// they leave out is inferred here and never changes from row to row.
//
//   const decided = decideSettings({ opts, table, plan, headers, headerLine, namesHow, sample, dialect });
//   if (decided instanceof SluiceError) throw decided;
//   const reader = table.reader(decided.setup);

import { issue, SluiceError, type Issue } from '../errors.ts';
import type { ColumnKey, ColumnMap } from '../fields.ts';
import type { TableType } from '../import-types.ts';
import { inferDateFormat, NO_DATE_HINTS, type DateHints, type DateOrder } from '../infer/date-format.ts';
import { BalanceLines } from '../infer/balance-lines.ts';
import { inferNumberFormat } from '../infer/number-format.ts';
import { SampleProfiles } from '../infer/profile.ts';
import type { NormalizedOptions } from '../options.ts';
import { compileAmountParser, type NumberFormat } from '../parse/amount.ts';
import { byDefault, given, inferred, type Setting } from '../result/settings.ts';
import { compileDateFormat, defaultRange } from '../parse/date.ts';
import { clean } from '../parse/text.ts';
import type { DateMode, ReaderSetup, SignRule } from '../rows/values.ts';
import { VOCABULARY } from '../vocabulary/tables.ts';
import type { Lang } from '../vocabulary/languages.ts';
import { headerLanguages, mapColumns, type ColumnPlan } from './mapping.ts';

export interface DecideInput {
  opts: NormalizedOptions;
  table: TableType;
  plan: ColumnPlan;
  headers: readonly string[];
  headerLine: number | null;
  namesHow: 'header' | 'column_names';
  /** Sampled records' cells (empty when nothing had to be inferred). */
  sample: readonly (readonly string[])[];
  sep: string;
}

export interface Decided {
  setup: ReaderSetup;
  map: ColumnMap;
  date_format: Setting<string | null>;
  number_format: Setting<NumberFormat>;
  amount_sign: Setting<string>;
  /** File-level warnings the decisions raise (ambiguous formats, duplicate headers). */
  warnings: Issue[];
  /** The column dates are read from (date, or a rule's effective_date), or null. */
  dateColumn: ColumnKey | null;
}

/** Columns whose cells are amounts, for number-format evidence. */
const MONEY: readonly ColumnKey[] = ['amount', 'inflow', 'outflow', 'balance', 'qty', 'price', 'split_amount'];

/** Rows of the sample that column roles are judged on. */
export const ROLE_ROWS = 300;

const DAY_FIRST_DECIMAL: DateOrder = { dayFirst: true, why: 'the amounts use a decimal comma' };

function dateHints(input: DecideInput, numberFormat: NumberFormat, langs: readonly Lang[]): DateHints {
  let conventions: DateOrder | null = null;
  if (numberFormat === '1.234,56' || numberFormat === '1 234,56') conventions = DAY_FIRST_DECIMAL;
  else if (input.sep === ';' && langs.length > 0 && !langs.includes('en')) {
    conventions = { dayFirst: true, why: 'the file is `;`-separated with European headers' };
  }
  let language: DateOrder | null = null;
  const top = langs[0];
  const order = top === undefined ? null : VOCABULARY[top].dateOrder;
  if (order === 'dmy' || order === 'mdy') {
    language = { dayFirst: order === 'dmy', why: `the headers are ${VOCABULARY[top!].name}` };
  }
  return { conventions, preferred: input.table.dateFormats, language };
}

export function decideSettings(input: DecideInput): Decided | SluiceError {
  const { opts, table, plan, sample } = input;
  // Column roles are judged on the first rows of the sample (what a column holds shows early);
  // the number and date formats on all of it, since one late value can decide them.
  const roleSample = sample.length > ROLE_ROWS ? sample.slice(0, ROLE_ROWS) : sample;
  const profiles = sample.length > 0 ? new SampleProfiles(roleSample, Math.max(input.headers.length, ...roleSample.map((r) => r.length))) : null;
  const map = mapColumns(plan, input.headers, input.headerLine, input.namesHow, profiles);
  if (map instanceof SluiceError) return map;
  const warnings: Issue[] = [...map.warnings];
  const valuesOf = (key: ColumnKey): string[] => {
    const c = map.index[key];
    return c === undefined ? [] : sample.map((r) => clean(r[c])).filter((v) => v !== '');
  };

  // Number format.
  let number_format: Setting<NumberFormat>;
  if (opts.number_format_given) number_format = given(opts.number_format);
  else {
    const money = MONEY.flatMap(valuesOf);
    const n = inferNumberFormat(money);
    if (n.comma > 0 || n.dot > 0) {
      const other: NumberFormat = n.format === '1,234.56' ? '1.234,56' : '1,234.56';
      number_format = inferred(n.format, `${n.format === '1,234.56' ? n.dot : n.comma} of ${money.length} sampled amounts show it (e.g. ${JSON.stringify(n.example)})`, n.ambiguous ? other : null);
    } else number_format = byDefault(n.format, money.length > 0 ? 'no sampled amount tells the decimal mark' : null);
    if (n.ambiguous) {
      warnings.push(issue('AMOUNT_FORMAT_AMBIGUOUS', null, 'amount',
        `no sampled amount tells whether , or . is the decimal mark (values like ${JSON.stringify(n.undecided)} read either way); ${n.format} was used (set number_format to choose)`, n.undecided));
    }
  }

  // Date format.
  const dateColumn: ColumnKey | null = map.index.date !== undefined ? 'date' : map.index.effective_date !== undefined ? 'effective_date' : null;
  let date_format: Setting<string | null>;
  if (opts.date_format !== null) date_format = given(opts.date_format);
  else if (dateColumn === null) date_format = byDefault(null);
  else {
    const langs = plan.byContent ? headerLanguages(plan, input.headers) : [];
    const hints = sample.length > 0 ? dateHints(input, number_format.value, langs) : NO_DATE_HINTS;
    const d = inferDateFormat(valuesOf(dateColumn), hints);
    if (d.format === null && sample.length === 0 && table.dateFormats.length > 0) {
      date_format = byDefault(table.dateFormats[0]!, "the layout's exports write it");
    } else if (d.format === null) {
      date_format = inferred(null, 'no known date format fits the sampled dates');
    } else {
      const second = d.survivors.find((f) => f !== d.format) ?? null;
      date_format = inferred(d.format, d.decidedBy ?? (d.survivors.length === 1 ? 'the only format that fits every sampled date' : 'the first format that fits every sampled date'), second);
      if (d.ambiguous) {
        warnings.push(issue('DATE_FORMAT_AMBIGUOUS', null, dateColumn,
          `the dates fit ${d.survivors.join(', ')}; ${d.format} was used (set date_format to choose)`));
      }
    }
  }

  // Sign.
  const { sign, amount_sign } = decideSign(opts, table, map, profiles);

  const dates: DateMode = date_format.value === null ? { unknown: true } : { parser: compileDateFormat(date_format.value, defaultRange(opts.today)) };
  const written: { value: string | null } = { value: null };
  const setup: ReaderSetup = {
    opts, map, dates, amount: compileAmountParser(number_format.value, (w) => { written.value = w; }), numberFormat: number_format.value, sign, written,
    balanceLines: table.vocabulary ? new BalanceLines() : null,
  };
  return { setup, map, date_format, number_format, amount_sign, warnings, dateColumn };
}

function decideSign(opts: NormalizedOptions, table: TableType, map: ColumnMap, profiles: SampleProfiles | null): { sign: SignRule; amount_sign: Setting<string> } {
  if (opts.amount_type_strategy === 'custom_column') {
    const column = map.index.entity_type!;
    return {
      sign: { kind: 'marker', column, field: 'entity_type', inflow: new Set([opts.amount_type_inflow_value!.toLowerCase()]), outflow: null },
      amount_sign: given(`custom_column: ${map.header.entity_type} = ${opts.amount_type_inflow_value} is money in`),
    };
  }
  if (map.amountMode === 'split') {
    return { sign: { kind: 'split' }, amount_sign: inferred(`${map.header.inflow} − ${map.header.outflow}`, 'money in and money out have their own columns') };
  }
  const direction = map.index.direction;
  if (direction !== undefined && map.amountMode === 'single') {
    // A layout's direction column always decides (Mint: amounts are magnitudes whatever their
    // sign); one found by the vocabulary or the cells only when the amounts are magnitudes.
    const layout = map.report.direction?.how === 'layout' && table.markers !== null;
    const amounts = profiles !== null && map.index.amount !== undefined ? profiles.get(map.index.amount) : null;
    const magnitudes = layout || (amounts !== null && amounts.negatives === 0);
    const family = layout ? table.markers : profiles?.get(direction).markers?.family ?? null;
    if (magnitudes && family !== null && family !== undefined) {
      return {
        sign: {
          kind: 'marker', column: direction, field: 'direction',
          inflow: new Set(family.inflow.map((v) => v.toLowerCase())), outflow: new Set(family.outflow.map((v) => v.toLowerCase())),
        },
        amount_sign: inferred(`${map.header.direction}: ${family.inflow.join('/')} is money in, ${family.outflow.join('/')} money out`,
          'the amounts are magnitudes and a column marks the direction'),
      };
    }
  }
  const convention = opts.signage_convention;
  return {
    sign: { kind: 'convention' },
    amount_sign: opts.signage_convention_given ? given(convention) : byDefault(convention),
  };
}

// TransactionImport rows (SPEC §2.3, §2.6, §2.14): date and amount required; name, category, tags,
// notes, account and currency optional. The amount comes from one column, or as inflow − outflow
// from two magnitude columns. The ledger sign follows the file's sign rule (values.ts SignRule):
// signage_convention for one signed column; the columns themselves for two; a column of markers
// for magnitudes (custom_column, a layout's or a found direction column), where the written sign
// is ignored. A currency written beside the amount (`-30,00 PLN`) sets the row's currency.

import { fold } from '../vocabulary/fold.ts';
import { abs, negate, subtract } from '../parse/decimal.ts';
import { splitCategory, splitTags } from '../parse/text.ts';
import type { RowFields, RowIssues } from '../result/row.ts';
import { cellAt, columnsOf, orNull, readCurrency, readDate, readDecimal, type ReaderSetup, type RowReader } from './values.ts';

export interface Amounts {
  amount: string | null;
  signed_amount: string | null;
}

const NONE: Amounts = Object.freeze({ amount: null, signed_amount: null }) as Amounts;

export function amountReader(setup: ReaderSetup): (cells: readonly string[], issues: RowIssues) => Amounts {
  const col = columnsOf(setup.map);
  const { map, sign } = setup;

  if (sign.kind === 'marker') {
    // Markers are few; each distinct cell text is folded once.
    const seen = new Map<string, boolean | null>();
    const side = (text: string): boolean | null => {
      let v = seen.get(text);
      if (v === undefined) {
        const f = text === '+' || text === '-' ? text : fold(text);
        v = sign.inflow.has(f) || sign.inflow.has(text.toLowerCase()) ? true
          : sign.outflow === null || sign.outflow.has(f) || sign.outflow.has(text.toLowerCase()) ? false : null;
        if (seen.size < 64) seen.set(text, v);
      }
      return v;
    };
    return (cells, issues) => {
      const v = readDecimal(setup, issues, cellAt(cells, col.amount), 'amount', true);
      if (v === null) return NONE;
      const magnitude = abs(v);
      const marker = cellAt(cells, sign.column);
      const inflow = side(marker);
      if (inflow === null) {
        const header = map.header[sign.field] ?? sign.field;
        issues.add('ROW_VALUE_INVALID', sign.field, `${header} ${JSON.stringify(marker)} says neither money in nor money out`, marker);
        return { amount: magnitude, signed_amount: null };
      }
      return { amount: magnitude, signed_amount: inflow ? negate(magnitude) : magnitude };
    };
  }
  if (sign.kind === 'split') {
    return (cells, issues) => {
      const inText = cellAt(cells, col.inflow);
      const outText = cellAt(cells, col.outflow);
      if (inText === '' && outText === '') {
        issues.add('AMOUNT_MISSING', 'amount', `both ${map.header.inflow} and ${map.header.outflow} are empty`, '');
        return NONE;
      }
      const inflow = readDecimal(setup, issues, inText, 'inflow', false);
      const outflow = readDecimal(setup, issues, outText, 'outflow', false);
      if ((inText !== '' && inflow === null) || (outText !== '' && outflow === null)) return NONE;
      const amount = subtract(inflow === null ? '0' : abs(inflow), outflow === null ? '0' : abs(outflow));
      // The columns say which way the money went, so the ledger sign follows from them alone.
      return { amount, signed_amount: negate(amount) };
    };
  }
  const amountCol = col.amount;
  if (setup.opts.signage_convention === 'inflows_positive') {
    return (cells, issues) => {
      const amount = readDecimal(setup, issues, cellAt(cells, amountCol), 'amount', true);
      return { amount, signed_amount: amount === null ? null : negate(amount) };
    };
  }
  return (cells, issues) => {
    const amount = readDecimal(setup, issues, cellAt(cells, amountCol), 'amount', true);
    return { amount, signed_amount: amount };
  };
}

export function transactionReader(setup: ReaderSetup): RowReader {
  const col = columnsOf(setup.map);
  const amounts = amountReader(setup);
  const written = setup.written;
  const balance = setup.balanceLines;
  return (cells, issues): RowFields => {
    const name = cellAt(cells, col.name);
    const date = readDate(setup, issues, cellAt(cells, col.date), 'date', true);
    written.value = null;
    const { amount, signed_amount } = amounts(cells, issues);
    const currency = readCurrency(setup, issues, cellAt(cells, col.currency), amount === null ? null : written.value);
    const categoryText = cellAt(cells, col.category);
    let category: string | null = null;
    let parent: string | null = null;
    // Most cells name one category; only `Parent:Child` needs splitting.
    if (categoryText !== '') {
      if (categoryText.indexOf(':') < 0) category = categoryText;
      else ({ name: category, parent } = splitCategory(categoryText));
    }
    if (balance !== null) balance.check(name, cells, issues);
    return {
      date,
      amount,
      signed_amount,
      currency,
      name: name || 'Imported item',
      category,
      category_parent: parent,
      tags: splitTags(cellAt(cells, col.tags)),
      notes: orNull(cellAt(cells, col.notes)),
      account: orNull(cellAt(cells, col.account)),
      entity_type: orNull(cellAt(cells, col.entity_type)),
    };
  };
}

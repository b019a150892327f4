// TransactionImport rows (SPEC §2.3, §2.6): date and amount required; name, category, tags,
// notes, account and currency optional. The amount comes from one column, or as inflow − outflow
// from two magnitude columns. The ledger sign follows signage_convention for one column; for two
// columns the columns themselves say the direction; under custom_column the entity_type column
// alone decides (the written sign is ignored there).

import { abs, negate, subtract } from '../parse/decimal.ts';
import { splitCategory, splitTags } from '../parse/text.ts';
import {
  cellAt, columnsOf, orNull, readCurrency, readDate, readDecimal, type ReaderSetup, type RowFields, type RowIssues, type RowReader,
} from './row.ts';

export interface Amounts {
  amount: string | null;
  signed_amount: string | null;
}

/**
 * Reads amount and signed_amount for a transaction-like row. `amount` is the value as the file
 * states it (inflow − outflow for two columns, the magnitude under custom_column).
 */
export function amountReader(setup: ReaderSetup): (cells: readonly string[], issues: RowIssues) => Amounts {
  const col = columnsOf(setup.map);
  const { opts, map } = setup;

  if (opts.amount_type_strategy === 'custom_column') {
    const inflowValue = opts.amount_type_inflow_value!.toLowerCase();
    return (cells, issues) => {
      const v = readDecimal(setup, issues, cellAt(cells, col.amount), 'amount', true);
      if (v === null) return { amount: null, signed_amount: null };
      const magnitude = abs(v);
      const inflow = cellAt(cells, col.entity_type).toLowerCase() === inflowValue;
      return { amount: magnitude, signed_amount: inflow ? negate(magnitude) : magnitude };
    };
  }
  if (map.amountMode === 'split') {
    return (cells, issues) => {
      const inText = cellAt(cells, col.inflow);
      const outText = cellAt(cells, col.outflow);
      if (inText === '' && outText === '') {
        issues.add('AMOUNT_MISSING', 'amount', `both ${map.header.inflow} and ${map.header.outflow} are empty`, '');
        return { amount: null, signed_amount: null };
      }
      const inflow = readDecimal(setup, issues, inText, 'inflow', false);
      const outflow = readDecimal(setup, issues, outText, 'outflow', false);
      if ((inText !== '' && inflow === null) || (outText !== '' && outflow === null)) return { amount: null, signed_amount: null };
      const amount = subtract(inflow === null ? '0' : abs(inflow), outflow === null ? '0' : abs(outflow));
      // The columns say which way the money went, so the ledger sign follows from them alone.
      return { amount, signed_amount: negate(amount) };
    };
  }
  const amountCol = col.amount;
  if (opts.signage_convention === 'inflows_positive') {
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
  return (cells, issues): RowFields => {
    const date = readDate(setup, issues, cellAt(cells, col.date), 'date', true);
    const { amount, signed_amount } = amounts(cells, issues);
    const currency = readCurrency(setup, issues, cellAt(cells, col.currency));
    const categoryText = cellAt(cells, col.category);
    let category: string | null = null;
    let parent: string | null = null;
    // Most cells name one category; only `Parent:Child` needs splitting.
    if (categoryText !== '') {
      if (categoryText.indexOf(':') < 0) category = categoryText;
      else ({ name: category, parent } = splitCategory(categoryText));
    }
    return {
      date,
      amount,
      signed_amount,
      currency,
      name: cellAt(cells, col.name) || 'Imported item',
      category,
      category_parent: parent,
      tags: splitTags(cellAt(cells, col.tags)),
      notes: orNull(cellAt(cells, col.notes)),
      account: orNull(cellAt(cells, col.account)),
      entity_type: orNull(cellAt(cells, col.entity_type)),
    };
  };
}

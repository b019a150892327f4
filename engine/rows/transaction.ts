// TransactionImport rows (SPEC §2.3, §2.6): date and amount required; name, category, tags,
// notes, account and currency optional. The amount comes from one column, or as inflow − outflow
// from two magnitude columns. The ledger sign follows signage_convention for one column; for two
// columns the columns themselves say the direction; under custom_column the entity_type column
// alone decides (the written sign is ignored there).

import { abs, negate, subtract } from '../parse/decimal.ts';
import { splitCategory, splitTags } from '../parse/text.ts';
import {
  cellsOf, orNull, readCurrency, readDate, readDecimal, type ReaderSetup, type RowFields, type RowIssues, type RowReader,
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
  const cell = cellsOf(setup.map);
  const { opts, map } = setup;
  const ledger = (amount: string) => (opts.signage_convention === 'inflows_positive' ? negate(amount) : amount);

  if (opts.amount_type_strategy === 'custom_column') {
    const inflowValue = opts.amount_type_inflow_value!.toLowerCase();
    return (cells, issues) => {
      const v = readDecimal(setup, issues, cell.amount(cells), 'amount', true);
      if (v === null) return { amount: null, signed_amount: null };
      const magnitude = abs(v);
      const inflow = cell.entity_type(cells).toLowerCase() === inflowValue;
      return { amount: magnitude, signed_amount: inflow ? negate(magnitude) : magnitude };
    };
  }
  if (map.amountMode === 'split') {
    return (cells, issues) => {
      const inText = cell.inflow(cells);
      const outText = cell.outflow(cells);
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
  return (cells, issues) => {
    const amount = readDecimal(setup, issues, cell.amount(cells), 'amount', true);
    return { amount, signed_amount: amount === null ? null : ledger(amount) };
  };
}

export function transactionReader(setup: ReaderSetup): RowReader {
  const cell = cellsOf(setup.map);
  const amounts = amountReader(setup);
  return (cells, issues): RowFields => {
    const date = readDate(setup, issues, cell.date(cells), 'date', true);
    const { amount, signed_amount } = amounts(cells, issues);
    const currency = readCurrency(setup, issues, cell.currency(cells));
    const categoryText = cell.category(cells);
    // Most cells name one category; only `Parent:Child` needs splitting.
    const category = categoryText === '' ? null : categoryText.indexOf(':') < 0 ? categoryText : splitCategory(categoryText);
    return {
      date,
      amount,
      signed_amount,
      currency,
      name: cell.name(cells) || 'Imported item',
      category: typeof category === 'string' || category === null ? category : category.name,
      category_parent: typeof category === 'string' || category === null ? null : category.parent,
      tags: splitTags(cell.tags(cells)),
      notes: orNull(cell.notes(cells)),
      account: orNull(cell.account(cells)),
      entity_type: orNull(cell.entity_type(cells)),
    };
  };
}

// Budgeting-app exports (SPEC §2.7): Mint (ThirdPartyAImport), Actual Budget (ThirdPartyBImport)
// and YNAB (ThirdPartyCImport) rows. Each starts from the transaction reader and applies its
// layout's own rules:
//
// - Mint: amounts are magnitudes; `Transaction Type` credit (money in) or debit (money out),
//   case-insensitive, decides the sign (the layout's direction column: the sign rule of values.ts,
//   applied by the transaction reader). Labels are tags; Original Description becomes the notes
//   when Notes is empty.
// - Actual: signed amounts; category `Group: Category`; a blank Payee falls back to Notes. A split
//   arrives as a parent row (Amount 0, the total in Split_Amount) followed by its lines; the lines
//   carry `split_parent_line`, so the transaction is written once, with its lines, and the total is
//   not counted twice. Lines that do not add up to the total are a ROW_SPLIT_MISMATCH.
// - YNAB: amount = Inflow − Outflow (a single signed Amount column also works); combined category
//   from Category Group (or YNAB4's Master Category) and Category (Sub Category); a blank Payee
//   falls back to the Memo.

import { issue } from '../errors.ts';
import { add, isZero, negate } from '../parse/decimal.ts';
import type { RowFields } from '../result/row.ts';
import { cellAt, columnsOf, readDecimal, type ReaderSetup, type RowReader } from './values.ts';
import { transactionReader } from './transaction.ts';

function withGroup(fields: RowFields, group: string): void {
  if (group === '' || typeof fields['category'] !== 'string') return;
  if (fields['category_parent'] === null) fields['category_parent'] = group;
}

export function mintReader(setup: ReaderSetup): RowReader {
  const base = transactionReader(setup);
  const col = columnsOf(setup.map);
  return (cells, issues) => {
    const fields = base(cells, issues);
    if (fields['notes'] === null) {
      const original = cellAt(cells, col.original_description);
      if (original !== '') fields['notes'] = original;
    }
    return fields;
  };
}

export function actualReader(setup: ReaderSetup): RowReader {
  const base = transactionReader(setup);
  const col = columnsOf(setup.map);
  let open: { line: number; total: string; remaining: string } | null = null;
  const read: RowReader = (cells, issues) => {
    const fields = base(cells, issues);
    withGroup(fields, cellAt(cells, col.category_group));
    if (cellAt(cells, col.name) === '' && fields['notes'] !== null) fields['name'] = fields['notes'];
    const splitText = cellAt(cells, col.split_amount);
    const split = splitText === '' ? null : readDecimal(setup, issues, splitText, 'split_amount', false);
    fields['split_parent_line'] = null;
    if (split !== null && !isZero(split)) {
      if (open !== null) {
        issues.add('ROW_SPLIT_MISMATCH', 'split_amount', `the split started on line ${open.line} is not complete (${open.remaining} left) when another begins`, splitText);
      }
      // A split parent: the total is the transaction's amount; its lines follow.
      fields['amount'] = split;
      fields['signed_amount'] = setup.opts.signage_convention === 'inflows_positive' ? negate(split) : split;
      open = { line: issues.line, total: split, remaining: split };
      return fields;
    }
    if (open !== null && typeof fields['amount'] === 'string') {
      // A line of the open split: what is left of the total shrinks toward zero.
      fields['split_parent_line'] = open.line;
      const left = add(open.remaining, negate(fields['amount']));
      if (isZero(left)) open = null;
      else if (left.startsWith('-') !== open.total.startsWith('-')) {
        issues.add('ROW_SPLIT_MISMATCH', 'amount', `the split lines after line ${open.line} add up to more than its total ${open.total}`, cellAt(cells, col.amount));
        open = null;
      } else open.remaining = left;
    }
    return fields;
  };
  read.finish = () =>
    open === null ? [] : [issue('ROW_SPLIT_MISMATCH', open.line, 'split_amount', `the split on line ${open.line} ends with ${open.remaining} of its total ${open.total} not in any line`, open.total)];
  return read;
}

export function ynabReader(setup: ReaderSetup): RowReader {
  const base = transactionReader(setup);
  const col = columnsOf(setup.map);
  return (cells, issues) => {
    const fields = base(cells, issues);
    withGroup(fields, cellAt(cells, col.category_group));
    if (cellAt(cells, col.name) === '' && fields['notes'] !== null) fields['name'] = fields['notes'];
    return fields;
  };
}

// The statement line :61: of an MT940/MT942 entry, subfield by subfield (SWIFT MT 940 field 61):
//
//   6!n     value date YYMMDD
//   [4!n]   entry (booking) date MMDD
//   2a      debit/credit mark: C, D, RC (reversal of a credit: money out), RD (reversal of a debit: money in)
//   [1!a]   funds code (the third letter of the currency code)
//   15d     amount, `,` decimal mark
//   1!a3!c  transaction type: N, S or F and a three-character code (NTRF, NMSC, S103, N426)
//   16x     reference for the account owner (`NONREF` = none)
//   [//16x] reference of the account servicing institution (the bank's own reference)
//   [34x]   supplementary details, on the next line (read by the pipeline)
//
// Read by position, so one broken subfield does not hide the others: each problem is an issue on the
// row (DATE_INVALID / DATE_IMPOSSIBLE / DATE_OUT_OF_RANGE on `date`, AMOUNT_INVALID on `amount`,
// ROW_VALUE_INVALID for a mark that is not C/D/RC/RD) and the rest of the line still reads. A
// transaction type that is not `[NSF]XXX` is a warning only: the entry is complete without it.
// Only the row's date is held to 1970..tomorrow (SPEC §2.5): a value date may lie after it.

import { negate } from '../parse/decimal.ts';
import type { DateRange } from '../parse/date.ts';
import type { RowIssues } from '../result/row.ts';
import { entryDate, swiftAmount, swiftDate, type SwiftDate } from './values.ts';

export interface StatementLine {
  /** The row's date: the entry date when the line has one, else the value date (ISO), or null. */
  date: string | null;
  valueDate: string | null;
  /** Signed as in the statement: C and RD positive, D and RC negative; null when unreadable. */
  amount: string | null;
  transactionType: string | null;
  /** The reference for the account owner, null for `NONREF` or none. */
  customerRef: string | null;
  /** The bank's reference after `//`, null when absent (or `NONREF`). */
  bankRef: string | null;
}

const MARK = /^(RC|RD|C|D)/;
const TYPE = /^[NSF][A-Za-z0-9]{3}$/;

const noRef = (s: string): string | null => (s === '' || s.toUpperCase() === 'NONREF' ? null : s);

/** Reads the first line of a :61: field (the text after the tag); issues go to `issues`. */
export function readStatementLine(text: string, issues: RowIssues, range: DateRange): StatementLine {
  const { date, valueDate, pos: afterDates } = readDates(text, issues, range);
  let pos = afterDates;
  const mark = MARK.exec(text.slice(pos))?.[1] ?? null;
  if (mark === null) {
    issues.add('ROW_VALUE_INVALID', 'amount', `the debit/credit mark ${JSON.stringify(text.slice(pos, pos + 2))} is not C, D, RC or RD`, text.slice(pos, pos + 2));
  } else {
    pos += mark.length;
  }
  // The funds code is a letter standing before the amount's first digit or comma.
  if (/^[A-Za-z][^A-Za-z]/.test(text.slice(pos))) pos++;
  // The amount's text runs to the type code; digits and the marks people write in numbers are
  // taken in, so that `1.234,56` or `-5,00` is reported as the amount it tried to be.
  const amountText = /^[\d.,'+\- ]*/.exec(text.slice(pos))![0];
  pos += amountText.length;
  const magnitude = readAmount(amountText.trim(), issues);
  const amount = magnitude === null || mark === null ? null : mark === 'C' || mark === 'RD' ? magnitude : negate(magnitude);

  const typeText = text.slice(pos, pos + 4);
  const transactionType = TYPE.test(typeText) ? typeText : null;
  if (transactionType === null) {
    issues.add('ROW_VALUE_INVALID', 'transaction_type', `the transaction type ${JSON.stringify(typeText)} is not N, S or F and three characters`, typeText, 'warning');
  }
  // A malformed type is not skipped by its four characters: the references are read from where it stood.
  const refs = text.slice(transactionType === null ? pos : pos + 4);
  const cut = refs.indexOf('//');
  const customerRef = noRef((cut < 0 ? refs : refs.slice(0, cut)).trim());
  const bankRef = cut < 0 ? null : noRef(refs.slice(cut + 2).trim());
  return { date, valueDate, amount, transactionType, customerRef, bankRef };
}

/** The value date, the optional entry date, and where the mark starts. */
function readDates(text: string, issues: RowIssues, range: DateRange): { date: string | null; valueDate: string | null; pos: number } {
  const valueText = text.slice(0, 6);
  const value = swiftDate(valueText);
  const entryText = /^\d{4}/.test(text.slice(6, 10)) ? text.slice(6, 10) : null;
  const pos = entryText === null ? 6 : 10;
  if (typeof value === 'string') {
    issues.add(value === 'invalid' ? 'DATE_INVALID' : 'DATE_IMPOSSIBLE', 'date', `the value date ${JSON.stringify(valueText)} is not a YYMMDD day`, valueText);
    return { date: null, valueDate: null, pos };
  }
  let booked: SwiftDate = value;
  if (entryText !== null) {
    const entry = entryDate(entryText, value);
    if (typeof entry === 'string') {
      issues.add('DATE_IMPOSSIBLE', 'date', `the entry date ${JSON.stringify(entryText)} is not an MMDD day`, entryText);
      return { date: null, valueDate: value.iso, pos };
    }
    booked = entry;
  }
  if (booked.day < range.min || booked.day > range.max) {
    issues.add('DATE_OUT_OF_RANGE', 'date', `the date ${booked.iso} is outside 1970-01-01 to tomorrow`, entryText ?? valueText);
    return { date: null, valueDate: value.iso, pos };
  }
  return { date: booked.iso, valueDate: value.iso, pos };
}

function readAmount(text: string, issues: RowIssues): string | null {
  if (text === '') {
    issues.add('AMOUNT_MISSING', 'amount', 'the statement line has no amount', null);
    return null;
  }
  const amount = swiftAmount(text);
  if (amount === null) issues.add('AMOUNT_INVALID', 'amount', `the amount ${JSON.stringify(text)} is not a SWIFT amount (digits with a , decimal mark)`, text);
  return amount;
}

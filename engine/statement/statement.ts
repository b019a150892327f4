// What the statement readers (OFX/QFX, ISO 20022 CAMT, SWIFT MT940/MT942; SPEC §2.15) share: the
// fields of a statement row, the per-statement summary with its balance check, and the whole-file
// result. Each reader is a push pipeline (bytes in, rows out, chunk-invariant) that builds its rows
// with statementRow() and its statements with StatementTally, so every format hands out rows the
// table and QIF readers' consumers (the CLI, the server's publishing) already understand:
//
//   date            ISO day the entry was booked (OFX DTPOSTED, CAMT BookgDt, MT940 entry or value date)
//   amount          signed as in the statement: negative = money out of the account
//   signed_amount   the ledger sign the application stores (negative = money in): negate(amount)
//   currency        the entry's, else the statement's, else the options' default_currency
//   name, notes     payee / counterparty and free text
//   account         the statement's account (OFX ACCTID, CAMT IBAN or Othr/Id, MT940 :25:)
//   account_type    its kind as the file writes it (OFX CHECKING, CREDITLINE, INVESTMENT; CAMT/MT940 null)
//   identity        the row's stable identity within its account (OFX FITID, CAMT AcctSvcrRef …,
//                   MT940 bank reference …); publishing skips an identity the account already holds
//   transaction_type, value_date, reference, counterparty_account: as the file gives them, else null
//   action, security, qty, price: investment records only (OFX INVSTMTRS), else null

import { issue, type Issue } from '../errors.ts';
import type { NormalizedOptions } from '../options.ts';
import { add, equal, negate, POW10, sum, unitsText } from '../parse/decimal.ts';
import type { DecodeReport } from '../decode/decoder.ts';
import { RowIssues, type RowFields, type RowResult } from './../result/row.ts';
import { byDefault, given, inferred, type InferredSettings } from '../result/settings.ts';
import { Stats, type FileResult } from '../result/stats.ts';

/** A balance as a statement states it. */
export interface StatedBalance {
  /** Signed decimal: negative = overdrawn / owed. */
  amount: string;
  currency: string | null;
  date: string | null;
}

/** One statement (an OFX STMTRS, a CAMT Stmt/Rpt/Ntfctn, an MT940 message) as the result reports it. */
export interface StatementInfo {
  /** Physical line where the statement starts. */
  line: number;
  account: string | null;
  account_type: string | null;
  currency: string | null;
  /** The statement's own id or number, as written (CAMT Id, MT940 :28C:, OFX none). */
  statement_id: string | null;
  opening: StatedBalance | null;
  closing: StatedBalance | null;
  /** Rows read from it (booked entries; batch entries count each transaction). */
  rows: number;
  /** Entries skipped as pending. */
  pending: number;
  /** The sum of its booked entries' amounts (statement sign). */
  total: string;
  /** opening + total = closing: true / false, or null when a balance is missing (nothing to check). */
  balanced: boolean | null;
}

export type StatementResult = FileResult & { statements: StatementInfo[] };

export interface StatementRowInput {
  date: string | null;
  amount: string | null;
  currency: string | null;
  name: string | null;
  notes: string | null;
  account: string | null;
  account_type: string | null;
  identity: string | null;
  transaction_type?: string | null;
  value_date?: string | null;
  reference?: string | null;
  counterparty_account?: string | null;
  action?: string | null;
  security?: string | null;
  qty?: string | null;
  price?: string | null;
}

/**
 * The row for one entry. Missing date or amount make it invalid (DATE_MISSING / AMOUNT_MISSING
 * are added here unless the reader already reported why); `issues` was reset to the entry's line.
 */
export function statementRow(issues: RowIssues, x: StatementRowInput, defaultCurrency: string): RowResult {
  if (x.date === null && !issues.list?.some((i) => i.field === 'date')) issues.add('DATE_MISSING', 'date', 'the entry has no date');
  if (x.amount === null && !issues.list?.some((i) => i.field === 'amount')) issues.add('AMOUNT_MISSING', 'amount', 'the entry has no amount');
  const fields: RowFields = {
    date: x.date, amount: x.amount, signed_amount: x.amount === null ? null : negate(x.amount),
    currency: x.currency ?? defaultCurrency, name: x.name || 'Imported item', notes: x.notes || null,
    account: x.account, account_type: x.account_type, identity: x.identity,
    category: null, category_parent: null, tags: [],
    transaction_type: x.transaction_type ?? null, value_date: x.value_date ?? null, reference: x.reference ?? null,
    counterparty_account: x.counterparty_account ?? null,
    action: x.action ?? null, security: x.security ?? null, qty: x.qty ?? null, price: x.price ?? null,
  };
  return issues.row(fields);
}

/** Counts one statement's rows and checks opening + entries = closing at its end, in flat memory. */
export class StatementTally {
  readonly info: StatementInfo;
  /**
   * The sum so far, then the amounts not yet added to it (summed a batch at a time: exact, and no
   * array as long as the statement). One array of strings for the tally's life: an array made
   * empty holds small integers until its first push, and the optimized push below, made for
   * strings, was thrown away at each new one.
   */
  private readonly pending: string[] = ['0'];
  /** Entries whose amount could not be read. */
  private unread = 0;
  /**
   * The sum of the entries given as units (entryUnits), a whole number of 10^-unitsScale, added
   * to the strings' sum at the end.
   */
  private units = 0;
  private unitsScale = 0;

  constructor(line: number, account: string | null, accountType: string | null, currency: string | null, statementId: string | null) {
    this.info = {
      line, account, account_type: accountType, currency, statement_id: statementId, opening: null, closing: null,
      rows: 0, pending: 0, total: '0', balanced: null,
    };
  }

  /** A booked entry's amount (statement sign), null when it could not be read. */
  entry(amount: string | null): void {
    this.info.rows++;
    if (amount === null) {
      this.unread++;
      return;
    }
    const pending = this.pending;
    pending.push(amount);
    if (pending.length > 1024) {
      const partial = sum(pending);
      pending.length = 1;
      pending[0] = partial;
    }
  }

  /**
   * entry() of an amount whose value the reader counted already: `units` whole 10^-scale (scale
   * -1: not counted, or not exactly). Added as a number while the running count stays a safe
   * integer, else as entry() adds it; the total is the same exact sum at the same scale (the
   * widest of the amounts'). Why: summing the strings read every amount's digits again: a cold
   * OFX run of 40,000 records took ~60M fewer instructions of ~1,010M this way (sum() and its
   * array of strings gone; ofxAmount() counts the units in the loops that check the digits).
   */
  entryUnits(amount: string | null, units: number, scale: number): void {
    if (amount === null || scale < 0 || scale >= POW10.length) {
      this.entry(amount);
      return;
    }
    // Both counts at the wider scale, multiplied whether or not that changes them: a branch first
    // taken at the second statement (the first amount's ran before V8 kept feedback) threw the
    // optimized code away there.
    const at = this.unitsScale;
    const to = scale > at ? scale : at;
    const total = this.units * POW10[to - at]!;
    const scaled = units * POW10[to - scale]!;
    const sum = total + scaled;
    if (!Number.isSafeInteger(total) || !Number.isSafeInteger(scaled) || !Number.isSafeInteger(sum)) {
      this.entry(amount);
      return;
    }
    this.info.rows++;
    this.units = sum;
    this.unitsScale = to;
  }

  /**
   * Closes the statement: the total, and the balance check when both balances are stated. Returns
   * the STATEMENT_BALANCE_MISMATCH warning when they do not agree, else null. Entries that could not
   * be read leave the check undecided (null), since the sum is then not the statement's.
   */
  close(): Issue | null {
    const info = this.info;
    this.pending.push(unitsText(this.units, this.unitsScale));
    this.units = 0;
    info.total = sum(this.pending);
    this.pending.length = 1;
    this.pending[0] = info.total;
    if (info.opening === null || info.closing === null || this.unread > 0) return null;
    const expected = add(info.opening.amount, info.total);
    info.balanced = equal(expected, info.closing.amount);
    if (info.balanced) return null;
    const where = info.account ? ` of account ${info.account}` : '';
    return issue('STATEMENT_BALANCE_MISMATCH', info.line, null,
      `the statement${where} opens at ${info.opening.amount} and its entries add ${info.total}, which makes ${expected}, but it closes at ${info.closing.amount}`,
      info.closing.amount);
  }
}

/** The result.inferred of a statement format: the type, the encoding; the rest is fixed by the format. */
export function statementSettings(opts: NormalizedOptions, d: DecodeReport, format: string, numberFormat: FileResult['number_format']): InferredSettings {
  const fixed = `${format} defines it`;
  return {
    type: opts.type_given ? given(opts.type) : byDefault(opts.type),
    encoding: d.detected ? inferred(d.encoding, d.evidence, d.runnerUp) : given(d.encoding),
    col_sep: byDefault(null, `${format} is not a table`),
    header_line: byDefault(null, `${format} is not a table`),
    date_format: byDefault(null, fixed),
    number_format: byDefault(numberFormat, fixed),
    signage_convention: byDefault('inflows_positive', fixed),
    amount_sign: byDefault('inflows_positive', `${format} marks money in and out itself`),
  };
}

/** The whole-file result of a statement reader. */
export function statementResult(
  stats: Stats, opts: NormalizedOptions, d: DecodeReport, format: string, numberFormat: FileResult['number_format'], statements: StatementInfo[],
): StatementResult {
  return {
    ...stats.result({
      encoding: d.encoding, encoding_detected: d.detected, bom: d.bom, undecodable_chars: d.replacements, col_sep: null, header_line: null,
      header_searched: false, headers: [], columns: {}, amount_columns: 'single', date_format: null, date_format_inferred: false,
      number_format: numberFormat, inferred: statementSettings(opts, d, format, numberFormat),
    }),
    statements,
  };
}

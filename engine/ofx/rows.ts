// The row of an OFX record (SPEC §2.15): values parsed from the record's leaves, problems as row
// issues on the record's line, and the fields built by statementRow() like every statement format.
//
//   const rows = new OfxRows(opts);
//   rows.bank(record, statement)                  → RowResult (a STMTTRN)
//   rows.investment(record, statement, security)  → RowResult (BUYSTOCK, INCOME, …)
//   applySecurity(row.fields, uniqueId, security)   (once the security list has been read)
//
// Bank rows: DTPOSTED → date, DTUSER → value_date, TRNAMT → amount, FITID → identity, NAME (or
// PAYEE/NAME, or EXTDNAME) → name, MEMO → notes (and the name when there is no other), CHECKNUM or
// REFNUM → reference, TRNTYPE → transaction_type, BANKACCTTO/CCACCTTO ACCTID → counterparty_account.
// The currency is CURRENCY/CURSYM when the entry has one, else the statement's CURDEF (an entry
// with ORIGCURRENCY is stated in CURDEF already).
//
// Investment rows: DTTRADE → date, DTSETTLE → value_date, TOTAL → amount as the file signs it
// (from the customer's side, OFX 2.x §3.2.9.2: a buy's total is negative), INVTRAN FITID → identity,
// UNITPRICE → price, UNITS → qty signed by the action (buys and reinvestments positive, sells
// negative, whatever sign the server wrote), the security's ticker (else its UNIQUEID) → security,
// its SECNAME (else the ticker) → name, INVTRAN MEMO → notes.

import type { NormalizedOptions } from '../options.ts';
import { isCurrency } from '../parse/currency.ts';
import { defaultRange, type DateRange } from '../parse/date.ts';
import { abs, negate } from '../parse/decimal.ts';
import { RowIssues, type RowFields, type RowResult } from '../result/row.ts';
import { statementRow } from '../statement/statement.ts';
import { investmentAction, type BankRecord, type InvestmentRecord, type Security } from './records.ts';
import { AmountUnits, ofxAmount, ofxDate } from './values.ts';

/** What a row takes from its statement. */
export interface StatementContext {
  account: string | null;
  accountType: string | null;
  /** CURDEF as written, or null. */
  curdef: string | null;
}

/** Sets an investment row's security and name from the security list entry (or the record's UNIQUEID when there is none). */
export function applySecurity(fields: RowFields, uniqueId: string | null, security: Security | undefined): void {
  const ticker = security?.ticker || null;
  fields['security'] = ticker ?? uniqueId;
  fields['name'] = security?.name || ticker || uniqueId || (fields['notes'] as string | null) || 'Imported item';
}

export class OfxRows {
  /** The units of the last bank row's amount (bank()), for the statement's tally. */
  readonly amount = new AmountUnits();
  private readonly issues = new RowIssues();
  private readonly range: DateRange;
  private readonly defaultCurrency: string;
  /** The last valid currency text and its code. */
  private lastCurrency: string | null = null;
  private lastCode: string | null = null;

  constructor(opts: NormalizedOptions) {
    this.range = defaultRange(opts.today);
    this.defaultCurrency = opts.default_currency;
  }

  bank(r: BankRecord, s: StatementContext): RowResult {
    this.issues.reset(r.line);
    const name = r.name || r.payeeName || r.extdname || null;
    return statementRow(this.issues, {
      date: this.date(r.dtposted, 'date'),
      value_date: this.date(r.dtuser, 'value_date'),
      amount: this.decimal(r.trnamt, 'amount', this.amount),
      currency: this.currency(r.currency || s.curdef),
      name: name ?? r.memo,
      notes: name === null ? null : r.memo,
      account: s.account, account_type: s.accountType,
      identity: r.fitid || null,
      transaction_type: r.trntype || null,
      reference: r.checknum || r.refnum || null,
      counterparty_account: r.counterparty || null,
    }, this.defaultCurrency);
  }

  investment(r: InvestmentRecord, s: StatementContext, security: Security | undefined): RowResult {
    this.issues.reset(r.line);
    const units = this.decimal(r.units, 'qty');
    const moves = r.kind === 'buy' || r.kind === 'sell' || r.kind === 'reinvest';
    if (moves && (r.units === null || r.units === '')) this.issues.add('ROW_FIELD_MISSING', 'qty', `the ${r.element} record has no UNITS`);
    const qty = !moves || units === null ? null : r.kind === 'sell' ? negate(abs(units)) : abs(units);
    const row = statementRow(this.issues, {
      date: this.date(r.dttrade, 'date'),
      value_date: this.date(r.dtsettle, 'value_date'),
      amount: this.decimal(r.total, 'amount'),
      currency: this.currency(r.currency || s.curdef),
      name: null, notes: r.memo,
      account: s.account, account_type: s.accountType,
      identity: r.fitid || null,
      transaction_type: r.element,
      action: investmentAction(r.kind, r.incomeType),
      qty: moves ? qty : null,
      price: moves ? this.decimal(r.unitPrice, 'price') : null,
    }, this.defaultCurrency);
    applySecurity(row.fields, r.uniqueId || null, security);
    return row;
  }

  /**
   * An ISO day, or null (with the issue) when the text is not a valid OFX date. Only `date` makes
   * the row invalid; a value_date that cannot be read is a warning and stays null.
   */
  private date(text: string | null, field: 'date' | 'value_date'): string | null {
    if (text === null || text === '') return null;
    const d = ofxDate(text, this.range);
    if (d.length === 10 && d.charCodeAt(4) === 45) return d;
    const code = d === 'impossible' ? 'DATE_IMPOSSIBLE' : d === 'out_of_range' ? 'DATE_OUT_OF_RANGE' : 'DATE_INVALID';
    const why = d === 'impossible' ? 'is not a day of the calendar' : d === 'out_of_range' ? 'is outside 1970-01-01 to today' : 'is not an OFX date (YYYYMMDD[HHMMSS[.XXX]][[±h:TZ]])';
    this.issues.add(code, field, `${field} ${JSON.stringify(text)} ${why}`, text, field === 'date' ? undefined : 'warning');
    return null;
  }

  /** A canonical decimal, or null (with AMOUNT_INVALID) when the text is not an OFX amount; null, with no issue, when empty. */
  private decimal(text: string | null, field: 'amount' | 'qty' | 'price', read?: AmountUnits): string | null {
    if (text === null || text === '') return null;
    const v = ofxAmount(text, read);
    if (v === null) this.issues.add('AMOUNT_INVALID', field, `${field} ${JSON.stringify(text)} is not an OFX amount`, text);
    return v;
  }

  /** An ISO 4217 code (upper case), or null (with ROW_CURRENCY_INVALID) when the file writes something else; null when it writes none. */
  private currency(text: string | null): string | null {
    if (text === null || text === '') return null;
    // Every row of a statement names the same CURDEF: checked once.
    if (text === this.lastCurrency) return this.lastCode;
    if (isCurrency(text)) {
      this.lastCurrency = text;
      return (this.lastCode = text.toUpperCase());
    }
    this.issues.add('ROW_CURRENCY_INVALID', 'currency', `currency ${JSON.stringify(text)} is not an ISO 4217 code`, text);
    return null;
  }
}

// The SWIFT MT940/MT942 reader (SPEC §2.15 Mt940Import) as a push pipeline: bytes in, one row per
// :61: entry out, and a statement result with one StatementInfo per message.
//
// Lines (StreamDecoder detects the encoding unless it is given; German banks write windows-1252
// umlauts) are read one at a time. A field starts with `:NN[A]:` at the start of a line; any other
// line continues the field before it (SWIFT forbids a narrative line that starts with `:` or `-`).
// Only :61: and :86: keep their continuation lines (capped: see MAX_FIELD_LINES); the other fields
// are single-line. A field is handled when the next one starts, so memory holds one field and one
// entry (its :61: waits for a :86:).
//
// Messages: `:20:` opens one (and ends the one before); `-` / `-}` / `-XXX` / `XXX` lines and any
// line that starts with `{` (the next envelope) end it. Envelope parts (`{1:…}{2:…}{4:`, whole or on
// their own lines), bank header lines before `:20:` (ABN AMRO `ABNANL2A` / `940`, ING
// `0000 01INGBNL2A…` / `940 00`) and trailers are skipped, not errors. Each message is a
// statement: :25: account (as written), :28C: (or the older :28:) its number, :60F:/:60M: opening
// and :62F:/:62M: closing balance, checked against the entries per message (so also for 60M/62M
// pages); MT942's :34F: gives the currency and its :13D:/:90D:/:90C: are not checked (no balances).
// :21:, :64:, :65: and a :86: that follows no entry (statement information) are not read. A
// statement's `line` is its :20: line. A :61: outside any message (no :20: opened one) is reported
// (STATEMENT_RECORD_SKIPPED) and not read, as is a balance that cannot be read (the check is then
// undecided). Not MT940 (STATEMENT_NOT_FORMAT): more than 20 lines before the first :20: (thrown at
// once, with the line), or no message with :20:, :25: and a balance, an entry or a floor limit.
//
// A row: date = entry date, else value date; amount from C/D/RC/RD; currency of the opening balance
// (MT942: of the floor limit); transaction_type = the :61: type code; reference = the customer
// reference (ING's `EREF`/`PREF`/`MARF` there name a reference :86: holds, which is taken instead;
// with none, an EREF/KREF of :86:); identity = the bank reference, else `<:28C:>/<customer reference
// as written>`, else null. A reference repeated within one message (banks do repeat them) gets
// `#2`, `#3` … in its identity so that publishing keeps every entry; the count is per message.
//
//   const p = new Mt940Pipeline(opts); rows = p.push(bytes) …; rows = p.end(); p.result()

import { StreamDecoder } from '../decode/decoder.ts';
import { LineSplitter } from '../decode/lines.ts';
import { issue, SluiceError } from '../errors.ts';
import type { NormalizedOptions } from '../options.ts';
import { defaultRange, type DateRange } from '../parse/date.ts';
import { RowIssues, type RowResult } from '../result/row.ts';
import { Stats } from '../result/stats.ts';
import { statementResult, statementRow, StatementTally, type StatementInfo, type StatementResult } from '../statement/statement.ts';
import { readDetails, type Details } from './details.ts';
import { readStatementLine } from './entry.ts';
import { floorLimitCurrency, parseBalance } from './values.ts';

/** A field tag at the start of a line: two digits and an optional letter (`:20:`, `:28C:`, `:60F:`), or DK's `:NS:`. */
const TAG = /^:(\d\d[A-Z]?|NS):/;
/** End of a message: `-`, `-}` (whatever follows, such as a {5:…} trailer), `-XXX`, `XXX`. */
const MESSAGE_END = /^(?:-(?:\s*$|\}|XXX\s*$)|XXX\s*$)/;
/** Lines allowed before the first :20: (envelope, bank header lines); more, and the file is not MT940. */
const MAX_PRELUDE_LINES = 20;
/** Lines kept of a :61: or :86: field: SWIFT allows 6 of 65 characters, MultiCash 20; a longer field is cut. */
const MAX_FIELD_LINES = 64;
/** Identities counted per message for repeats; past this, new references are no longer counted. */
const MAX_COUNTED_REFS = 100_000;

interface Field {
  tag: string;
  line: number;
  lines: string[];
  /** Width of `:tag:` (the first line's width counts it for the 65-character rule). */
  tagWidth: number;
  truncated: boolean;
}

interface Message {
  tally: StatementTally;
  currency: string | null;
  hasAccount: boolean;
  /** A balance, an entry or an MT942 floor limit: what makes the message a statement. */
  hasBody: boolean;
  /** The :61: waiting for its :86:. */
  entry: Field | null;
  refs: Map<string, number>;
}

/**
 * The row's reference: the customer reference of :61:, unless it names a kind of reference that
 * :86: holds (ING's `EREF`, `PREF`, `MARF`), then that value; without one, an EREF/KREF of :86:.
 */
function reference(customerRef: string | null, details: Details | null): string | null {
  if (customerRef === null) return details?.reference ?? null;
  return details !== null && Object.hasOwn(details.refs, customerRef) ? details.refs[customerRef]! : customerRef;
}

export class Mt940Pipeline {
  private readonly opts: NormalizedOptions;
  private readonly decoder: StreamDecoder;
  private readonly lines = new LineSplitter();
  private readonly stats: Stats;
  private readonly issues = new RowIssues();
  private readonly range: DateRange;
  private readonly statements: StatementInfo[] = [];
  private message: Message | null = null;
  private field: Field | null = null;
  private prelude = 0;
  private sawStatement = false;
  private out: RowResult[] = [];
  private readonly onLine = (text: string, line: number) => this.line(text, line);

  constructor(opts: NormalizedOptions) {
    this.opts = opts;
    this.decoder = new StreamDecoder(opts.encoding);
    this.stats = new Stats(opts);
    this.range = defaultRange(opts.today);
  }

  push(bytes: Uint8Array): RowResult[] {
    this.lines.push(this.decoder.push(bytes), this.onLine);
    return this.drain();
  }

  end(): RowResult[] {
    this.lines.push(this.decoder.end(), this.onLine);
    this.lines.end(this.onLine);
    this.endMessage();
    if (!this.sawStatement) {
      throw new SluiceError('STATEMENT_NOT_FORMAT', 'the file holds no MT940/MT942 statement (a :20: message with a :25: account and balance or entry lines)', null);
    }
    if (this.stats.rowsCount === 0) this.stats.fileIssue(issue('NO_DATA_ROWS', null, null, 'the statements hold no entries (:61:)'));
    return this.drain();
  }

  result(): StatementResult {
    return statementResult(this.stats, this.opts, this.decoder.report, 'MT940', '1.234,56', this.statements);
  }

  private drain(): RowResult[] {
    const rows = this.out;
    this.out = [];
    return rows;
  }

  private line(text: string, line: number): void {
    if (text.trim() === '') return;
    const tag = TAG.exec(text);
    if (tag) {
      this.startField(tag[1]!, text.slice(tag[0].length), line, tag[0].length);
    } else if (MESSAGE_END.test(text)) {
      this.endMessage();
    } else if (text.charCodeAt(0) === 123 /* { */) {
      this.envelope(text, line);
    } else if (this.field !== null) {
      this.continueField(this.field, text);
    } else {
      this.outside(line, text);
    }
  }

  /** An envelope line: it ends the message before it; `{4:` may carry the first field on the same line. */
  private envelope(text: string, line: number): void {
    this.endMessage();
    const block4 = text.indexOf('{4:');
    const rest = block4 < 0 ? '' : text.slice(block4 + 3);
    if (TAG.test(rest)) this.line(rest, line);
  }

  private outside(line: number, text: string): void {
    if (this.statements.length > 0 || this.message !== null) return; // between messages: bank header lines, trailers
    if (++this.prelude > MAX_PRELUDE_LINES) {
      throw new SluiceError('STATEMENT_NOT_FORMAT', `no MT940 message (:20:) starts within the first ${MAX_PRELUDE_LINES} lines; line ${line} is ${JSON.stringify(text.slice(0, 40))}`, line);
    }
  }

  private continueField(field: Field, text: string): void {
    if (field.tag !== '61' && field.tag !== '86') return;
    if (field.lines.length < MAX_FIELD_LINES) field.lines.push(text);
    else field.truncated = true;
  }

  private startField(tag: string, text: string, line: number, tagWidth: number): void {
    this.closeField();
    if (tag === '20') this.openMessage(line);
    if (this.message === null) {
      this.outside(line, text);
      if (tag === '61') this.stats.fileIssue(issue('STATEMENT_RECORD_SKIPPED', line, null, 'this :61: entry is outside any message (no :20: opened one); it was not read', text));
      return;
    }
    this.field = { tag, line, lines: [text], tagWidth, truncated: false };
  }

  private openMessage(line: number): void {
    this.endMessage();
    this.message = { tally: new StatementTally(line, null, null, null, null), currency: null, hasAccount: false, hasBody: false, entry: null, refs: new Map() };
  }

  private endMessage(): void {
    this.closeField();
    const m = this.message;
    if (m === null) return;
    if (m.entry !== null) this.emit(m, m.entry, null);
    const mismatch = m.tally.close();
    if (mismatch) this.stats.fileIssue(mismatch);
    this.statements.push(m.tally.info);
    if (m.hasAccount && m.hasBody) this.sawStatement = true;
    this.message = null;
  }

  /** Handles the field that just ended. */
  private closeField(): void {
    const f = this.field;
    const m = this.message;
    this.field = null;
    if (f === null || m === null) return;
    if (f.tag === '86') {
      if (m.entry !== null) this.emit(m, m.entry, f);
      m.entry = null;
      return; // a :86: after no entry is information about the statement: not read
    }
    if (m.entry !== null) this.emit(m, m.entry, null);
    m.entry = null;
    const text = f.lines[0]!.trim();
    const info = m.tally.info;
    switch (f.tag) {
      case '25': info.account = text; m.hasAccount = true; break;
      case '28C': case '28': info.statement_id = text; break;
      case '60F': case '60M': this.balance(m, f, 'opening'); break;
      case '62F': case '62M': this.balance(m, f, 'closing'); break;
      case '61': m.entry = f; m.hasBody = true; break;
      case '34F': {
        m.hasBody = true;
        const currency = floorLimitCurrency(text);
        if (m.currency === null && currency !== null) m.currency = info.currency = currency;
        break;
      }
      default: break; // :21:, :13D:, :64:, :65:, :90D:, :90C:, … are not read
    }
  }

  private balance(m: Message, f: Field, which: 'opening' | 'closing'): void {
    m.hasBody = true;
    const b = parseBalance(f.lines[0]!);
    if (typeof b === 'string') {
      this.stats.fileIssue(issue('STATEMENT_RECORD_SKIPPED', f.line, null, `the ${which} balance :${f.tag}: cannot be read (${b}); this statement's balance is not checked`, f.lines[0]!.trim()));
      return;
    }
    m.tally.info[which] = b;
    if (which === 'opening') m.currency = m.tally.info.currency = b.currency;
  }

  /** The row of an entry (its :61:) with its :86:, or null when it has none. */
  private emit(m: Message, entry: Field, detailsField: Field | null): void {
    const issues = this.issues;
    issues.reset(entry.line);
    const e = readStatementLine(entry.lines[0]!.trimEnd(), issues, this.range);
    const details: Details | null = detailsField === null ? null : readDetails(detailsField);
    if (entry.truncated || detailsField?.truncated) {
      issues.add('ROW_VALUE_INVALID', 'notes', `the entry's :61: or :86: runs past ${MAX_FIELD_LINES} lines; the rest was not read`, null, 'warning');
    }
    // Supplementary details (the :61: continuation line, 34x) stand in for a missing :86:.
    const supplementary = entry.lines.length > 1 ? entry.lines.slice(1).join(' ').replace(/\s+/g, ' ').trim() || null : null;
    const name = details?.name ?? null;
    const notes = details !== null ? details.notes : supplementary;
    this.undecodable(name, 'name');
    this.undecodable(notes, 'notes');
    const row = statementRow(issues, {
      date: e.date, amount: e.amount, currency: m.currency, name, notes,
      account: m.tally.info.account, account_type: null, identity: this.identity(m, e.bankRef, e.customerRef),
      transaction_type: e.transactionType, value_date: e.valueDate, reference: reference(e.customerRef, details),
      counterparty_account: details?.counterpartyAccount ?? null,
    }, this.opts.default_currency);
    m.tally.entry(e.amount);
    this.stats.add(row);
    this.out.push(row);
  }

  /** A field holding U+FFFD where the decoder replaced bytes it could not decode (as the CSV reader reports it). */
  private undecodable(text: string | null, field: string): void {
    if (text !== null && this.decoder.report.replacements > 0 && text.includes('\uFFFD')) {
      this.issues.add('DECODE_INVALID_BYTES', field, `the ${field} holds bytes that are not ${this.decoder.report.encoding}`, text);
    }
  }

  /** The bank reference, else the customer reference with the statement number, else null; repeats numbered. */
  private identity(m: Message, bankRef: string | null, customerRef: string | null): string | null {
    const statement = m.tally.info.statement_id;
    const base = bankRef ?? (customerRef !== null && statement ? `${statement}/${customerRef}` : null);
    if (base === null) return null;
    const seen = m.refs.get(base);
    if (seen === undefined) {
      if (m.refs.size < MAX_COUNTED_REFS) m.refs.set(base, 1);
      return base;
    }
    m.refs.set(base, seen + 1);
    return `${base}#${seen + 1}`;
  }
}

// The OFX/QFX reader (SPEC §2.15 OfxImport) as a push pipeline: bytes in, one row per transaction
// out, and a statement result (one StatementInfo per STMTRS / CCSTMTRS / INVSTMTRS). OFX 1.x (SGML)
// and 2.x (XML) read alike, and QFX, which is OFX with Intuit's extra elements (INTU.BID, …,
// ignored like every element the reader does not use).
//
//   bytes → OfxDecoder (decode.ts: the header's encoding) → OfxTokenizer (tokenizer.ts: elements)
//         → this reader (what the elements mean) → OfxRows (rows.ts: values, issues, fields)
//
// Streaming: a record (STMTTRN, BUYSTOCK, …) is collected leaf by leaf and becomes a row at its end
// tag; only the record being read is held. A plain STMTTRN whose end tag has arrived is handed
// over whole instead (flatRecord/flatEnd: the tokenizer fills the BankRecord), the same record
// with less work per leaf; a bank statement is nearly all of those. One exception, because the security list (SECLIST)
// that gives investment rows their ticker usually comes after the statement: an investment row
// whose security is not known yet waits until the SECLIST has been read (or the file ends, when
// the security is its UNIQUEID), and the rows after it wait behind it so that rows stay in file
// order. Bank and credit-card files never wait.
//
// What is reported rather than read: investment records that move no cash amount (TRANSFER,
// SPLIT, JRNLFUND, JRNLSEC, CLOSUREOPT), the position list, statement kinds other than bank,
// credit card and investment (LOANSTMTRS, …), correction entries that delete an earlier one
// (CORRECTACTION DELETE): STATEMENT_RECORD_SKIPPED, once per kind with a count. A response whose
// STATUS has SEVERITY ERROR: STATEMENT_STATUS_ERROR naming the response, its code and message.
// OFX states no opening balance, so a statement's balance check stays null; its LEDGERBAL is the
// reported closing balance.
//
// Refused: a file with no <OFX> element (STATEMENT_NOT_FORMAT); a file that ends inside a
// transaction list (STATEMENT_MALFORMED with the line of the record or list it breaks off in: a
// download cut short, whose rows are not the statement). A file that only lacks the end tags of
// its envelope (</STMTRS>, </OFX>) after its last transaction list is read as it is.

import { issue, SluiceError } from '../errors.ts';
import type { NormalizedOptions } from '../options.ts';
import { defaultRange, type DateRange } from '../parse/date.ts';
import type { RowResult } from '../result/row.ts';
import { Stats } from '../result/stats.ts';
import { statementResult, StatementTally, type StatementResult } from '../statement/statement.ts';
import { OfxDecoder } from './decode.ts';
import {
  BankRecord, INVESTMENT_KINDS, InvestmentRecord, SECURITY_INFOS, SKIPPED_INVESTMENT_KINDS, type OfxRecord, type Security,
} from './records.ts';
import { applySecurity, OfxRows } from './rows.ts';
import { OfxTokenizer, type FlatRecord, type OfxSink } from './tokenizer.ts';
import { ofxAmount, ofxDate } from './values.ts';

/** How much text may come before the <OFX> element (the header is a few hundred characters). */
const ROOT_LIMIT = 256 * 1024;

const STATEMENT_KINDS: ReadonlyMap<string, 'bank' | 'cc' | 'inv'> = new Map([['STMTRS', 'bank'], ['CCSTMTRS', 'cc'], ['INVSTMTRS', 'inv']]);

/** The statement being read (a class, so that every statement has one shape from the start). */
class Statement {
  account: string | null = null;
  curdef: string | null = null;
  constructor(readonly kind: 'bank' | 'cc' | 'inv', readonly tally: StatementTally, public accountType: string | null) {}
}

/** A response's STATUS (OFX: every response's STATUS aggregate): reported when its SEVERITY is ERROR. */
interface Status {
  /** The response it belongs to (SONRS, STMTTRNRS, …). */
  parent: string;
  line: number;
  code: string | null;
  severity: string | null;
  message: string | null;
}

/** A row that waits for the security list, with what resolves it. */
interface Waiting {
  row: RowResult;
  uniqueId: string | null;
}

export class OfxPipeline implements OfxSink {
  private readonly opts: NormalizedOptions;
  private readonly decoder: OfxDecoder;
  private readonly tokenizer: OfxTokenizer;
  private readonly stats: Stats;
  private readonly rows: OfxRows;
  private out: RowResult[] = [];
  private readonly statements: StatementTally[] = [];
  /** Open aggregates and the lines of their start tags. */
  private readonly path: string[] = [];
  private readonly pathLines: number[] = [];
  private sawRoot = false;
  private stmt: Statement | null = null;
  private rec: OfxRecord | null = null;
  /** Inside BANKACCTFROM / CCACCTFROM / INVACCTFROM of the statement. */
  private inAccount = false;
  private inLedger = false;
  /** Depth inside an aggregate that is skipped whole (0: none). */
  private skipDepth = 0;
  private status: Status | null = null;
  private security: Security | null = null;
  private inSecInfo = false;
  private readonly securities = new Map<string, Security>();
  private secListRead = false;
  private readonly waiting: Waiting[] = [];
  /** What was skipped, by kind: the first line and how many. */
  private readonly skipped = new Map<string, { line: number; count: number; what: string }>();
  private readonly range: DateRange;

  /**
   * `flatRecords`: STMTTRN records are taken whole where they are plain (the tokenizer's readFlat);
   * false reads every element as events, the same rows more slowly (the differential test compares the two).
   */
  constructor(opts: NormalizedOptions, flatRecords = true) {
    this.opts = opts;
    this.tokenizer = new OfxTokenizer(this, flatRecords ? 'STMTTRN' : null);
    this.decoder = new OfxDecoder(opts.encoding);
    this.stats = new Stats(opts);
    this.rows = new OfxRows(opts);
    this.range = defaultRange(opts.today);
  }

  push(bytes: Uint8Array): RowResult[] {
    this.tokenizer.push(this.decoder.push(bytes));
    if (!this.sawRoot && this.tokenizer.charsSeen > ROOT_LIMIT) this.notOfx();
    return this.drain();
  }

  end(): RowResult[] {
    this.tokenizer.push(this.decoder.end());
    const open = this.tokenizer.end();
    if (!this.sawRoot) this.notOfx();
    this.checkComplete();
    for (let i = open.length - 1; i >= 0; i--) this.close(open[i]!);
    this.release();
    for (const [, s] of this.skipped) {
      this.stats.fileIssue(issue('STATEMENT_RECORD_SKIPPED', s.line, null, `${s.what}${s.count > 1 ? ` (${s.count} of them, the first on line ${s.line})` : ''}`));
    }
    if (this.stats.rowsCount === 0) this.stats.fileIssue(issue('NO_DATA_ROWS', null, null, 'the file holds no transactions'));
    return this.drain();
  }

  result(): StatementResult {
    return statementResult(this.stats, this.opts, this.decoder.report, 'OFX', '1,234.56', this.statements.map((t) => t.info));
  }

  // ---- tokenizer events ----

  open(name: string, line: number): void {
    this.path.push(name);
    this.pathLines.push(line);
    if (this.skipDepth > 0) {
      this.skipDepth++;
      return;
    }
    if (this.rec !== null) {
      this.rec.open(name);
      return;
    }
    const stmt = this.stmt;
    if (name === 'STMTTRN') {
      if (stmt !== null) this.rec = new BankRecord(line);
      else this.skip(name, line, 'a transaction (STMTTRN) outside a statement was not read');
      return;
    }
    if (stmt !== null) {
      this.openInStatement(stmt, name, line);
      return;
    }
    switch (name) {
      case 'OFX': this.sawRoot = true; return;
      case 'STATUS': this.status = { parent: this.path[this.path.length - 2] ?? 'OFX', line, code: null, severity: null, message: null }; return;
      case 'SECINFO': this.inSecInfo = this.security !== null; return;
    }
    if (STATEMENT_KINDS.has(name)) {
      this.startStatement(name, line);
    } else if (SECURITY_INFOS.has(name) && this.path.includes('SECLIST')) {
      this.security = { uniqueId: null, name: null, ticker: null };
    } else if (name.endsWith('STMTRS') || name.endsWith('STMTENDRS')) {
      if (name.endsWith('STMTRS')) this.skip(name, line, `a ${name} statement was not read (sluice reads bank, credit-card and investment statements)`);
      else this.skipDepth = 1; // closing-statement summaries (CCSTMTENDRS): no transactions
    }
  }

  leaf(name: string, value: string): void {
    if (this.skipDepth > 0) return;
    if (this.rec !== null) {
      this.rec.leaf(name, value);
      return;
    }
    if (this.stmt !== null) this.statementLeaf(this.stmt, name, value);
    else if (this.security !== null) this.securityLeaf(this.security, name, value);
    else if (this.status !== null) this.statusLeaf(this.status, name, value);
  }

  /** A STMTTRN to take whole: where open() would start a BankRecord (in a statement, nothing open or skipped). */
  flatRecord(name: string): BankRecord | null {
    if (name !== 'STMTTRN' || this.skipDepth > 0 || this.rec !== null || this.stmt === null) return null;
    return new BankRecord(0);
  }

  /** The STMTTRN taken whole is complete: as close() finishes one read as events. */
  flatEnd(record: FlatRecord, line: number): void {
    const rec = record as BankRecord;
    rec.line = line;
    this.finishRecord(rec);
  }

  close(name: string): void {
    this.path.pop();
    this.pathLines.pop();
    if (this.skipDepth > 0) {
      this.skipDepth--;
      return;
    }
    const rec = this.rec;
    if (rec !== null) {
      if (name === rec.element) this.finishRecord(rec);
      else rec.close(name);
      return;
    }
    switch (name) {
      case 'BANKACCTFROM': case 'CCACCTFROM': case 'INVACCTFROM': this.inAccount = false; return;
      case 'LEDGERBAL': this.inLedger = false; return;
      case 'SECINFO': this.inSecInfo = false; return;
      case 'STATUS': this.finishStatus(); return;
      case 'SECLIST':
        this.secListRead = true;
        this.release();
        return;
    }
    if (this.stmt !== null && STATEMENT_KINDS.has(name)) this.finishStatement(this.stmt);
    else if (this.security !== null && SECURITY_INFOS.has(name)) this.finishSecurity(this.security);
  }

  // ---- statements ----

  private startStatement(name: string, line: number): void {
    const kind = STATEMENT_KINDS.get(name)!;
    const accountType = kind === 'cc' ? 'CREDITCARD' : kind === 'inv' ? 'INVESTMENT' : null;
    const tally = new StatementTally(line, null, accountType, null, null);
    this.statements.push(tally);
    this.stmt = new Statement(kind, tally, accountType);
  }

  private openInStatement(stmt: Statement, name: string, line: number): void {
    switch (name) {
      case 'BANKACCTFROM': case 'CCACCTFROM': case 'INVACCTFROM': this.inAccount = true; return;
      case 'LEDGERBAL': this.inLedger = true; return;
      case 'INVPOSLIST': this.skip(name, line, 'the position list (INVPOSLIST) of an investment statement is not imported'); return;
      case 'INVBANKTRAN': return; // a wrapper: its STMTTRN is read as a cash row
    }
    if (stmt.kind !== 'inv' || this.path[this.path.length - 2] !== 'INVTRANLIST') return;
    const kind = INVESTMENT_KINDS.get(name);
    if (kind !== undefined) this.rec = new InvestmentRecord(name, kind, line);
    else this.skip(name, line, SKIPPED_INVESTMENT_KINDS.has(name)
      ? `an investment ${name} record was not read (it moves no cash amount sluice could import)`
      : `an investment record of a kind sluice does not read (${name}) was skipped`);
  }

  private statementLeaf(stmt: Statement, name: string, value: string): void {
    if (name === 'CURDEF') {
      stmt.curdef = value;
      stmt.tally.info.currency = value.toUpperCase();
    } else if (this.inAccount) {
      if (name === 'ACCTID') stmt.tally.info.account = stmt.account = value || null;
      else if (name === 'ACCTTYPE' && stmt.kind === 'bank') stmt.tally.info.account_type = stmt.accountType = value || null;
    } else if (this.inLedger) {
      const closing = (stmt.tally.info.closing ??= { amount: '', currency: stmt.tally.info.currency, date: null });
      if (name === 'BALAMT') closing.amount = ofxAmount(value) ?? '';
      else if (name === 'DTASOF') {
        const d = ofxDate(value, this.range);
        closing.date = d.length === 10 && d.charCodeAt(4) === 45 ? d : null;
      }
    }
  }

  private finishStatement(stmt: Statement): void {
    const info = stmt.tally.info;
    // A LEDGERBAL whose BALAMT is missing or not a number states no balance.
    if (info.closing !== null && info.closing.amount === '') info.closing = null;
    const mismatch = stmt.tally.close();
    if (mismatch !== null) this.stats.fileIssue(mismatch);
    this.stmt = null;
  }

  // ---- records ----

  private finishRecord(rec: OfxRecord): void {
    this.rec = null;
    const stmt = this.stmt!;
    if (rec instanceof BankRecord) {
      if (rec.correctAction !== null && rec.correctAction.toUpperCase() === 'DELETE') {
        this.count('CORRECTACTION', rec.line, 'a correction entry (CORRECTACTION DELETE) was not applied: it deletes an entry of an earlier download');
        return;
      }
      const row = this.rows.bank(rec, stmt);
      // The amount's units as ofxAmount() counted them (a null amount is never counted).
      const read = this.rows.amount;
      stmt.tally.entryUnits(row.fields['amount'] as string | null, read.units, read.scale);
      this.emit(row, null, false);
      return;
    }
    const uniqueId = rec.uniqueId || null;
    const known = uniqueId === null ? undefined : this.securities.get(uniqueId);
    const row = this.rows.investment(rec, stmt, known);
    stmt.tally.entry(row.fields['amount'] as string | null);
    this.emit(row, uniqueId, uniqueId !== null && known === undefined && !this.secListRead);
  }

  /** Hands a row out, or queues it (with what resolves it) behind the rows waiting for the security list. */
  private emit(row: RowResult, uniqueId: string | null, needsSecurity: boolean): void {
    if (needsSecurity || this.waiting.length > 0) {
      this.waiting.push({ row, uniqueId });
      return;
    }
    this.stats.add(row);
    this.out.push(row);
  }

  /** The waiting rows, with their securities as the list gives them (or their UNIQUEID), in file order. */
  private release(): void {
    for (const w of this.waiting) {
      if (w.uniqueId !== null) applySecurity(w.row.fields, w.uniqueId, this.securities.get(w.uniqueId));
      this.stats.add(w.row);
      this.out.push(w.row);
    }
    // Emptied, not replaced: V8 treats a field never reassigned as a constant in optimized code,
    // and replacing it at a statement's end threw away the row path's optimized code (flatEnd, emit).
    this.waiting.length = 0;
  }

  // ---- the security list ----

  private securityLeaf(sec: Security, name: string, value: string): void {
    if (!this.inSecInfo) return; // an option's underlying SECID is outside its SECINFO
    if (name === 'UNIQUEID') sec.uniqueId = value || null;
    else if (name === 'SECNAME') sec.name = value || null;
    else if (name === 'TICKER') sec.ticker = value || null;
  }

  private finishSecurity(sec: Security): void {
    this.security = null;
    if (sec.uniqueId !== null && !this.securities.has(sec.uniqueId)) this.securities.set(sec.uniqueId, sec);
  }

  // ---- statuses, skipped records, refusals ----

  private statusLeaf(status: Status, name: string, value: string): void {
    if (name === 'CODE') status.code = value;
    else if (name === 'SEVERITY') status.severity = value;
    else if (name === 'MESSAGE') status.message = value;
  }

  private finishStatus(): void {
    const s = this.status;
    this.status = null;
    if (s === null || (s.severity ?? '').toUpperCase() !== 'ERROR') return;
    const message = s.message ? `: ${s.message}` : '';
    this.stats.fileIssue(issue('STATEMENT_STATUS_ERROR', s.line, null,
      `the ${s.parent} response carries an error status (code ${s.code ?? '?'}${message}); what it should hold may be missing`, s.code));
  }

  /** Skips the aggregate just opened (and everything in it), counting it under `kind`. */
  private skip(kind: string, line: number, what: string): void {
    this.skipDepth = 1;
    this.count(kind, line, what);
  }

  /** Counts a record or element that was not read, under `kind` (reported once, at the end). */
  private count(kind: string, line: number, what: string): void {
    const s = this.skipped.get(kind);
    if (s === undefined) this.skipped.set(kind, { line, count: 1, what });
    else s.count++;
  }

  private notOfx(): never {
    throw new SluiceError('STATEMENT_NOT_FORMAT', 'the file holds no <OFX> element: it is not an OFX or QFX statement', null);
  }

  /** A file that ends inside a transaction list (or a record) was cut short. */
  private checkComplete(): void {
    const at = this.path.findIndex((n) => n === 'BANKTRANLIST' || n === 'INVTRANLIST');
    if (at < 0 && this.rec === null) return;
    const line = this.rec?.line ?? this.pathLines[at]!;
    const inside = this.rec !== null ? `the ${this.rec.element} record that starts` : `the ${this.path[at]} that starts`;
    throw new SluiceError('STATEMENT_MALFORMED',
      `the file ends inside ${inside} on line ${line} (after ${this.stats.rowsCount + this.waiting.length} transactions were read): it was cut short`, line);
  }

  private drain(): RowResult[] {
    const rows = this.out;
    this.out = [];
    return rows;
  }
}

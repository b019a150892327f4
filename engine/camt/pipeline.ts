// The ISO 20022 CAMT reader (SPEC §2.15 CamtImport) as a push pipeline: bytes in, statement rows
// out, and a whole-file result with one summary per statement. Reads camt.053 (BkToCstmrStmt/Stmt),
// camt.052 (BkToCstmrAcctRpt/Rpt) and camt.054 (BkToCstmrDbtCdtNtfctn/Ntfctn), schema versions 02
// to 08, by the local names of the elements, so a prefixed document (`<ns2:Document>`) reads too.
//
// Streaming in flat memory: bytes are decoded by StreamDecoder (the encoding the XML declaration
// names, found by declaration.ts before any byte is decoded; else detection, which reads UTF-8 as
// XML requires; the `encoding` option wins over both) and the text goes to saxes. Only what a row
// needs is kept: the current statement's account and balances, and the current `Ntry` as a small
// tree (tree.ts), handed to EntryReader (entry.ts) when it closes and then dropped. Everything
// else (GrpHdr, TxsSummry, and inside entries the agents, addresses and charges) is skipped as it
// streams by. A row's line is the line of its `<Ntry>` start tag, or of its `<TxDtls>` for one
// transaction of a split batch.
//
// Per statement: account (`Acct/Id/IBAN` or `Acct/Id/Othr/Id`), `Acct/Ccy`, its `Id`, and the
// balances `Bal` typed OPBD or PRCD (opening; OPBD preferred when both are given) and CLBD
// (closing); other balance types (CLAV, FWAV, ITBD, …) are not the booked balances the check
// needs. StatementTally checks opening + booked entries = closing and its warning goes to the file.
//
// Refused whole: a file whose root is not an ISO 20022 `Document` holding one of the three message
// roots (STATEMENT_NOT_FORMAT, also for text that is no XML at all), and XML that is not
// well-formed (STATEMENT_MALFORMED, with saxes' line). A missing or bad amount or date is an issue
// of that row only, and the rest of the file reads.

import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { StreamDecoder, type DecodeReport } from '../decode/decoder.ts';
import { issue, SluiceError } from '../errors.ts';
import { normalizeEncoding, type NormalizedOptions } from '../options.ts';
import { defaultRange, type DateRange } from '../parse/date.ts';
import { RowIssues, type RowResult } from '../result/row.ts';
import { Stats } from '../result/stats.ts';
import { StatementTally, statementResult, type StatedBalance, type StatementResult } from '../statement/statement.ts';
import { declaredEncoding } from './declaration.ts';
import { EntryReader, type StatementContext } from './entry.ts';
import { child, node, textAt, textOf, type XmlNode } from './tree.ts';
import { camtAmount, camtDate, isDay, signed, signOf } from './values.ts';

/** Each message root and the element of its statements. */
const STATEMENT_OF: Record<string, string> = { BkToCstmrStmt: 'Stmt', BkToCstmrAcctRpt: 'Rpt', BkToCstmrDbtCdtNtfctn: 'Ntfctn' };

/** The children of a statement that are read; the others are skipped as they stream by. */
const HEADER = new Set(['Id', 'Acct', 'Bal', 'Ntry']);

/**
 * Parts of an entry no field comes from: skipped unbuilt (an entry's agents, addresses and charges
 * are most of its elements). Only names that hold nothing read anywhere else in an entry.
 */
const SKIP_IN_ENTRY = new Set(['RltdAgts', 'PstlAdr', 'Chrgs', 'Tax', 'RltdDts', 'RltdPric', 'RltdQties', 'FinInstrmId', 'Intrst', 'CardTx', 'TechInptChanl', 'SplmtryData', 'RtrInf', 'Purp', 'RltdRmtInf']);

interface OpenStatement {
  tally: StatementTally;
  /** Depth of the Stmt/Rpt/Ntfctn element. */
  depth: number;
  context: StatementContext;
}

const localName = (qname: string) => {
  const colon = qname.indexOf(':');
  return colon < 0 ? qname : qname.slice(colon + 1);
};

export class CamtPipeline {
  private readonly opts: NormalizedOptions;
  private decoder: StreamDecoder | null = null;
  /** The encoding label the XML declaration gave, when it chose the decoder. */
  private declared: string | null = null;
  /** Bytes held until the XML declaration is read. */
  private head = new Uint8Array(0);
  private readonly parser = new SaxesParser({ xmlns: false, position: true });
  private readonly stats: Stats;
  private readonly issues = new RowIssues();
  private readonly entries: EntryReader;
  private readonly range: DateRange;
  private depth = 0;
  /** Depth where a skipped subtree starts (0: not skipping). */
  private skipAt = 0;
  private sawRoot = false;
  /** The message root's local name, once read. */
  private message: string | null = null;
  private statement: OpenStatement | null = null;
  /** The statement child being built (a Ntry, Bal, Acct or Id), root first. */
  private readonly capture: XmlNode[] = [];
  private readonly statements: StatementResult['statements'] = [];
  private out: RowResult[] = [];

  constructor(opts: NormalizedOptions) {
    this.opts = opts;
    this.stats = new Stats(opts);
    this.range = defaultRange(opts.today);
    this.entries = new EntryReader(this.issues, this.range, opts.default_currency, () => this.decoder!.report.replacements > 0);
    if (opts.encoding !== null) this.decoder = new StreamDecoder(opts.encoding);
    this.parser.on('opentag', (tag) => this.open(tag));
    this.parser.on('closetag', () => this.close());
    const text = (t: string) => {
      if (this.skipAt === 0 && this.capture.length > 0) this.capture[this.capture.length - 1]!.text += t;
    };
    this.parser.on('text', text);
    this.parser.on('cdata', text); // `<Ustrd><![CDATA[A & B]]></Ustrd>` is text like any other
    // Throwing from the handler stops the write; every other exception is a bug and propagates as it is.
    this.parser.on('error', (e) => {
      throw this.xmlError(e);
    });
  }

  push(bytes: Uint8Array): RowResult[] {
    if (this.decoder === null) {
      this.hold(bytes);
      const found = declaredEncoding(this.head, false);
      if (found !== 'wait') this.start(found);
    } else {
      this.parser.write(this.decoder.push(bytes));
    }
    return this.drain();
  }

  end(): RowResult[] {
    if (this.decoder === null) this.start(declaredEncoding(this.head, true) as string | null);
    this.parser.write(this.decoder!.end());
    this.parser.close();
    if (this.message === null) {
      throw new SluiceError('STATEMENT_NOT_FORMAT', 'the XML document holds no camt.052, camt.053 or camt.054 message', null);
    }
    if (this.stats.rowsCount === 0) this.stats.fileIssue(issue('NO_DATA_ROWS', null, null, 'the file holds no booked entries'));
    return this.drain();
  }

  result(): StatementResult {
    const d = this.decoder!.report;
    const report: DecodeReport = this.declared === null ? d : { ...d, detected: true, evidence: `the XML declaration (encoding="${this.declared}")` };
    return statementResult(this.stats, this.opts, report, 'CAMT', '1,234.56', this.statements);
  }

  private drain(): RowResult[] {
    const rows = this.out;
    this.out = [];
    return rows;
  }

  private hold(bytes: Uint8Array): void {
    const all = new Uint8Array(this.head.length + bytes.length);
    all.set(this.head, 0);
    all.set(bytes, this.head.length);
    this.head = all;
  }

  /** Creates the decoder for the declared encoding (null: detect) and feeds it what was held. */
  private start(label: string | null): void {
    // The declaration was read as ASCII bytes, so a file that says UTF-16 there is not UTF-16.
    const name = label === null ? null : normalizeEncoding(label);
    const usable = name !== null && !name.startsWith('utf-16') ? name : null;
    if (usable !== null) this.declared = label;
    this.decoder = new StreamDecoder(usable);
    const held = this.head;
    this.head = new Uint8Array(0);
    this.parser.write(this.decoder.push(held));
  }

  private xmlError(e: Error): SluiceError {
    const line = this.parser.line;
    const what = e.message.replace(/^\d+:\d+: /, '');
    // Before any element, the text is simply not XML: no one line is to blame.
    if (!this.sawRoot) return new SluiceError('STATEMENT_NOT_FORMAT', `the file is not XML (${what})`, null);
    return new SluiceError('STATEMENT_MALFORMED', `the XML is not well-formed at line ${line}, column ${this.parser.column + 1}: ${what}`, line);
  }

  private open(tag: SaxesTagPlain): void {
    const depth = ++this.depth;
    if (this.skipAt !== 0) return;
    const name = localName(tag.name);
    const top = this.capture.length;
    if (top > 0) {
      if (SKIP_IN_ENTRY.has(name)) {
        this.skipAt = depth;
        return;
      }
      const n = node(name, tag.attributes['Ccy'] ?? null, this.parser.line);
      (this.capture[top - 1]!.kids ??= []).push(n);
      this.capture.push(n);
      return;
    }
    if (this.statement !== null) {
      if (HEADER.has(name)) this.capture.push(node(name, null, this.parser.line));
      else this.skipAt = depth;
      return;
    }
    if (this.message !== null) {
      if (depth === 3 && name === STATEMENT_OF[this.message]) this.openStatement(depth);
      else this.skipAt = depth; // GrpHdr, SplmtryData
      return;
    }
    this.sawRoot = true;
    if (depth === 1 && name !== 'Document') {
      throw new SluiceError('STATEMENT_NOT_FORMAT', `the XML root element is <${tag.name}>, not an ISO 20022 <Document>`, this.parser.line);
    }
    if (depth === 2) {
      if (STATEMENT_OF[name] === undefined) {
        throw new SluiceError('STATEMENT_NOT_FORMAT', `the document holds a <${tag.name}> message, not camt.052 (BkToCstmrAcctRpt), camt.053 (BkToCstmrStmt) or camt.054 (BkToCstmrDbtCdtNtfctn)`, this.parser.line);
      }
      this.message = name;
    }
  }

  private close(): void {
    const depth = this.depth--;
    if (this.skipAt !== 0) {
      if (depth === this.skipAt) this.skipAt = 0;
      return;
    }
    if (this.capture.length > 0) {
      const n = this.capture.pop()!;
      if (this.capture.length === 0) this.statementChild(n);
      return;
    }
    if (this.statement !== null && depth === this.statement.depth) this.closeStatement();
  }

  private openStatement(depth: number): void {
    const line = this.parser.line;
    this.statement = { tally: new StatementTally(line, null, null, null, null), depth, context: { account: null, currency: null } };
  }

  private closeStatement(): void {
    const { tally } = this.statement!;
    this.statement = null;
    const mismatch = tally.close();
    if (mismatch !== null) this.stats.fileIssue(mismatch);
    this.statements.push(tally.info);
  }

  /** A whole Id, Acct, Bal or Ntry of the open statement. */
  private statementChild(n: XmlNode): void {
    const st = this.statement!;
    const info = st.tally.info;
    switch (n.name) {
      case 'Id':
        info.statement_id = textOf(n);
        return;
      case 'Acct':
        info.account = st.context.account = textAt(n, 'Id', 'IBAN') ?? textAt(n, 'Id', 'Othr', 'Id');
        info.currency = st.context.currency = textAt(n, 'Ccy')?.toUpperCase() ?? null;
        return;
      case 'Bal':
        this.balance(n, st.tally);
        return;
      default:
        this.entry(n, st);
    }
  }

  private balance(bal: XmlNode, tally: StatementTally): void {
    const code = textAt(bal, 'Tp', 'CdOrPrtry', 'Cd')?.toUpperCase() ?? null;
    const opening = code === 'OPBD' || code === 'PRCD';
    if (!opening && code !== 'CLBD') return;
    const info = tally.info;
    if (opening ? info.opening !== null && code !== 'OPBD' : info.closing !== null) return;
    const amt = child(bal, 'Amt');
    const magnitude = amt === undefined ? null : camtAmount(amt.text.trim());
    const sign = signOf(textAt(bal, 'CdtDbtInd'));
    if (magnitude === null || sign === 0) {
      this.stats.fileIssue(issue('STATEMENT_RECORD_SKIPPED', bal.line, null,
        `the ${code} balance on line ${bal.line} has no readable amount and direction (Amt, CdtDbtInd), so the balance check cannot use it`, amt?.text.trim() ?? null));
      return;
    }
    const dateText = textAt(bal, 'Dt', 'Dt') ?? textAt(bal, 'Dt', 'DtTm');
    const date = dateText === null ? null : camtDate(dateText, { min: -Infinity, max: Infinity });
    const value: StatedBalance = { amount: signed(magnitude, sign), currency: amt!.ccy, date: date !== null && isDay(date) ? date : null };
    if (opening) info.opening = value;
    else info.closing = value;
  }

  private entry(ntry: XmlNode, st: OpenStatement): void {
    const outcome = this.entries.read(ntry, st.context);
    if (outcome.kind === 'pending') {
      st.tally.info.pending++;
      this.stats.fileIssue(outcome.issue);
      return;
    }
    if (outcome.unsplit !== null) this.stats.fileIssue(outcome.unsplit);
    for (const row of outcome.rows) {
      st.tally.entry(row.fields['amount'] as string | null);
      this.stats.add(row);
      this.out.push(row);
    }
  }
}

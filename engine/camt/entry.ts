// One CAMT entry (`Ntry`, read whole as a small tree) into statement rows (SPEC §2.15). What the
// ISO 20022 message definitions (camt.052/.053/.054, versions 02–08) say, and how it is read:
//
//   Sts        BOOK → rows. Any other status (PDNG pending, INFO information only, FUTR future)
//              is not a booking: the entry is skipped and reported (STATEMENT_ENTRY_PENDING). Up to
//              v05 the status is the element's text; from v06 it is `Sts/Cd` or `Sts/Prtry`.
//              An entry without Sts (the element is mandatory) is read as booked.
//   Amt        magnitude; CdtDbtInd gives the sign: CRDT money in (+), DBIT money out (−).
//   RvslInd    true marks a reversal. The ISO definition: "If the CreditDebitIndicator is CRDT and
//              ReversalIndicator is Yes, the original operation was a debit entry", and the other
//              way round: CdtDbtInd is the direction of the reversal booking itself, so the sign
//              comes from CdtDbtInd unchanged. What a reversal changes is whose name to show: the
//              parties are those of the original operation, so a DBIT reversal of an incoming
//              payment names its Dbtr (the payer the money goes back to), not a Cdtr.
//   BookgDt    `Dt` or `DtTm` → date (the calendar day as written); ValDt → value_date.
//   BkTxCd     `Domn/Cd`/`Fmly/Cd`/`SubFmlyCd` (written PMNT/RCDT/ESCT), else `Prtry/Cd`.
//   parties    TxDtls/RltdPties: the Cdtr of a debit, the Dbtr of a credit (`Nm`, or v08's
//              `Pty/Nm`), else the Ultmt* party; their `…Acct/Id/IBAN` or `Othr/Id`.
//   notes      RmtInf/Ustrd (all of them, joined by a space), else Strd/CdtrRefInf/Ref, else
//              AddtlTxInf, else AddtlNtryInf. The name falls back to AddtlNtryInf (then AddtlTxInf).
//   identity   AcctSvcrRef, else NtryRef, else the transaction's AcctSvcrRef, else its EndToEndId
//              (`NOTPROVIDED` is SEPA's placeholder, never an id); reference = EndToEndId.
//
// Batches: an entry with several TxDtls is one row per transaction when their amounts
// (`TxDtls/Amt` from v04, else `AmtDtls/TxAmt/Amt`; each signed by its own CdtDbtInd when it has
// one, else by the entry's) add up exactly to the entry. Otherwise it stays one row, and when the
// details did state amounts that disagree, STATEMENT_BATCH_UNSPLIT says so; a batch given only as
// `Btch/NbOfTxs` has nothing to split and is one row without a warning.

import { issue, type Issue } from '../errors.ts';
import { isCurrency } from '../parse/currency.ts';
import type { DateRange } from '../parse/date.ts';
import { sum, sumsTo } from '../parse/decimal.ts';
import type { RowIssues, RowResult } from '../result/row.ts';
import { statementRow } from '../statement/statement.ts';
import { at, child, children, textAt, textOf, type XmlNode } from './tree.ts';
import { camtAmount, camtDate, DATE_CODES, isDay, signed, signOf } from './values.ts';

/** What the entry's statement contributes to its rows. */
export interface StatementContext {
  account: string | null;
  /** Acct/Ccy. */
  currency: string | null;
}

export type EntryOutcome =
  | { kind: 'pending'; issue: Issue }
  | { kind: 'rows'; rows: RowResult[]; unsplit: Issue | null };

const NOT_PROVIDED = 'NOTPROVIDED';

/** The entry's status, upper-cased: the text (v02–v05) or Cd / Prtry (v06+); null when absent. */
function statusOf(ntry: XmlNode): string | null {
  const sts = child(ntry, 'Sts');
  if (sts === undefined) return null;
  const s = sts.kids === null ? textOf(sts) : textAt(sts, 'Cd') ?? textAt(sts, 'Prtry');
  return s === null ? null : s.toUpperCase();
}

/** The bank transaction code: the ISO domain/family/sub-family, else the proprietary code. */
function txCode(n: XmlNode | undefined): string | null {
  const bk = child(n, 'BkTxCd');
  const domain = child(bk, 'Domn');
  if (domain !== undefined) {
    const parts = [textAt(domain, 'Cd'), textAt(domain, 'Fmly', 'Cd'), textAt(domain, 'Fmly', 'SubFmlyCd')].filter((p) => p !== null);
    if (parts.length > 0) return parts.join('/');
  }
  return textAt(bk, 'Prtry', 'Cd');
}

/** A party's name: `Nm` (v02–v07), `Pty/Nm` (v08), or a financial institution's `Agt/FinInstnId/Nm`. */
function partyName(p: XmlNode | undefined): string | null {
  return textAt(p, 'Nm') ?? textAt(p, 'Pty', 'Nm') ?? textAt(p, 'Agt', 'FinInstnId', 'Nm');
}

function accountId(acct: XmlNode | undefined): string | null {
  return textAt(acct, 'Id', 'IBAN') ?? textAt(acct, 'Id', 'Othr', 'Id');
}

function endToEnd(tx: XmlNode | undefined): string | null {
  const id = textAt(tx, 'Refs', 'EndToEndId');
  return id === null || id.toUpperCase() === NOT_PROVIDED ? null : id;
}

function notesOf(ntry: XmlNode, tx: XmlNode | undefined): string | null {
  const rmt = children(tx, 'RmtInf');
  const ustrd = rmt.flatMap((r) => children(r, 'Ustrd')).map(textOf).filter((t) => t !== null);
  if (ustrd.length > 0) return ustrd.join(' ');
  const refs = rmt.flatMap((r) => children(r, 'Strd')).map((s) => textAt(s, 'CdtrRefInf', 'Ref')).filter((t) => t !== null);
  if (refs.length > 0) return refs.join(' ');
  return textAt(tx, 'AddtlTxInf') ?? textAt(ntry, 'AddtlNtryInf');
}

/** Every TxDtls of the entry (NtryDtls may repeat). */
function detailsOf(ntry: XmlNode): XmlNode[] {
  const all = children(ntry, 'NtryDtls');
  return all.length === 1 ? children(all[0], 'TxDtls') : all.flatMap((d) => children(d, 'TxDtls'));
}

export class EntryReader {
  constructor(
    private readonly issues: RowIssues,
    private readonly range: DateRange,
    private readonly defaultCurrency: string,
    /** Whether the decoder has replaced undecodable bytes so far (then text fields are checked for U+FFFD). */
    private readonly replaced: () => boolean,
  ) {}

  read(ntry: XmlNode, st: StatementContext): EntryOutcome {
    const status = statusOf(ntry);
    if (status !== null && status !== 'BOOK') return { kind: 'pending', issue: this.pending(ntry, status) };
    const txs = detailsOf(ntry);
    if (txs.length < 2) return { kind: 'rows', rows: [this.row(ntry, txs[0], null, st)], unsplit: null };
    const split = this.split(ntry, txs, st);
    if (split.rows !== null) return { kind: 'rows', rows: split.rows, unsplit: null };
    return { kind: 'rows', rows: [this.row(ntry, undefined, null, st)], unsplit: split.why };
  }

  private pending(ntry: XmlNode, status: string): Issue {
    const text = textAt(ntry, 'Amt');
    const magnitude = text === null ? null : camtAmount(text);
    const sign = signOf(textAt(ntry, 'CdtDbtInd'));
    const amount = magnitude !== null && sign !== 0 ? signed(magnitude, sign) : text;
    const ccy = child(ntry, 'Amt')?.ccy ?? '';
    const what = status === 'PDNG' ? 'pending' : status === 'INFO' ? 'for information only' : status === 'FUTR' ? 'a future booking' : `not booked (status ${status})`;
    return issue('STATEMENT_ENTRY_PENDING', ntry.line, null, `the entry on line ${ntry.line} (${amount ?? 'no amount'}${ccy ? ' ' + ccy : ''}) is ${what}, so it is not read as a row`, amount);
  }

  /** One row per TxDtls when their amounts add up to the entry; else why not (null: nothing to compare). */
  private split(ntry: XmlNode, txs: XmlNode[], st: StatementContext): { rows: RowResult[] | null; why: Issue | null } {
    const amt = child(ntry, 'Amt');
    const magnitude = amt === undefined ? null : camtAmount(amt.text.trim());
    const sign = signOf(textAt(ntry, 'CdtDbtInd'));
    if (magnitude === null || sign === 0) return { rows: null, why: null };
    const total = signed(magnitude, sign);
    const parts = txs.map((tx) => this.txAmount(tx, sign, amt!.ccy));
    const stated = parts.filter((p) => p !== null);
    if (stated.length === 0) return { rows: null, why: null };
    if (stated.length === parts.length && sumsTo(stated, total)) {
      const id = this.entryIdentity(ntry, undefined);
      return { rows: txs.map((tx, i) => this.row(ntry, tx, { amount: parts[i]!, identity: this.txIdentity(tx) ?? (id === null ? null : `${id}/${i + 1}`) }, st)), why: null };
    }
    const problem = stated.length === parts.length
      ? `its ${txs.length} transaction details add up to ${sum(stated)}`
      : `${parts.length - stated.length} of its ${txs.length} transaction details state no amount in the entry's currency`;
    return { rows: null, why: issue('STATEMENT_BATCH_UNSPLIT', ntry.line, null, `the batch entry on line ${ntry.line} books ${total}, but ${problem}; it is read as one row`, total) };
  }

  /** A transaction's signed amount, or null when it states none readable in the entry's currency. */
  private txAmount(tx: XmlNode, entrySign: 1 | -1, entryCcy: string | null): string | null {
    const amt = child(tx, 'Amt') ?? at(tx, 'AmtDtls', 'TxAmt', 'Amt');
    if (amt === undefined || (amt.ccy !== null && entryCcy !== null && amt.ccy !== entryCcy)) return null;
    const magnitude = camtAmount(amt.text.trim());
    return magnitude === null ? null : signed(magnitude, signOf(textAt(tx, 'CdtDbtInd')) || entrySign);
  }

  private entryIdentity(ntry: XmlNode, tx: XmlNode | undefined): string | null {
    return textAt(ntry, 'AcctSvcrRef') ?? textAt(ntry, 'NtryRef') ?? textAt(tx, 'Refs', 'AcctSvcrRef') ?? endToEnd(tx);
  }

  private txIdentity(tx: XmlNode): string | null {
    return textAt(tx, 'Refs', 'AcctSvcrRef') ?? textAt(tx, 'Refs', 'TxId') ?? endToEnd(tx);
  }

  /** The entry's signed amount, with its issues on the row. */
  private entryAmount(ntry: XmlNode): string | null {
    const amt = child(ntry, 'Amt');
    if (amt === undefined) return null; // statementRow reports AMOUNT_MISSING
    const text = amt.text.trim();
    const magnitude = camtAmount(text);
    if (magnitude === null) {
      this.issues.add(text === '' ? 'AMOUNT_MISSING' : 'AMOUNT_INVALID', 'amount', `the entry's amount ${JSON.stringify(text)} is not an ISO 20022 amount (digits with a "." decimal point)`, text);
      return null;
    }
    const indicator = textAt(ntry, 'CdtDbtInd');
    const sign = signOf(indicator);
    if (sign === 0) {
      this.issues.add(indicator === null ? 'ROW_FIELD_MISSING' : 'ROW_VALUE_INVALID', 'amount',
        indicator === null ? 'the entry has no CdtDbtInd, so its direction is unknown' : `CdtDbtInd ${JSON.stringify(indicator)} is neither CRDT nor DBIT`, indicator);
      return null;
    }
    return signed(magnitude, sign);
  }

  private date(n: XmlNode | undefined, field: 'date' | 'value_date'): string | null {
    const text = textAt(n, 'Dt') ?? textAt(n, 'DtTm');
    if (text === null) return null; // statementRow reports a missing booking date
    const r = camtDate(text, this.range);
    if (isDay(r)) return r;
    // A bad value date leaves the row valid: the booking date is the one that matters.
    this.issues.add(DATE_CODES[r as keyof typeof DATE_CODES], field, `${field === 'date' ? 'BookgDt' : 'ValDt'} ${JSON.stringify(text)} is not a valid ISO date`, text,
      field === 'date' ? undefined : 'warning');
    return null;
  }

  private currency(amt: XmlNode | undefined, st: StatementContext): string | null {
    const ccy = amt?.ccy?.trim() ?? null;
    if (ccy === null || ccy === '') return st.currency;
    if (!isCurrency(ccy)) this.issues.add('ROW_CURRENCY_INVALID', 'currency', `currency ${JSON.stringify(ccy)} is not an ISO 4217 code`, ccy);
    return ccy.toUpperCase();
  }

  /** One row: the whole entry (part null), or one transaction of a split batch. */
  private row(ntry: XmlNode, tx: XmlNode | undefined, part: { amount: string; identity: string | null } | null, st: StatementContext): RowResult {
    const issues = this.issues;
    issues.reset(part !== null && tx !== undefined ? tx.line : ntry.line);
    const amount = part !== null ? part.amount : this.entryAmount(ntry);
    const currency = this.currency(child(ntry, 'Amt'), st);
    const date = this.date(child(ntry, 'BookgDt'), 'date');
    const valueDate = this.date(child(ntry, 'ValDt'), 'value_date');
    const reversal = /^(true|1)$/i.test(textAt(ntry, 'RvslInd') ?? '');
    const direction = part !== null ? (part.amount.charCodeAt(0) === 45 ? -1 : 1) : signOf(textAt(ntry, 'CdtDbtInd'));
    // The counterparty of money out is the creditor; a reversal turns the original roles around.
    const role = (direction === -1) !== reversal ? 'Cdtr' : 'Dbtr';
    const parties = child(tx, 'RltdPties');
    const name = partyName(child(parties, role)) ?? partyName(child(parties, 'Ultmt' + role)) ?? textAt(ntry, 'AddtlNtryInf') ?? textAt(tx, 'AddtlTxInf');
    const notes = notesOf(ntry, tx);
    if (this.replaced()) this.checkDecoded({ name, notes });
    return statementRow(issues, {
      date, amount, currency, name, notes, account: st.account, account_type: null,
      identity: part !== null ? part.identity : this.entryIdentity(ntry, tx),
      transaction_type: part !== null ? txCode(tx) ?? txCode(ntry) : txCode(ntry) ?? txCode(tx),
      value_date: valueDate, reference: endToEnd(tx), counterparty_account: accountId(child(parties, role + 'Acct')),
    }, this.defaultCurrency);
  }

  /** Text holding U+FFFD where the decoder met bytes it could not decode (SPEC §2.1). */
  private checkDecoded(fields: Record<string, string | null>): void {
    for (const [field, value] of Object.entries(fields)) {
      if (value !== null && value.includes('\uFFFD')) this.issues.add('DECODE_INVALID_BYTES', field, `the ${field} holds bytes the file's encoding cannot decode`, value);
    }
  }
}

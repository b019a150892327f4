// The records of an OFX statement as the reader collects them, leaf by leaf, before they become
// rows: a bank or credit-card transaction (STMTTRN, also the cash records of an investment
// statement, INVBANKTRAN/STMTTRN), an investment transaction (the records of an INVTRANLIST), a
// security of the security list (SECLIST). Each holds only the leaves the reader uses; the rest
// are ignored.
//
// Inside a record, some leaves mean different things under different sub-aggregates (NAME alone
// or under PAYEE, ACCTID under BANKACCTTO, CURSYM under CURRENCY or ORIGCURRENCY, UNIQUEID under
// SECID), so a record remembers which of those sub-aggregates it is in.

/** Investment transaction kinds (the records of an INVTRANLIST) and how they read. */
export type InvestmentKind = 'buy' | 'sell' | 'reinvest' | 'income' | 'expense' | 'margin' | 'retcap';

export const INVESTMENT_KINDS: ReadonlyMap<string, InvestmentKind> = new Map([
  ['BUYDEBT', 'buy'], ['BUYMF', 'buy'], ['BUYOPT', 'buy'], ['BUYOTHER', 'buy'], ['BUYSTOCK', 'buy'],
  ['SELLDEBT', 'sell'], ['SELLMF', 'sell'], ['SELLOPT', 'sell'], ['SELLOTHER', 'sell'], ['SELLSTOCK', 'sell'],
  ['REINVEST', 'reinvest'], ['INCOME', 'income'], ['INVEXPENSE', 'expense'], ['MARGININTEREST', 'margin'], ['RETOFCAP', 'retcap'],
]);

/**
 * Investment records read as nothing here: they move shares without a cash amount (TRANSFER,
 * SPLIT, JRNLSEC, CLOSUREOPT) or move cash between sub-accounts of the same account (JRNLFUND).
 * Reported once per kind (STATEMENT_RECORD_SKIPPED).
 */
export const SKIPPED_INVESTMENT_KINDS = new Set(['TRANSFER', 'SPLIT', 'JRNLFUND', 'JRNLSEC', 'CLOSUREOPT']);

/**
 * The action of an investment row, in the vocabulary the QIF reader and the server share
 * (Buy, Sell, ReinvDiv, Div, IntInc, CGLong, CGShort, MiscInc, MiscExp, MargInt, RtrnCap).
 * INCOMETYPE: CGLONG, CGSHORT, DIV, INTEREST, MISC.
 */
export function investmentAction(kind: InvestmentKind, incomeType: string | null): string {
  const t = (incomeType ?? '').toUpperCase();
  switch (kind) {
    case 'buy': return 'Buy';
    case 'sell': return 'Sell';
    case 'reinvest': return t === 'INTEREST' ? 'ReinvInt' : t === 'CGLONG' ? 'ReinvLg' : t === 'CGSHORT' ? 'ReinvSh' : 'ReinvDiv';
    case 'income': return t === 'INTEREST' ? 'IntInc' : t === 'CGLONG' ? 'CGLong' : t === 'CGSHORT' ? 'CGShort' : t === 'MISC' ? 'MiscInc' : 'Div';
    case 'expense': return 'MiscExp';
    case 'margin': return 'MargInt';
    case 'retcap': return 'RtrnCap';
  }
}

/** A STMTTRN: a bank, credit-card or investment-cash transaction. */
export class BankRecord {
  readonly element = 'STMTTRN';
  /** The line of its start tag (set when the record ends, for one taken whole: OfxPipeline.flatEnd). */
  line: number;
  trntype: string | null = null;
  dtposted: string | null = null;
  dtuser: string | null = null;
  trnamt: string | null = null;
  fitid: string | null = null;
  checknum: string | null = null;
  refnum: string | null = null;
  name: string | null = null;
  payeeName: string | null = null;
  extdname: string | null = null;
  memo: string | null = null;
  /** CURRENCY/CURSYM: the amount is in that currency. */
  currency: string | null = null;
  /** CORRECTACTION (REPLACE or DELETE of the entry CORRECTFITID names). */
  correctAction: string | null = null;
  /** BANKACCTTO / CCACCTTO ACCTID: the other account of a transfer. */
  counterparty: string | null = null;
  /** The sub-aggregate the leaves arrive in (PAYEE, BANKACCTTO, CCACCTTO, CURRENCY, ORIGCURRENCY), or null. */
  private sub: string | null = null;

  constructor(line: number) {
    this.line = line;
  }

  open(name: string): void {
    this.sub = name;
  }

  close(name: string): void {
    if (this.sub === name) this.sub = null;
  }

  leaf(name: string, value: string): void {
    switch (name) {
      case 'TRNTYPE': this.trntype = value; break;
      case 'DTPOSTED': this.dtposted = value; break;
      case 'DTUSER': this.dtuser = value; break;
      case 'TRNAMT': this.trnamt = value; break;
      case 'FITID': this.fitid = value; break;
      case 'CHECKNUM': this.checknum = value; break;
      case 'REFNUM': this.refnum = value; break;
      case 'NAME': if (this.sub === 'PAYEE') this.payeeName = value; else if (this.sub === null) this.name = value; break;
      case 'EXTDNAME': this.extdname = value; break;
      case 'MEMO': this.memo = value; break;
      // ORIGCURRENCY/CURSYM names the currency the entry was made in; the amount is in CURDEF.
      case 'CURSYM': if (this.sub === 'CURRENCY') this.currency = value; break;
      case 'CORRECTACTION': this.correctAction = value; break;
      case 'ACCTID': if (this.sub === 'BANKACCTTO' || this.sub === 'CCACCTTO') this.counterparty = value; break;
    }
  }
}

/** An investment transaction (BUYSTOCK, SELLMF, INCOME, REINVEST, …). */
export class InvestmentRecord {
  readonly element: string;
  readonly kind: InvestmentKind;
  readonly line: number;
  fitid: string | null = null;
  dttrade: string | null = null;
  dtsettle: string | null = null;
  memo: string | null = null;
  uniqueId: string | null = null;
  units: string | null = null;
  unitPrice: string | null = null;
  total: string | null = null;
  incomeType: string | null = null;
  currency: string | null = null;
  private sub: string | null = null;

  constructor(element: string, kind: InvestmentKind, line: number) {
    this.element = element;
    this.kind = kind;
    this.line = line;
  }

  open(name: string): void {
    // INVBUY / INVSELL only wrap the leaves; the ones that qualify a leaf are remembered.
    if (name === 'SECID' || name === 'CURRENCY' || name === 'ORIGCURRENCY' || name === 'INVTRAN') this.sub = name;
  }

  close(name: string): void {
    if (this.sub === name) this.sub = null;
  }

  leaf(name: string, value: string): void {
    switch (name) {
      case 'FITID': if (this.sub === 'INVTRAN') this.fitid = value; break;
      case 'DTTRADE': this.dttrade = value; break;
      case 'DTSETTLE': this.dtsettle = value; break;
      case 'MEMO': if (this.sub === 'INVTRAN') this.memo = value; break;
      case 'UNIQUEID': if (this.sub === 'SECID') this.uniqueId = value; break;
      case 'UNITS': this.units = value; break;
      case 'UNITPRICE': this.unitPrice = value; break;
      case 'TOTAL': this.total = value; break;
      case 'INCOMETYPE': this.incomeType = value; break;
      case 'CURSYM': if (this.sub === 'CURRENCY') this.currency = value; break;
    }
  }
}

export type OfxRecord = BankRecord | InvestmentRecord;

/** A security of the SECLIST (STOCKINFO, MFINFO, DEBTINFO, OPTINFO, OTHERINFO: their SECINFO). */
export interface Security {
  uniqueId: string | null;
  name: string | null;
  ticker: string | null;
}

export const SECURITY_INFOS = new Set(['STOCKINFO', 'MFINFO', 'DEBTINFO', 'OPTINFO', 'OTHERINFO']);

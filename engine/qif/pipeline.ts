// The QIF reader (SPEC §2.8) as a push pipeline: bytes in, one row per transaction record out,
// and a whole-file result like the CSV one. Sections start with `!Type:` (Bank, CCard, Cash,
// Oth A, Oth L, Invst are transactions; Cat, Class, Security, Tag and Memorized are lists, read
// but not imported); records end with a line starting with `^`; `!Account` blocks name the
// account the following records belong to (multi-account and AutoSwitch files keep each
// record's account). A record's line is its first line.
//
// Day/month order: an explicit date_format wins, then `!Option:MDY`/`DMY`, then the file's own
// dates (a part above 12 settles it). Records wait, in memory, until the order is known, then
// flow; a file whose dates never settle it is read month-first with a DATE_FORMAT_AMBIGUOUS
// warning. Amounts use `.` decimals with optional `,` groups.

import { StreamDecoder } from '../decode/decoder.ts';
import { LineSplitter } from '../decode/lines.ts';
import { issue, SluiceError } from '../errors.ts';
import type { NormalizedOptions } from '../options.ts';
import { compileAmountParser } from '../parse/amount.ts';
import { compileDateFormat, defaultRange, type DateParser, type DateRange } from '../parse/date.ts';
import { abs, multiply, negate, sum, equal, isZero } from '../parse/decimal.ts';
import { splitCategory } from '../parse/text.ts';
import { NO_ISSUES, RowIssues, type RowResult } from '../result/row.ts';
import { byDefault, given, inferred } from '../result/settings.ts';
import { Stats, type FileResult } from '../result/stats.ts';
import { actionOf, categoryField } from './fields.ts';
import { orderEvidence, qifDate, qifDateParts, type DayOrder } from './dates.ts';

type SectionKind = 'cash' | 'invst' | 'list' | 'account' | 'memorized' | 'unknown';

const SECTIONS: Record<string, SectionKind> = {
  bank: 'cash', ccard: 'cash', cash: 'cash', 'oth a': 'cash', 'oth l': 'cash', invoice: 'cash', invst: 'invst',
  cat: 'list', class: 'list', security: 'list', tag: 'list', prices: 'list', memorized: 'memorized', budget: 'list',
};

interface Field {
  code: string;
  value: string;
}

interface QifRecord {
  line: number;
  kind: 'cash' | 'invst';
  account: string | null;
  accountType: string | null;
  fields: Field[];
}

export interface QifLists {
  accounts: { name: string; type: string | null }[];
  categories: string[];
  classes: string[];
  securities: { name: string; symbol: string | null }[];
}

export type QifResult = FileResult & { qif: QifLists };

export class QifPipeline {
  private readonly opts: NormalizedOptions;
  private readonly decoder: StreamDecoder;
  private readonly lines = new LineSplitter();
  private readonly stats: Stats;
  private readonly issues = new RowIssues();
  private readonly amount = compileAmountParser('1,234.56');
  private readonly range: DateRange;
  private readonly explicit: DateParser | null;
  private order: DayOrder | null = null;
  private orderInferred = false;
  /** What settled the day/month order. */
  private orderEvidence: string | null = null;
  private section: { kind: SectionKind; name: string } | null = null;
  private account: { name: string; type: string | null } | null = null;
  private record: { line: number; fields: Field[] } | null = null;
  private sawHeader = false;
  private waiting: QifRecord[] = [];
  private out: RowResult[] = [];
  private readonly lists: QifLists = { accounts: [], categories: [], classes: [], securities: [] };
  private readonly unknownSections = new Set<string>();
  private readonly onLine = (text: string, line: number) => this.line(text, line);

  constructor(opts: NormalizedOptions) {
    this.opts = opts;
    this.decoder = new StreamDecoder(opts.encoding);
    this.stats = new Stats(opts);
    this.range = defaultRange(opts.today);
    this.explicit = opts.date_format ? compileDateFormat(opts.date_format, this.range) : null;
  }

  push(bytes: Uint8Array): RowResult[] {
    this.lines.push(this.decoder.push(bytes), this.onLine);
    return this.drain();
  }

  end(): RowResult[] {
    this.lines.push(this.decoder.end(), this.onLine);
    this.lines.end(this.onLine);
    this.closeRecord();
    if (!this.sawHeader) throw new SluiceError('QIF_NOT_QIF', 'the file holds no QIF header (a line such as !Type:Bank)', null);
    if (this.waiting.length > 0) {
      const hasDayMonth = this.waiting.some((r) => {
        const d = r.fields.find((f) => f.code === 'D');
        const p = d ? qifDateParts(d.value) : null;
        return p !== null && !p.iso;
      });
      this.order = 'MDY';
      this.orderInferred = true;
      this.orderEvidence = hasDayMonth ? 'no date or !Option told day from month; month first' : 'the dates are year first';
      if (hasDayMonth) {
        this.stats.fileIssue(issue('DATE_FORMAT_AMBIGUOUS', null, 'date', 'no date in the file tells day from month; month first (MDY) was used (set date_format, or !Option:DMY in the file)'));
      }
      this.flushWaiting();
    }
    if (this.stats.rowsCount === 0) this.stats.fileIssue(issue('NO_DATA_ROWS', null, null, 'the file holds no transaction records'));
    return this.drain();
  }

  result(): QifResult {
    const d = this.decoder.report;
    return {
      ...this.stats.result({
        encoding: d.encoding, encoding_detected: d.detected, bom: d.bom, undecodable_chars: d.replacements, col_sep: null, header_line: null,
        header_searched: false, headers: [], columns: {}, amount_columns: 'single',
        date_format: this.explicit ? this.explicit.format : this.order, date_format_inferred: this.orderInferred,
        number_format: '1,234.56',
        inferred: {
          type: this.opts.type_given ? given(this.opts.type) : byDefault(this.opts.type),
          encoding: d.detected ? inferred(d.encoding, d.evidence, d.runnerUp) : given(d.encoding),
          col_sep: byDefault(null, 'QIF is not a table'),
          header_line: byDefault(null, 'QIF is not a table'),
          date_format: this.explicit ? given(this.explicit.format) : inferred(this.order, this.orderEvidence),
          number_format: byDefault('1,234.56', 'QIF amounts use a decimal point'),
          signage_convention: byDefault('inflows_positive', 'QIF amounts are signed: negative is money out'),
          amount_sign: byDefault('inflows_positive', 'QIF amounts are signed: negative is money out'),
        },
      }),
      qif: this.lists,
    };
  }

  private drain(): RowResult[] {
    const rows = this.out;
    this.out = [];
    return rows;
  }

  private line(raw: string, line: number): void {
    const text = raw.trim();
    if (text === '') return;
    if (text.charCodeAt(0) === 94 /* ^ */) {
      this.closeRecord();
      return;
    }
    if (text.charCodeAt(0) === 33 /* ! */) {
      this.header(text, line);
      return;
    }
    if (!this.sawHeader) {
      if (text.startsWith('#')) return; // comment lines some tools write above the first header
      throw new SluiceError('QIF_NOT_QIF', `line ${line} comes before any QIF header (such as !Type:Bank): ${JSON.stringify(text.slice(0, 40))}`, line);
    }
    (this.record ??= { line, fields: [] }).fields.push({ code: raw.trimStart()[0]!, value: raw.trimStart().slice(1).trimEnd() });
  }

  private header(text: string, line: number): void {
    this.closeRecord();
    this.sawHeader = true;
    const lower = text.toLowerCase();
    if (lower.startsWith('!type:')) {
      const name = text.slice(6).trim();
      const kind = SECTIONS[name.toLowerCase()] ?? 'unknown';
      this.section = { kind, name };
      if (kind === 'unknown' && !this.unknownSections.has(name)) {
        this.unknownSections.add(name);
        this.stats.fileIssue(issue('QIF_SECTION_UNKNOWN', line, null, `section !Type:${name} is not a kind QIF defines; its records were not read`, text));
      }
    } else if (lower === '!account') {
      this.section = { kind: 'account', name: 'Account' };
    } else if (lower === '!option:mdy' || lower === '!option:dmy') {
      if (!this.explicit) {
        this.order = lower.endsWith('mdy') ? 'MDY' : 'DMY';
        this.orderEvidence = `the file's ${text}`;
        this.flushWaiting();
      }
    }
    // !Option:AutoSwitch / !Clear:AutoSwitch only frame the account list: every !Account block
    // names the account that following records belong to either way.
  }

  private closeRecord(): void {
    const rec = this.record;
    this.record = null;
    if (!rec || rec.fields.length === 0 || !this.section) return;
    const value = (code: string) => rec.fields.find((f) => f.code === code)?.value ?? null;
    switch (this.section.kind) {
      case 'account': {
        const name = value('N');
        if (name === null || name === '') return; // an empty block (`!Account` then `^`)
        const account = { name, type: value('T') };
        this.account = account;
        if (!this.lists.accounts.some((a) => a.name === name)) this.lists.accounts.push(account);
        return;
      }
      case 'list': {
        const name = value('N');
        if (!name) return;
        const section = this.section.name.toLowerCase();
        if (section === 'cat') this.lists.categories.push(name);
        else if (section === 'class') this.lists.classes.push(name);
        else if (section === 'security') this.lists.securities.push({ name, symbol: value('S') });
        return;
      }
      case 'cash':
      case 'invst':
        this.take({ line: rec.line, kind: this.section.kind, account: this.account?.name ?? null, accountType: this.account?.type ?? this.section.name, fields: rec.fields });
        return;
      default:
        return; // memorized transactions and unknown sections are not imported
    }
  }

  private take(rec: QifRecord): void {
    if (this.explicit || this.order) {
      this.out.push(this.row(rec));
      return;
    }
    this.waiting.push(rec);
    const d = rec.fields.find((f) => f.code === 'D');
    const p = d ? qifDateParts(d.value) : null;
    const evidence = p ? orderEvidence(p) : null;
    if (evidence) {
      this.order = evidence;
      this.orderInferred = true;
      this.orderEvidence = `the date ${JSON.stringify(d!.value)} on line ${rec.line}`;
      this.flushWaiting();
    }
  }

  private flushWaiting(): void {
    if (!this.order) return;
    for (const r of this.waiting) this.out.push(this.row(r));
    this.waiting = [];
  }

  private date(text: string | null): string | null {
    const issues = this.issues;
    if (text === null || text === '') {
      issues.add('DATE_MISSING', 'date', 'the record has no date (D)', text);
      return null;
    }
    if (this.explicit) {
      const r = this.explicit.parse(text);
      if (/^\d/.test(r)) return r;
      issues.add(r === 'invalid' ? 'DATE_INVALID' : r === 'impossible' ? 'DATE_IMPOSSIBLE' : 'DATE_OUT_OF_RANGE', 'date', `date ${JSON.stringify(text)} does not fit ${this.explicit.format}`, text);
      return null;
    }
    const parts = qifDateParts(text);
    if (!parts) {
      issues.add('DATE_INVALID', 'date', `date ${JSON.stringify(text)} is not a QIF date`, text);
      return null;
    }
    const r = qifDate(parts, this.order!, this.range);
    if (r === 'impossible' || r === 'out_of_range') {
      issues.add(r === 'impossible' ? 'DATE_IMPOSSIBLE' : 'DATE_OUT_OF_RANGE', 'date', `date ${JSON.stringify(text)} is not a valid ${this.order} date`, text);
      return null;
    }
    return r;
  }

  private decimal(text: string | null, field: string): string | null {
    if (text === null || text === '') return null;
    const v = this.amount(text);
    if (v === null) this.issues.add('AMOUNT_INVALID', field, `${field} ${JSON.stringify(text)} is not a number`, text);
    return v;
  }

  private row(rec: QifRecord): RowResult {
    const issues = this.issues;
    issues.reset(rec.line);
    const value = (code: string) => rec.fields.find((f) => f.code === code)?.value ?? null;
    const date = this.date(value('D'));
    const memo = value('M');
    const cat = categoryField(value('L') ?? '');
    const category = cat.category ? splitCategory(cat.category) : null;
    const base = {
      date, currency: this.opts.default_currency, notes: memo || null, account: rec.account, account_type: rec.accountType,
      number: value('N') && rec.kind === 'cash' ? value('N') : null, cleared: value('C') || null,
      category: category?.name ?? null, category_parent: category?.parent ?? null, tags: cat.classes, transfer_account: cat.transfer,
    };
    let fields: Record<string, unknown>;
    if (rec.kind === 'cash') {
      const total = value('T') ?? value('U');
      const amount = this.decimal(total, 'amount');
      if (total === null || total === '') issues.add('AMOUNT_MISSING', 'amount', 'the record has no amount (T)', null);
      const splits = this.splits(rec, amount);
      fields = {
        ...base, amount, signed_amount: amount === null ? null : negate(amount), name: value('P') || 'Imported item', splits,
        action: null, security: null, qty: null, price: null,
      };
    } else {
      fields = this.investment(base, value);
    }
    const row: RowResult = { line: rec.line, valid: issues.errors === 0, issues: issues.list ?? NO_ISSUES, fields: fields as RowResult['fields'] };
    this.stats.add(row);
    return row;
  }

  private splits(rec: QifRecord, total: string | null): unknown[] {
    const splits: { category: string | null; category_parent: string | null; tags: string[]; transfer_account: string | null; memo: string | null; amount: string | null; signed_amount: string | null; percent: string | null }[] = [];
    for (const f of rec.fields) {
      if (f.code === 'S') {
        const c = categoryField(f.value);
        const cc = c.category ? splitCategory(c.category) : null;
        splits.push({ category: cc?.name ?? null, category_parent: cc?.parent ?? null, tags: c.classes, transfer_account: c.transfer, memo: null, amount: null, signed_amount: null, percent: null });
      } else if (splits.length > 0 && (f.code === 'E' || f.code === '$' || f.code === '%')) {
        const s = splits[splits.length - 1]!;
        if (f.code === 'E') s.memo = f.value || null;
        else if (f.code === '%') s.percent = f.value || null;
        else {
          s.amount = this.decimal(f.value, 'splits');
          s.signed_amount = s.amount === null ? null : negate(s.amount);
        }
      }
    }
    if (splits.length > 0 && total !== null) {
      if (splits.some((s) => s.amount === null)) {
        this.issues.add('AMOUNT_MISSING', 'splits', 'a split line has no amount ($)', null);
      } else {
        const got = sum(splits.map((s) => s.amount!));
        if (!equal(got, total)) this.issues.add('ROW_SPLIT_MISMATCH', 'splits', `the split lines sum to ${got}, not the total ${total}`, got);
      }
    }
    return splits;
  }

  private investment(base: Record<string, unknown>, value: (c: string) => string | null): Record<string, unknown> {
    const issues = this.issues;
    const actionText = value('N');
    const action = actionText ? actionOf(actionText) : null;
    if (!actionText) issues.add('ROW_FIELD_MISSING', 'action', 'the investment record has no action (N)', null);
    else if (!action) issues.add('ROW_VALUE_INVALID', 'action', `investment action ${JSON.stringify(actionText)} is not one QIF defines`, actionText);
    const price = this.decimal(value('I'), 'price');
    const qtyRaw = this.decimal(value('Q'), 'qty');
    const qty = qtyRaw === null || !action ? qtyRaw : action.qty === -1 ? negate(abs(qtyRaw)) : action.qty === 1 ? abs(qtyRaw) : qtyRaw;
    const totalText = value('T') ?? value('U');
    let amount = this.decimal(totalText, 'amount');
    if (amount === null && (totalText === null || totalText === '')) {
      if (qtyRaw !== null && price !== null) amount = multiply(abs(qtyRaw), price);
      else if (action?.base !== 'stksplit') issues.add('AMOUNT_MISSING', 'amount', 'the record has no amount (T), nor quantity and price', null);
    }
    let signed: string | null = null;
    if (amount !== null && action) {
      const magnitude = abs(amount);
      signed = action.base === 'cash' ? negate(amount) : action.cash === 1 ? magnitude : action.cash === -1 ? negate(magnitude) : '0';
      if (isZero(signed)) signed = '0';
    }
    return {
      ...base, amount, signed_amount: signed, name: value('P') || value('Y') || 'Imported item', splits: [],
      action: actionText ? actionText.trim() : null, security: value('Y') || null, qty, price,
      transfer_amount: this.decimal(value('$'), 'transfer_amount'), commission: this.decimal(value('O'), 'commission'),
    };
  }
}

// Writing a NativeImport (SPEC §2.10–2.11, §3.10): every record of the file becomes exactly one
// stored record of its kind, nothing implicit (no opening valuations; split lines live in their
// own table, so one NDJSON Transaction is one stored transaction). References name ids of the
// same file: a first pass gives every file id a new database id, the second pass inserts in file
// order with foreign keys deferred to the commit, which gives the same result as the table order
// and lets a category's parent come later in the file (the plan asks the store for that: write.ts).
// Runs inside the publish transaction: the store feeds every stored row to the sink twice (scan,
// then write).

import { decimalFromJson, isoDay } from 'sluice';
import { nameKey, uuidv7 } from '../store/ids.ts';
import type { LedgerTable, RowSink } from '../store/store.ts';
import type { StoredRow } from '../store/row-chunks.ts';
import type { WriteContext } from './context.ts';

type Data = Record<string, unknown>;

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);
const dec = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : decimalFromJson(v));
const day = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : isoDay(v));
const omit = (d: Data, keys: string[]): Data => Object.fromEntries(Object.entries(d).filter(([k]) => !keys.includes(k) && k !== 'record_type'));

export function nativeSink(ctx: WriteContext, currency: string): RowSink {
  const ids = new Map<string, string>();
  const taxonomyByName = new Map<string, string>(); // "Category\u0000name" → new id
  const ref = (space: string, v: unknown): string | null => {
    const id = text(v);
    return id === null ? null : ids.get(`${space}\u0000${id}`) ?? null;
  };
  const byName = (type: 'Category' | 'Tag' | 'Merchant', name: string): string | null =>
    taxonomyByName.get(`${type}\u0000${nameKey(name)}`) ?? ctx.findId(type === 'Category' ? 'categories' : type === 'Tag' ? 'tags' : 'merchants', name) ?? null;
  const writer = new NativeWriter(ctx, currency, ref, byName);
  return {
    scan(row: StoredRow) {
      const f = row.fields;
      const id = text(f['id']);
      if (id !== null) ids.set(`${f['record_type']}\u0000${id}`, uuidv7());
      if (f['record_type'] === 'Transaction' && Array.isArray(f['split_lines'])) {
        for (const sl of f['split_lines'] as Data[]) {
          const sid = text(sl['id']);
          if (sid !== null) ids.set(`Transaction\u0000${sid}`, uuidv7());
        }
      }
      if ((f['record_type'] === 'Category' || f['record_type'] === 'Tag' || f['record_type'] === 'Merchant') && typeof f['name'] === 'string' && id !== null) {
        taxonomyByName.set(`${f['record_type']}\u0000${nameKey(f['name'])}`, ids.get(`${f['record_type']}\u0000${id}`)!);
      }
    },
    write(row: StoredRow) {
      writer.write(row.fields['record_type'] as string, row.fields);
    },
    end() {},
  };
}

class NativeWriter {
  private readonly ctx: WriteContext;
  private readonly currency: string;
  private readonly ref: (space: string, v: unknown) => string | null;
  private readonly byName: (type: 'Category' | 'Tag' | 'Merchant', name: string) => string | null;

  constructor(ctx: WriteContext, currency: string, ref: NativeWriter['ref'], byName: NativeWriter['byName']) {
    this.ctx = ctx;
    this.currency = currency;
    this.ref = ref;
    this.byName = byName;
  }

  /** A record with these columns (the ledger adds family, source id, import id and time stamps; it counts it). */
  private insert(table: LedgerTable, values: Record<string, unknown>, sourceId: string | null): void {
    this.ctx.ledger.insert(table, values, sourceId);
  }

  private cur(d: Data): string {
    return typeof d['currency'] === 'string' && d['currency'] !== '' ? (d['currency'] as string).toUpperCase() : this.currency;
  }

  write(type: string, d: Data): void {
    const { ctx } = this;
    const sid = text(d['id']);
    const own = (space: string) => this.ref(space, d['id'])!;
    switch (type) {
      case 'Account': {
        const name = String(d['name']);
        this.insert('accounts', {
          id: own('Account'), name, name_key: nameKey(name), accountable_type: d['accountable_type'], subtype: text(d['subtype']),
          balance: dec(d['balance']), currency: this.cur(d),
        }, sid);
        ctx.remember('accounts', name, own('Account'));
        break;
      }
      case 'Balance':
        this.insert('balances', {
          id: uuidv7(), account_id: this.ref('Account', d['account_id']), date: day(d['date']), balance: dec(d['balance']), currency: this.cur(d),
          extra: JSON.stringify(omit(d, ['id', 'account_id', 'date', 'balance', 'currency'])),
        }, sid);
        break;
      case 'Category':
        this.insert('categories', {
          id: own('Category'), name: String(d['name']), name_key: nameKey(String(d['name'])), color: text(d['color']) ?? '#94a3b8',
          lucide_icon: text(d['lucide_icon']) ?? text(d['icon']) ?? 'shapes', parent_id: this.ref('Category', d['parent_id']),
          classification: text(d['classification']) ?? 'expense',
        }, sid);
        break;
      case 'Tag':
        this.insert('tags', { id: own('Tag'), name: String(d['name']), name_key: nameKey(String(d['name'])), color: text(d['color']) }, sid);
        break;
      case 'Merchant':
        this.insert('merchants', {
          id: own('Merchant'), name: String(d['name']), name_key: nameKey(String(d['name'])), color: text(d['color']),
          website_url: text(d['website_url']),
        }, sid);
        break;
      case 'RecurringTransaction':
        this.insert('recurring_transactions', {
          id: own('RecurringTransaction'), account_id: this.ref('Account', d['account_id']), merchant_id: this.ref('Merchant', d['merchant_id']),
          name: text(d['name']), amount: dec(d['amount']), currency: this.cur(d), expected_day_of_month: Number(d['expected_day_of_month']),
          last_occurrence_date: day(d['last_occurrence_date']), next_expected_date: day(d['next_expected_date']), status: text(d['status']) ?? 'active',
          extra: JSON.stringify(omit(d, ['id', 'account_id', 'merchant_id', 'name', 'amount', 'currency', 'expected_day_of_month',
            'last_occurrence_date', 'next_expected_date', 'status'])),
        }, sid);
        break;
      case 'Transaction':
        this.transaction(d, sid);
        break;
      case 'Transfer':
      case 'RejectedTransfer': {
        const inflow = this.ref('Transaction', d['inflow_transaction_id']);
        const outflow = this.ref('Transaction', d['outflow_transaction_id']);
        const kind = type === 'Transfer' ? 'transfers' : 'rejected_transfers';
        if (inflow === null || outflow === null) {
          ctx.ledger.count(kind, 'skipped'); // preflight warned: skipped_missing_reference
          return;
        }
        const values: Record<string, unknown> = { id: uuidv7(), inflow_transaction_id: inflow, outflow_transaction_id: outflow };
        if (type === 'Transfer') Object.assign(values, { status: text(d['status']) ?? 'confirmed', notes: text(d['notes']) });
        this.insert(kind, values, sid);
        return;
      }
      case 'Trade':
      case 'Holding': {
        const security = ctx.security(String(d['ticker']).toUpperCase(), text(d['exchange_operating_mic']), text(d['security_name']));
        this.insert(type === 'Trade' ? 'trades' : 'holdings', {
          id: uuidv7(), account_id: this.ref('Account', d['account_id']), security_id: security, date: day(d['date']),
          qty: dec(d['qty']), price: dec(d['price']), amount: dec(d['amount']), currency: this.cur(d),
        }, sid);
        break;
      }
      case 'Valuation':
        this.insert('valuations', {
          id: uuidv7(), account_id: this.ref('Account', d['account_id']), date: day(d['date']), amount: dec(d['amount']),
          currency: this.cur(d), kind: text(d['kind']) ?? 'reconciliation', name: text(d['name']),
        }, sid);
        break;
      case 'Budget':
        this.insert('budgets', {
          id: own('Budget'), start_date: day(d['start_date']), end_date: day(d['end_date']), budgeted_spending: dec(d['budgeted_spending']),
          expected_income: dec(d['expected_income']), currency: this.cur(d),
        }, sid);
        break;
      case 'BudgetCategory':
        this.insert('budget_categories', {
          id: uuidv7(), budget_id: this.ref('Budget', d['budget_id']), category_id: this.ref('Category', d['category_id']),
          budgeted_spending: dec(d['budgeted_spending']), currency: this.cur(d),
        }, sid);
        break;
      case 'Rule':
        this.insert('rules', {
          id: uuidv7(), name: text(d['name']), resource_type: text(d['resource_type']) ?? 'transaction', active: d['active'] === false ? 0 : 1,
          effective_date: day(d['effective_date']), conditions: JSON.stringify(this.operands(d['conditions'], 'condition_type')),
          actions: JSON.stringify(this.operands(d['actions'], 'action_type')),
        }, sid);
        break;
      default: // not a record type that is stored
    }
  }

  private transaction(d: Data, sid: string | null): void {
    const id = this.ref('Transaction', d['id'])!;
    this.insert('transactions', {
      id, account_id: this.ref('Account', d['account_id']), date: day(d['date']), amount: dec(d['amount']), currency: this.cur(d),
      name: text(d['name']) ?? 'Imported item', notes: text(d['notes']), category_id: this.ref('Category', d['category_id']),
      merchant_id: this.ref('Merchant', d['merchant_id']), excluded: d['excluded'] === true ? 1 : 0, kind: text(d['kind']) ?? 'standard',
    }, sid);
    this.ctx.ledger.tagTransaction(id, (Array.isArray(d['tag_ids']) ? d['tag_ids'] : []).map((t) => this.ref('Tag', t)));
    const lines = Array.isArray(d['split_lines']) ? (d['split_lines'] as Data[]) : [];
    lines.forEach((l, position) => {
      const tags = Array.isArray(l['tag_ids']) ? (l['tag_ids'] as unknown[]).map((t) => this.ref('Tag', t)) : [];
      this.insert('split_lines', {
        id: this.ref('Transaction', l['id']) ?? uuidv7(), transaction_id: id, position, amount: dec(l['amount']), currency: this.cur(l),
        name: text(l['name']), notes: text(l['notes']), category_id: this.ref('Category', l['category_id']),
        merchant_id: this.ref('Merchant', l['merchant_id']), tag_ids: JSON.stringify(tags),
      }, text(l['id']));
    });
  }

  /** Rule operands that name a category, merchant or tags by name hold the resolved id as well. */
  private operands(list: unknown, key: 'condition_type' | 'action_type'): unknown[] {
    if (!Array.isArray(list)) return [];
    return list.map((raw) => {
      const part = { ...(raw as Data) };
      const t = part[key];
      const value = typeof part['value'] === 'string' ? part['value'] : null;
      const resolve = (type: 'Category' | 'Tag' | 'Merchant') => {
        if (value === null) return;
        const names = type === 'Tag' ? value.split(',').map((s) => s.trim()).filter(Boolean) : [value];
        part['value_ids'] = names.map((n) => this.byName(type, n));
      };
      if (t === 'transaction_category' || t === 'set_transaction_category') resolve('Category');
      else if (t === 'transaction_merchant' || t === 'set_transaction_merchant') resolve('Merchant');
      else if (t === 'transaction_tag' || t === 'set_transaction_tags') resolve('Tag');
      if (Array.isArray(part['sub_conditions'])) part['sub_conditions'] = this.operands(part['sub_conditions'], key);
      return part;
    });
  }
}

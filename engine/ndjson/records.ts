// The NativeImport record types (SPEC §2.10): their count keys, required `data` fields, decimal
// and date fields, and the references each one makes to other records of the same file. The
// table order is the processing order.

export const RECORD_TYPES = [
  'Account', 'Balance', 'Category', 'Tag', 'Merchant', 'RecurringTransaction', 'Transaction', 'Transfer',
  'RejectedTransfer', 'Trade', 'Holding', 'Valuation', 'Budget', 'BudgetCategory', 'Rule',
] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

export const COUNT_KEYS: Record<RecordType, string> = {
  Account: 'accounts', Balance: 'balances', Category: 'categories', Tag: 'tags', Merchant: 'merchants',
  RecurringTransaction: 'recurring_transactions', Transaction: 'transactions', Transfer: 'transfers',
  RejectedTransfer: 'rejected_transfers', Trade: 'trades', Holding: 'holdings', Valuation: 'valuations',
  Budget: 'budgets', BudgetCategory: 'budget_categories', Rule: 'rules',
};

export type CountKey = (typeof COUNT_KEYS)[RecordType];
export const ALL_COUNT_KEYS: readonly string[] = RECORD_TYPES.map((t) => COUNT_KEYS[t]);

/** The id spaces references point into (a split line's id is a Transaction id). */
export const ID_SPACES = ['Account', 'Category', 'Tag', 'Merchant', 'Transaction', 'Budget'] as const;
export type IdSpace = (typeof ID_SPACES)[number];

export interface Reference {
  field: string;
  space: IdSpace;
  /** A list of ids (`tag_ids`). */
  many?: boolean;
  /** A reference that may be absent or null. */
  optional: boolean;
}

export interface RecordSpec {
  required: readonly string[];
  decimals: readonly string[];
  dates: readonly string[];
  references: readonly Reference[];
  /** The id space this type's `id` belongs to, for references and duplicate ids. */
  idSpace: RecordType;
}

const ref = (field: string, space: IdSpace, optional = false, many = false): Reference => ({ field, space, optional, many });

export const RECORD_SPECS: Record<RecordType, RecordSpec> = {
  Account: { required: ['id', 'name', 'balance', 'accountable_type'], decimals: ['balance'], dates: [], references: [], idSpace: 'Account' },
  Balance: { required: ['account_id', 'date', 'balance'], decimals: ['balance'], dates: ['date'], references: [ref('account_id', 'Account')], idSpace: 'Balance' },
  Category: { required: ['id', 'name'], decimals: [], dates: [], references: [ref('parent_id', 'Category', true)], idSpace: 'Category' },
  Tag: { required: ['id', 'name'], decimals: [], dates: [], references: [], idSpace: 'Tag' },
  Merchant: { required: ['id', 'name'], decimals: [], dates: [], references: [], idSpace: 'Merchant' },
  RecurringTransaction: {
    required: ['id', 'amount', 'expected_day_of_month', 'last_occurrence_date', 'next_expected_date'],
    decimals: ['amount'], dates: ['last_occurrence_date', 'next_expected_date'],
    references: [ref('account_id', 'Account', true), ref('merchant_id', 'Merchant', true)], idSpace: 'RecurringTransaction',
  },
  Transaction: {
    required: ['id', 'account_id', 'date', 'amount'], decimals: ['amount'], dates: ['date'],
    references: [ref('account_id', 'Account'), ref('category_id', 'Category', true), ref('merchant_id', 'Merchant', true), ref('tag_ids', 'Tag', true, true)],
    idSpace: 'Transaction',
  },
  Transfer: {
    required: ['inflow_transaction_id', 'outflow_transaction_id'], decimals: [], dates: [],
    references: [ref('inflow_transaction_id', 'Transaction'), ref('outflow_transaction_id', 'Transaction')], idSpace: 'Transfer',
  },
  RejectedTransfer: {
    required: ['inflow_transaction_id', 'outflow_transaction_id'], decimals: [], dates: [],
    references: [ref('inflow_transaction_id', 'Transaction'), ref('outflow_transaction_id', 'Transaction')], idSpace: 'RejectedTransfer',
  },
  Trade: {
    required: ['account_id', 'date', 'amount', 'qty', 'price', 'ticker'], decimals: ['amount', 'qty', 'price'], dates: ['date'],
    references: [ref('account_id', 'Account')], idSpace: 'Trade',
  },
  Holding: {
    required: ['account_id', 'date', 'amount', 'qty', 'price', 'ticker'], decimals: ['amount', 'qty', 'price'], dates: ['date'],
    references: [ref('account_id', 'Account')], idSpace: 'Holding',
  },
  Valuation: { required: ['account_id', 'date', 'amount'], decimals: ['amount'], dates: ['date'], references: [ref('account_id', 'Account')], idSpace: 'Valuation' },
  Budget: { required: ['id', 'start_date', 'end_date'], decimals: [], dates: ['start_date', 'end_date'], references: [], idSpace: 'Budget' },
  BudgetCategory: {
    required: ['budget_id', 'category_id'], decimals: [], dates: [],
    references: [ref('budget_id', 'Budget'), ref('category_id', 'Category')], idSpace: 'BudgetCategory',
  },
  Rule: { required: ['id'], decimals: [], dates: [], references: [], idSpace: 'Rule' },
};

/** What a Transaction's split line refers to; its own `id` is a Transaction id. */
export const SPLIT_LINE_REFERENCES: readonly Reference[] = [
  ref('category_id', 'Category', true), ref('merchant_id', 'Merchant', true), ref('tag_ids', 'Tag', true, true),
];

/** Types whose names must be unique within a family (SPEC: duplicate_taxonomy_name). */
export const TAXONOMY_TYPES = ['Category', 'Tag', 'Merchant'] as const;
export type TaxonomyType = (typeof TAXONOMY_TYPES)[number];

/** Rule condition and action types whose `value` names a Category, Merchant or Tag. */
export const RULE_CONDITION_REFS: Record<string, TaxonomyType> = {
  transaction_category: 'Category', transaction_merchant: 'Merchant', transaction_tag: 'Tag',
};
export const RULE_ACTION_REFS: Record<string, TaxonomyType> = {
  set_transaction_category: 'Category', set_transaction_merchant: 'Merchant', set_transaction_tags: 'Tag',
};

export function isRecordType(t: string): t is RecordType {
  return Object.prototype.hasOwnProperty.call(COUNT_KEYS, t);
}

export function emptyCounts(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of ALL_COUNT_KEYS) out[k] = 0;
  return out;
}

// The fields a table's columns can hold (SPEC §2.3, §2.7, §2.12): the label fields of the API
// (`date_col_label` … ) and the type-specific columns (colours, rule parts, layout extras). Shared
// by the import-type registry, the column mapping and the row readers, so none of them imports
// another for a name.

/** Fields a `*_col_label` option can name, in the order of the SPEC §2.3 table. */
export const LABEL_FIELDS = [
  'date', 'amount', 'name', 'category', 'tags', 'notes', 'inflow', 'outflow', 'account', 'qty', 'ticker', 'price',
  'entity_type', 'currency', 'exchange_operating_mic',
] as const;
export type LabelField = (typeof LABEL_FIELDS)[number];

/** Every column a row reader may read. */
export type ColumnKey =
  | LabelField
  | 'color' | 'parent_category' | 'icon' | 'website' | 'resource_type' | 'active' | 'effective_date' | 'conditions' | 'actions'
  | 'original_description' | 'category_group' | 'split_amount'
  /** Markers saying which way the money went (Mint's Transaction Type, D/C, S/H, Af/Bij). */
  | 'direction'
  /** A running balance: read for nothing but evidence, never the amount. */
  | 'balance';

export const COLUMN_KEYS: readonly ColumnKey[] = [
  ...LABEL_FIELDS, 'color', 'parent_category', 'icon', 'website', 'resource_type', 'active', 'effective_date', 'conditions',
  'actions', 'original_description', 'category_group', 'split_amount', 'direction', 'balance',
];

/** The columns one import type reads. */
export interface FieldSet {
  readonly required: readonly ColumnKey[];
  readonly optional: readonly ColumnKey[];
  /** The row has an amount: one column, or inflow − outflow from two. */
  readonly amount: boolean;
}

/**
 * English header names per field, tried in this order (SPEC §2.3, §2.7); headers are compared
 * after normalizeHeader(). Types read with the multilingual vocabulary (vocabulary/headers.ts) use
 * it instead of the first nine entries; the others (accounts, categories, merchants, rules, trades)
 * keep these plain names, because there `name` is the record's own name, not a payee.
 */
export const FIELD_NAMES: Readonly<Partial<Record<ColumnKey, readonly string[]>>> = {
  date: ['date'],
  amount: ['amount'],
  name: ['name', 'description', 'payee'],
  category: ['category'],
  notes: ['notes', 'memo'],
  inflow: ['credit', 'deposit', 'deposits', 'inflow', 'money_in', 'paid_in', 'credit_amount'],
  outflow: ['debit', 'withdrawal', 'withdrawals', 'outflow', 'money_out', 'paid_out', 'debit_amount'],
  account: ['account', 'account_name'],
  currency: ['currency'],
  tags: ['tags', 'labels'],
  qty: ['qty', 'quantity', 'shares'],
  ticker: ['ticker', 'symbol'],
  price: ['price'],
  entity_type: ['entity_type', 'account_type', 'type'],
  exchange_operating_mic: ['exchange_operating_mic', 'mic'],
  color: ['color', 'colour'],
  parent_category: ['parent_category', 'parent'],
  icon: ['icon', 'lucide_icon'],
  website: ['website_url', 'website'],
  resource_type: ['resource_type'],
  active: ['active'],
  effective_date: ['effective_date'],
  conditions: ['conditions'],
  actions: ['actions'],
  original_description: ['original_description'],
  category_group: ['category_group'],
  split_amount: ['split_amount'],
};

/** Trim, drop a BOM, lower-case, remove `*`, collapse whitespace, `-` and `_` runs into one `_` (SPEC §2.2). */
export function normalizeHeader(h: string): string {
  return h.replace(/\uFEFF/g, '').replace(/\*/g, '').trim().toLowerCase().replace(/[\s\-_]+/gu, '_');
}

/** How a column was found for a field (SPEC §2.14): a label, `column_names`, a header, the cells, a layout. */
export type ColumnHow = 'label' | 'column_names' | 'header' | 'content' | 'layout';

/** What the result says about one mapped field. */
export interface ColumnReport {
  /** The header the field is read from (`#N` for a column without one). */
  header: string;
  /** 1-based. */
  position: number;
  how: ColumnHow;
  /** The next column that would have been taken, when there was one. */
  second: { header: string; position: number } | null;
}

/** Which column holds each field, decided once per file (csv/mapping.ts). */
export interface ColumnMap {
  /** Column index (0-based) of each mapped field. */
  readonly index: Readonly<Partial<Record<ColumnKey, number>>>;
  /** The header each mapped field is read from ('#N' for a column without one), for messages. */
  readonly header: Readonly<Partial<Record<ColumnKey, string>>>;
  readonly report: Readonly<Partial<Record<ColumnKey, ColumnReport>>>;
  /** The amount is read from one column, as inflow − outflow from two, or not at all. */
  readonly amountMode: 'single' | 'split' | 'none';
  /** MAP_DUPLICATE_HEADER warnings for the columns used. */
  readonly warnings: readonly import('./errors.ts').Issue[];
}

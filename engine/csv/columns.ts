// Column mapping (SPEC §2.3): which column holds each field a type uses. A `*_col_label` names a
// header (compared after normalization) or a position (`#3`, 1-based); without a label the
// field's default names are tried in table order. A label that is given but not found, or a
// required field with no column, stops the file with the headers that were found. When a field
// maps to a name several columns share, the first wins and a MAP_DUPLICATE_HEADER warning names
// them.
//
// planColumns() turns options into a plan once; resolveColumns() applies it to one header row and
// is also the test the header search (dialect.ts) uses on candidate lines.

import { issue, SluiceError, type Issue } from '../errors.ts';
import type { ImportType, NormalizedOptions } from '../options.ts';

/** Every field a row reader may read; the label-table fields plus the type-specific headers. */
export type ColumnKey =
  | 'date' | 'amount' | 'name' | 'category' | 'tags' | 'notes' | 'inflow' | 'outflow' | 'account' | 'qty' | 'ticker'
  | 'price' | 'entity_type' | 'currency' | 'exchange_operating_mic'
  | 'color' | 'parent_category' | 'icon' | 'website' | 'resource_type' | 'active' | 'effective_date' | 'conditions' | 'actions'
  | 'original_description' | 'transaction_type' | 'category_group' | 'split_amount';

export const DEFAULT_NAMES: Record<ColumnKey, readonly string[]> = {
  date: ['date'],
  amount: ['amount'],
  name: ['name', 'description', 'payee'],
  category: ['category'],
  tags: ['tags', 'labels'],
  notes: ['notes', 'memo'],
  inflow: ['credit', 'deposit', 'deposits', 'inflow', 'money_in', 'paid_in', 'credit_amount'],
  outflow: ['debit', 'withdrawal', 'withdrawals', 'outflow', 'money_out', 'paid_out', 'debit_amount'],
  account: ['account', 'account_name'],
  qty: ['qty', 'quantity', 'shares'],
  ticker: ['ticker', 'symbol'],
  price: ['price'],
  entity_type: ['entity_type', 'account_type', 'type'],
  currency: ['currency'],
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
  transaction_type: ['transaction_type'],
  category_group: ['category_group'],
  split_amount: ['split_amount'],
};

/** Trim, drop a BOM, lower-case, remove `*`, collapse whitespace, `-` and `_` runs into one `_`. */
export function normalizeHeader(h: string): string {
  return h.replace(/\uFEFF/g, '').replace(/\*/g, '').trim().toLowerCase().replace(/[\s\-_]+/gu, '_');
}

export interface ColumnSpec {
  key: ColumnKey;
  /** The label the caller gave, or null to use the default names. */
  label: string | null;
  names: readonly string[];
  required: boolean;
}

/** How the amount of a transaction-like row is read. */
export type AmountMode = 'single' | 'split' | 'auto';

export interface ColumnPlan {
  specs: ColumnSpec[];
  amountMode: AmountMode;
  /** Amount is needed at all (transaction-like and account types). */
  amountRequired: boolean;
}

export interface ColumnMap {
  /** Column index of each mapped field. */
  index: Partial<Record<ColumnKey, number>>;
  /** The header each mapped field uses, for messages and the result. */
  header: Partial<Record<ColumnKey, string>>;
  /** Amount read from one column, or as inflow − outflow. */
  amountMode: 'single' | 'split' | 'none';
  warnings: Issue[];
}

const TYPE_FIELDS: Record<string, { required: ColumnKey[]; optional: ColumnKey[]; amount: boolean }> = {
  TransactionImport: { required: ['date'], optional: ['name', 'category', 'tags', 'notes', 'account', 'currency'], amount: true },
  TradeImport: { required: ['date', 'ticker', 'qty', 'price'], optional: ['name', 'account', 'currency', 'exchange_operating_mic', 'notes'], amount: false },
  AccountImport: { required: ['name'], optional: ['entity_type', 'currency', 'date', 'notes'], amount: true },
  CategoryImport: { required: ['name'], optional: ['color', 'parent_category', 'icon'], amount: false },
  MerchantImport: { required: ['name'], optional: ['color', 'website'], amount: false },
  RuleImport: { required: ['resource_type', 'conditions', 'actions'], optional: ['name', 'active', 'effective_date'], amount: false },
};

export function typeFields(type: ImportType): { required: ColumnKey[]; optional: ColumnKey[]; amount: boolean } | null {
  return TYPE_FIELDS[type] ?? null;
}

const labelOf = (opts: NormalizedOptions, key: ColumnKey): string | null =>
  (opts.labels as Partial<Record<string, string>>)[key] ?? null;

/**
 * The columns a type reads. `layout` supplies defaults for the ThirdParty types (their own header
 * names and extra columns); labels in the options still win.
 */
export function planColumns(
  opts: NormalizedOptions,
  fields: { required: ColumnKey[]; optional: ColumnKey[]; amount: boolean },
  layoutNames: Partial<Record<ColumnKey, readonly string[]>> = {},
): ColumnPlan {
  const specs: ColumnSpec[] = [];
  const names = (key: ColumnKey): readonly string[] => {
    const base = layoutNames[key] ?? DEFAULT_NAMES[key];
    return key === 'amount' && opts.type === 'AccountImport' ? [...base, 'balance'] : base;
  };
  const add = (key: ColumnKey, required: boolean) => {
    if (!specs.some((s) => s.key === key)) specs.push({ key, label: labelOf(opts, key), names: names(key), required });
  };
  for (const k of fields.required) add(k, true);
  for (const k of fields.optional) add(k, false);
  if (opts.amount_type_strategy === 'custom_column' && fields.amount) add('entity_type', true);

  let amountMode: AmountMode = 'auto';
  if (fields.amount) {
    if (labelOf(opts, 'inflow') || labelOf(opts, 'outflow')) amountMode = 'split';
    else if (labelOf(opts, 'amount')) amountMode = 'single';
    if (opts.amount_type_strategy === 'custom_column') amountMode = 'single';
    if (amountMode !== 'split') add('amount', amountMode === 'single');
    if (amountMode !== 'single') {
      add('inflow', amountMode === 'split');
      add('outflow', amountMode === 'split');
    }
  }
  return { specs, amountMode, amountRequired: fields.amount };
}

function describeHeaders(headers: readonly string[]): string {
  return headers.map((h, i) => (h === '' ? `#${i + 1} (empty)` : JSON.stringify(h))).join(', ');
}

/**
 * Applies a plan to a header row. Returns the map, or the first fatal problem as a SluiceError
 * (not thrown, so the header search can try other lines cheaply).
 */
export function resolveColumns(plan: ColumnPlan, headers: readonly string[], headerLine: number | null): ColumnMap | SluiceError {
  const normalized = headers.map(normalizeHeader);
  const index: Partial<Record<ColumnKey, number>> = {};
  const header: Partial<Record<ColumnKey, string>> = {};
  const warnings: Issue[] = [];
  const found = () => `; the headers found are ${describeHeaders(headers)}`;

  const find = (name: string): number[] => {
    const out: number[] = [];
    for (let i = 0; i < normalized.length; i++) if (normalized[i] === name) out.push(i);
    return out;
  };
  const take = (spec: ColumnSpec, hits: number[]) => {
    index[spec.key] = hits[0]!;
    header[spec.key] = headers[hits[0]!]!;
    if (hits.length > 1) {
      const cols = hits.map((i) => `#${i + 1} ${JSON.stringify(headers[i])}`).join(', ');
      warnings.push(issue('MAP_DUPLICATE_HEADER', headerLine, spec.key,
        `${hits.length} columns are named like ${JSON.stringify(headers[hits[0]!])} (${cols}); ${spec.key} uses the first`, headers[hits[0]!]!));
    }
  };

  for (const spec of plan.specs) {
    if (spec.label !== null) {
      const pos = /^#(\d+)$/.exec(spec.label);
      if (pos) {
        const i = Number(pos[1]) - 1;
        if (i < 0 || i >= headers.length) {
          return new SluiceError('MAP_COLUMN_NOT_FOUND', `${spec.key}_col_label ${JSON.stringify(spec.label)} points past the ${headers.length} columns of the file${found()}`, headerLine, { field: spec.key, label: spec.label, headers });
        }
        index[spec.key] = i;
        header[spec.key] = headers[i]! === '' ? spec.label : headers[i]!;
        continue;
      }
      const hits = find(normalizeHeader(spec.label));
      if (hits.length === 0) {
        return new SluiceError('MAP_COLUMN_NOT_FOUND', `${spec.key}_col_label ${JSON.stringify(spec.label)} is not a column of the file${found()}`, headerLine, { field: spec.key, label: spec.label, headers });
      }
      take(spec, hits);
      continue;
    }
    for (const name of spec.names) {
      const hits = find(name);
      if (hits.length > 0) {
        take(spec, hits);
        break;
      }
    }
    if (index[spec.key] === undefined && spec.required) {
      return new SluiceError('MAP_REQUIRED_COLUMN_MISSING', `no column for the required field ${spec.key} (looked for ${spec.names.map((n) => JSON.stringify(n)).join(', ')}; set ${spec.key}_col_label)${found()}`, headerLine, { field: spec.key, headers });
    }
  }

  let amountMode: ColumnMap['amountMode'] = 'none';
  if (plan.amountRequired) {
    if (plan.amountMode === 'single' || (plan.amountMode === 'auto' && index.amount !== undefined)) amountMode = 'single';
    else if (index.inflow !== undefined && index.outflow !== undefined) amountMode = 'split';
    else {
      return new SluiceError('MAP_REQUIRED_COLUMN_MISSING',
        `no column for the required field amount (looked for "amount", or a pair of inflow/outflow columns such as "credit"/"debit"; set amount_col_label, or inflow_col_label and outflow_col_label)${found()}`,
        headerLine, { field: 'amount', headers });
    }
    if (amountMode === 'single') { delete index.inflow; delete index.outflow; delete header.inflow; delete header.outflow; }
    else { delete index.amount; delete header.amount; }
  }
  // Warn only about duplicates of columns actually used.
  const used = new Set(Object.values(index));
  return { index, header, amountMode, warnings: warnings.filter((w) => used.has(index[w.field as ColumnKey]!)) };
}

// The import types (SPEC §2.7, §3.4): one entry each, holding everything the engine and the server
// know about a type: what it is (for `sluice check --help`), which reader reads it, the columns a
// table type reads and the names it knows them by, the formats its exports prefer, how its header
// is recognised, what publishing writes from its rows, and whether its rows need an account.
// Everything else (the CLI, file-type detection, the server's checks and publishing) asks here.

import type { ColumnKey, FieldSet } from './fields.ts';
import { accountReader, categoryReader, merchantReader, ruleReader, tradeReader } from './rows/other-types.ts';
import { actualReader, mintReader, ynabReader } from './rows/third-party.ts';
import { transactionReader } from './rows/transaction.ts';
import type { ReaderSetup, RowReader } from './rows/values.ts';

export const IMPORT_TYPES = [
  'TransactionImport', 'TradeImport', 'AccountImport', 'ThirdPartyAImport', 'ThirdPartyBImport', 'ThirdPartyCImport',
  'CategoryImport', 'RuleImport', 'MerchantImport', 'PdfImport', 'QifImport', 'NativeImport',
  // Extensions beyond the reference application's twelve (SPEC §2.15)
  'OfxImport', 'CamtImport', 'Mt940Import',
] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];

/** How a table type's columns are found and its rows read. */
export interface TableType {
  readonly fields: FieldSet;
  /**
   * Headers are looked up in the multilingual vocabulary and missing roles found from the cells
   * (SPEC §2.14). Off for the types whose `name` is a record's own name, not a payee.
   */
  readonly vocabulary: boolean;
  /** The type's own header names per field (a layout's), tried before the vocabulary and plain names. */
  readonly names: Readonly<Partial<Record<ColumnKey, readonly string[]>>>;
  /** Date formats its files use, most likely first: a preference among the formats the dates fit. */
  readonly dateFormats: readonly string[];
  /** Headers (normalized) that together identify an export of this layout, for file-type detection. */
  readonly signatures: readonly (readonly string[])[];
  /** The markers of its `direction` column, when its layout has one. */
  readonly markers: { readonly inflow: readonly string[]; readonly outflow: readonly string[] } | null;
  readonly reader: (setup: ReaderSetup) => RowReader;
}

export interface ImportTypeEntry {
  readonly type: ImportType;
  /** What the type reads, in a few words (CLI help). */
  readonly summary: string;
  readonly format: 'table' | 'qif' | 'ndjson' | 'pdf' | 'ofx' | 'camt' | 'mt940';
  /** Not one of the reference application's types (SPEC §2.15). */
  readonly extension?: boolean;
  readonly table: TableType | null;
  /** What publishing writes from the rows. */
  readonly writes: 'transactions' | 'trades' | 'accounts' | 'categories' | 'merchants' | 'rules' | 'native' | null;
  /** Its rows go into an account: the import's account_id, or the account each row names. */
  readonly needsAccount: boolean;
}

const TRANSACTION_FIELDS: ColumnKey[] = ['name', 'category', 'tags', 'notes', 'account', 'currency', 'direction', 'balance'];

const table = (t: Partial<TableType> & Pick<TableType, 'fields' | 'reader'>): TableType => ({
  vocabulary: false, names: {}, dateFormats: [], signatures: [], markers: null, ...t,
});

const ENTRIES: readonly ImportTypeEntry[] = [
  {
    type: 'TransactionImport', summary: 'a bank or card statement as a table: one transaction a row', format: 'table',
    writes: 'transactions', needsAccount: true,
    table: table({ fields: { required: ['date'], optional: TRANSACTION_FIELDS, amount: true }, vocabulary: true, reader: transactionReader }),
  },
  {
    type: 'TradeImport', summary: 'investment trades: date, ticker, quantity and price a row', format: 'table',
    writes: 'trades', needsAccount: true,
    table: table({
      fields: { required: ['date', 'ticker', 'qty', 'price'], optional: ['name', 'account', 'currency', 'exchange_operating_mic', 'notes'], amount: false },
      reader: tradeReader,
    }),
  },
  {
    type: 'AccountImport', summary: 'accounts with their type and balance', format: 'table', writes: 'accounts', needsAccount: false,
    table: table({
      fields: { required: ['name'], optional: ['entity_type', 'currency', 'date', 'notes'], amount: true },
      names: { amount: ['amount', 'balance'] }, reader: accountReader,
    }),
  },
  {
    type: 'ThirdPartyAImport', summary: 'a Mint CSV export', format: 'table', writes: 'transactions', needsAccount: true,
    // Date,Description,Original Description,Amount,Transaction Type,Category,Account Name,Labels,Notes
    table: table({
      fields: { required: ['date'], optional: [...TRANSACTION_FIELDS, 'original_description'], amount: true },
      vocabulary: true,
      names: {
        name: ['description'], account: ['account_name', 'account'], tags: ['labels', 'tags'], notes: ['notes'],
        direction: ['transaction_type'], original_description: ['original_description'],
      },
      dateFormats: ['%m/%d/%Y', '%m/%d/%y'],
      signatures: [['date', 'description', 'original_description', 'amount', 'transaction_type']],
      markers: { inflow: ['credit'], outflow: ['debit'] },
      reader: mintReader,
    }),
  },
  {
    type: 'ThirdPartyBImport', summary: 'an Actual Budget CSV export', format: 'table', writes: 'transactions', needsAccount: true,
    // Account,Date,Payee,Notes,Category_Group,Category,Amount,Split_Amount,Cleared
    table: table({
      fields: { required: ['date'], optional: ['name', 'category', 'notes', 'account', 'currency', 'category_group', 'split_amount'], amount: true },
      vocabulary: true,
      names: { name: ['payee'], notes: ['notes'], category_group: ['category_group'] },
      dateFormats: ['%Y-%m-%d'],
      signatures: [['account', 'date', 'payee', 'category_group', 'category', 'amount', 'split_amount']],
      reader: actualReader,
    }),
  },
  {
    type: 'ThirdPartyCImport', summary: 'a YNAB register CSV export (also YNAB4)', format: 'table', writes: 'transactions', needsAccount: true,
    // Account,Flag,Date,Payee,Category Group/Category,Category Group,Category,Memo,Outflow,Inflow,Cleared
    // (YNAB4: Account,Flag,Check Number,Date,Payee,Category,Master Category,Sub Category,Memo,Outflow,Inflow,Cleared,Running Balance)
    table: table({
      fields: { required: ['date'], optional: ['name', 'category', 'notes', 'account', 'currency', 'category_group', 'balance'], amount: true },
      vocabulary: true,
      names: {
        name: ['payee'], notes: ['memo'], category: ['sub_category', 'category'], category_group: ['category_group', 'master_category'],
        inflow: ['inflow'], outflow: ['outflow'],
      },
      dateFormats: ['%m/%d/%Y'],
      signatures: [
        ['account', 'flag', 'date', 'payee', 'category_group/category', 'memo', 'outflow', 'inflow'],
        ['account', 'flag', 'date', 'payee', 'master_category', 'sub_category', 'memo', 'outflow', 'inflow'],
      ],
      reader: ynabReader,
    }),
  },
  {
    type: 'CategoryImport', summary: 'categories: name, colour, parent and icon a row', format: 'table', writes: 'categories', needsAccount: false,
    table: table({ fields: { required: ['name'], optional: ['color', 'parent_category', 'icon'], amount: false }, reader: categoryReader }),
  },
  {
    type: 'RuleImport', summary: 'rules: conditions and actions as JSON a row', format: 'table', writes: 'rules', needsAccount: false,
    table: table({
      fields: { required: ['resource_type', 'conditions', 'actions'], optional: ['name', 'active', 'effective_date'], amount: false },
      reader: ruleReader,
    }),
  },
  {
    type: 'MerchantImport', summary: 'merchants: name, colour and website a row', format: 'table', writes: 'merchants', needsAccount: false,
    table: table({ fields: { required: ['name'], optional: ['color', 'website'], amount: false }, reader: merchantReader }),
  },
  { type: 'PdfImport', summary: 'a PDF statement (stored; no rows are extracted)', format: 'pdf', table: null, writes: null, needsAccount: false },
  { type: 'QifImport', summary: 'a Quicken Interchange Format (QIF) file', format: 'qif', table: null, writes: 'transactions', needsAccount: true },
  { type: 'NativeImport', summary: "a full NDJSON export of the reference application", format: 'ndjson', table: null, writes: 'native', needsAccount: false },
  {
    type: 'OfxImport', summary: 'an OFX or QFX statement (1.x SGML or 2.x XML; bank, card and investment)', format: 'ofx', extension: true,
    table: null, writes: 'transactions', needsAccount: true,
  },
  {
    type: 'CamtImport', summary: 'an ISO 20022 camt.053/.052/.054 statement (XML)', format: 'camt', extension: true,
    table: null, writes: 'transactions', needsAccount: true,
  },
  {
    type: 'Mt940Import', summary: 'a SWIFT MT940/MT942 statement', format: 'mt940', extension: true,
    table: null, writes: 'transactions', needsAccount: true,
  },
];

export const IMPORT_TYPE_ENTRIES: Readonly<Record<ImportType, ImportTypeEntry>> = Object.freeze(
  Object.fromEntries(ENTRIES.map((e) => [e.type, e])) as Record<ImportType, ImportTypeEntry>,
);

export function importType(type: ImportType): ImportTypeEntry {
  return IMPORT_TYPE_ENTRIES[type];
}

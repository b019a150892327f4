// What the CSV pipeline needs to know about each row type: the columns it reads, defaults a
// layout brings (the ThirdParty exports have their own header names and formats), and its row
// reader. Types that are not read as CSV rows (QIF, PDF, NDJSON) have no profile here.

import { SluiceError } from '../errors.ts';
import type { ImportType, NormalizedOptions } from '../options.ts';
import type { NumberFormat } from '../parse/amount.ts';
import { accountReader, categoryReader, merchantReader, ruleReader, tradeReader } from '../rows/other-types.ts';
import type { ReaderSetup, RowReader } from '../rows/row.ts';
import { transactionReader } from '../rows/transaction.ts';
import { typeFields, type ColumnKey } from './columns.ts';
import { LAYOUTS } from './layouts.ts';

export interface TypeProfile {
  fields: { required: ColumnKey[]; optional: ColumnKey[]; amount: boolean };
  /** Header names a layout uses instead of the defaults, per field. */
  layoutNames?: Partial<Record<ColumnKey, readonly string[]>>;
  /** The layout's date format, used when the request gives none. */
  dateFormat?: string;
  numberFormat(opts: NormalizedOptions): NumberFormat;
  reader(setup: ReaderSetup): RowReader;
}

const given = (opts: NormalizedOptions) => opts.number_format;

const READERS: Partial<Record<ImportType, (setup: ReaderSetup) => RowReader>> = {
  TransactionImport: transactionReader,
  TradeImport: tradeReader,
  AccountImport: accountReader,
  CategoryImport: categoryReader,
  MerchantImport: merchantReader,
  RuleImport: ruleReader,
};

export function csvProfile(type: ImportType): TypeProfile {
  if (type === 'ThirdPartyAImport' || type === 'ThirdPartyBImport' || type === 'ThirdPartyCImport') return LAYOUTS[type];
  const reader = READERS[type];
  const fields = typeFields(type);
  if (!reader || !fields) {
    throw new SluiceError('OPT_TYPE_UNSUPPORTED', `${type} files are not read as CSV rows`, null);
  }
  return { fields, numberFormat: given, reader };
}

// The layouts of the budgeting-app exports (SPEC §2.7): which header names each field has, the
// date format, and the row reader. The layout gives the defaults; labels and formats sent with
// the request still win. A layout column missing from the file is fine unless its field is
// required (date, amount).

import { actualReader, mintReader, ynabReader } from '../rows/third-party.ts';
import type { TypeProfile } from './profiles.ts';

export const LAYOUTS: Record<'ThirdPartyAImport' | 'ThirdPartyBImport' | 'ThirdPartyCImport', TypeProfile> = {
  // Date,Description,Original Description,Amount,Transaction Type,Category,Account Name,Labels,Notes
  ThirdPartyAImport: {
    fields: { required: ['date'], optional: ['name', 'category', 'tags', 'notes', 'account', 'currency', 'transaction_type', 'original_description'], amount: true },
    layoutNames: { name: ['description'], account: ['account_name', 'account'], tags: ['labels', 'tags'], notes: ['notes'] },
    dateFormat: '%m/%d/%Y',
    numberFormat: (o) => o.number_format,
    reader: mintReader,
  },
  // Account,Date,Payee,Notes,Category_Group,Category,Amount,Split_Amount,Cleared
  ThirdPartyBImport: {
    fields: { required: ['date'], optional: ['name', 'category', 'notes', 'account', 'currency', 'category_group', 'split_amount'], amount: true },
    layoutNames: { name: ['payee'], notes: ['notes'], category_group: ['category_group'] },
    dateFormat: '%Y-%m-%d',
    numberFormat: (o) => o.number_format,
    reader: actualReader,
  },
  // Account,Flag,Date,Payee,Category Group/Category,Category Group,Category,Memo,Outflow,Inflow,Cleared
  // (YNAB4: Account,Flag,Check Number,Date,Payee,Category,Master Category,Sub Category,Memo,Outflow,Inflow,Cleared,Running Balance)
  ThirdPartyCImport: {
    fields: { required: ['date'], optional: ['name', 'category', 'notes', 'account', 'currency', 'category_group'], amount: true },
    layoutNames: {
      name: ['payee'], notes: ['memo'], category: ['sub_category', 'category'], category_group: ['category_group', 'master_category'],
      inflow: ['inflow'], outflow: ['outflow'],
    },
    dateFormat: '%m/%d/%Y',
    numberFormat: (o) => o.number_format,
    reader: ynabReader,
  },
};

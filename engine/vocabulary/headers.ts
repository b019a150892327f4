// Header words of bank and budgeting-app exports, per role and language (SPEC §2.14): the table the
// column mapping looks a header up in when no label names the field. Data only; the matching
// (folding, decorations such as a currency code in the header) is in match.ts.
//
// Roles, in the order the mapping prefers them for a field:
//   date         booking, posting or transaction date (the date a row is booked on)
//   value_date   value / settlement / interest date: the date only when the file has no `date` column
//   amount       the signed (or magnitude) amount of the row in the account's currency
//   inflow       a column holding only money in (credit, deposit, paid in)
//   outflow      a column holding only money out (debit, withdrawal, paid out)
//   payee        the counterparty's name (payee, recipient, beneficiary, merchant, partner) → name
//   description  the bank's text for the row (description, details, posting text) → name when no payee
//   notes        memo, purpose, remittance information, reference text
//   currency     the ISO currency of the amount
//   balance      the running balance after the row: never the amount
//   category     a category
//   account      the account's name (not its number or IBAN)
//   direction    a column of markers saying which way the money went (D/C, S/H, Af/Bij, debit/credit)
//
// Spell phrases as banks print them; case, accents and punctuation between words do not matter.
// A phrase belongs to one role only.

import type { Lang } from './languages.ts';

export const HEADER_ROLES = [
  'date', 'value_date', 'amount', 'inflow', 'outflow', 'payee', 'description', 'notes', 'currency', 'balance', 'category',
  'account', 'direction',
] as const;
export type HeaderRole = (typeof HEADER_ROLES)[number];

export type HeaderTable = Readonly<Record<HeaderRole, Readonly<Partial<Record<Lang, readonly string[]>>>>>;

export const HEADER_WORDS: HeaderTable = {
  date: { en: ['date', 'transaction date', 'booking date', 'posting date', 'posted date'] },
  value_date: { en: ['value date', 'settlement date'] },
  amount: { en: ['amount', 'net', 'net amount'] },
  inflow: { en: ['credit', 'deposit', 'deposits', 'inflow', 'money in', 'paid in', 'credit amount'] },
  outflow: { en: ['debit', 'withdrawal', 'withdrawals', 'outflow', 'money out', 'paid out', 'debit amount'] },
  payee: { en: ['payee', 'counterparty', 'beneficiary', 'merchant', 'merchant name'] },
  description: { en: ['description', 'details'] },
  notes: { en: ['notes', 'memo'] },
  currency: { en: ['currency'] },
  balance: { en: ['balance', 'running balance'] },
  category: { en: ['category'] },
  account: { en: ['account', 'account name'] },
  direction: { en: ['debit credit', 'dr cr'] },
};

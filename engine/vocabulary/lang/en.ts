// English: banks and card issuers in the US, UK, Ireland, Canada, Australia, Singapore and India,
// and the budgeting apps (Mint, YNAB, Actual) and payment services (PayPal, Stripe, Monzo) whose
// exports are in English.

import type { LanguageVocabulary } from '../languages.ts';

export const en: LanguageVocabulary = {
  lang: 'en',
  name: 'English',
  dateOrder: null,
  decimalMark: '.',
  codePages: ['windows-1252', 'iso-8859-15'],
  letters: '',
  headers: {
    date: [
      'date', 'transaction date', 'trans date', 'txn date', 'booking date', 'booked date', 'posting date', 'posted date',
      'post date', 'date posted', 'date processed', 'processed date', 'entry date', 'run date', 'journal date', 'created',
      'created at', 'created date', 'timestamp', 'date time', 'datetime', 'completed date', 'started date',
    ],
    value_date: ['value date', 'settlement date', 'effective date', 'valuation date', 'date of value'],
    amount: [
      'amount', 'net', 'net amount', 'total', 'transaction amount', 'txn amount', 'value', 'sum', 'amount in account currency',
      'billing amount', 'total amount', 'booked amount', 'settled amount',
    ],
    inflow: [
      'credit', 'credits', 'deposit', 'deposits', 'inflow', 'money in', 'paid in', 'credit amount', 'amount credit',
      'receipts', 'incoming', 'in',
    ],
    outflow: [
      'debit', 'debits', 'withdrawal', 'withdrawals', 'outflow', 'money out', 'paid out', 'debit amount', 'amount debit',
      'payments', 'outgoing', 'out', 'charge', 'charges',
    ],
    payee: [
      'payee', 'payee name', 'counterparty', 'counterparty name', 'counter party', 'beneficiary', 'beneficiary name',
      'merchant', 'merchant name', 'recipient', 'recipient name', 'partner name', 'name', 'to from', 'paid to',
      'other party', 'vendor', 'description payee',
    ],
    description: [
      'description', 'desc', 'details', 'transaction description', 'transaction details', 'narrative', 'narration', 'particulars',
      'transaction', 'text', 'booking text', 'posting text', 'description 1',
    ],
    notes: [
      'notes', 'note', 'memo', 'reference', 'payment reference', 'remarks', 'remittance information', 'purpose',
      'additional information', 'comment', 'comments', 'message', 'description 2',
    ],
    currency: ['currency', 'currency code', 'ccy', 'curr', 'transaction currency'],
    balance: [
      'balance', 'running balance', 'running bal', 'account balance', 'balance after', 'closing balance', 'available balance',
      'ledger balance', 'running total',
    ],
    category: ['category', 'categories', 'spending category', 'transaction category'],
    account: ['account', 'account name', 'account nickname'],
    direction: ['debit credit', 'debit or credit', 'dr cr', 'credit debit', 'cr dr', 'credit debit indicator', 'transaction type', 'type'],
  },
  months: [
    ['January', 'Jan'], ['February', 'Feb'], ['March', 'Mar'], ['April', 'Apr'], ['May'], ['June', 'Jun'], ['July', 'Jul'],
    ['August', 'Aug'], ['September', 'Sep', 'Sept'], ['October', 'Oct'], ['November', 'Nov'], ['December', 'Dec'],
  ],
  balanceLines: [
    'Opening balance', 'Closing balance', 'Balance brought forward', 'Balance carried forward', 'Brought forward',
    'Carried forward', 'Previous balance', 'New balance', 'Starting balance', 'Ending balance', 'Beginning balance',
    'Balance forward', 'Total', 'Totals', 'Grand total', 'Subtotal', 'Turnover', 'Total debits', 'Total credits',
  ],
  balanceConnectors: ['as of', 'as at', 'at', 'on', 'for', 'from', 'to'],
  directions: [
    { inflow: ['credit', 'cr', 'c'], outflow: ['debit', 'dr', 'd'] },
    { inflow: ['in', 'incoming'], outflow: ['out', 'outgoing'] },
  ],
};

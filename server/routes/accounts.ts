// GET /api/v1/accounts, GET /api/v1/accounts/:id and POST /api/v1/accounts (SPEC §3.11): the
// family's accounts, and creating one to import into. A create checks every field and names every
// problem in one 422 validation_failed; the account and its opening valuation are written together.

import { isCurrency } from 'sluice';
import { readJson } from '../http/body.ts';
import { notFound, sendJson, validationFailed } from '../http/errors.ts';
import { paging } from '../http/query.ts';
import type { Handler } from '../context.ts';
import { isUuid } from '../store/ids.ts';
import { ACCOUNT_TYPES, type AccountType } from '../store/views.ts';

const FIELDS = new Set(['name', 'account_type', 'currency', 'balance', 'balance_date', 'subtype']);
const DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/;

export const listAccountsRoute: Handler = async (ctx, req, res) => {
  const { page, perPage } = paging(req.query);
  const { accounts, total } = await ctx.store.accounts.list(req.auth!.user.family_id, page, perPage);
  sendJson(res, 200, { accounts, pagination: { page, per_page: perPage, total_count: total, total_pages: Math.ceil(total / perPage) } });
};

export const getAccountRoute: Handler = async (ctx, req, res) => {
  const id = req.params['id']!;
  const account = isUuid(id) ? await ctx.store.accounts.get(req.auth!.user.family_id, id.toLowerCase()) : undefined;
  if (!account) throw notFound('account');
  sendJson(res, 200, account);
};

const today = () => new Date().toISOString().slice(0, 10);

function isDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

export const createAccountRoute: Handler = async (ctx, req, res) => {
  const body = await readJson(req, res, ctx.config.maxJsonBodyBytes);
  const familyId = req.auth!.user.family_id;
  const errors: string[] = [];
  for (const k of Object.keys(body)) if (!FIELDS.has(k)) errors.push(`${k} is not a field of an account (fields: ${[...FIELDS].join(', ')})`);
  const text = (k: string): string | null => {
    const v = body[k];
    if (v === undefined || v === null) return null;
    if (typeof v !== 'string') { errors.push(`${k} must be a string`); return null; }
    return v.trim() === '' ? null : v.trim();
  };

  const name = text('name');
  if (name === null) errors.push('name is required');
  else if (name.length > 255) errors.push('name is longer than 255 characters');
  else if (await ctx.store.accounts.nameTaken(familyId, name)) errors.push(`an account named ${JSON.stringify(name)} exists (names are compared without case)`);

  const type = text('account_type');
  if (type === null) errors.push(`account_type is required: one of ${Object.keys(ACCOUNT_TYPES).join(', ')}`);
  else if (!(type in ACCOUNT_TYPES)) errors.push(`account_type must be one of ${Object.keys(ACCOUNT_TYPES).join(', ')} (got ${JSON.stringify(type)})`);

  const currencyText = text('currency');
  if (currencyText !== null && !isCurrency(currencyText)) errors.push(`currency ${JSON.stringify(currencyText)} is not an ISO 4217 code`);
  const currency = currencyText?.toUpperCase() ?? ctx.config.defaultCurrency;

  // Money is exact: the balance is a decimal string, never a JSON number (a float).
  let balance: string | null = null;
  if (typeof body['balance'] === 'number') errors.push('balance must be a decimal string such as "1250.00", not a JSON number');
  else {
    balance = text('balance');
    if (balance !== null && !DECIMAL.test(balance)) errors.push(`balance ${JSON.stringify(balance)} is not a decimal such as "-1250.00"`);
  }
  const dateText = text('balance_date');
  if (dateText !== null && !isDay(dateText)) errors.push(`balance_date ${JSON.stringify(dateText)} is not a day YYYY-MM-DD`);
  else if (dateText !== null && dateText > today()) errors.push(`balance_date ${dateText} is in the future`);
  if (dateText !== null && balance === null) errors.push('balance_date needs a balance');
  const subtype = text('subtype');

  if (errors.length > 0) throw validationFailed(errors);
  const account = await ctx.store.accounts.create(familyId, {
    name: name!, type: type as AccountType, currency, subtype,
    opening: balance === null ? null : { amount: balance === '-0' ? '0' : balance, date: dateText ?? today() },
  });
  sendJson(res, 201, account);
};

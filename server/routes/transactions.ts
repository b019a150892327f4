// GET /api/v1/transactions and GET /api/v1/transactions/:id (SPEC §3.11): what publishing wrote,
// seen through the API. A filter naming another family's account, category or import matches
// nothing (an empty page), as a missing one would; a malformed parameter is 400 naming it.

import { badRequest, notFound, sendJson } from '../http/errors.ts';
import { paging, uuidParam } from '../http/query.ts';
import type { Handler } from '../context.ts';
import { isUuid } from '../store/ids.ts';

type Query = Record<string, string | string[] | undefined>;

function dayParam(q: Query, name: string): string | null {
  const v = q[name];
  if (v === undefined || v === '') return null;
  if (Array.isArray(v)) throw badRequest(`${name} is given more than once`);
  const d = /^\d{4}-\d{2}-\d{2}$/.test(v) ? new Date(`${v}T00:00:00Z`) : null;
  if (d === null || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== v) throw badRequest(`${name} must be a day YYYY-MM-DD (got ${JSON.stringify(v)})`);
  return v;
}

function textParam(q: Query, name: string): string | null {
  const v = q[name];
  if (Array.isArray(v)) throw badRequest(`${name} is given more than once`);
  return v === undefined || v.trim() === '' ? null : v.trim();
}

export const listTransactionsRoute: Handler = async (ctx, req, res) => {
  const { page, perPage } = paging(req.query);
  const q = req.query as Query;
  const { transactions, total } = await ctx.store.transactions.list({
    familyId: req.auth!.user.family_id,
    accountId: uuidParam(q, 'account_id'),
    categoryId: uuidParam(q, 'category_id'),
    importId: uuidParam(q, 'import_id'),
    startDate: dayParam(q, 'start_date'),
    endDate: dayParam(q, 'end_date'),
    search: textParam(q, 'search'),
    page,
    perPage,
  });
  sendJson(res, 200, { transactions, pagination: { page, per_page: perPage, total_count: total, total_pages: Math.ceil(total / perPage) } });
};

export const getTransactionRoute: Handler = async (ctx, req, res) => {
  const id = req.params['id']!;
  const t = isUuid(id) ? await ctx.store.transactions.get(req.auth!.user.family_id, id.toLowerCase()) : undefined;
  if (!t) throw notFound('transaction');
  sendJson(res, 200, t);
};

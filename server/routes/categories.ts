// GET /api/v1/categories and /api/v1/categories/:id (SPEC §3.8).

import { notFound, sendJson } from '../http/errors.ts';
import { booleanParam, paging, uuidParam } from '../http/query.ts';
import type { Handler } from '../context.ts';
import { isUuid } from '../store/ids.ts';

export const listCategoriesRoute: Handler = async (ctx, req, res) => {
  const { page, perPage } = paging(req.query);
  const rootsOnly = booleanParam(req.query, 'roots_only');
  const parentId = uuidParam(req.query, 'parent_id');
  const { categories, total } = await ctx.store.categories.list({ familyId: req.auth!.user.family_id, rootsOnly, parentId, page, perPage });
  sendJson(res, 200, {
    categories,
    pagination: { page, per_page: perPage, total_count: total, total_pages: Math.ceil(total / perPage) },
  });
};

export const getCategoryRoute: Handler = async (ctx, req, res) => {
  const id = req.params['id']!;
  const category = isUuid(id) ? await ctx.store.categories.get(req.auth!.user.family_id, id.toLowerCase()) : undefined;
  if (!category) throw notFound('category');
  sendJson(res, 200, category);
};

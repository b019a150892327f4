// Categories on SQLite (SPEC §3.8): name order (case-insensitive), optional roots-only and parent
// filters, paging, with the parent's id and name and the number of subcategories.

import type { CategoryStore } from '../store.ts';
import { CATEGORY_SELECT as SELECT, categoryView, type CategoryRow } from '../views.ts';
import type { Db } from './db.ts';

export function sqliteCategories(db: Db): CategoryStore {
  return {
    async list(q) {
      const where = ['c.family_id = @familyId'];
      if (q.rootsOnly) where.push('c.parent_id IS NULL');
      if (q.parentId !== null) where.push('c.parent_id = @parentId');
      const cond = where.join(' AND ');
      const params = { familyId: q.familyId, parentId: q.parentId, limit: q.perPage, offset: (q.page - 1) * q.perPage };
      const total = db.prepare(`SELECT count(*) FROM categories c WHERE ${cond}`).pluck().get(params) as number;
      const rows = db.prepare(`${SELECT} WHERE ${cond} ORDER BY c.name_key, c.id LIMIT @limit OFFSET @offset`).all(params) as CategoryRow[];
      return { categories: rows.map(categoryView), total };
    },

    async get(familyId, id) {
      const row = db.prepare(`${SELECT} WHERE c.family_id = ? AND c.id = ?`).get(familyId, id) as CategoryRow | undefined;
      return row && categoryView(row);
    },
  };
}

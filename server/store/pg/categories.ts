// Categories on PostgreSQL: a port of ../sqlite/categories.ts (name order, case-insensitive through
// name_key; optional roots-only and parent filters; paging; with the parent's id and name and the
// number of subcategories). The same SQL but for the placeholders ($n rather than SQLite's named
// @params); count(*) is int8, read as a number by connect.ts, and name_key is COLLATE "C", so the
// order is SQLite's byte-wise one.

import type { CategoryStore } from '../store.ts';
import { CATEGORY_SELECT as SELECT, categoryView, type CategoryRow } from '../views.ts';
import type { PgDb } from './db.ts';

export function pgCategories(db: PgDb): CategoryStore {
  return {
    async list(q) {
      const where = ['c.family_id = $1'];
      const params: unknown[] = [q.familyId];
      if (q.rootsOnly) where.push('c.parent_id IS NULL');
      if (q.parentId !== null) {
        params.push(q.parentId);
        where.push(`c.parent_id = $${params.length}`);
      }
      const cond = where.join(' AND ');
      const n = params.length;
      const [total, rows] = await Promise.all([
        db.value<number>(`SELECT count(*) FROM categories c WHERE ${cond}`, params),
        db.all<CategoryRow>(`${SELECT} WHERE ${cond} ORDER BY c.name_key, c.id LIMIT $${n + 1} OFFSET $${n + 2}`, [...params, q.perPage, (q.page - 1) * q.perPage]),
      ]);
      return { categories: rows.map(categoryView), total: total! };
    },

    async get(familyId, id) {
      const row = await db.get<CategoryRow>(`${SELECT} WHERE c.family_id = $1 AND c.id = $2`, [familyId, id]);
      return row && categoryView(row);
    },
  };
}

// Categories as the API shows them (SPEC §3.8): name order (case-insensitive), optional roots-only
// and parent filters, paging, with the parent's id and name and the number of subcategories.

import type { Db } from './db.ts';

export interface CategoryView {
  id: string;
  name: string;
  color: string;
  icon: string;
  subcategories_count: number;
  created_at: string;
  updated_at: string;
  parent: { id: string; name: string } | null;
}

interface CategoryRow {
  id: string;
  name: string;
  color: string;
  lucide_icon: string;
  created_at: string;
  updated_at: string;
  parent_id: string | null;
  parent_name: string | null;
  subcategories_count: number;
}

const SELECT = `
  SELECT c.id, c.name, c.color, c.lucide_icon, c.created_at, c.updated_at, c.parent_id, p.name AS parent_name,
         (SELECT count(*) FROM categories s WHERE s.parent_id = c.id) AS subcategories_count
  FROM categories c LEFT JOIN categories p ON p.id = c.parent_id`;

function view(r: CategoryRow): CategoryView {
  return {
    id: r.id,
    name: r.name,
    color: r.color,
    icon: r.lucide_icon,
    subcategories_count: r.subcategories_count,
    created_at: r.created_at,
    updated_at: r.updated_at,
    parent: r.parent_id ? { id: r.parent_id, name: r.parent_name! } : null,
  };
}

export interface CategoryQuery {
  familyId: string;
  rootsOnly: boolean;
  parentId: string | null;
  page: number;
  perPage: number;
}

export function listCategories(db: Db, q: CategoryQuery): { categories: CategoryView[]; total: number } {
  const where = ['c.family_id = @familyId'];
  if (q.rootsOnly) where.push('c.parent_id IS NULL');
  if (q.parentId !== null) where.push('c.parent_id = @parentId');
  const cond = where.join(' AND ');
  const params = { familyId: q.familyId, parentId: q.parentId, limit: q.perPage, offset: (q.page - 1) * q.perPage };
  const total = db.prepare(`SELECT count(*) FROM categories c WHERE ${cond}`).pluck().get(params) as number;
  const rows = db.prepare(`${SELECT} WHERE ${cond} ORDER BY c.name_key, c.id LIMIT @limit OFFSET @offset`).all(params) as CategoryRow[];
  return { categories: rows.map(view), total };
}

export function getCategory(db: Db, familyId: string, id: string): CategoryView | undefined {
  const row = db.prepare(`${SELECT} WHERE c.family_id = ? AND c.id = ?`).get(familyId, id) as CategoryRow | undefined;
  return row && view(row);
}

// Families on SQLite: creating one (with the default category tree unless asked not to), its
// currency, and its records by name: the name index that an import's mappings and a publish's
// find-or-create both read (one query).

import type { FamilyStore, NamedTable } from '../store.ts';
import { DEFAULT_CATEGORIES } from '../default-categories.ts';
import { nameKey, now, uuidv7 } from '../ids.ts';
import type { Db } from './db.ts';

/**
 * A family, with the default category tree unless `defaultCategories` is false (a family meant to
 * receive a full NativeImport restore, whose categories would collide with the defaults).
 */
export function createFamily(db: Db, name: string, currency: string, defaultCategories = true): string {
  const id = uuidv7();
  const t = now();
  db.prepare('INSERT INTO families (id, name, currency, created_at, updated_at) VALUES (?, ?, ?, ?, ?)').run(id, name, currency, t, t);
  if (!defaultCategories) return id;
  const insert = db.prepare(
    'INSERT INTO categories (id, family_id, name, name_key, color, lucide_icon, parent_id, classification, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const [parent, color, icon, children] of DEFAULT_CATEGORIES) {
    const pid = uuidv7();
    const cls = parent === 'Income' ? 'income' : 'expense';
    insert.run(pid, id, parent, nameKey(parent), color, icon, null, cls, t, t);
    for (const child of children) insert.run(uuidv7(), id, child, nameKey(child), color, icon, pid, cls, t, t);
  }
  return id;
}

/** The family's records of `table` by name key; of equal names the oldest. */
export function nameIndex(db: Db, familyId: string, table: NamedTable): Map<string, string> {
  const rows = db.prepare(`SELECT id, name_key FROM ${table} WHERE family_id = ? ORDER BY created_at, id`).all(familyId) as { id: string; name_key: string }[];
  const out = new Map<string, string>();
  for (const r of rows) if (!out.has(r.name_key)) out.set(r.name_key, r.id);
  return out;
}

export function sqliteFamilies(db: Db): FamilyStore {
  return {
    async currency(familyId) {
      return db.prepare('SELECT currency FROM families WHERE id = ?').pluck().get(familyId) as string;
    },

    async nameIndex(familyId, table) {
      return nameIndex(db, familyId, table);
    },

    async names(familyId) {
      const names = (table: string) => db.prepare(`SELECT name FROM ${table} WHERE family_id = ?`).pluck().all(familyId) as string[];
      return { Category: names('categories'), Tag: names('tags'), Merchant: names('merchants') };
    },
  };
}

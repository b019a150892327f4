// Families on PostgreSQL: a port of ../sqlite/families.ts (creating one with the default category
// tree, its currency, its records by name). What differs from SQLite:
// - createFamily takes an `Sql`, so it runs inside the caller's transaction (users.ts create), and
//   writes the default tree in ONE multi-row INSERT (one round trip instead of one per category;
//   the parent references are checked at the end of the statement, so children may sit beside
//   their parents).
// - names() orders by name_key: SQLite gives no ORDER BY but reads through the (family_id,
//   name_key) index, so that is the order it returns; here it is written down.

import type { FamilyStore, NamedTable } from '../store.ts';
import { DEFAULT_CATEGORIES } from '../default-categories.ts';
import { nameKey, now, uuidv7 } from '../ids.ts';
import type { PgDb, Sql } from './db.ts';

const CATEGORY_COLUMNS = ['id', 'family_id', 'name', 'name_key', 'color', 'lucide_icon', 'parent_id', 'classification', 'created_at', 'updated_at'];

/** `($1, …, $w), ($w+1, …)`: the VALUES of a multi-row INSERT of `rows` rows of `width` values. */
function valuesList(rows: number, width: number): string {
  const out: string[] = [];
  for (let r = 0; r < rows; r++) out.push(`(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`);
  return out.join(', ');
}

/**
 * A family, with the default category tree unless `defaultCategories` is false (a family meant to
 * receive a full NativeImport restore, whose categories would collide with the defaults).
 */
export async function createFamily(sql: Sql, name: string, currency: string, defaultCategories = true): Promise<string> {
  const id = uuidv7();
  const t = now();
  await sql.run('INSERT INTO families (id, name, currency, created_at, updated_at) VALUES ($1, $2, $3, $4, $5)', [id, name, currency, t, t]);
  if (!defaultCategories) return id;
  const values: unknown[] = [];
  let rows = 0;
  for (const [parent, color, icon, children] of DEFAULT_CATEGORIES) {
    const pid = uuidv7();
    const cls = parent === 'Income' ? 'income' : 'expense';
    values.push(pid, id, parent, nameKey(parent), color, icon, null, cls, t, t);
    rows++;
    for (const child of children) {
      values.push(uuidv7(), id, child, nameKey(child), color, icon, pid, cls, t, t);
      rows++;
    }
  }
  await sql.run(`INSERT INTO categories (${CATEGORY_COLUMNS.join(', ')}) VALUES ${valuesList(rows, CATEGORY_COLUMNS.length)}`, values);
  return id;
}

/** The family's records of `table` by name key; of equal names the oldest. */
export async function nameIndex(sql: Sql, familyId: string, table: NamedTable): Promise<Map<string, string>> {
  const rows = await sql.all<{ id: string; name_key: string }>(`SELECT id, name_key FROM ${table} WHERE family_id = $1 ORDER BY created_at, id`, [familyId]);
  const out = new Map<string, string>();
  for (const r of rows) if (!out.has(r.name_key)) out.set(r.name_key, r.id);
  return out;
}

export function pgFamilies(db: PgDb): FamilyStore {
  return {
    async currency(familyId) {
      return (await db.value<string>('SELECT currency FROM families WHERE id = $1', [familyId]))!;
    },

    async nameIndex(familyId, table) {
      return nameIndex(db, familyId, table);
    },

    async names(familyId) {
      const names = async (table: string) =>
        (await db.all<{ name: string }>(`SELECT name FROM ${table} WHERE family_id = $1 ORDER BY name_key`, [familyId])).map((r) => r.name);
      const [Category, Tag, Merchant] = await Promise.all([names('categories'), names('tags'), names('merchants')]);
      return { Category, Tag, Merchant };
    },
  };
}

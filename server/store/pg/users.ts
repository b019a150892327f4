// Users and API keys on PostgreSQL: a port of ../sqlite/users.ts (keys are 64 lowercase hex
// characters handed out once; only their SHA-256 is stored, ids.ts hashKey). What differs:
// - An email is found by `lower(email) = lower($1::text COLLATE "C")`, SQLite's `email = ? COLLATE
//   NOCASE`: the column is COLLATE "C", whose lower() folds ASCII only, as NOCASE does, and the
//   parameter is given the same collation so that it is folded the same way (under the database's
//   default collation lower() would fold beyond ASCII). The unique index is on lower(email).
// - create runs in one transaction on one client (db.tx); the helpers take an `Sql` so they run
//   either on the pool or inside it.
// - firstEmail breaks ties of created_at by id (UUIDv7, time-ordered) where SQLite uses the rowid.

import { randomBytes } from 'node:crypto';
import type { KeyOwner, Scope, UserRow, UserStore } from '../store.ts';
import { hashKey, now, uuidv7 } from '../ids.ts';
import type { PgDb, Sql } from './db.ts';
import { createFamily } from './families.ts';

const USER = 'SELECT id, family_id, email, first_name, last_name, ui_layout, ai_enabled FROM users';

export async function createUser(
  sql: Sql, input: { familyId: string; email: string; firstName?: string | null; lastName?: string | null },
): Promise<UserRow> {
  const id = uuidv7();
  const t = now();
  await sql.run(
    'INSERT INTO users (id, family_id, email, first_name, last_name, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [id, input.familyId, input.email, input.firstName ?? null, input.lastName ?? null, t, t],
  );
  return (await findUser(sql, id))!;
}

export async function findUser(sql: Sql, id: string): Promise<UserRow | undefined> {
  return sql.get<UserRow>(`${USER} WHERE id = $1`, [id]);
}

/** Creates a key for the user; returns the key itself (shown once, never stored). */
export async function createKey(sql: Sql, userId: string, scope: Scope, key: string = randomBytes(32).toString('hex')): Promise<string> {
  await sql.run('INSERT INTO api_keys (id, user_id, key_hash, scope, created_at) VALUES ($1, $2, $3, $4, $5)', [uuidv7(), userId, hashKey(key), scope, now()]);
  return key;
}

/** Revokes a key; false when no live key has that value. */
export async function revokeKey(sql: Sql, key: string): Promise<boolean> {
  return (await sql.run('UPDATE api_keys SET revoked_at = $1 WHERE key_hash = $2 AND revoked_at IS NULL', [now(), hashKey(key)])) > 0;
}

/** The owner of a live key, or undefined for an unknown or revoked one. */
export async function keyOwner(sql: Sql, key: string): Promise<KeyOwner | undefined> {
  const row = await sql.get<UserRow & { key_id: string; scope: Scope }>(
    `SELECT k.id AS key_id, k.scope, u.id, u.family_id, u.email, u.first_name, u.last_name, u.ui_layout, u.ai_enabled
     FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.key_hash = $1 AND k.revoked_at IS NULL`,
    [hashKey(key)],
  );
  if (!row) return undefined;
  const { key_id, scope, ...user } = row;
  return { key_id, scope, user };
}

export function pgUsers(db: PgDb): UserStore {
  return {
    async keyOwner(key) {
      return keyOwner(db, key);
    },

    async findByEmail(email) {
      return db.get<UserRow>(`${USER} WHERE lower(email) = lower($1::text COLLATE "C")`, [email]);
    },

    async enableAi(userId) {
      await db.run('UPDATE users SET ai_enabled = 1, updated_at = $1 WHERE id = $2', [now(), userId]);
      return (await findUser(db, userId))!;
    },

    async create(input) {
      return db.tx(async (sql) => {
        const f = input.family;
        const familyId = 'id' in f ? f.id : await createFamily(sql, f.name, f.currency, f.defaultCategories);
        const user = await createUser(sql, { familyId, email: input.email, firstName: input.firstName, lastName: input.lastName });
        return { user, familyId, key: await createKey(sql, user.id, input.scope, input.key) };
      });
    },

    async createKey(userId, scope) {
      return createKey(db, userId, scope);
    },

    async revokeKey(key) {
      return revokeKey(db, key);
    },

    async count() {
      return (await db.value<number>('SELECT count(*) FROM users'))!;
    },

    async firstEmail() {
      return (await db.value<string>('SELECT email FROM users ORDER BY created_at, id LIMIT 1')) ?? null;
    },
  };
}

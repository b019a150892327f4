// Users and API keys on SQLite (SPEC §3.1–3.2). Keys are 64 lowercase hex characters handed out
// once; only their SHA-256 is stored (ids.ts hashKey).

import { randomBytes } from 'node:crypto';
import type { KeyOwner, Scope, UserRow, UserStore } from '../store.ts';
import { hashKey, now, uuidv7 } from '../ids.ts';
import type { Db } from './db.ts';
import { createFamily } from './families.ts';

const USER = 'SELECT id, family_id, email, first_name, last_name, ui_layout, ai_enabled FROM users';

export function createUser(
  db: Db, input: { familyId: string; email: string; firstName?: string | null; lastName?: string | null },
): UserRow {
  const id = uuidv7();
  const t = now();
  db.prepare('INSERT INTO users (id, family_id, email, first_name, last_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .run(id, input.familyId, input.email, input.firstName ?? null, input.lastName ?? null, t, t);
  return findUser(db, id)!;
}

export function findUser(db: Db, id: string): UserRow | undefined {
  return db.prepare(`${USER} WHERE id = ?`).get(id) as UserRow | undefined;
}

/** Creates a key for the user; returns the key itself (shown once, never stored). */
export function createKey(db: Db, userId: string, scope: Scope, key: string = randomBytes(32).toString('hex')): string {
  db.prepare('INSERT INTO api_keys (id, user_id, key_hash, scope, created_at) VALUES (?, ?, ?, ?, ?)').run(uuidv7(), userId, hashKey(key), scope, now());
  return key;
}

/** Revokes a key; false when no live key has that value. */
export function revokeKey(db: Db, key: string): boolean {
  return db.prepare('UPDATE api_keys SET revoked_at = ? WHERE key_hash = ? AND revoked_at IS NULL').run(now(), hashKey(key)).changes > 0;
}

/** The owner of a live key, or undefined for an unknown or revoked one. */
export function keyOwner(db: Db, key: string): KeyOwner | undefined {
  const row = db.prepare(
    `SELECT k.id AS key_id, k.scope, u.id, u.family_id, u.email, u.first_name, u.last_name, u.ui_layout, u.ai_enabled
     FROM api_keys k JOIN users u ON u.id = k.user_id WHERE k.key_hash = ? AND k.revoked_at IS NULL`,
  ).get(hashKey(key)) as (UserRow & { key_id: string; scope: Scope }) | undefined;
  if (!row) return undefined;
  const { key_id, scope, ...user } = row;
  return { key_id, scope, user };
}

export function sqliteUsers(db: Db): UserStore {
  return {
    async keyOwner(key) {
      return keyOwner(db, key);
    },

    async findByEmail(email) {
      return db.prepare(`${USER} WHERE email = ? COLLATE NOCASE`).get(email) as UserRow | undefined;
    },

    async enableAi(userId) {
      db.prepare('UPDATE users SET ai_enabled = 1, updated_at = ? WHERE id = ?').run(now(), userId);
      return findUser(db, userId)!;
    },

    async create(input) {
      return db.transaction(() => {
        const f = input.family;
        const familyId = 'id' in f ? f.id : createFamily(db, f.name, f.currency, f.defaultCategories);
        const user = createUser(db, { familyId, email: input.email, firstName: input.firstName, lastName: input.lastName });
        return { user, familyId, key: createKey(db, user.id, input.scope, input.key) };
      })();
    },

    async createKey(userId, scope) {
      return createKey(db, userId, scope);
    },

    async revokeKey(key) {
      return revokeKey(db, key);
    },

    async count() {
      return db.prepare('SELECT count(*) FROM users').pluck().get() as number;
    },

    async firstEmail() {
      return (db.prepare('SELECT email FROM users ORDER BY created_at, rowid LIMIT 1').pluck().get() as string | undefined) ?? null;
    },
  };
}

// Families, users and API keys (SPEC §3.1–3.2). Keys are 64 lowercase hex characters handed out
// once; only their SHA-256 is stored. A new family starts with the default category tree.

import { createHash, randomBytes } from 'node:crypto';
import type { Db } from './db.ts';
import { nameKey, now, uuidv7 } from './ids.ts';

export type Scope = 'read' | 'read_write';

export interface UserRow {
  id: string;
  family_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  ui_layout: 'dashboard' | 'intro';
  ai_enabled: number;
}

export interface KeyOwner {
  key_id: string;
  scope: Scope;
  user: UserRow;
}

/** The default tree: [name, colour, lucide icon, children]. */
const DEFAULT_CATEGORIES: [string, string, string, string[]][] = [
  ['Income', '#22a55b', 'circle-dollar-sign', ['Salary', 'Interest & Dividends']],
  ['Housing', '#6471eb', 'house', ['Rent', 'Mortgage', 'Home Maintenance']],
  ['Food & Drink', '#eb5429', 'utensils', ['Groceries', 'Restaurants', 'Coffee']],
  ['Transportation', '#df4e92', 'bus', ['Fuel', 'Public Transit', 'Parking']],
  ['Shopping', '#e99537', 'shopping-cart', ['Clothing', 'Electronics']],
  ['Utilities', '#db5a54', 'lightbulb', ['Electricity', 'Internet & Phone', 'Water']],
  ['Healthcare', '#4da568', 'pill', ['Pharmacy', 'Doctor']],
  ['Entertainment', '#a855f7', 'drama', ['Streaming', 'Events']],
  ['Travel', '#0ea5e9', 'plane', []],
  ['Insurance', '#64748b', 'shield', []],
  ['Education', '#0891b2', 'graduation-cap', []],
  ['Gifts & Donations', '#ec4899', 'hand-helping', []],
  ['Personal Care', '#f472b6', 'scissors', []],
  ['Fees', '#78716c', 'receipt', ['Bank Fees', 'Taxes']],
  ['Transfers', '#94a3b8', 'arrow-right-left', []],
];

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

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
  return db.prepare('SELECT id, family_id, email, first_name, last_name, ui_layout, ai_enabled FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

export function findUserByEmail(db: Db, email: string): UserRow | undefined {
  return db.prepare('SELECT id, family_id, email, first_name, last_name, ui_layout, ai_enabled FROM users WHERE email = ? COLLATE NOCASE')
    .get(email) as UserRow | undefined;
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

export function setAiEnabled(db: Db, userId: string): UserRow {
  db.prepare('UPDATE users SET ai_enabled = 1, updated_at = ? WHERE id = ?').run(now(), userId);
  return findUser(db, userId)!;
}

export function userCount(db: Db): number {
  return db.prepare('SELECT count(*) FROM users').pluck().get() as number;
}

/** The oldest user's email, to name in the "make a key" hint at start. */
export function firstUserEmail(db: Db): string | null {
  return (db.prepare('SELECT email FROM users ORDER BY created_at, rowid LIMIT 1').pluck().get() as string | undefined) ?? null;
}

export function familyCurrency(db: Db, familyId: string): string {
  return db.prepare('SELECT currency FROM families WHERE id = ?').pluck().get(familyId) as string;
}

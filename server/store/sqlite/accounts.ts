// Accounts on SQLite (SPEC §3.11): name order (case-insensitive), paging, creating one with its
// opening valuation, and what each account's balance is made from (views.ts balanceOf): its latest
// valuation and the transactions dated after that day.

import type { AccountStore } from '../store.ts';
import { nameKey, now, uuidv7 } from '../ids.ts';
import { ACCOUNT_TYPES, accountView, balanceOf, isLiability, type AccountRow, type AccountView } from '../views.ts';
import type { Db } from './db.ts';

const COLUMNS = 'id, name, accountable_type, subtype, currency, created_at, updated_at';

/** The latest valuation (by date, then when it was written), moved by the transactions dated after its day. */
function view(db: Db, r: AccountRow): AccountView {
  const v = db.prepare('SELECT date, amount FROM valuations WHERE account_id = ? ORDER BY date DESC, created_at DESC, id DESC LIMIT 1')
    .get(r.id) as { date: string; amount: string } | undefined;
  const amounts = (v
    ? db.prepare('SELECT amount FROM transactions WHERE account_id = ? AND date > ? AND excluded = 0').pluck().all(r.id, v.date)
    : db.prepare('SELECT amount FROM transactions WHERE account_id = ? AND excluded = 0').pluck().all(r.id)) as string[];
  return accountView(r, balanceOf(v?.amount ?? null, amounts, isLiability(r.accountable_type)));
}

function getAccount(db: Db, familyId: string, id: string): AccountView | undefined {
  const row = db.prepare(`SELECT ${COLUMNS} FROM accounts WHERE family_id = ? AND id = ?`).get(familyId, id) as AccountRow | undefined;
  return row && view(db, row);
}

export function sqliteAccounts(db: Db): AccountStore {
  return {
    async list(familyId, page, perPage) {
      const total = db.prepare('SELECT count(*) FROM accounts WHERE family_id = ?').pluck().get(familyId) as number;
      const rows = db.prepare(`SELECT ${COLUMNS} FROM accounts WHERE family_id = ? ORDER BY name_key, id LIMIT ? OFFSET ?`)
        .all(familyId, perPage, (page - 1) * perPage) as AccountRow[];
      return { accounts: rows.map((r) => view(db, r)), total };
    },

    async get(familyId, id) {
      return getAccount(db, familyId, id);
    },

    async currency(familyId, id) {
      return db.prepare('SELECT currency FROM accounts WHERE id = ? AND family_id = ?').pluck().get(id, familyId) as string | undefined;
    },

    async nameTaken(familyId, name) {
      return db.prepare('SELECT 1 FROM accounts WHERE family_id = ? AND name_key = ?').get(familyId, nameKey(name)) !== undefined;
    },

    async create(familyId, a) {
      const id = uuidv7();
      const t = now();
      db.transaction(() => {
        db.prepare(
          `INSERT INTO accounts (id, family_id, name, name_key, accountable_type, subtype, balance, currency, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).run(id, familyId, a.name, nameKey(a.name), ACCOUNT_TYPES[a.type], a.subtype, a.opening?.amount ?? '0', a.currency, t, t);
        if (a.opening) {
          db.prepare(
            `INSERT INTO valuations (id, family_id, account_id, date, amount, currency, kind, name, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, 'opening_anchor', 'Opening balance', ?, ?)`,
          ).run(uuidv7(), familyId, id, a.opening.date, a.opening.amount, a.currency, t, t);
        }
      })();
      return getAccount(db, familyId, id)!;
    },
  };
}

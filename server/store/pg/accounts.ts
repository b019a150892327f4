// Accounts on PostgreSQL: a port of ../sqlite/accounts.ts (name order, case-insensitive through
// name_key; paging; creating one with its opening valuation in one transaction). The balance is
// still worked out by views.ts balanceOf from the same inputs: the latest valuation (by date, then
// when it was written) and the amounts of the non-excluded transactions dated after its day. What
// differs: those inputs come with the account's row in one query (a LATERAL for the valuation, the
// amounts as a text array) rather than two more queries per account, a round trip each here.

import type { AccountStore } from '../store.ts';
import { nameKey, now, uuidv7 } from '../ids.ts';
import { ACCOUNT_TYPES, accountView, balanceOf, isLiability, type AccountRow, type AccountView } from '../views.ts';
import type { PgDb, Sql } from './db.ts';

/** An account's row with what its balance is made from. */
const SELECT = `
  SELECT a.id, a.name, a.accountable_type, a.subtype, a.currency, a.created_at, a.updated_at, v.amount AS valuation,
         ARRAY(SELECT t.amount::text FROM transactions t
               WHERE t.account_id = a.id AND t.excluded = 0 AND (v.date IS NULL OR t.date > v.date)) AS amounts
  FROM accounts a
  LEFT JOIN LATERAL (SELECT date, amount FROM valuations WHERE account_id = a.id ORDER BY date DESC, created_at DESC, id DESC LIMIT 1) v ON true`;

type Row = AccountRow & { valuation: string | null; amounts: string[] };

const view = ({ valuation, amounts, ...r }: Row): AccountView => accountView(r, balanceOf(valuation, amounts, isLiability(r.accountable_type)));

async function getAccount(sql: Sql, familyId: string, id: string): Promise<AccountView | undefined> {
  const row = await sql.get<Row>(`${SELECT} WHERE a.family_id = $1 AND a.id = $2`, [familyId, id]);
  return row && view(row);
}

export function pgAccounts(db: PgDb): AccountStore {
  return {
    async list(familyId, page, perPage) {
      const [total, rows] = await Promise.all([
        db.value<number>('SELECT count(*) FROM accounts WHERE family_id = $1', [familyId]),
        db.all<Row>(`${SELECT} WHERE a.family_id = $1 ORDER BY a.name_key, a.id LIMIT $2 OFFSET $3`, [familyId, perPage, (page - 1) * perPage]),
      ]);
      return { accounts: rows.map(view), total: total! };
    },

    async get(familyId, id) {
      return getAccount(db, familyId, id);
    },

    async currency(familyId, id) {
      return db.value<string>('SELECT currency FROM accounts WHERE id = $1 AND family_id = $2', [id, familyId]);
    },

    async nameTaken(familyId, name) {
      return (await db.get('SELECT 1 FROM accounts WHERE family_id = $1 AND name_key = $2', [familyId, nameKey(name)])) !== undefined;
    },

    async create(familyId, a) {
      const id = uuidv7();
      const t = now();
      await db.tx(async (sql) => {
        await sql.run(
          `INSERT INTO accounts (id, family_id, name, name_key, accountable_type, subtype, balance, currency, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
          [id, familyId, a.name, nameKey(a.name), ACCOUNT_TYPES[a.type], a.subtype, a.opening?.amount ?? '0', a.currency, t, t],
        );
        if (a.opening) {
          await sql.run(
            `INSERT INTO valuations (id, family_id, account_id, date, amount, currency, kind, name, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, 'opening_anchor', 'Opening balance', $7, $8)`,
            [uuidv7(), familyId, id, a.opening.date, a.opening.amount, a.currency, t, t],
          );
        }
      });
      return (await getAccount(db, familyId, id))!;
    },
  };
}

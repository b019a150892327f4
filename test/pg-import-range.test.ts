// An import's transactions on PostgreSQL are found by the range of ids its publish recorded, then
// by import_id (server/store/pg/imports.ts ownTransactions). Two families' publishes running at
// once make ranges that overlap: here the rows of two imports of two families are interleaved by
// id, and each import's list, and the revert of one, touch exactly its own rows (and tags).
// Skipped where there is no PostgreSQL (never under CI: test/pg-helpers.ts).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openPgDb } from '../server/store/pg/db.ts';
import { setTransactionIds } from '../server/store/pg/imports.ts';
import { revertImport } from '../server/store/pg/revert.ts';
import { pgTransactions } from '../server/store/pg/transactions.ts';
import type { TransactionQuery } from '../server/store/store.ts';
import { pgHarness, type PgHarness } from './pg-helpers.ts';

const found = await pgHarness();

test("imports of two families whose id ranges overlap: each lists and reverts only its own transactions", { skip: typeof found === 'string' && found }, async () => {
  const database = await (found as PgHarness).database();
  const db = await openPgDb(database.url);
  try {
    const ts = '2024-03-01T10:00:00.000Z';
    for (const f of ['f1', 'f2']) {
      await db.run('INSERT INTO families (id, name, currency, created_at, updated_at) VALUES ($1, $1, $2, $3, $3)', [f, 'EUR', ts]);
      await db.run(`INSERT INTO accounts (id, family_id, name, name_key, accountable_type, currency, created_at, updated_at)
                    VALUES ($1, $2, $1, $1, 'Depository', 'EUR', $3, $3)`, [`a-${f}`, f, ts]);
      await db.run('INSERT INTO tags (id, family_id, name, name_key, created_at, updated_at) VALUES ($1, $2, $1, $1, $3, $3)', [`g-${f}`, f, ts]);
    }
    const imports = { A: 'f1', B: 'f2' } as const;
    for (const [imp, f] of Object.entries(imports)) {
      await db.run(`INSERT INTO imports (id, family_id, type, status, options, configuration, created_at, updated_at)
                    VALUES ($1, $2, 'TransactionImport', 'complete', '{}', '{}', $3, $3)`, [imp, f, ts]);
    }
    // A's rows are t1, t3, t5 and B's t2, t4, t6: A's range t1–t5 holds B's t2 and t4, B's t2–t6 A's t3 and t5.
    for (let n = 1; n <= 6; n++) {
      const imp = n % 2 === 1 ? 'A' : 'B';
      const f = imports[imp];
      await db.run(`INSERT INTO transactions (id, family_id, account_id, date, amount, currency, name, identity, import_id, created_at, updated_at)
                    VALUES ($1, $2, $3, $4, '1.00', 'EUR', $1, $1, $5, $6, $6)`, [`t${n}`, f, `a-${f}`, `2024-01-0${n}`, imp, ts]);
      await db.run('INSERT INTO transaction_tags (transaction_id, tag_id) VALUES ($1, $2)', [`t${n}`, `g-${f}`]);
    }
    await setTransactionIds(db, 'A', { from: 't1', to: 't5' });
    await setTransactionIds(db, 'B', { from: 't2', to: 't6' });

    const store = pgTransactions(db);
    const q = (familyId: string, importId: string): TransactionQuery => ({
      familyId, accountId: null, categoryId: null, importId, startDate: null, endDate: null, search: null, page: 1, perPage: 25,
    });
    const listed = async (familyId: string, importId: string) => {
      const r = await store.list(q(familyId, importId));
      return { total: r.total, ids: r.transactions.map((t) => t.id) };
    };
    assert.deepEqual(await listed('f1', 'A'), { total: 3, ids: ['t5', 't3', 't1'] });
    assert.deepEqual(await listed('f2', 'B'), { total: 3, ids: ['t6', 't4', 't2'] });
    assert.deepEqual(await listed('f1', 'B'), { total: 0, ids: [] }, "another family's import lists nothing");

    await db.tx((sql) => revertImport(sql, 'A'));
    assert.deepEqual(await listed('f1', 'A'), { total: 0, ids: [] });
    assert.deepEqual(await listed('f2', 'B'), { total: 3, ids: ['t6', 't4', 't2'] });
    assert.deepEqual((await db.all<{ id: string }>('SELECT id FROM transactions ORDER BY id')).map((r) => r.id), ['t2', 't4', 't6']);
    assert.deepEqual((await db.all<{ transaction_id: string }>('SELECT transaction_id FROM transaction_tags ORDER BY 1')).map((r) => r.transaction_id), ['t2', 't4', 't6']);
    assert.deepEqual(await db.get('SELECT tx_id_from, tx_id_to FROM imports WHERE id = $1', ['A']), { tx_id_from: null, tx_id_to: null });
  } finally {
    await db.close();
    await database.drop();
  }
});

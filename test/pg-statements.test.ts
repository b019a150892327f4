// Statements the PostgreSQL store sends (server/store/pg/db.ts statementName): one with parameters
// is prepared on a connection from its second use on and reused there; a `SELECT *` never is, so
// that a column another process's migration adds does not break this process's connections; a
// statement without parameters goes by the simple protocol. Checked in pg_prepared_statements of
// the connection itself. Skipped where there is no PostgreSQL (never under CI: test/pg-helpers.ts).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import pg from 'pg';
import { sqlOn } from '../server/store/pg/db.ts';
import { pgHarness, type PgHarness } from './pg-helpers.ts';

const found = await pgHarness();

test('statements with parameters are prepared once per connection; SELECT * and statements without parameters never are', { skip: typeof found === 'string' && found }, async () => {
  const database = await (found as PgHarness).database();
  const client = new pg.Client({ connectionString: database.url });
  const other = new pg.Client({ connectionString: database.url });
  await client.connect();
  await other.connect();
  try {
    const sql = sqlOn(client);
    await sql.run('CREATE TABLE t (id integer PRIMARY KEY, name text)');
    await sql.run('INSERT INTO t VALUES (1, $1), (2, $2)', ['a', 'b']);
    const prepared = async () => (await client.query<{ statement: string }>('SELECT statement FROM pg_prepared_statements ORDER BY statement')).rows.map((r) => r.statement);

    const byId = 'SELECT name FROM t WHERE id = $1 /* pg-statements test */';
    assert.equal(await sql.value(byId, [1]), 'a');
    assert.deepEqual(await prepared(), [], 'not prepared at its first use');
    assert.equal(await sql.value(byId, [2]), 'b');
    assert.equal(await sql.value(byId, [1]), 'a');
    assert.deepEqual(await prepared(), [byId], 'prepared at its second use, once');

    const star = 'SELECT * FROM t WHERE id = $1';
    for (let i = 0; i < 3; i++) assert.deepEqual(await sql.get(star, [1]), { id: 1, name: 'a' });
    assert.deepEqual(await prepared(), [byId], 'a SELECT * is not prepared');
    // Another connection adds a column (a newer process's migration): both statements still run here.
    await other.query('ALTER TABLE t ADD COLUMN note text');
    assert.deepEqual(await sql.get(star, [1]), { id: 1, name: 'a', note: null });
    assert.equal(await sql.value(byId, [2]), 'b');

    for (let i = 0; i < 3; i++) assert.equal(await sql.value('SELECT count(*)::int FROM t'), 2);
    assert.deepEqual(await prepared(), [byId], 'no parameters: the simple protocol, nothing prepared');
  } finally {
    await client.end();
    await other.end();
    await database.drop();
  }
});

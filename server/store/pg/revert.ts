// Reverting one import's writes on PostgreSQL (SPEC §3.10), inside the job's transaction (jobs.ts):
// the same rules as sqlite/revert.ts (what the import created is deleted, what it changed is put
// back, a shared record others now use is kept and no longer counted as the import's). Its
// transactions are found through the id range its publish recorded (imports.ts ownTransactions),
// then forgotten; an old row is put back from import_changes with jsonb_populate_record, so
// numeric values come back exactly as stored.

import { REVERT_ORDER, SHARED } from '../revert-rules.ts';
import type { Sql } from './db.ts';
import { ownTransactions, setTransactionIds } from './imports.ts';

export async function revertImport(sql: Sql, importId: string): Promise<void> {
  await sql.run('SET CONSTRAINTS ALL DEFERRED');
  const changes = await sql.all<{ table_name: string; before: string }>(
    'SELECT table_name, before FROM import_changes WHERE import_id = $1 ORDER BY id DESC', [importId]);
  for (const c of changes) {
    const cols = Object.keys(JSON.parse(c.before) as Record<string, unknown>).filter((k) => k !== 'id');
    await sql.run(
      `UPDATE ${c.table_name} AS t SET ${cols.map((k) => `${k} = o.${k}`).join(', ')}
       FROM jsonb_populate_record(NULL::${c.table_name}, $1::jsonb) AS o WHERE t.id = o.id`, [c.before]);
  }
  await sql.run('DELETE FROM import_changes WHERE import_id = $1', [importId]);
  const own = ownTransactions('t', '$1');
  await sql.run(`DELETE FROM transaction_tags WHERE transaction_id IN (SELECT t.id FROM transactions t WHERE ${own})`, [importId]);
  for (const table of REVERT_ORDER) {
    await sql.run(table === 'transactions' ? `DELETE FROM transactions t WHERE ${own}` : `DELETE FROM ${table} WHERE import_id = $1`, [importId]);
  }
  await setTransactionIds(sql, importId, null);
  for (const [table, usedBy] of SHARED) {
    // Categories: a child goes before its parent, so repeat until nothing more is freed.
    while (await sql.run(`DELETE FROM ${table} AS r WHERE r.import_id = $1 AND NOT (${usedBy})`, [importId]) > 0 && table === 'categories');
    await sql.run(`UPDATE ${table} SET import_id = NULL WHERE import_id = $1`, [importId]);
  }
}

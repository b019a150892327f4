// Reverting one import's writes on SQLite (SPEC §3.10), inside the job's transaction (jobs.ts):
// what the import created is deleted (rows carrying its id), what it changed is put back
// (import_changes), and rows it skipped as already present were never its own and stay. Foreign
// keys are checked at the commit, so the order of deletes does not matter.

import type { Db } from './db.ts';
import { REVERT_ORDER, SHARED } from '../revert-rules.ts';
import { setTransactionRange, transactionRange } from './imports.ts';

export function revertImport(db: Db, familyId: string, importId: string): void {
  db.pragma('defer_foreign_keys = ON');
  const changes = db.prepare('SELECT table_name, record_id, before FROM import_changes WHERE import_id = ? ORDER BY id DESC')
    .all(importId) as { table_name: string; record_id: string; before: string }[];
  for (const c of changes) {
    const before = JSON.parse(c.before) as Record<string, unknown>;
    const cols = Object.keys(before).filter((k) => k !== 'id');
    db.prepare(`UPDATE ${c.table_name} SET ${cols.map((k) => `${k} = @${k}`).join(', ')} WHERE id = @id`).run(before);
  }
  db.prepare('DELETE FROM import_changes WHERE import_id = ?').run(importId);
  // The import's transactions through the rowid range its publish wrote (no index on import_id).
  // (Without a recorded range, by import_id alone: slower, never incomplete.)
  const range = transactionRange(db, familyId, importId);
  const own = range ? 'import_id = @id AND rowid BETWEEN @from AND @to' : 'import_id = @id';
  const at = range ? { id: importId, from: range.from, to: range.to } : { id: importId };
  db.prepare(`DELETE FROM transaction_tags WHERE transaction_id IN (SELECT id FROM transactions WHERE ${own})`).run(at);
  for (const table of REVERT_ORDER) {
    db.prepare(`DELETE FROM ${table} WHERE ${table === 'transactions' ? own : 'import_id = @id'}`).run(table === 'transactions' ? at : { id: importId });
  }
  setTransactionRange(db, importId, null);
  for (const [table, usedBy] of SHARED) {
    // Categories: a child goes before its parent, so repeat until nothing more is freed.
    while (db.prepare(`DELETE FROM ${table} AS r WHERE r.import_id = ? AND NOT (${usedBy})`).run(importId).changes > 0 && table === 'categories');
    db.prepare(`UPDATE ${table} SET import_id = NULL WHERE import_id = ?`).run(importId);
  }
}

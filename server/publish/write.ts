// Publishing and reverting one import (SPEC §3.10). Each runs in ONE transaction that also marks
// the import and its job finished, so a crash at any point leaves either everything or nothing:
// a lost job means nothing was written and the import can simply be run again.
//
// NativeImport: the family's counts of the 15 kinds are taken inside the transaction just before
// and just after the data is written, and the readback (SPEC §2.11) is stored with the import. A
// write that raises rolls back entirely and ends `failed` with a `failed` readback.
//
// Each transaction begins by taking the write lock (BEGIN IMMEDIATE) and checking that the job is
// still this runner's claim (same runner, same attempt, still running) and the import still in the
// state the job expects (importing / reverting): a job some other process or an earlier restart has
// taken over is left alone (JobLostError), so no interleaving can write an import twice.
//
// Revert deletes exactly what the import created (rows carrying its id) and puts back the values
// of rows it changed (import_changes); rows it skipped as already present were never its own and
// stay. Foreign keys are checked at the commit, so the order of deletes does not matter.

import { ALL_COUNT_KEYS, failedReadback, IMPORT_TYPE_ENTRIES, readback, type ImportType, type Readback } from 'sluice';
import { isDiskFull, type Db } from '../store/db.ts';
import { now } from '../store/ids.ts';
import { lastTransactionRowid, rowChunks, setStatus, setTransactionRange, transactionRange, type ImportRow } from '../store/imports.ts';
import { familyCurrency } from '../store/users.ts';
import { WriteContext } from './context.ts';
import { writeNative } from './native.ts';
import {
  accountWriter, categoryWriter, merchantWriter, ruleWriter, tradeWriter, transactionWriter, type RowWriter,
} from './rows.ts';

/** The tables holding the 15 kinds, by count key. */
export const KIND_TABLES: Record<string, string> = {
  accounts: 'accounts', balances: 'balances', categories: 'categories', tags: 'tags', merchants: 'merchants',
  recurring_transactions: 'recurring_transactions', transactions: 'transactions', transfers: 'transfers',
  rejected_transfers: 'rejected_transfers', trades: 'trades', holdings: 'holdings', valuations: 'valuations', budgets: 'budgets',
  budget_categories: 'budget_categories', rules: 'rules',
};

/** The family's stored count of each of the 15 kinds. */
export function familyCounts(db: Db, familyId: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of ALL_COUNT_KEYS) {
    // Transactions are reached through the family's accounts (the index they have is per account).
    const sql = k === 'transactions'
      ? 'SELECT count(*) FROM transactions WHERE account_id IN (SELECT id FROM accounts WHERE family_id = ?)'
      : `SELECT count(*) FROM ${KIND_TABLES[k]} WHERE family_id = ?`;
    out[k] = db.prepare(sql).pluck().get(familyId) as number;
  }
  return out;
}

/** The records of each kind that carry this import's id (the readback's guard against a second write). */
export function importCounts(db: Db, importId: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of ALL_COUNT_KEYS) out[k] = db.prepare(`SELECT count(*) FROM ${KIND_TABLES[k]} WHERE import_id = ?`).pluck().get(importId) as number;
  return out;
}

/** The writer for what the import type's registry entry says its rows become. */
function writerFor(ctx: WriteContext, row: ImportRow): RowWriter {
  switch (IMPORT_TYPE_ENTRIES[row.type as ImportType].writes) {
    case 'trades': return tradeWriter(ctx, row.account_id);
    case 'accounts': return accountWriter(ctx);
    case 'categories': return categoryWriter(ctx);
    case 'merchants': return merchantWriter(ctx);
    case 'rules': return ruleWriter(ctx);
    default: return transactionWriter(ctx, row.account_id);
  }
}

/** A job as a runner claimed it: the fence its writes are committed behind. */
export interface ClaimedJob {
  id: string;
  attempts: number;
  runner: string;
}

/** The job is no longer this runner's (or its import moved on): nothing was written. */
export class JobLostError extends Error {
  override name = 'JobLostError';
}

/** Inside the write transaction: the claim still holds and the import is where the job left it. */
function checkClaim(db: Db, job: ClaimedJob, importId: string, importStatus: 'importing' | 'reverting'): void {
  const held = db.prepare(
    `SELECT 1 FROM jobs j JOIN imports i ON i.id = j.import_id
     WHERE j.id = ? AND j.status = 'running' AND j.attempts = ? AND j.runner = ? AND i.id = ? AND i.status = ?`,
  ).get(job.id, job.attempts, job.runner, importId, importStatus);
  if (!held) throw new JobLostError(`job ${job.id} (attempt ${job.attempts}) is no longer this runner's; nothing was written`);
}

function finishJob(db: Db, job: ClaimedJob, status: 'done' | 'failed', error: string | null): void {
  const t = now();
  db.prepare('UPDATE jobs SET status = ?, error = ?, finished_at = ?, updated_at = ? WHERE id = ?').run(status, error, t, t, job.id);
}

/** What went wrong, in words a user can act on (no SQL). */
function message(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  const unique = /^UNIQUE constraint failed: (\w+)\.(.+)$/.exec(m);
  if (unique) {
    const cols = unique[2]!.split(', ').map((c) => c.split('.').pop()!).filter((c) => c !== 'family_id');
    return `the file holds a ${unique[1]} record that clashes with one already stored (same ${cols.join(' and ')})`;
  }
  if (/FOREIGN KEY constraint failed/.test(m)) return 'a record refers to another that does not exist';
  return m;
}

/** Writes an import's data; ends complete, or failed with nothing written. */
export function runPublish(db: Db, row: ImportRow, job: ClaimedJob): void {
  const native = row.type === 'NativeImport';
  const expected = native ? (JSON.parse(row.verification ?? '{}') as { expected_record_counts?: Record<string, number> }).expected_record_counts ?? {} : {};
  let before: Record<string, number> | null = null;
  try {
    db.transaction(() => {
      checkClaim(db, job, row.id, 'importing');
      const first = lastTransactionRowid(db) + 1;
      const ctx = new WriteContext(db, row.family_id, row.id);
      if (native) {
        before = familyCounts(db, row.family_id);
        writeNative(ctx, familyCurrency(db, row.family_id));
      } else {
        const writer = writerFor(ctx, row);
        for (const chunk of rowChunks(db, row.id)) for (const r of chunk) if (r.valid) writer.write(r);
        writer.end?.();
      }
      const verification = native
        ? { expected_record_counts: expected, readback: readback(expected, before!, familyCounts(db, row.family_id), new Date(), importCounts(db, row.id)) }
        : undefined;
      setTransactionRange(db, row.id, { from: first, to: lastTransactionRowid(db) });
      setStatus(db, row.id, 'complete', { error: null, summary: ctx.summary, ...(verification ? { verification } : {}) });
      finishJob(db, job, 'done', null);
    }).immediate();
  } catch (e) {
    if (e instanceof JobLostError) throw e;
    const error = `Publishing failed; nothing was written: ${message(e)}`;
    db.transaction(() => {
      checkClaim(db, job, row.id, 'importing');
      const rb: Readback | null = native ? failedReadback(expected, before ?? familyCounts(db, row.family_id), message(e)) : null;
      setStatus(db, row.id, 'failed', { error, ...(rb ? { verification: { expected_record_counts: expected, readback: rb } } : {}) });
      finishJob(db, job, 'failed', error);
    }).immediate();
  }
}

/** Deletes what the import created and restores what it changed; ends pending, or revert_failed. */
export function runRevert(db: Db, row: ImportRow, job: ClaimedJob): void {
  try {
    db.transaction(() => {
      checkClaim(db, job, row.id, 'reverting');
      db.pragma('defer_foreign_keys = ON');
      const changes = db.prepare('SELECT table_name, record_id, before FROM import_changes WHERE import_id = ? ORDER BY id DESC')
        .all(row.id) as { table_name: string; record_id: string; before: string }[];
      for (const c of changes) {
        const before = JSON.parse(c.before) as Record<string, unknown>;
        const cols = Object.keys(before).filter((k) => k !== 'id');
        db.prepare(`UPDATE ${c.table_name} SET ${cols.map((k) => `${k} = @${k}`).join(', ')} WHERE id = @id`).run(before);
      }
      db.prepare('DELETE FROM import_changes WHERE import_id = ?').run(row.id);
      // The import's transactions through the rowid range its publish wrote (no index on import_id).
      // (Without a recorded range, by import_id alone: slower, never incomplete.)
      const range = transactionRange(db, row.family_id, row.id);
      const own = range ? 'import_id = @id AND rowid BETWEEN @from AND @to' : 'import_id = @id';
      const at = range ? { id: row.id, from: range.from, to: range.to } : { id: row.id };
      db.prepare(`DELETE FROM transaction_tags WHERE transaction_id IN (SELECT id FROM transactions WHERE ${own})`).run(at);
      for (const table of REVERT_ORDER) {
        db.prepare(`DELETE FROM ${table} WHERE ${table === 'transactions' ? own : 'import_id = @id'}`).run(table === 'transactions' ? at : { id: row.id });
      }
      setTransactionRange(db, row.id, null);
      releaseShared(db, row.id);
      const verification = row.type === 'NativeImport' && row.verification
        ? (() => {
            const v = JSON.parse(row.verification) as { expected_record_counts: Record<string, number>; readback: Readback };
            return { ...v, readback: { ...v.readback, status: 'reverted', checked_at: now() } };
          })()
        : undefined;
      setStatus(db, row.id, 'pending', { error: null, summary: null, ...(verification ? { verification } : {}) });
      finishJob(db, job, 'done', null);
    }).immediate();
  } catch (e) {
    if (e instanceof JobLostError) throw e;
    // A full disk changed nothing and says nothing about the import: it stays complete, revertable
    // again once there is room (SPEC §3.12). Any other failure is revert_failed.
    const full = isDiskFull(e);
    const error = full
      ? 'Revert failed: the disk is full; nothing was changed. Revert again once space is freed'
      : `Revert failed; nothing was changed: ${message(e)}`;
    db.transaction(() => {
      checkClaim(db, job, row.id, 'reverting');
      setStatus(db, row.id, full ? 'complete' : 'revert_failed', { error });
      finishJob(db, job, 'failed', error);
    }).immediate();
  }
}

/** What the import owns alone, dependents first (foreign keys are deferred anyway). */
const REVERT_ORDER = [
  'transfers', 'rejected_transfers', 'budget_categories', 'rules', 'valuations', 'balances', 'holdings', 'trades',
  'split_lines', 'transactions', 'recurring_transactions',
];

/**
 * Records an import created that other rows may have come to use since (a category, a tag, a
 * merchant, an account, a security, a budget): each is deleted when nothing uses it any more, and
 * otherwise kept and no longer counted as the import's, so reverting one import never breaks the
 * rows of another.
 */
const SHARED: [table: string, usedBy: string][] = [
  ['budgets', 'EXISTS (SELECT 1 FROM budget_categories x WHERE x.budget_id = r.id)'],
  ['securities', 'EXISTS (SELECT 1 FROM trades x WHERE x.security_id = r.id) OR EXISTS (SELECT 1 FROM holdings x WHERE x.security_id = r.id)'],
  ['merchants', 'EXISTS (SELECT 1 FROM transactions x WHERE x.merchant_id = r.id) OR EXISTS (SELECT 1 FROM split_lines x WHERE x.merchant_id = r.id)'
    + ' OR EXISTS (SELECT 1 FROM recurring_transactions x WHERE x.merchant_id = r.id)'],
  ['tags', 'EXISTS (SELECT 1 FROM transaction_tags x WHERE x.tag_id = r.id)'],
  ['categories', 'EXISTS (SELECT 1 FROM transactions x WHERE x.category_id = r.id) OR EXISTS (SELECT 1 FROM split_lines x WHERE x.category_id = r.id)'
    + ' OR EXISTS (SELECT 1 FROM budget_categories x WHERE x.category_id = r.id) OR EXISTS (SELECT 1 FROM categories x WHERE x.parent_id = r.id)'],
  ['accounts', ['transactions', 'trades', 'holdings', 'valuations', 'balances', 'recurring_transactions', 'imports']
    .map((t) => `EXISTS (SELECT 1 FROM ${t} x WHERE x.account_id = r.id)`).join(' OR ')],
];

function releaseShared(db: Db, importId: string): void {
  for (const [table, usedBy] of SHARED) {
    // Categories: a child goes before its parent, so repeat until nothing more is freed.
    while (db.prepare(`DELETE FROM ${table} AS r WHERE r.import_id = ? AND NOT (${usedBy})`).run(importId).changes > 0 && table === 'categories');
    db.prepare(`UPDATE ${table} SET import_id = NULL WHERE import_id = ?`).run(importId);
  }
}

// The durable queue and the job's transaction on SQLite (SPEC §3.10, §3.12): the `jobs` table in
// the same file, claimed by the publish worker on a connection of its own.
//
// A publish or a revert is ONE transaction that begins by taking the write lock (BEGIN IMMEDIATE)
// and checking that the job is still the runner's claim (same runner, same attempt, still running)
// and its import still importing / reverting, and that ends with the import's status and the job's
// done mark: a crash at any point leaves everything or nothing, and a job some other process or an
// earlier restart has taken over writes nothing (JobLostError). A write that fails rolls back and a
// second transaction, fenced the same way, records why.
//
// Only one server runs on a database file (instance-lock.ts), so a job found running when the
// worker is not (at start, or after the worker thread died) has no live runner: requeueAbandoned
// queues every running job again.
//
// The worker's connection does not checkpoint the WAL inside a commit (wal_autocheckpoint = 0,
// store.ts openStore): an import is durable once its commit has synced the WAL (synchronous=FULL),
// so copying its pages into the database file waits until the job has reported, and is done before
// the next claim (or at close).

import type { Statement } from 'better-sqlite3';
import { ALL_COUNT_KEYS } from 'sluice';
import { givenUp, MAX_ATTEMPTS, type Claim, type ClaimedJob, type Counts, type JobStore, type StatusChange } from '../store.ts';
import { isDiskFull, JobLostError } from '../errors.ts';
import { now, uuidv7 } from '../ids.ts';
import type { Db } from './db.ts';
import { importById, lastTransactionRowid, rowChunks, setStatus, setTransactionRange } from './imports.ts';
import { SqliteLedger } from './ledger.ts';
import { revertImport } from './revert.ts';

/** The family's stored count of each of the 15 kinds (each kind is the table of its name). */
function familyCounts(db: Db, familyId: string): Counts {
  const out: Counts = {};
  for (const k of ALL_COUNT_KEYS) {
    // Transactions are reached through the family's accounts (the index they have is per account).
    const sql = k === 'transactions'
      ? 'SELECT count(*) FROM transactions WHERE account_id IN (SELECT id FROM accounts WHERE family_id = ?)'
      : `SELECT count(*) FROM ${k} WHERE family_id = ?`;
    out[k] = db.prepare(sql).pluck().get(familyId) as number;
  }
  return out;
}

/** The records of each kind that carry this import's id (the readback's guard against a second write). */
function importCounts(db: Db, importId: string): Counts {
  const out: Counts = {};
  for (const k of ALL_COUNT_KEYS) out[k] = db.prepare(`SELECT count(*) FROM ${k} WHERE import_id = ?`).pluck().get(importId) as number;
  return out;
}

/** Inside the write transaction: the claim still holds and the import is where the job left it. */
function checkClaim(db: Db, job: ClaimedJob, importStatus: 'importing' | 'reverting'): void {
  const held = db.prepare(
    `SELECT 1 FROM jobs j JOIN imports i ON i.id = j.import_id
     WHERE j.id = ? AND j.status = 'running' AND j.attempts = ? AND j.runner = ? AND i.status = ?`,
  ).get(job.id, job.attempts, job.runner, importStatus);
  if (!held) throw new JobLostError(`job ${job.id} (attempt ${job.attempts}) is no longer this runner's; nothing was written`);
}

function finishJob(db: Db, job: ClaimedJob, status: 'done' | 'failed', error: string | null): void {
  const t = now();
  db.prepare('UPDATE jobs SET status = ?, error = ?, finished_at = ?, updated_at = ? WHERE id = ?').run(status, error, t, t, job.id);
}

/** What went wrong, in words a user can act on (no SQL). */
function describe(e: unknown): string {
  const m = e instanceof Error ? e.message : String(e);
  const unique = /^UNIQUE constraint failed: (\w+)\.(.+)$/.exec(m);
  if (unique) {
    const cols = unique[2]!.split(', ').map((c) => c.split('.').pop()!).filter((c) => c !== 'family_id');
    return `the file holds a ${unique[1]} record that clashes with one already stored (same ${cols.join(' and ')})`;
  }
  if (/FOREIGN KEY constraint failed/.test(m)) return 'a record refers to another that does not exist';
  return m;
}

export function sqliteJobs(db: Db): JobStore & { checkpoint(): void } {
  let claimStatement: Statement | null = null;
  /** A job has committed since the last checkpoint. */
  let dirty = false;

  /**
   * The oldest queued job, claimed. In an explicit transaction and stepped to its end: a RETURNING
   * statement read with get() in autocommit can hand back its row while the commit fails unseen (a
   * full disk), which would run a job whose claim was never stored.
   */
  const claim = db.transaction((runner: string): ClaimedJob | undefined => {
    claimStatement ??= db.prepare(
      `UPDATE jobs SET status = 'running', attempts = attempts + 1, runner = ?, started_at = ?, updated_at = ?
       WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY created_at, id LIMIT 1) RETURNING id, kind, import_id, attempts, runner`,
    );
    const t = now();
    return claimStatement.all(runner, t, t)[0] as ClaimedJob | undefined;
  });

  /** Runs `work` fenced by the claim; when it fails (other than a lost claim), records `failure` the same way. */
  const fenced = (job: ClaimedJob, importStatus: 'importing' | 'reverting', work: () => void, failure: (e: unknown) => StatusChange): void => {
    try {
      db.transaction(() => {
        checkClaim(db, job, importStatus);
        work();
        finishJob(db, job, 'done', null);
      }).immediate();
    } catch (e) {
      if (e instanceof JobLostError) throw e;
      db.transaction(() => {
        checkClaim(db, job, importStatus);
        const change = failure(e);
        setStatus(db, job.import_id, change);
        finishJob(db, job, 'failed', change.error ?? null);
      }).immediate();
    } finally {
      dirty = true;
    }
  };

  return {
    async enqueue(kind, row) {
      const t = now();
      db.transaction(() => {
        db.prepare('INSERT INTO jobs (id, kind, import_id, family_id, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
          .run(uuidv7(), kind, row.id, row.family_id, 'queued', t, t);
        setStatus(db, row.id, { status: kind === 'publish' ? 'importing' : 'reverting', error: null });
      })();
      return importById(db, row.id);
    },

    async claim(runner): Promise<Claim | null> {
      this.checkpoint();
      const job = claim.immediate(runner);
      return job ? { job, row: importById(db, job.import_id) } : null;
    },

    async requeueAbandoned() {
      const running = db.prepare("SELECT id, kind, import_id, attempts FROM jobs WHERE status = 'running'").all() as
        Pick<ClaimedJob, 'id' | 'kind' | 'import_id' | 'attempts'>[];
      let requeued = 0, abandoned = 0;
      const t = now();
      db.transaction(() => {
        for (const j of running) {
          if (j.attempts < MAX_ATTEMPTS) {
            db.prepare("UPDATE jobs SET status = 'queued', updated_at = ? WHERE id = ?").run(t, j.id);
            requeued++;
          } else {
            const change = givenUp(j.kind, j.attempts);
            db.prepare("UPDATE jobs SET status = 'failed', error = ?, finished_at = ?, updated_at = ? WHERE id = ?").run(change.error, t, t, j.id);
            setStatus(db, j.import_id, change);
            abandoned++;
          }
        }
      })();
      return { requeued, abandoned };
    },

    async publish({ job, row }, plan) {
      let before: Counts | null = null;
      fenced(job, 'importing', () => {
        const first = lastTransactionRowid(db) + 1;
        if (plan.counted) before = familyCounts(db, row.family_id);
        if (plan.deferReferences) db.pragma('defer_foreign_keys = ON'); // until the commit
        const ledger = new SqliteLedger(db, row.family_id, row.id);
        const sink = plan.sink(ledger);
        if (sink.scan) for (const chunk of rowChunks(db, row.id)) for (const r of chunk) sink.scan(r);
        for (const chunk of rowChunks(db, row.id)) for (const r of chunk) sink.write(r);
        sink.end();
        const counts = before === null ? null : { before, after: familyCounts(db, row.family_id), own: importCounts(db, row.id) };
        setTransactionRange(db, row.id, { from: first, to: lastTransactionRowid(db) });
        setStatus(db, row.id, plan.complete(ledger.summary, counts));
      }, (e) => plan.failed(describe(e), before ?? (plan.counted ? familyCounts(db, row.family_id) : null)));
    },

    async revert({ job, row }, plan) {
      fenced(job, 'reverting', () => {
        revertImport(db, row.family_id, row.id);
        setStatus(db, row.id, plan.reverted());
      }, (e) => plan.failed(describe(e), isDiskFull(e)));
    },

    checkpoint() {
      if (!dirty) return;
      dirty = false;
      try {
        db.pragma('wal_checkpoint(PASSIVE)');
      } catch (e) {
        if (!isDiskFull(e)) throw e; // no room to copy pages into the database file: the WAL keeps them
      }
    },
  };
}

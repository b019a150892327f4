// The durable queue and the job's transaction on PostgreSQL (SPEC §3.10, §3.12, §3.13), shared by
// every server process and `sluice worker` on the database.
//
// - claim: one statement takes the oldest queued job no one else is taking (FOR UPDATE SKIP
//   LOCKED), marks it running with this runner and attempt + 1, and commits: the attempt counts
//   even if the process dies next.
// - the job's transaction begins by locking the job's row (SELECT … FOR UPDATE) with the claim's
//   runner and attempt and its import's status (the fence: else JobLostError, nothing written),
//   holds that lock to its commit, and ends with the import's status and the job's done mark. The
//   row lock is the lease: it lasts exactly as long as the transaction, which ends when the
//   process's connection does, so no renewal is needed and no dead worker holds a job.
// - requeueAbandoned (the sweeper, run by every worker process at start and then periodically):
//   running jobs whose row it can lock (SKIP LOCKED: nobody's transaction holds it) and that were
//   claimed more than CLAIM_GRACE_MS ago (the moment between a claim's commit and its job's lock)
//   go back to the queue; past MAX_ATTEMPTS they fail and the import is given back (givenUp).
// - enqueue notifies the channel `sluice_jobs`; workers LISTEN on it (store.ts listen) and poll
//   as a fallback.

import { ALL_COUNT_KEYS } from 'sluice';
import { givenUp, MAX_ATTEMPTS, type Claim, type ClaimedJob, type Counts, type JobStore, type StatusChange } from '../store.ts';
import { isDiskFull, JobLostError } from '../errors.ts';
import { now, uuidv7 } from '../ids.ts';
import { decodeRows } from '../row-chunks.ts';
import type { PgDb, Sql } from './db.ts';
import { importById, ownTransactions, rowChunkCount, rowChunks, setStatus, setTransactionIds } from './imports.ts';
import { FLUSH_AT, loadFamily, PgLedger } from './ledger.ts';
import { revertImport } from './revert.ts';

/** The channel a queued job is announced on. */
export const JOBS_CHANNEL = 'sluice_jobs';
/** A time of the database's clock as the store writes times (ISO 8601, UTC, milliseconds: ids.ts now()). */
const dbTime = (at: string) => `to_char((${at}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const DB_NOW = dbTime('clock_timestamp()');

/** Row chunks read in one query by a publish (500 rows each): a flush's worth (ledger.ts FLUSH_AT). */
const READ_CHUNKS = 40;
/** A running job unlocked this long after its claim has no live runner. */
export const CLAIM_GRACE_MS = 5_000;

async function familyCounts(sql: Sql, familyId: string): Promise<Counts> {
  const out: Counts = {};
  for (const k of ALL_COUNT_KEYS) out[k] = (await sql.value<number>(`SELECT count(*) FROM ${k} WHERE family_id = $1`, [familyId]))!;
  return out;
}

async function importCounts(sql: Sql, importId: string): Promise<Counts> {
  const out: Counts = {};
  for (const k of ALL_COUNT_KEYS) {
    const own = k === 'transactions' ? ownTransactions('t', '$1') : 'import_id = $1';
    out[k] = (await sql.value<number>(`SELECT count(*) FROM ${k} t WHERE ${own}`, [importId]))!;
  }
  return out;
}

/** The fence, first in the job's transaction: the claim still holds (its row locked until the commit). */
async function checkClaim(sql: Sql, job: ClaimedJob, importStatus: 'importing' | 'reverting'): Promise<void> {
  const held = await sql.get(
    `SELECT 1 FROM jobs j JOIN imports i ON i.id = j.import_id
     WHERE j.id = $1 AND j.status = 'running' AND j.attempts = $2 AND j.runner = $3 AND i.status = $4 FOR UPDATE OF j`,
    [job.id, job.attempts, job.runner, importStatus],
  );
  if (!held) throw new JobLostError(`job ${job.id} (attempt ${job.attempts}) is no longer this runner's; nothing was written`);
}

async function finishJob(sql: Sql, job: ClaimedJob, status: 'done' | 'failed', error: string | null): Promise<void> {
  const t = now();
  await sql.run('UPDATE jobs SET status = $1, error = $2, finished_at = $3, updated_at = $4 WHERE id = $5', [status, error, t, t, job.id]);
}

/** Until the transaction ends, the family's publishes and reverts wait for this one (a transaction-level advisory lock). */
async function lockFamily(sql: Sql, familyId: string): Promise<void> {
  await sql.run("SELECT pg_advisory_xact_lock(hashtextextended('sluice family ' || $1, 0))", [familyId]);
}

/** What went wrong, in words a user can act on (no SQL): PostgreSQL's SQLSTATE and constraint details. */
function describe(e: unknown): string {
  const err = e as { code?: string; table?: string; detail?: string; message?: string };
  if (err.code === '23505') {
    const cols = /^Key \((.+?)\)=/.exec(err.detail ?? '')?.[1]?.split(', ').filter((c) => c !== 'family_id' && !c.startsWith('lower(')) ?? [];
    return `the file holds a ${err.table ?? 'record'} record that clashes with one already stored${cols.length > 0 ? ` (same ${cols.join(' and ')})` : ''}`;
  }
  if (err.code === '23503') return 'a record refers to another that does not exist';
  if (isDiskFull(e)) return "the database's disk is full; publish again once space is freed";
  return e instanceof Error ? e.message : String(e);
}

export function pgJobs(db: PgDb): JobStore {
  /** Runs `work` fenced by the claim; when it fails (other than a lost claim), records `failure` the same way. */
  const fenced = async (job: ClaimedJob, importStatus: 'importing' | 'reverting', work: (sql: Sql) => Promise<void>,
    failure: (e: unknown) => Promise<StatusChange>): Promise<void> => {
    try {
      await db.tx(async (sql) => {
        await checkClaim(sql, job, importStatus);
        await work(sql);
        await finishJob(sql, job, 'done', null);
      });
    } catch (e) {
      if (e instanceof JobLostError) throw e;
      await db.tx(async (sql) => {
        await checkClaim(sql, job, importStatus);
        const change = await failure(e);
        await setStatus(sql, job.import_id, change);
        await finishJob(sql, job, 'failed', change.error ?? null);
      });
    }
  };

  return {
    async enqueue(kind, row) {
      const t = now();
      await db.tx(async (sql) => {
        await sql.run('INSERT INTO jobs (id, kind, import_id, family_id, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
          [uuidv7(), kind, row.id, row.family_id, 'queued', t, t]);
        await setStatus(sql, row.id, { status: kind === 'publish' ? 'importing' : 'reverting', error: null });
        await sql.run(`SELECT pg_notify('${JOBS_CHANNEL}', $1)`, [row.id]); // delivered at the commit
      });
      return importById(db, row.id);
    },

    async claim(runner): Promise<Claim | null> {
      // started_at by the database's clock, which the sweeper compares with (processes on several
      // machines need not agree on the time).
      const job = await db.get<ClaimedJob>(
        `UPDATE jobs SET status = 'running', attempts = attempts + 1, runner = $1, started_at = ${DB_NOW}, updated_at = ${DB_NOW}
         WHERE id = (SELECT id FROM jobs WHERE status = 'queued' ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
         RETURNING id, kind, import_id, attempts, runner`,
        [runner],
      );
      return job ? { job, row: await importById(db, job.import_id) } : null;
    },

    async requeueAbandoned() {
      return db.tx(async (sql) => {
        const running = await sql.all<Pick<ClaimedJob, 'id' | 'kind' | 'import_id' | 'attempts'>>(
          `SELECT id, kind, import_id, attempts FROM jobs
           WHERE status = 'running' AND started_at < ${dbTime(`clock_timestamp() - make_interval(secs => $1)`)} FOR UPDATE SKIP LOCKED`,
          [CLAIM_GRACE_MS / 1000]);
        let requeued = 0, abandoned = 0;
        const t = now();
        for (const j of running) {
          if (j.attempts < MAX_ATTEMPTS) {
            await sql.run("UPDATE jobs SET status = 'queued', updated_at = $1 WHERE id = $2", [t, j.id]);
            requeued++;
          } else {
            const change = givenUp(j.kind, j.attempts);
            await sql.run("UPDATE jobs SET status = 'failed', error = $1, finished_at = $2, updated_at = $2 WHERE id = $3", [change.error, t, j.id]);
            await setStatus(sql, j.import_id, change);
            abandoned++;
          }
        }
        if (requeued > 0) await sql.run(`SELECT pg_notify('${JOBS_CHANNEL}', '')`);
        return { requeued, abandoned };
      });
    },

    async publish({ job, row }, plan) {
      let before: Counts | null = null;
      await fenced(job, 'importing', async (sql) => {
        // One publish (or revert) of a family at a time: its find-or-create of categories, tags,
        // merchants and accounts reads the family's records at the start, and two publishes
        // creating the same tag at once would clash. Other families' publishes run in parallel.
        await lockFamily(sql, row.family_id);
        // References are checked at the commit: the ledger sends its tables in batches, in any order
        // (those of the row tables it checks itself: verifyReferences).
        await sql.run('SET CONSTRAINTS ALL DEFERRED');
        if (plan.counted) before = await familyCounts(sql, row.family_id);
        const ledger = new PgLedger(row.family_id, row.id, await loadFamily(sql, row.family_id));
        const sink = plan.sink(ledger);
        const chunks = await rowChunkCount(sql, row.id);
        // The rows are read on another connection of the pool, outside this transaction: an
        // importing import's stored rows do not change (only a pending or failed one is edited),
        // so the next batch is read while this one is written, and this transaction's connection
        // runs one statement at a time.
        const read = (from: number) => {
          const p = rowChunks(db, row.id, from, Math.min(chunks, from + READ_CHUNKS));
          p.catch(() => {}); // a read left waiting when a flush fails is not awaited
          return p;
        };
        if (sink.scan) {
          for (let c = 0; c < chunks; c += READ_CHUNKS) for (const chunk of await read(c)) for (const r of decodeRows(chunk.data, chunk.first_row)) sink.scan(r);
        }
        // The database and this thread work at once: while the database writes one batch's flush,
        // this thread turns the next batch of rows into records (yielding after every 500 rows, so
        // a flush of several statements sends each as soon as the one before is done), then waits
        // for the flush and sends the next. The summary is complete once every flush has resolved.
        let flushing: Promise<void> | null = null;
        let next = chunks > 0 ? read(0) : null;
        for (let c = 0; next !== null; c += READ_CHUNKS) {
          const batch = await next;
          next = c + READ_CHUNKS < chunks ? read(c + READ_CHUNKS) : null;
          // A chunk's rows are decoded just before they are written: the batch waits as its stored
          // text (one string each), not as thousands of row objects that outlive collections.
          for (const chunk of batch) {
            for (const r of decodeRows(chunk.data, chunk.first_row)) sink.write(r);
            await new Promise<void>((resolve) => setImmediate(resolve));
          }
          await flushing;
          flushing = ledger.buffered >= FLUSH_AT ? ledger.flush(sql) : null;
          flushing?.catch(() => {}); // awaited after the next batch is built, or below
        }
        sink.end();
        await flushing;
        await ledger.flush(sql);
        await ledger.verifyReferences(sql);
        await setTransactionIds(sql, row.id, ledger.transactionIds());
        const counts = before === null ? null : { before, after: await familyCounts(sql, row.family_id), own: await importCounts(sql, row.id) };
        await setStatus(sql, row.id, plan.complete(ledger.summary, counts));
      }, async (e) => plan.failed(describe(e), before ?? (plan.counted ? await familyCounts(db, row.family_id) : null)));
    },

    async revert({ job, row }, plan) {
      await fenced(job, 'reverting', async (sql) => {
        await lockFamily(sql, row.family_id);
        await revertImport(sql, row.id);
        await setStatus(sql, row.id, plan.reverted());
      }, async (e) => plan.failed(describe(e), isDiskFull(e)));
    },
  };
}

// Imports, their content and their parsed rows, on PostgreSQL: the same staging as the SQLite
// store (sqlite/imports.ts: an upload is written while it arrives into an invisible, `staged`
// import, made visible by one final transaction; a PATCH re-reads into a second staged import whose
// rows replace the import's in one transaction), with two differences:
// - Several server processes share the database (SPEC §3.13), so a starting process cannot tell a
//   crashed upload from another live process's: it removes only staged imports nobody has written
//   to for STALE_STAGED_MS (every appended block touches `updated_at`).
// - Row chunks, mappings and content blocks go in multi-row INSERTs, one round trip per batch.

import { QuotaExceeded, type Finalize, type ImportRequestRecord, type ImportRow, type ImportStore, type MappingInput, type StatusChange } from '../store.ts';
import { now, uuidv7 } from '../ids.ts';
import { chunkSpan, decodeRows, encodeRows, rowsInSpan, type StoredRow } from '../row-chunks.ts';
import type { PgDb, Sql } from './db.ts';

/** A staged import untouched this long belongs to no live upload (a request that slow has timed out long before). */
export const STALE_STAGED_MS = 15 * 60_000;

/** `($1, $2, …), (…)` for `rows` rows of `width` values, numbered from `from`. */
export function placeholders(rows: number, width: number, from = 1): string {
  const out: string[] = [];
  for (let r = 0; r < rows; r++) {
    const cells: string[] = [];
    for (let c = 0; c < width; c++) cells.push(`$${from + r * width + c}`);
    out.push(`(${cells.join(', ')})`);
  }
  return out.join(', ');
}

export async function setStatus(sql: Sql, importId: string, change: StatusChange): Promise<void> {
  const sets = ['status = $2', 'updated_at = $3'];
  const params: unknown[] = [importId, change.status, now()];
  const set = (col: string, v: unknown) => { params.push(v); sets.push(`${col} = $${params.length}`); };
  if (change.error !== undefined) set('error', change.error);
  if (change.verification !== undefined) set('verification', change.verification === null ? null : JSON.stringify(change.verification));
  if (change.summary !== undefined) set('summary', change.summary === null ? null : JSON.stringify(change.summary));
  await sql.run(`UPDATE imports SET ${sets.join(', ')} WHERE id = $1`, params);
}

export async function importById(sql: Sql, id: string): Promise<ImportRow> {
  return (await sql.get<ImportRow>('SELECT * FROM imports WHERE id = $1', [id]))!;
}

/** The stored row chunk `chunk` (publishing reads them one at a time, in order). */
export async function rowChunk(sql: Sql, importId: string, chunk: number): Promise<StoredRow[]> {
  const c = await sql.get<{ first_row: number; data: string }>('SELECT first_row, data FROM import_row_chunks WHERE import_id = $1 AND chunk = $2', [importId, chunk]);
  return c ? decodeRows(c.data, c.first_row) : [];
}

/** Row chunks [from, to) in order, in one query (the publish reads them a batch at a time). */
/** Stored chunks [from, to) as stored (decodeRows() reads one), in order. */
export async function rowChunks(sql: Sql, importId: string, from: number, to: number): Promise<{ first_row: number; data: string }[]> {
  return sql.all<{ first_row: number; data: string }>(
    'SELECT first_row, data FROM import_row_chunks WHERE import_id = $1 AND chunk >= $2 AND chunk < $3 ORDER BY chunk', [importId, from, to]);
}

/**
 * SQL condition on the transactions aliased `t`: those of the import whose id is the parameter
 * `i`, found by the id range its publish recorded (schema.ts version 9) through the primary key,
 * then by import_id (ids of other families' publishes running at the same time may fall in the
 * range). An import with no range recorded wrote no transactions (or was reverted): it matches none.
 */
export const ownTransactions = (t: string, i: string): string =>
  `${t}.id BETWEEN (SELECT tx_id_from FROM imports WHERE id = ${i}) AND (SELECT tx_id_to FROM imports WHERE id = ${i}) AND ${t}.import_id = ${i}`;

/** Records (or, with null, forgets) the range of the ids of the transactions an import's publish wrote. */
export async function setTransactionIds(sql: Sql, importId: string, range: { from: string; to: string } | null): Promise<void> {
  await sql.run('UPDATE imports SET tx_id_from = $1, tx_id_to = $2 WHERE id = $3', [range?.from ?? null, range?.to ?? null, importId]);
}

export async function rowChunkCount(sql: Sql, importId: string): Promise<number> {
  return (await sql.value<number>('SELECT count(*) FROM import_row_chunks WHERE import_id = $1', [importId]))!;
}

const MAPPING_COLUMNS = 11;

async function insertMappings(sql: Sql, importId: string, mappings: readonly MappingInput[], t: string): Promise<void> {
  // 65,535 parameters at most per statement.
  const per = Math.floor(65_535 / MAPPING_COLUMNS);
  for (let i = 0; i < mappings.length; i += per) {
    const batch = mappings.slice(i, i + per);
    const params: unknown[] = [];
    for (const x of batch) params.push(uuidv7(), importId, x.kind, x.key, x.parent_key, x.mappable_id, x.value, x.assigned ? 1 : 0, x.valid ? 1 : 0, t, t);
    await sql.run(
      `INSERT INTO import_mappings (id, import_id, kind, key, parent_key, mappable_id, value, assigned, valid, created_at, updated_at)
       VALUES ${placeholders(batch.length, MAPPING_COLUMNS)}`,
      params,
    );
  }
}

/**
 * Stores stats, mappings and the result, and makes the import visible (inside the caller's
 * transaction), unless the family's quota would be passed (QuotaExceeded). The family's finalizes
 * take turns through a transaction-level advisory lock of their own (not the publish's family
 * lock: an upload never waits for a publish), so each one's sum sees the others' commits.
 */
async function finalize(sql: Sql, importId: string, f: Finalize): Promise<void> {
  const familyId = await sql.value<string>('SELECT family_id FROM imports WHERE id = $1', [importId]);
  await sql.run("SELECT pg_advisory_xact_lock(hashtextextended('sluice quota ' || $1, 0))", [familyId]);
  const inUse = (await sql.value<number>(
    'SELECT coalesce(sum(stored_bytes), 0)::bigint FROM imports WHERE family_id = $1 AND staged = 0 AND id <> $2', [familyId, importId]))!;
  if (inUse + f.storedBytes > f.maxFamilyBytes) throw new QuotaExceeded(inUse);
  const t = now();
  await insertMappings(sql, importId, f.mappings, t);
  await sql.run(
    `UPDATE imports SET uploaded = $1, content_bytes = $2, stored_bytes = $3, rows_count = $4, valid_rows_count = $5, invalid_rows_count = $6,
       mappings_count = $7, unassigned_mappings_count = $8, result = $9, blockers = $10, verification = $11,
       configuration = coalesce($12, configuration), staged = 0, updated_at = $13
     WHERE id = $14`,
    [f.uploaded ? 1 : 0, f.contentBytes, f.storedBytes, f.rowsCount, f.validRowsCount, f.invalidRowsCount, f.mappings.length,
      f.mappings.filter((x) => !x.assigned).length, JSON.stringify(f.result), JSON.stringify(f.blockers),
      f.verification === null ? null : JSON.stringify(f.verification),
      f.configuration === null ? null : JSON.stringify(f.configuration), t, importId],
  );
}

/** Deletes a staged import and everything it staged (inside the caller's transaction). */
async function discard(sql: Sql, importId: string): Promise<void> {
  for (const table of ['import_row_chunks', 'import_contents', 'import_mappings']) await sql.run(`DELETE FROM ${table} WHERE import_id = $1`, [importId]);
  await sql.run('DELETE FROM imports WHERE id = $1 AND staged = 1', [importId]);
}

const EDITABLE = new Set(['pending', 'failed']);

export function pgImports(db: PgDb): ImportStore {
  return {
    async get(familyId, id) {
      return db.get<ImportRow>('SELECT * FROM imports WHERE id = $1 AND family_id = $2 AND staged = 0', [id, familyId]);
    },

    async list(q) {
      const where = ['family_id = $1', 'staged = 0'];
      const params: unknown[] = [q.familyId];
      if (q.status !== null) { params.push(q.status); where.push(`status = $${params.length}`); }
      if (q.type !== null) { params.push(q.type); where.push(`type = $${params.length}`); }
      const cond = where.join(' AND ');
      const total = (await db.value<number>(`SELECT count(*) FROM imports WHERE ${cond}`, params))!;
      const rows = await db.all<ImportRow>(
        `SELECT * FROM imports WHERE ${cond} ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, q.perPage, (q.page - 1) * q.perPage],
      );
      return { rows, total };
    },

    async rows(importId, offset, limit) {
      const span = chunkSpan(offset, limit);
      if (span === null) return [];
      const chunks = await db.all<{ first_row: number; data: string }>(
        'SELECT first_row, data FROM import_row_chunks WHERE import_id = $1 AND chunk BETWEEN $2 AND $3 ORDER BY chunk', [importId, span.first, span.last]);
      return rowsInSpan(chunks, offset, limit);
    },

    async delete(familyId, importId) {
      return db.tx(async (sql) => {
        // FOR UPDATE: a publish enqueued meanwhile waits for this, or this sees its status.
        const status = await sql.value<string>('SELECT status FROM imports WHERE id = $1 AND family_id = $2 AND staged = 0 FOR UPDATE', [importId, familyId]);
        if (status === undefined) return 'missing';
        if (!EDITABLE.has(status)) return status;
        for (const table of ['import_row_chunks', 'import_contents', 'import_mappings', 'import_changes', 'jobs']) {
          await sql.run(`DELETE FROM ${table} WHERE import_id = $1`, [importId]);
        }
        await sql.run('DELETE FROM imports WHERE id = $1', [importId]);
        return null;
      });
    },

    async setStatus(importId, change) {
      await setStatus(db, importId, change);
    },

    async storedBytes(familyId, except) {
      return (await db.value<number>('SELECT coalesce(sum(stored_bytes), 0)::bigint FROM imports WHERE family_id = $1 AND staged = 0 AND id IS DISTINCT FROM $2',
        [familyId, except]))!;
    },

    async stage(input) {
      const id = uuidv7();
      const t = now();
      await db.run(
        `INSERT INTO imports (id, family_id, user_id, type, status, account_id, options, configuration, content_type, filename, staged, created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8, $9, 1, $10, $11)`,
        [id, input.familyId, input.userId, input.type, input.accountId, JSON.stringify(input.options), JSON.stringify(input.configuration),
          input.contentType, input.filename, t, t],
      );
      return id;
    },

    async restage(importId, r) {
      await db.run('UPDATE imports SET type = $1, account_id = $2, options = $3, configuration = $4 WHERE id = $5 AND staged = 1',
        [r.type, r.accountId, JSON.stringify(r.options), JSON.stringify(r.configuration), importId]);
    },

    /** One transaction; it touches the staged import, so no starting process takes it for abandoned. */
    async append(importId, content, rows) {
      await db.tx(async (sql) => {
        if (content.length > 0) {
          const params: unknown[] = [];
          for (const x of content) params.push(importId, x.seq, x.bytes);
          await sql.run(`INSERT INTO import_contents (import_id, seq, bytes) VALUES ${placeholders(content.length, 3)}`, params);
        }
        if (rows.length > 0) {
          const params: unknown[] = [];
          for (const x of rows) params.push(importId, x.chunk, x.first, x.count, x.json);
          await sql.run(`INSERT INTO import_row_chunks (import_id, chunk, first_row, count, data) VALUES ${placeholders(rows.length, 5)}`, params);
        }
        await sql.run('UPDATE imports SET updated_at = $1 WHERE id = $2', [now(), importId]);
      });
    },

    async clearRows(importId) {
      await db.run('DELETE FROM import_row_chunks WHERE import_id = $1', [importId]);
    },

    async *content(importId) {
      const count = (await db.value<number>('SELECT count(*) FROM import_contents WHERE import_id = $1', [importId]))!;
      for (let i = 0; i < count; i++) {
        yield (await db.value<Uint8Array>('SELECT bytes FROM import_contents WHERE import_id = $1 AND seq = $2', [importId, i]))!;
      }
    },

    async rowChunk(importId, chunk) {
      return rowChunk(db, importId, chunk);
    },

    async replaceRowChunk(importId, chunk, rows) {
      await db.run('UPDATE import_row_chunks SET data = $1 WHERE import_id = $2 AND chunk = $3', [encodeRows(rows), importId, chunk]);
    },

    async finalize(importId, f) {
      await db.tx((sql) => finalize(sql, importId, f));
    },

    async replaceRows(importId, stagedId, r: ImportRequestRecord, f) {
      return db.tx(async (sql) => {
        const status = await sql.value<string>('SELECT status FROM imports WHERE id = $1 AND staged = 0 FOR UPDATE', [importId]);
        if (status === undefined) return 'missing';
        if (!EDITABLE.has(status)) return status;
        await sql.run(`UPDATE imports SET account_id = $1, options = $2, configuration = $3, status = 'pending', error = NULL, updated_at = $4 WHERE id = $5`,
          [r.accountId, JSON.stringify(r.options), JSON.stringify(r.configuration), now(), importId]);
        await sql.run('DELETE FROM import_row_chunks WHERE import_id = $1', [importId]);
        await sql.run('DELETE FROM import_mappings WHERE import_id = $1', [importId]);
        await sql.run('UPDATE import_row_chunks SET import_id = $1 WHERE import_id = $2', [importId, stagedId]);
        await finalize(sql, importId, f);
        await discard(sql, stagedId);
        return null;
      });
    },

    async discard(importId) {
      await db.tx((sql) => discard(sql, importId));
    },

    async discardAllStaged() {
      const before = new Date(Date.now() - STALE_STAGED_MS).toISOString();
      const ids = await db.all<{ id: string }>('SELECT id FROM imports WHERE staged = 1 AND updated_at < $1', [before]);
      for (const { id } of ids) await db.tx((sql) => discard(sql, id));
      return ids.length;
    },
  };
}

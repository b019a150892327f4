// Imports, their content and their parsed rows, on SQLite.
//
// An upload is written while it arrives, so memory stays flat: the import row is created
// `staged`, content and rows are appended in chunks, and one final transaction stores the stats
// and mappings and clears `staged`. Until then no endpoint sees the import; a failed request
// deletes what it staged, and a crash leaves staged rows that the next start deletes. So a
// request that fails stores nothing the API can see, without holding a write transaction open
// across a slow upload.
//
// Rows are stored as JSON chunks of ROWS_PER_CHUNK rows (one insert per chunk instead of one per
// row: a 150,000-row file is 300 inserts); a page of rows reads the one or two chunks it spans.
// A PATCH reads the stored content again into a second, staged import, whose rows then replace the
// import's own in one transaction (replaceRows), so no write transaction spans the re-read either.

import { QuotaExceeded, type Finalize, type ImportRequestRecord, type ImportRow, type ImportStore, type StatusChange } from '../store.ts';
import { now, uuidv7 } from '../ids.ts';
import { chunkSpan, decodeRows, encodeRows, rowsInSpan, type StoredRow } from '../row-chunks.ts';
import type { Db } from './db.ts';

export function setStatus(db: Db, importId: string, change: StatusChange): void {
  const sets = ['status = @status', 'updated_at = @t'];
  if (change.error !== undefined) sets.push('error = @error');
  if (change.verification !== undefined) sets.push('verification = @verification');
  if (change.summary !== undefined) sets.push('summary = @summary');
  db.prepare(`UPDATE imports SET ${sets.join(', ')} WHERE id = @id`).run({
    id: importId, status: change.status, t: now(), error: change.error ?? null,
    verification: change.verification === undefined || change.verification === null ? null : JSON.stringify(change.verification),
    summary: change.summary === undefined || change.summary === null ? null : JSON.stringify(change.summary),
  });
}

export function importById(db: Db, id: string): ImportRow {
  return db.prepare('SELECT * FROM imports WHERE id = ?').get(id) as ImportRow;
}

/** Every stored row chunk in order (publishing reads them one chunk at a time). */
export function* rowChunks(db: Db, importId: string): Generator<StoredRow[]> {
  const count = db.prepare('SELECT count(*) FROM import_row_chunks WHERE import_id = ?').pluck().get(importId) as number;
  const stmt = db.prepare('SELECT first_row, data FROM import_row_chunks WHERE import_id = ? AND chunk = ?');
  for (let i = 0; i < count; i++) {
    const c = stmt.get(importId, i) as { first_row: number; data: string };
    yield decodeRows(c.data, c.first_row);
  }
}

/**
 * The rowid range of the transactions an import's publish wrote: undefined when the import is not
 * the family's, null when it wrote none (or is not published). One publish is one transaction of
 * the one writer, and a new row's rowid is the largest so far plus one, so the import's rows are
 * exactly its rows inside this range (the import_id is still checked: rows written later into
 * rowids its reverted rows left free are others').
 */
export function transactionRange(db: Db, familyId: string, importId: string): { from: number; to: number } | null | undefined {
  const r = db.prepare('SELECT tx_rowid_from AS "from", tx_rowid_to AS "to" FROM imports WHERE id = ? AND family_id = ?').get(importId, familyId) as
    { from: number | null; to: number | null } | undefined;
  if (r === undefined) return undefined;
  return r.from === null || r.to === null || r.to < r.from ? null : { from: r.from, to: r.to };
}

/** The largest transactions rowid so far (0 for none): a publish's range starts after it. */
export function lastTransactionRowid(db: Db): number {
  return (db.prepare('SELECT coalesce(max(rowid), 0) FROM transactions').pluck().get() as number);
}

/** Records (or, with null, forgets) the rowid range an import's publish wrote its transactions in. */
export function setTransactionRange(db: Db, importId: string, range: { from: number; to: number } | null): void {
  db.prepare('UPDATE imports SET tx_rowid_from = ?, tx_rowid_to = ? WHERE id = ?').run(range?.from ?? null, range?.to ?? null, importId);
}

/**
 * Stores stats, mappings and the result, and makes the import visible (inside the caller's
 * transaction), unless the family's quota would be passed (QuotaExceeded). One process writes the
 * file and its transactions run whole, so the sum cannot change before the update.
 */
function finalize(db: Db, importId: string, f: Finalize): void {
  const inUse = db.prepare(
    `SELECT coalesce(sum(stored_bytes), 0) FROM imports
     WHERE family_id = (SELECT family_id FROM imports WHERE id = ?) AND staged = 0 AND id <> ?`,
  ).pluck().get(importId, importId) as number;
  if (inUse + f.storedBytes > f.maxFamilyBytes) throw new QuotaExceeded(inUse);
  const t = now();
  const m = db.prepare(
    'INSERT INTO import_mappings (id, import_id, kind, key, parent_key, mappable_id, value, assigned, valid, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  for (const x of f.mappings) m.run(uuidv7(), importId, x.kind, x.key, x.parent_key, x.mappable_id, x.value, x.assigned ? 1 : 0, x.valid ? 1 : 0, t, t);
  db.prepare(
    `UPDATE imports SET uploaded = ?, content_bytes = ?, stored_bytes = ?, rows_count = ?, valid_rows_count = ?, invalid_rows_count = ?,
       mappings_count = ?, unassigned_mappings_count = ?, result = ?, blockers = ?, verification = ?,
       configuration = coalesce(?, configuration), staged = 0, updated_at = ?
     WHERE id = ?`,
  ).run(f.uploaded ? 1 : 0, f.contentBytes, f.storedBytes, f.rowsCount, f.validRowsCount, f.invalidRowsCount, f.mappings.length,
    f.mappings.filter((x) => !x.assigned).length, JSON.stringify(f.result), JSON.stringify(f.blockers),
    f.verification === null ? null : JSON.stringify(f.verification),
    f.configuration === null ? null : JSON.stringify(f.configuration), t, importId);
}

/** Deletes a staged import and everything it staged. */
function discard(db: Db, importId: string): void {
  db.transaction(() => {
    db.prepare('DELETE FROM import_row_chunks WHERE import_id = ?').run(importId);
    db.prepare('DELETE FROM import_contents WHERE import_id = ?').run(importId);
    db.prepare('DELETE FROM import_mappings WHERE import_id = ?').run(importId);
    db.prepare('DELETE FROM imports WHERE id = ? AND staged = 1').run(importId);
  })();
}

const EDITABLE = new Set(['pending', 'failed']);

export function sqliteImports(db: Db): ImportStore {
  return {
    async get(familyId, id) {
      return db.prepare('SELECT * FROM imports WHERE id = ? AND family_id = ? AND staged = 0').get(id, familyId) as ImportRow | undefined;
    },

    async list(q) {
      const where = ['family_id = @familyId', 'staged = 0'];
      if (q.status !== null) where.push('status = @status');
      if (q.type !== null) where.push('type = @type');
      const cond = where.join(' AND ');
      const params = { familyId: q.familyId, status: q.status, type: q.type, limit: q.perPage, offset: (q.page - 1) * q.perPage };
      const total = db.prepare(`SELECT count(*) FROM imports WHERE ${cond}`).pluck().get(params) as number;
      const rows = db.prepare(`SELECT * FROM imports WHERE ${cond} ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`).all(params) as ImportRow[];
      return { rows, total };
    },

    async rows(importId, offset, limit) {
      const span = chunkSpan(offset, limit);
      if (span === null) return [];
      const chunks = db.prepare('SELECT first_row, data FROM import_row_chunks WHERE import_id = ? AND chunk BETWEEN ? AND ? ORDER BY chunk')
        .all(importId, span.first, span.last) as { first_row: number; data: string }[];
      return rowsInSpan(chunks, offset, limit);
    },

    async delete(familyId, importId) {
      return db.transaction(() => {
        const status = db.prepare('SELECT status FROM imports WHERE id = ? AND family_id = ? AND staged = 0').pluck().get(importId, familyId) as string | undefined;
        if (status === undefined) return 'missing';
        if (!EDITABLE.has(status)) return status;
        for (const table of ['import_row_chunks', 'import_contents', 'import_mappings', 'import_changes', 'jobs']) {
          db.prepare(`DELETE FROM ${table} WHERE import_id = ?`).run(importId);
        }
        db.prepare('DELETE FROM imports WHERE id = ?').run(importId);
        return null;
      }).immediate();
    },

    async setStatus(importId, change) {
      setStatus(db, importId, change);
    },

    async storedBytes(familyId, except) {
      return db.prepare('SELECT coalesce(sum(stored_bytes), 0) FROM imports WHERE family_id = ? AND staged = 0 AND id IS NOT ?').pluck().get(familyId, except) as number;
    },

    async stage(input) {
      const id = uuidv7();
      const t = now();
      db.prepare(
        `INSERT INTO imports (id, family_id, user_id, type, status, account_id, options, configuration, content_type, filename, staged, created_at, updated_at)
         VALUES (?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, 1, ?, ?)`,
      ).run(id, input.familyId, input.userId, input.type, input.accountId, JSON.stringify(input.options), JSON.stringify(input.configuration),
        input.contentType, input.filename, t, t);
      return id;
    },

    async restage(importId, r) {
      db.prepare('UPDATE imports SET type = ?, account_id = ?, options = ?, configuration = ? WHERE id = ? AND staged = 1')
        .run(r.type, r.accountId, JSON.stringify(r.options), JSON.stringify(r.configuration), importId);
    },

    /**
     * One short transaction. Staged data needs no fsync of its own (synchronous=NORMAL, still safe
     * from corruption in WAL mode): a crash throws it away anyway, and the FULL commit that
     * finishes the import syncs the log with everything before it.
     */
    async append(importId, content, rows) {
      const c = db.prepare('INSERT INTO import_contents (import_id, seq, bytes) VALUES (?, ?, ?)');
      const r = db.prepare('INSERT INTO import_row_chunks (import_id, chunk, first_row, count, data) VALUES (?, ?, ?, ?, ?)');
      const write = db.transaction(() => {
        for (const x of content) c.run(importId, x.seq, x.bytes);
        for (const x of rows) r.run(importId, x.chunk, x.first, x.count, x.json);
      });
      db.pragma('synchronous = NORMAL');
      try {
        write();
      } finally {
        db.pragma('synchronous = FULL');
      }
    },

    async clearRows(importId) {
      db.prepare('DELETE FROM import_row_chunks WHERE import_id = ?').run(importId);
    },

    async *content(importId) {
      const count = db.prepare('SELECT count(*) FROM import_contents WHERE import_id = ?').pluck().get(importId) as number;
      const stmt = db.prepare('SELECT bytes FROM import_contents WHERE import_id = ? AND seq = ?').pluck();
      for (let i = 0; i < count; i++) yield stmt.get(importId, i) as Uint8Array;
    },

    async rowChunk(importId, chunk) {
      const c = db.prepare('SELECT first_row, data FROM import_row_chunks WHERE import_id = ? AND chunk = ?').get(importId, chunk) as { first_row: number; data: string };
      return decodeRows(c.data, c.first_row);
    },

    async replaceRowChunk(importId, chunk, rows) {
      db.prepare('UPDATE import_row_chunks SET data = ? WHERE import_id = ? AND chunk = ?').run(encodeRows(rows), importId, chunk);
    },

    async finalize(importId, f) {
      // IMMEDIATE: the quota's sum is read before the writes, and the worker's connection may write meanwhile.
      db.transaction(() => finalize(db, importId, f)).immediate();
    },

    async replaceRows(importId, stagedId, r: ImportRequestRecord, f) {
      return db.transaction(() => {
        const status = db.prepare('SELECT status FROM imports WHERE id = ? AND staged = 0').pluck().get(importId) as string | undefined;
        if (status === undefined) return 'missing';
        if (!EDITABLE.has(status)) return status;
        db.prepare(`UPDATE imports SET account_id = ?, options = ?, configuration = ?, status = 'pending', error = NULL, updated_at = ? WHERE id = ?`)
          .run(r.accountId, JSON.stringify(r.options), JSON.stringify(r.configuration), now(), importId);
        db.prepare('DELETE FROM import_row_chunks WHERE import_id = ?').run(importId);
        db.prepare('DELETE FROM import_mappings WHERE import_id = ?').run(importId);
        db.prepare('UPDATE import_row_chunks SET import_id = ? WHERE import_id = ?').run(importId, stagedId);
        finalize(db, importId, f);
        discard(db, stagedId);
        return null;
      }).immediate();
    },

    async discard(importId) {
      discard(db, importId);
    },

    async discardAllStaged() {
      const ids = db.prepare('SELECT id FROM imports WHERE staged = 1').pluck().all() as string[];
      for (const id of ids) discard(db, id);
      return ids.length;
    },
  };
}

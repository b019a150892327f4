// Imports, their content and their parsed rows.
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

import type { Db } from './db.ts';
import { now, uuidv7 } from './ids.ts';
import { decodeRows, encodeRows, type StoredRow } from './row-chunks.ts';

export const ROWS_PER_CHUNK = 500;

export type ImportStatus = 'pending' | 'importing' | 'complete' | 'failed' | 'reverting' | 'revert_failed';

export interface ImportRow {
  id: string;
  family_id: string;
  user_id: string | null;
  type: string;
  status: ImportStatus;
  account_id: string | null;
  error: string | null;
  options: string;
  configuration: string;
  uploaded: number;
  content_type: string | null;
  filename: string | null;
  content_bytes: number;
  rows_count: number;
  valid_rows_count: number;
  invalid_rows_count: number;
  mappings_count: number;
  unassigned_mappings_count: number;
  result: string | null;
  blockers: string | null;
  verification: string | null;
  summary: string | null;
  created_at: string;
  updated_at: string;
}

export interface MappingInput {
  kind: 'category' | 'tag' | 'account' | 'account_type';
  /** The value as the rows name it. */
  key: string;
  /** A category's parent as the rows name it. */
  parent_key: string | null;
  /** The existing family record it matched (categories, tags, accounts). */
  mappable_id: string | null;
  /** What an account type maps to (one of the nine account classes). */
  value: string | null;
  /** Matched an existing record (or, for an account type, a class); otherwise created at publish. */
  assigned: boolean;
  valid: boolean;
}

export interface Finalize {
  uploaded: boolean;
  contentBytes: number;
  /** Content and stored rows together (the family's quota counts these). */
  storedBytes: number;
  rowsCount: number;
  validRowsCount: number;
  invalidRowsCount: number;
  result: unknown;
  blockers: unknown[];
  verification: unknown | null;
  mappings: MappingInput[];
  /** The configuration the content was read with (given and inferred values); null keeps the stored one. */
  configuration: unknown | null;
}

export function stageImport(
  db: Db,
  input: { familyId: string; userId: string; type: string; accountId: string | null; options: unknown; configuration: unknown; contentType: string | null; filename: string | null },
): string {
  const id = uuidv7();
  const t = now();
  db.prepare(
    `INSERT INTO imports (id, family_id, user_id, type, status, account_id, options, configuration, content_type, filename, staged, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?, 1, ?, ?)`,
  ).run(id, input.familyId, input.userId, input.type, input.accountId, JSON.stringify(input.options), JSON.stringify(input.configuration),
    input.contentType, input.filename, t, t);
  return id;
}

/** Updates what a staged import was created with (its request became final later). */
export function restageImport(db: Db, importId: string, input: { type: string; accountId: string | null; options: unknown; configuration: unknown }): void {
  db.prepare('UPDATE imports SET type = ?, account_id = ?, options = ?, configuration = ? WHERE id = ? AND staged = 1')
    .run(input.type, input.accountId, JSON.stringify(input.options), JSON.stringify(input.configuration), importId);
}

/**
 * Writes staged content and row chunks in one short transaction. Staged data needs no fsync of its
 * own (synchronous=NORMAL, still safe from corruption in WAL mode): a crash throws it away anyway,
 * and the FULL commit that finishes the import syncs the log with everything before it.
 */
export function appendStaged(db: Db, importId: string, content: { seq: number; bytes: Uint8Array }[], rows: { chunk: number; first: number; count: number; json: string }[]): void {
  // `json`: the chunk as encodeRows (row-chunks.ts) wrote it.
  const c = db.prepare('INSERT INTO import_contents (import_id, seq, bytes) VALUES (?, ?, ?)');
  const r = db.prepare('INSERT INTO import_row_chunks (import_id, chunk, first_row, count, data) VALUES (?, ?, ?, ?, ?)');
  const write = db.transaction(() => {
    for (const x of content) c.run(importId, x.seq, x.bytes);
    for (const x of rows) r.run(importId, x.chunk, x.first, x.count, x.json);
  });
  // Inside a caller's transaction (PATCH re-reads in one) the caller's commit syncs it.
  if (db.inTransaction) return write();
  db.pragma('synchronous = NORMAL');
  try {
    write();
  } finally {
    db.pragma('synchronous = FULL');
  }
}

/** Replaces the staged rows (a re-read of stored content). */
export function clearStagedRows(db: Db, importId: string): void {
  db.prepare('DELETE FROM import_row_chunks WHERE import_id = ?').run(importId);
}

/** Removes an import's mappings (before they are worked out again). */
export function clearMappings(db: Db, importId: string): void {
  db.prepare('DELETE FROM import_mappings WHERE import_id = ?').run(importId);
}

/** A stored import's new request (PATCH): options, configuration and account; back to pending, its error cleared. */
export function reconfigureImport(db: Db, importId: string, input: { accountId: string | null; options: unknown; configuration: unknown }): void {
  db.prepare(`UPDATE imports SET account_id = ?, options = ?, configuration = ?, status = 'pending', error = NULL, updated_at = ? WHERE id = ?`)
    .run(input.accountId, JSON.stringify(input.options), JSON.stringify(input.configuration), now(), importId);
}

/** Stores stats, mappings and the result, and makes the import visible. */
export function finalizeImport(db: Db, importId: string, f: Finalize): void {
  const t = now();
  const m = db.prepare(
    'INSERT INTO import_mappings (id, import_id, kind, key, parent_key, mappable_id, value, assigned, valid, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  db.transaction(() => {
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
  })();
}

/** What a family's imports store (content and rows), leaving out one import (the one being read again). */
export function familyStoredBytes(db: Db, familyId: string, except: string): number {
  return db.prepare('SELECT coalesce(sum(stored_bytes), 0) FROM imports WHERE family_id = ? AND staged = 0 AND id != ?').pluck().get(familyId, except) as number;
}

/** Deletes a staged import and everything it staged. */
export function discardStaged(db: Db, importId: string): void {
  db.transaction(() => {
    db.prepare('DELETE FROM import_row_chunks WHERE import_id = ?').run(importId);
    db.prepare('DELETE FROM import_contents WHERE import_id = ?').run(importId);
    db.prepare('DELETE FROM import_mappings WHERE import_id = ?').run(importId);
    db.prepare('DELETE FROM imports WHERE id = ? AND staged = 1').run(importId);
  })();
}

/**
 * Removes an import that holds no ledger data (pending or failed) with its content, rows, mappings
 * and jobs, in one transaction that checks the status it deletes under. Returns the status found
 * when it was not deletable, null when it was deleted.
 */
export function deleteImport(db: Db, familyId: string, importId: string): string | null {
  return db.transaction(() => {
    const status = db.prepare('SELECT status FROM imports WHERE id = ? AND family_id = ? AND staged = 0').pluck().get(importId, familyId) as string | undefined;
    if (status === undefined) return 'missing';
    if (status !== 'pending' && status !== 'failed') return status;
    for (const table of ['import_row_chunks', 'import_contents', 'import_mappings', 'import_changes', 'jobs']) {
      db.prepare(`DELETE FROM ${table} WHERE import_id = ?`).run(importId);
    }
    db.prepare('DELETE FROM imports WHERE id = ?').run(importId);
    return null;
  })();
}

/** At start: uploads a crash interrupted are removed. */
export function discardAllStaged(db: Db): number {
  const ids = db.prepare('SELECT id FROM imports WHERE staged = 1').pluck().all() as string[];
  for (const id of ids) discardStaged(db, id);
  return ids.length;
}

export function getImport(db: Db, familyId: string, id: string): ImportRow | undefined {
  return db.prepare('SELECT * FROM imports WHERE id = ? AND family_id = ? AND staged = 0').get(id, familyId) as ImportRow | undefined;
}

export function listImports(
  db: Db, q: { familyId: string; status: string | null; type: string | null; page: number; perPage: number },
): { rows: ImportRow[]; total: number } {
  const where = ['family_id = @familyId', 'staged = 0'];
  if (q.status !== null) where.push('status = @status');
  if (q.type !== null) where.push('type = @type');
  const cond = where.join(' AND ');
  const params = { familyId: q.familyId, status: q.status, type: q.type, limit: q.perPage, offset: (q.page - 1) * q.perPage };
  const total = db.prepare(`SELECT count(*) FROM imports WHERE ${cond}`).pluck().get(params) as number;
  const rows = db.prepare(`SELECT * FROM imports WHERE ${cond} ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`).all(params) as ImportRow[];
  return { rows, total };
}

/** Rows [offset, offset + limit) in file order, read from the chunks that hold them. */
export function importRows(db: Db, importId: string, offset: number, limit: number): StoredRow[] {
  if (limit <= 0) return [];
  const first = Math.floor(offset / ROWS_PER_CHUNK);
  const last = Math.floor((offset + limit - 1) / ROWS_PER_CHUNK);
  const chunks = db.prepare('SELECT first_row, data FROM import_row_chunks WHERE import_id = ? AND chunk BETWEEN ? AND ? ORDER BY chunk')
    .all(importId, first, last) as { first_row: number; data: string }[];
  const out: StoredRow[] = [];
  for (const c of chunks) {
    const rows = decodeRows(c.data, c.first_row);
    for (let i = 0; i < rows.length; i++) {
      const n = c.first_row + i;
      if (n >= offset && n < offset + limit) out.push(rows[i]!);
    }
  }
  return out;
}

/** One stored row chunk, and writing it back (an import still staged). */
export function rowChunk(db: Db, importId: string, chunk: number): StoredRow[] {
  const c = db.prepare('SELECT first_row, data FROM import_row_chunks WHERE import_id = ? AND chunk = ?').get(importId, chunk) as { first_row: number; data: string };
  return decodeRows(c.data, c.first_row);
}

export function replaceRowChunk(db: Db, importId: string, chunk: number, rows: readonly StoredRow[]): void {
  db.prepare('UPDATE import_row_chunks SET data = ? WHERE import_id = ? AND chunk = ?').run(encodeRows(rows), importId, chunk);
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

/** Every stored row chunk in order (publishing reads them one chunk at a time). */
export function* rowChunks(db: Db, importId: string): Generator<StoredRow[]> {
  const count = db.prepare('SELECT count(*) FROM import_row_chunks WHERE import_id = ?').pluck().get(importId) as number;
  const stmt = db.prepare('SELECT first_row, data FROM import_row_chunks WHERE import_id = ? AND chunk = ?');
  for (let i = 0; i < count; i++) {
    const c = stmt.get(importId, i) as { first_row: number; data: string };
    yield decodeRows(c.data, c.first_row);
  }
}

/** The stored content, chunk by chunk. */
export function* contentChunks(db: Db, importId: string): Generator<Uint8Array> {
  const count = db.prepare('SELECT count(*) FROM import_contents WHERE import_id = ?').pluck().get(importId) as number;
  const stmt = db.prepare('SELECT bytes FROM import_contents WHERE import_id = ? AND seq = ?').pluck();
  for (let i = 0; i < count; i++) yield stmt.get(importId, i) as Uint8Array;
}

export function importMappings(db: Db, importId: string): (MappingInput & { id: string })[] {
  return (db.prepare('SELECT id, kind, key, parent_key, mappable_id, value, assigned, valid FROM import_mappings WHERE import_id = ? ORDER BY kind, key')
    .all(importId) as (Omit<MappingInput, 'valid' | 'assigned'> & { id: string; valid: number; assigned: number })[])
    .map((m) => ({ ...m, assigned: m.assigned === 1, valid: m.valid === 1 }));
}

export function setStatus(db: Db, importId: string, status: ImportStatus, fields: { error?: string | null; verification?: unknown; summary?: unknown } = {}): void {
  const sets = ['status = @status', 'updated_at = @t'];
  if (fields.error !== undefined) sets.push('error = @error');
  if (fields.verification !== undefined) sets.push('verification = @verification');
  if (fields.summary !== undefined) sets.push('summary = @summary');
  db.prepare(`UPDATE imports SET ${sets.join(', ')} WHERE id = @id`).run({
    id: importId, status, t: now(), error: fields.error ?? null,
    verification: fields.verification === undefined || fields.verification === null ? null : JSON.stringify(fields.verification),
    summary: fields.summary === undefined || fields.summary === null ? null : JSON.stringify(fields.summary),
  });
}

// Receiving an import's content (SPEC §3.4 steps 3–6): bytes are stored as they arrive (staged,
// invisible until finished; store.ts ImportStore) and, when the options are known, pushed through
// the engine at the same time, so a 10 MB upload is parsed while it uploads and never held whole.
// When an upload's form fields come after its file part, the stored content is read back and
// parsed once the fields are complete. A PATCH reads a stored import's content again the same way,
// into a staged import of its own whose rows then replace the import's in one transaction.
//
// An Ingest's methods return promises (the store's writes may be a network away); each waits for
// the one before, so an abort never runs in the middle of a write.
//
// Refusals: too large → content_too_large (raw) / file_too_large (upload); a PDF where text is
// expected, an archive where no XLSX workbook can be (raw text content, a type that is not a table),
// or an NDJSON upload with a foreign content type → invalid_file_type; no
// NativeImport content → missing_content; first NDJSON line not a record → invalid_ndjson; a CSV
// that is not a table → invalid_csv with the line and reason. Each leaves nothing stored.

import {
  endInSlices, IMPORT_TYPE_ENTRIES, NdjsonPipeline, pipelineFor, SluiceError, notVerified, type FileResult, type ImportType, type NdjsonRecord, type NdjsonResult,
  type RowResult,
} from 'sluice';
import type { Config } from '../config.ts';
import { ApiError } from '../http/errors.ts';
import { isDiskFull } from '../store/errors.ts';
import { encodeRows, ROWS_PER_CHUNK, type StoredRow } from '../store/row-chunks.ts';
import { QuotaExceeded, type Finalize, type ImportRow, type RowChunk, type Store } from '../store/store.ts';
import { blockersOf, csvMappings } from './assess.ts';
import type { ImportRequest } from './request.ts';

export type { StoredRow };

export interface IngestContext {
  store: Store;
  config: Config;
  familyId: string;
  userId: string;
}

const CONTENT_BLOCK = 1 << 20;
const FLUSH_BYTES = 1 << 20;

export type Parser =
  | { kind: 'csv'; pipeline: ReturnType<typeof pipelineFor> }
  | { kind: 'native'; pipeline: NdjsonPipeline }
  | { kind: 'none' };

export function sizeLimit(config: Config, type: ImportType): number {
  return type === 'NativeImport' ? config.maxNdjsonBytes : type === 'PdfImport' ? config.maxPdfBytes : config.maxCsvBytes;
}

function startsWith(bytes: Uint8Array, sig: string): boolean {
  for (let i = 0; i < sig.length; i++) if (bytes[i] !== sig.charCodeAt(i)) return false;
  return true;
}

/** invalid_file_type for content of the wrong kind, judged on its first bytes and declared type. */
export function checkFileType(type: ImportType, head: Uint8Array, upload: { mimeType: string; filename: string } | null): void {
  const isPdf = startsWith(head, '%PDF-');
  const isZip = startsWith(head, 'PK\x03\x04');
  if (type === 'PdfImport') {
    if (!isPdf) throw new ApiError(422, 'invalid_file_type', 'A PdfImport needs a PDF file (it must start with %PDF-)');
    return;
  }
  // A table type reads an uploaded XLSX workbook (a ZIP); raw_file_content is text, and the other types are text formats.
  const workbookOk = isZip && upload !== null && IMPORT_TYPE_ENTRIES[type].table !== null;
  if (isPdf || (isZip && !workbookOk) || upload?.mimeType === 'application/pdf') {
    const needs = type === 'NativeImport' ? 'NDJSON' : IMPORT_TYPE_ENTRIES[type].table !== null ? 'delimited text or an uploaded XLSX workbook' : `${type} text`;
    throw new ApiError(422, 'invalid_file_type', `A ${type} needs ${needs} content, not a ${isZip ? 'ZIP archive' : 'PDF'}`);
  }
  if (type === 'NativeImport' && upload) {
    const okType = /^(application\/(x-)?ndjson|application\/(x-)?jsonl(ines)?|application\/json|text\/plain|application\/octet-stream)\b/i.test(upload.mimeType);
    const okName = /\.(nd)?jsonl?$/i.test(upload.filename);
    if (!okType && !okName) {
      throw new ApiError(422, 'invalid_file_type', `An NDJSON upload needs an NDJSON, JSON or plain-text content type or a .ndjson/.json name (got ${upload.mimeType}, ${JSON.stringify(upload.filename)})`);
    }
  }
}

/** The engine's file-level refusal as the API's 422. */
export function engineRefusal(type: ImportType, e: SluiceError): ApiError {
  if (e.code === 'NDJSON_EMPTY') return new ApiError(422, 'missing_content', 'A NativeImport needs content: raw_file_content or a file');
  if (e.code === 'NDJSON_NOT_RECORDS') {
    return new ApiError(422, 'invalid_ndjson', `The content is not NDJSON records: ${e.message}`, { details: { line: e.line, reason: e.message, code: e.code } });
  }
  // The statement formats share the table types' refusal code (the API has one for content that cannot be read).
  const as = IMPORT_TYPE_ENTRIES[type].table !== null ? 'as a table' : `as ${IMPORT_TYPE_ENTRIES[type].format.toUpperCase()}`;
  return new ApiError(422, 'invalid_csv', `The ${type} content cannot be read ${as}: ${e.message}`, {
    details: { line: e.line, reason: e.message, code: e.code, ...(e.details ?? {}) },
  });
}

/** The engine pipeline that reads content of the request's type (none for a PDF). */
export async function parserFor(ctx: IngestContext, req: ImportRequest): Promise<Parser> {
  const type = req.type;
  if (type === 'PdfImport') return { kind: 'none' };
  const { store, familyId } = ctx;
  if (type === 'NativeImport') {
    return { kind: 'native', pipeline: new NdjsonPipeline({ encoding: req.options.encoding ?? null, existing_names: await store.families.names(familyId) }) };
  }
  // Rows without a currency take the target account's, else the family's.
  const currency = (req.accountId ? await store.accounts.currency(familyId, req.accountId) : undefined) ?? await store.families.currency(familyId);
  return {
    kind: 'csv',
    // The options the request checked, with that currency (a code the store holds).
    pipeline: pipelineFor(Object.freeze({ ...req.normalized, default_currency: currency })),
  };
}

/** A table or QIF row as GET /imports/:id/rows shows it. */
export function storedCsvRow(r: RowResult, rowNumber: number): StoredRow {
  const errors: string[] = [];
  const issues = r.issues.map((i) => {
    if (i.severity === 'error') errors.push(i.message);
    return { code: i.code, field: i.field, message: i.message };
  });
  return { row_number: rowNumber, line: r.line, valid: r.valid, errors, issues, fields: r.fields };
}

/** An NDJSON record as GET /imports/:id/rows shows it. */
export function storedNativeRow(r: NdjsonRecord, rowNumber: number): StoredRow {
  const issues = r.issues.map((i) => ({ code: i.code, field: null, message: i.message }));
  return {
    row_number: rowNumber, line: r.line, valid: r.valid, errors: issues.map((i) => i.message), issues,
    fields: { record_type: r.type, ...r.data },
  };
}

export class Ingest {
  readonly importId: string;
  private readonly ctx: IngestContext;
  private req: ImportRequest;
  private limit: number;
  private settled: boolean;
  private readonly tooLargeCode: string;
  private parser: Parser | null = null;
  private bytes = 0;
  private block: Uint8Array[] = [];
  private blockBytes = 0;
  private seq = 0;
  private pendingContent: { seq: number; bytes: Uint8Array }[] = [];
  private pendingRows: RowChunk[] = [];
  private pendingBytes = 0;
  /** Content and row bytes this import stores, and what the family's other imports store. */
  private stored = 0;
  private readonly familyBytes: number;
  private rows: StoredRow[] = [];
  private rowCount = 0;
  private chunk = 0;
  /** The line of each stored chunk's first row, to find a row by its line (markDuplicates). */
  private chunkLines: number[] = [];
  private rowsWithoutAccount = 0;
  private head: Uint8Array | null = null;
  private readonly upload: { mimeType: string; filename: string } | null;
  /** The import whose stored content is read again (PATCH), whose rows this one's replace; null for new content. */
  private readonly source: ImportRow | null;
  private done = false;
  /** The engine's refusal of the content, given once all of it has arrived. */
  private refusal: ApiError | null = null;
  /** The last operation started: the next one waits for it. */
  private last: Promise<unknown> = Promise.resolve();

  private constructor(
    ctx: IngestContext, req: ImportRequest, upload: { mimeType: string; filename: string } | null, settled: boolean,
    importId: string, familyBytes: number, source: ImportRow | null,
  ) {
    this.ctx = ctx;
    this.req = req;
    this.upload = upload;
    this.settled = settled;
    this.limit = settled ? sizeLimit(ctx.config, req.type) : Math.max(ctx.config.maxCsvBytes, ctx.config.maxNdjsonBytes, ctx.config.maxPdfBytes);
    this.tooLargeCode = upload ? 'file_too_large' : 'content_too_large';
    this.importId = importId;
    this.familyBytes = familyBytes;
    this.source = source;
    if (source !== null) {
      this.bytes = source.content_bytes;
      this.stored = source.content_bytes;
    }
  }

  /**
   * Stages a new import for content to come. `live`: parse while the content arrives. `settled`:
   * the type is final, so its size limit and file-kind check apply as the bytes arrive; otherwise
   * (an upload whose fields follow its file) the largest limit applies until reconfigure() and the
   * kind is checked there.
   */
  static async start(
    ctx: IngestContext, req: ImportRequest, upload: { mimeType: string; filename: string } | null, live: boolean, settled = live,
  ): Promise<Ingest> {
    const { store, familyId } = ctx;
    const familyBytes = await store.imports.storedBytes(familyId, null);
    const importId = await store.imports.stage({
      familyId, userId: ctx.userId, type: req.type, accountId: req.accountId, options: req.options, configuration: req.configuration,
      contentType: upload?.mimeType ?? null, filename: upload?.filename ?? null,
    });
    const ingest = new Ingest(ctx, req, upload, settled, importId, familyBytes, null);
    if (live) {
      try {
        ingest.parser = await parserFor(ctx, req);
      } catch (e) {
        await ingest.abort();
        throw e;
      }
    }
    return ingest;
  }

  /**
   * Reads a stored import's content again with a changed request (PATCH, SPEC §3.11), into a
   * staged import whose rows, stats, mappings and configuration then replace the import's in one
   * transaction (ImportStore.replaceRows). Null when done, else the status that refused it (the
   * import is no longer pending or failed); refusals of the content throw as for a create.
   */
  static async reread(ctx: IngestContext, row: ImportRow, req: ImportRequest): Promise<string | null> {
    const { store, familyId } = ctx;
    const familyBytes = await store.imports.storedBytes(familyId, row.id);
    const stagedId = await store.imports.stage({
      familyId, userId: ctx.userId, type: req.type, accountId: req.accountId, options: req.options, configuration: req.configuration,
      contentType: row.content_type, filename: row.filename,
    });
    const ingest = new Ingest(ctx, req, null, true, stagedId, familyBytes, row);
    try {
      return await ingest.finish();
    } finally {
      await ingest.abort(); // a no-op once replaceRows has taken the staged rows
    }
  }

  /** Runs `op` after every operation started before it. */
  private serial<T>(op: () => Promise<T>): Promise<T> {
    const run = this.last.then(op);
    this.last = run.catch(() => {});
    return run;
  }

  /** Takes the next bytes of content; rejects with ApiError for refusals (the caller then calls abort()). */
  write(bytes: Uint8Array): Promise<void> {
    return this.serial(async () => {
      if (bytes.length === 0 || this.done) return;
      if (this.head === null) {
        this.head = bytes.slice(0, 8);
        if (this.settled) checkFileType(this.req.type, this.head, this.upload);
      }
      this.bytes += bytes.length;
      if (this.bytes > this.limit) {
        throw new ApiError(422, this.tooLargeCode, `The ${this.req.type === 'NativeImport' ? 'NDJSON' : this.req.type === 'PdfImport' ? 'PDF' : 'CSV'} content is larger than ${this.limit} bytes`);
      }
      this.block.push(bytes);
      this.blockBytes += bytes.length;
      if (this.blockBytes >= CONTENT_BLOCK) this.sealBlock();
      if (this.parser) this.parse(bytes);
      if (this.pendingBytes >= FLUSH_BYTES) await this.flush();
    });
  }

  private sealBlock(): void {
    if (this.blockBytes === 0) return;
    const joined = new Uint8Array(this.blockBytes);
    let at = 0;
    for (const b of this.block) { joined.set(b, at); at += b.length; }
    this.pendingContent.push({ seq: this.seq++, bytes: joined });
    this.pendingBytes += joined.length;
    this.stored += joined.length;
    this.block = [];
    this.blockBytes = 0;
  }

  private parse(bytes: Uint8Array | null): void {
    const p = this.parser!;
    try {
      if (p.kind === 'csv') {
        if (bytes) this.takeCsv(p.pipeline.push(bytes));
        else endInSlices(p.pipeline, (rows) => this.takeCsv(rows));
      }
      else if (p.kind === 'native') this.takeNative(bytes ? p.pipeline.push(bytes) : p.pipeline.end());
    } catch (e) {
      if (!(e instanceof SluiceError)) throw e;
      // Given once all the content has arrived, so that the size limit is judged on the whole of
      // it first (SPEC §3.11); the rest is stored but no longer parsed.
      this.refusal = engineRefusal(this.req.type, e);
      this.parser = null;
      if (bytes === null) throw this.refusal;
    }
  }

  private takeCsv(rows: RowResult[]): void {
    for (const r of rows) {
      if (r.valid && r.fields['account'] === null) this.rowsWithoutAccount++;
      this.addRow(storedCsvRow(r, this.rowCount + 1));
    }
  }

  private takeNative(records: NdjsonRecord[]): void {
    for (const r of records) {
      if (r.count_key === null) continue; // not a record of a supported type: reported by the preflight
      this.addRow(storedNativeRow(r, this.rowCount + 1));
    }
  }

  private addRow(row: StoredRow): void {
    this.rows.push(row);
    this.rowCount++;
    if (this.rows.length === ROWS_PER_CHUNK) this.sealRows();
  }

  private sealRows(): void {
    if (this.rows.length === 0) return;
    const json = encodeRows(this.rows);
    this.chunkLines.push(this.rows[0]!.line);
    this.pendingRows.push({ chunk: this.chunk++, first: this.rowCount - this.rows.length, count: this.rows.length, json });
    this.pendingBytes += json.length;
    this.stored += Buffer.byteLength(json);
    this.rows = [];
  }

  private async flush(): Promise<void> {
    if (this.pendingContent.length === 0 && this.pendingRows.length === 0) return;
    // The family's quota (SPEC §3.12): refused before anything more is written; abort() removes the rest.
    if (this.familyBytes + this.stored > this.ctx.config.maxFamilyStorageBytes) throw this.quotaExceeded(this.familyBytes);
    await this.ctx.store.imports.append(this.importId, this.pendingContent, this.pendingRows);
    this.pendingContent = [];
    this.pendingRows = [];
    this.pendingBytes = 0;
  }

  /** 422 quota_exceeded (SPEC §3.12), with what the family's imports hold: `inUse` bytes. */
  private quotaExceeded(inUse: number): ApiError {
    const quota = this.ctx.config.maxFamilyStorageBytes;
    return new ApiError(422, 'quota_exceeded',
      `This import would take the family's stored imports past MAX_FAMILY_STORAGE_BYTES (${quota} bytes; ${inUse} in use): delete imports the family no longer needs`);
  }

  /**
   * The request as finally known, for an upload whose fields came after its file: stored again on
   * the import, and the content is read back with these options at finish() if they differ.
   */
  reconfigure(req: ImportRequest): Promise<void> {
    return this.serial(async () => {
      const changed = JSON.stringify([req.type, req.options]) !== JSON.stringify([this.req.type, this.req.options]);
      this.req = req;
      this.settled = true;
      this.limit = sizeLimit(this.ctx.config, req.type);
      if (this.head !== null) checkFileType(req.type, this.head, this.upload);
      if (this.bytes > this.limit) {
        throw new ApiError(422, this.tooLargeCode, `The content is larger than ${this.limit} bytes`);
      }
      await this.ctx.store.imports.restage(this.importId, {
        type: req.type, accountId: req.accountId, options: req.options, configuration: req.configuration,
      });
      if (changed) {
        this.refusal = null;
        this.parser = null;
        this.rows = [];
        this.rowCount = 0;
        this.chunk = 0;
        this.chunkLines = [];
        this.rowsWithoutAccount = 0;
        this.pendingRows = [];
      }
    });
  }

  /**
   * Ends the content, parses what is left (or all of it, read back), and makes the import visible
   * (for a re-read: replaces the source's rows). Null when done, else the status that refused a re-read.
   */
  finish(): Promise<string | null> {
    return this.serial(async () => {
      if (this.refusal !== null) throw this.refusal;
      this.sealBlock();
      await this.flush();
      if (this.bytes === 0) {
        throw new ApiError(422, 'missing_content', `A ${this.req.type} needs content: raw_file_content, or a file part named "file" (curl -F file=@statement.csv)`);
      }
      const { store, config, familyId } = this.ctx;
      if (this.parser === null) {
        // The options arrived after the file (or the content is read again): read the stored content back through the engine.
        await store.imports.clearRows(this.importId);
        this.parser = await parserFor(this.ctx, this.req);
        for await (const bytes of store.imports.content(this.source?.id ?? this.importId)) {
          this.parse(bytes);
          if (this.pendingBytes >= FLUSH_BYTES) await this.flush();
        }
      }
      let csv: FileResult | null = null;
      let native: NdjsonResult | null = null;
      this.parse(null);
      if (this.parser.kind === 'csv') csv = this.parser.pipeline.result();
      if (this.parser.kind === 'native') native = this.parser.pipeline.result();
      this.sealRows();
      await this.flush();
      if (native) await this.markDuplicates(native);
      const mappings = csv ? await csvMappings(store.families, familyId, this.req.type, this.req.accountId, csv) : [];
      const rowsCount = native ? native.rows_count : csv ? csv.rows_count : 0;
      const invalid = native ? native.invalid_rows_count : csv ? csv.invalid_rows_count : 0;
      const blockers = blockersOf({
        type: this.req.type, uploaded: true, rowsCount, invalidRowsCount: invalid, accountId: this.req.accountId,
        maxRows: config.maxImportRows, mappings, csv, native, rowsWithoutAccount: this.rowsWithoutAccount,
      });
      const f: Finalize = {
        uploaded: true,
        contentBytes: this.bytes,
        storedBytes: this.stored,
        maxFamilyBytes: config.maxFamilyStorageBytes,
        rowsCount,
        validRowsCount: rowsCount - invalid,
        invalidRowsCount: invalid,
        result: csv ? summarizeCsv(csv) : native,
        blockers,
        verification: native ? { expected_record_counts: native.expected_record_counts, readback: notVerified(native.expected_record_counts) } : null,
        mappings,
        configuration: csv ? configurationUsed(this.req.configuration, csv) : null,
      };
      // The quota again, in the store's transaction: another upload of the family may have
      // finished since this one began (QuotaExceeded).
      const refused = await (this.source === null
        ? store.imports.finalize(this.importId, f).then(() => null)
        : store.imports.replaceRows(this.source.id, this.importId, this.req, f)
      ).catch((e: unknown) => {
        throw e instanceof QuotaExceeded ? this.quotaExceeded(e.inUse) : e;
      });
      this.done = refused === null;
      return refused;
    });
  }

  /**
   * The engine finds duplicate ids when the file ends, after their rows were stored as valid: each
   * one the preflight lists is written onto its row, which becomes invalid, so the stored rows say
   * what the stats count. (The preflight lists the first 1,000 problems; past them, the stats and
   * the preflight's counts are complete, the rows are not marked.)
   */
  private async markDuplicates(native: NdjsonResult): Promise<void> {
    const byChunk = new Map<number, { line: number; message: string }[]>();
    for (const p of native.preflight.errors) {
      if (p.code !== 'duplicate_source_id' || p.line === null) continue;
      let lo = 0, hi = this.chunkLines.length; // the last chunk whose first row is on or before the line
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (this.chunkLines[mid]! <= p.line) lo = mid + 1;
        else hi = mid;
      }
      if (lo === 0) continue;
      const list = byChunk.get(lo - 1) ?? [];
      list.push({ line: p.line, message: p.message });
      byChunk.set(lo - 1, list);
    }
    for (const [chunk, problems] of byChunk) {
      const rows = await this.ctx.store.imports.rowChunk(this.importId, chunk);
      for (const p of problems) {
        const row = rows.find((r) => r.line === p.line);
        if (!row) continue;
        row.valid = false;
        row.errors.push(p.message);
        row.issues.push({ code: 'duplicate_source_id', field: null, message: p.message });
      }
      await this.ctx.store.imports.replaceRowChunk(this.importId, chunk, rows);
    }
  }

  /** Removes everything staged (after a refusal or a broken connection); once done, a no-op. */
  abort(): Promise<void> {
    return this.serial(async () => {
      if (this.done) return;
      this.done = true;
      try {
        await this.ctx.store.imports.discard(this.importId);
      } catch (e) {
        // A full disk can refuse even the delete (WAL pages). Staged rows are seen by no request and
        // are removed at the next start; the request still gets its own answer (507).
        if (!isDiskFull(e)) throw e;
      }
    });
  }
}

/** What the engine said about a CSV file, kept with the import (issue lists trimmed). */
function summarizeCsv(r: FileResult) {
  const { issues, ...rest } = r;
  return { ...rest, issues: issues.slice(0, 20) };
}

/**
 * The configuration the content was read with (SPEC §2.14 "Report"): each value given, or the one
 * the engine inferred (the header a field was read from, the formats found); null only where no
 * value applies (a field the file has no column for).
 */
export function configurationUsed(given: ImportRequest['configuration'], r: FileResult): ImportRequest['configuration'] {
  const header = (field: string) => r.columns[field]?.header ?? null;
  return {
    date_col_label: given.date_col_label ?? header('date'),
    amount_col_label: given.amount_col_label ?? header('amount'),
    name_col_label: given.name_col_label ?? header('name'),
    category_col_label: given.category_col_label ?? header('category'),
    tags_col_label: given.tags_col_label ?? header('tags'),
    notes_col_label: given.notes_col_label ?? header('notes'),
    account_col_label: given.account_col_label ?? header('account'),
    date_format: given.date_format ?? r.inferred.date_format.value,
    number_format: given.number_format ?? r.inferred.number_format.value,
    signage_convention: given.signage_convention ?? r.inferred.signage_convention.value,
    col_sep: given.col_sep ?? r.col_sep,
    encoding: given.encoding ?? r.encoding,
  };
}

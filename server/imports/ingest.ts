// Receiving an import's content (SPEC §3.4 steps 3–6): bytes are stored as they arrive (staged,
// invisible until finished; store/imports.ts) and, when the options are known, pushed through the
// engine at the same time, so a 10 MB upload is parsed while it uploads and never held whole.
// When an upload's form fields come after its file part, the stored content is read back and
// parsed once the fields are complete.
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
import { isDiskFull, type Db } from '../store/db.ts';
import {
  appendStaged, clearMappings, clearStagedRows, contentChunks, discardStaged, familyStoredBytes, finalizeImport, replaceRowChunk, restageImport, rowChunk, ROWS_PER_CHUNK, stageImport,
} from '../store/imports.ts';
import { blockersOf, csvMappings } from './assess.ts';
import type { ImportRequest } from './request.ts';

/** A row as GET /imports/:id/rows shows it (SPEC §3.5), stored in this form. */
import { encodeRows, type StoredRow } from '../store/row-chunks.ts';

export type { StoredRow };

export interface IngestContext {
  db: Db;
  config: Config;
  familyId: string;
  userId: string;
  /** Currency for rows without one: the target account's, else the family's. */
  currencyFor: (accountId: string | null) => string;
  existingNames: () => { Category: string[]; Tag: string[]; Merchant: string[] };
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
export function parserFor(ctx: IngestContext, req: ImportRequest): Parser {
  const type = req.type;
  if (type === 'PdfImport') return { kind: 'none' };
  if (type === 'NativeImport') {
    return { kind: 'native', pipeline: new NdjsonPipeline({ encoding: req.options.encoding ?? null, existing_names: ctx.existingNames() }) };
  }
  return {
    kind: 'csv',
    // The options the request checked, with the account's currency (a code the store holds).
    pipeline: pipelineFor(Object.freeze({ ...req.normalized, default_currency: ctx.currencyFor(req.accountId) })),
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
  private pendingRows: { chunk: number; first: number; count: number; json: string }[] = [];
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
  private done = false;
  /** The engine's refusal of the content, given once all of it has arrived. */
  private refusal: ApiError | null = null;

  /**
   * `live`: parse while the content arrives. `settled`: the type is final, so its size limit and
   * file-kind check apply as the bytes arrive; otherwise (an upload whose fields follow its file)
   * the largest limit applies until reconfigure() and the kind is checked there.
   */
  constructor(
    ctx: IngestContext, req: ImportRequest, upload: { mimeType: string; filename: string } | null, live: boolean, settled = live,
    existing: { importId: string; contentBytes: number } | null = null,
  ) {
    this.ctx = ctx;
    this.req = req;
    this.upload = upload;
    this.settled = settled;
    this.limit = settled ? sizeLimit(ctx.config, req.type) : Math.max(ctx.config.maxCsvBytes, ctx.config.maxNdjsonBytes, ctx.config.maxPdfBytes);
    this.tooLargeCode = upload ? 'file_too_large' : 'content_too_large';
    if (existing !== null) {
      this.importId = existing.importId;
      this.bytes = existing.contentBytes;
      this.stored = existing.contentBytes;
      this.familyBytes = familyStoredBytes(ctx.db, ctx.familyId, existing.importId);
      return;
    }
    this.familyBytes = familyStoredBytes(ctx.db, ctx.familyId, '');
    this.importId = stageImport(ctx.db, {
      familyId: ctx.familyId, userId: ctx.userId, type: req.type, accountId: req.accountId, options: req.options,
      configuration: req.configuration, contentType: upload?.mimeType ?? null, filename: upload?.filename ?? null,
    });
    if (live) this.parser = this.makeParser();
  }

  /**
   * Reads a stored import's content again with a changed request (PATCH, SPEC §3.11): its rows,
   * stats, mappings and configuration are replaced. The caller runs it inside one transaction.
   */
  static reread(ctx: IngestContext, importId: string, contentBytes: number, req: ImportRequest): void {
    const ingest = new Ingest(ctx, req, null, false, true, { importId, contentBytes });
    clearStagedRows(ctx.db, importId);
    clearMappings(ctx.db, importId);
    ingest.finish();
  }

  private makeParser(): Parser {
    return parserFor(this.ctx, this.req);
  }

  /** Takes the next bytes of content; throws ApiError for refusals (the caller then calls abort()). */
  write(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
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
    if (this.pendingBytes >= FLUSH_BYTES) this.flush();
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

  private flush(): void {
    if (this.pendingContent.length === 0 && this.pendingRows.length === 0) return;
    // The family's quota (SPEC §3.12): refused before anything more is written; abort() removes the rest.
    const quota = this.ctx.config.maxFamilyStorageBytes;
    if (this.familyBytes + this.stored > quota) {
      throw new ApiError(422, 'quota_exceeded',
        `This import would take the family's stored imports past MAX_FAMILY_STORAGE_BYTES (${quota} bytes; ${this.familyBytes} in use): delete imports the family no longer needs`);
    }
    appendStaged(this.ctx.db, this.importId, this.pendingContent, this.pendingRows);
    this.pendingContent = [];
    this.pendingRows = [];
    this.pendingBytes = 0;
  }

  /**
   * The request as finally known, for an upload whose fields came after its file: stored again on
   * the import, and the content is read back with these options at finish() if they differ.
   */
  reconfigure(req: ImportRequest): void {
    const changed = JSON.stringify([req.type, req.options]) !== JSON.stringify([this.req.type, this.req.options]);
    this.req = req;
    this.settled = true;
    this.limit = sizeLimit(this.ctx.config, req.type);
    if (this.head !== null) checkFileType(req.type, this.head, this.upload);
    if (this.bytes > this.limit) {
      throw new ApiError(422, this.tooLargeCode, `The content is larger than ${this.limit} bytes`);
    }
    restageImport(this.ctx.db, this.importId, {
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
  }

  /** Ends the content, parses what is left (or all of it, read back), and makes the import visible. */
  finish(): void {
    if (this.refusal !== null) throw this.refusal;
    this.sealBlock();
    this.flush();
    if (this.bytes === 0) {
      throw new ApiError(422, 'missing_content', `A ${this.req.type} needs content: raw_file_content, or a file part named "file" (curl -F file=@statement.csv)`);
    }
    if (this.parser === null && this.bytes > 0) {
      // The options arrived after the file: read the stored content back through the engine.
      clearStagedRows(this.ctx.db, this.importId);
      this.parser = this.makeParser();
      for (const bytes of contentChunks(this.ctx.db, this.importId)) {
        this.parse(bytes);
        if (this.pendingBytes >= FLUSH_BYTES) this.flush();
      }
    }
    let csv: FileResult | null = null;
    let native: NdjsonResult | null = null;
    if (this.parser !== null && this.bytes > 0) {
      this.parse(null);
      if (this.parser.kind === 'csv') csv = this.parser.pipeline.result();
      if (this.parser.kind === 'native') native = this.parser.pipeline.result();
    }
    this.sealRows();
    this.flush();
    if (native) this.markDuplicates(native);
    const { db, config, familyId } = this.ctx;
    const mappings = csv ? csvMappings(db, familyId, this.req.type, this.req.accountId, csv) : [];
    const rowsCount = native ? native.rows_count : csv ? csv.rows_count : 0;
    const invalid = native ? native.invalid_rows_count : csv ? csv.invalid_rows_count : 0;
    const blockers = blockersOf({
      type: this.req.type, uploaded: this.bytes > 0, rowsCount, invalidRowsCount: invalid, accountId: this.req.accountId,
      maxRows: config.maxImportRows, mappings, csv, native, rowsWithoutAccount: this.rowsWithoutAccount,
    });
    finalizeImport(db, this.importId, {
      uploaded: this.bytes > 0,
      contentBytes: this.bytes,
      storedBytes: this.stored,
      rowsCount,
      validRowsCount: rowsCount - invalid,
      invalidRowsCount: invalid,
      result: csv ? summarizeCsv(csv) : native,
      blockers,
      verification: native ? { expected_record_counts: native.expected_record_counts, readback: notVerified(native.expected_record_counts) } : null,
      mappings,
      configuration: csv ? configurationUsed(this.req.configuration, csv) : null,
    });
    this.done = true;
  }

  /**
   * The engine finds duplicate ids when the file ends, after their rows were stored as valid: each
   * one the preflight lists is written onto its row, which becomes invalid, so the stored rows say
   * what the stats count. (The preflight lists the first 1,000 problems; past them, the stats and
   * the preflight's counts are complete, the rows are not marked.)
   */
  private markDuplicates(native: NdjsonResult): void {
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
      const rows = rowChunk(this.ctx.db, this.importId, chunk);
      for (const p of problems) {
        const row = rows.find((r) => r.line === p.line);
        if (!row) continue;
        row.valid = false;
        row.errors.push(p.message);
        row.issues.push({ code: 'duplicate_source_id', field: null, message: p.message });
      }
      replaceRowChunk(this.ctx.db, this.importId, chunk, rows);
    }
  }

  /** Removes everything staged (after a refusal or a broken connection). */
  abort(): void {
    if (this.done) return;
    this.done = true;
    try {
      discardStaged(this.ctx.db, this.importId);
    } catch (e) {
      // A full disk can refuse even the delete (WAL pages). Staged rows are seen by no request and
      // are removed at the next start; the request still gets its own answer (507).
      if (!isDiskFull(e)) throw e;
    }
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

// /api/v1/imports (SPEC §3.4–3.5): route → engine → store. Creation reads a JSON or multipart
// body into an Ingest; the rest reads the store. Publishing and reverting hand over to the queue.

import { IMPORT_TYPES, type ImportType } from 'sluice';
import { ApiError, notFound, sendJson, validationFailed } from '../http/errors.ts';
import { contentType, readJson } from '../http/body.ts';
import { enumParam, paging } from '../http/query.ts';
import type { AppContext, Handler } from '../context.ts';
import { Ingest, type IngestContext } from '../imports/ingest.ts';
import { OPTION_FIELDS, parseImportRequest, type ImportRequest } from '../imports/request.ts';
import { readUpload } from '../imports/upload.ts';
import { preflight, readForm } from '../imports/preflight.ts';
import { importDetail, importListItem, pageMeta } from '../imports/view.ts';
import { familyCurrency } from '../store/users.ts';
import { deleteImport, getImport, importRows, listImports, reconfigureImport, type ImportRow } from '../store/imports.ts';
import { isUuid } from '../store/ids.ts';

const STATUSES = ['pending', 'importing', 'complete', 'failed', 'reverting', 'revert_failed'] as const;

function accountOf(ctx: AppContext, familyId: string, id: string): { currency: string } | undefined {
  return ctx.db.prepare('SELECT currency FROM accounts WHERE id = ? AND family_id = ?').get(id, familyId) as { currency: string } | undefined;
}

function existingNames(ctx: AppContext, familyId: string) {
  const names = (table: string) => ctx.db.prepare(`SELECT name FROM ${table} WHERE family_id = ?`).pluck().all(familyId) as string[];
  return { Category: names('categories'), Tag: names('tags'), Merchant: names('merchants') };
}

function ingestContext(ctx: AppContext, familyId: string, userId: string): IngestContext {
  return {
    db: ctx.db, config: ctx.config, familyId, userId,
    currencyFor: (accountId) => (accountId ? accountOf(ctx, familyId, accountId)?.currency : undefined) ?? familyCurrency(ctx.db, familyId),
    existingNames: () => existingNames(ctx, familyId),
  };
}

/** The store's check on a request: account_id must be an account of this family. */
function accountErrors(ctx: AppContext, familyId: string) {
  return (id: string): string[] => (accountOf(ctx, familyId, id) ? [] : [`account_id ${id} is not an account of this family`]);
}

function loadImport(ctx: AppContext, familyId: string, id: string): ImportRow {
  const row = isUuid(id) ? getImport(ctx.db, familyId, id.toLowerCase()) : undefined;
  if (!row) throw notFound('import');
  return row;
}

export const createImport: Handler = async (ctx, req, res) => {
  const { user } = req.auth!;
  const type = contentType(req);
  let importId: string;
  let publish: boolean;
  if (type === 'multipart/form-data') {
    const got = await readUpload(req, ingestContext(ctx, user.family_id, user.id), accountErrors(ctx, user.family_id));
    publish = got.request.publish;
    if (got.ingest === null) importId = await createWithoutUpload(ctx, user.family_id, user.id, got.request, got.fields['raw_file_content']);
    else importId = got.ingest.importId;
  } else if (type === 'application/json' || type === '') {
    const body = await readJson(req, res, ctx.config.maxJsonBodyBytes);
    const parsed = parseImportRequest(body, accountErrors(ctx, user.family_id));
    if ('errors' in parsed) throw validationFailed(parsed.errors);
    const request = parsed;
    publish = request.publish;
    importId = await createWithoutUpload(ctx, user.family_id, user.id, request, body['raw_file_content']);
  } else {
    throw new ApiError(400, 'bad_request', `Send application/json or multipart/form-data (got ${type})`);
  }
  const row = getImport(ctx.db, user.family_id, importId)!;
  if (publish) {
    const queued = ctx.publisher.publish(row);
    sendJson(res, 201, { data: importDetail(queued) });
    return;
  }
  sendJson(res, 201, { data: importDetail(row) });
};

/** An import from raw_file_content (or from none at all). */
async function createWithoutUpload(ctx: AppContext, familyId: string, userId: string, request: ImportRequest, raw: unknown): Promise<string> {
  if (raw !== undefined && raw !== null && typeof raw !== 'string') throw validationFailed(['raw_file_content must be a string']);
  const ingest = new Ingest(ingestContext(ctx, familyId, userId), request, null, true);
  try {
    if (typeof raw === 'string' && raw !== '') {
      const bytes = Buffer.from(raw, 'utf8');
      // 64 KiB a turn of the event loop, as an upload arrives: other requests are served between.
      for (let i = 0; i < bytes.length; i += 1 << 16) {
        ingest.write(bytes.subarray(i, i + (1 << 16)));
        if (i + (1 << 16) < bytes.length) await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    ingest.finish();
  } catch (e) {
    ingest.abort();
    throw e;
  }
  return ingest.importId;
}

export const listImportsRoute: Handler = (ctx, req, res) => {
  const { page, perPage } = paging(req.query);
  const status = enumParam(req.query, 'status', STATUSES);
  const type = enumParam<ImportType>(req.query, 'type', IMPORT_TYPES);
  const { rows, total } = listImports(ctx.db, { familyId: req.auth!.user.family_id, status, type, page, perPage });
  sendJson(res, 200, { data: rows.map(importListItem), meta: pageMeta(page, perPage, total) });
};

export const getImportRoute: Handler = (ctx, req, res) => {
  sendJson(res, 200, { data: importDetail(loadImport(ctx, req.auth!.user.family_id, req.params['id']!)) });
};

export const importRowsRoute: Handler = (ctx, req, res) => {
  const row = loadImport(ctx, req.auth!.user.family_id, req.params['id']!);
  const { page, perPage } = paging(req.query);
  const data = importRows(ctx.db, row.id, (page - 1) * perPage, perPage);
  sendJson(res, 200, { data, meta: pageMeta(page, perPage, row.rows_count) });
};

export const publishImportRoute: Handler = (ctx, req, res) => {
  const row = loadImport(ctx, req.auth!.user.family_id, req.params['id']!);
  sendJson(res, 202, { data: importDetail(ctx.publisher.publish(row)) });
};

export const revertImportRoute: Handler = (ctx, req, res) => {
  const row = loadImport(ctx, req.auth!.user.family_id, req.params['id']!);
  sendJson(res, 202, { data: importDetail(ctx.publisher.revert(row)) });
};

/** DELETE /api/v1/imports/:id (SPEC §3.11): a pending or failed import goes, with its content and rows; 204. */
export const deleteImportRoute: Handler = (ctx, req, res) => {
  const familyId = req.auth!.user.family_id;
  const row = loadImport(ctx, familyId, req.params['id']!);
  const refused = deleteImport(ctx.db, familyId, row.id);
  if (refused === 'missing') throw notFound('import');
  if (refused !== null) {
    throw new ApiError(422, 'not_editable', `The import is ${refused}; only a pending or failed import can be deleted (revert a complete one first)`, { import_id: row.id });
  }
  res.statusCode = 204;
  res.end();
};

/**
 * PATCH /api/v1/imports/:id (SPEC §3.11): a pending or failed import's stored content is read
 * again with its options merged with the body's (configuration fields and account_id; null or ''
 * removes one); rows, stats, mappings and configuration are replaced in one transaction. The
 * import's type stays.
 */
export const patchImportRoute: Handler = async (ctx, req, res) => {
  const { user } = req.auth!;
  const row = loadImport(ctx, user.family_id, req.params['id']!);
  const body = await readJson(req, res, ctx.config.maxJsonBodyBytes);
  const errors: string[] = [];
  for (const k of Object.keys(body)) {
    if (k === 'account_id' || (OPTION_FIELDS as readonly string[]).includes(k)) continue;
    errors.push(k === 'type' || k === 'raw_file_content'
      ? `${k} cannot be changed: create a new import for another type or other content`
      : `${k} is not a field an import can be changed in (fields: ${[...OPTION_FIELDS, 'account_id'].join(', ')})`);
  }
  const merged: Record<string, unknown> = { ...(JSON.parse(row.options) as Record<string, unknown>), type: row.type };
  for (const [k, v] of Object.entries(body)) {
    if (k === 'account_id') continue;
    if (v === null || v === '') delete merged[k];
    else merged[k] = v;
  }
  merged['account_id'] = 'account_id' in body ? body['account_id'] : row.account_id;
  const parsed = parseImportRequest(merged, accountErrors(ctx, user.family_id));
  if ('errors' in parsed) errors.push(...parsed.errors);
  if (errors.length > 0) throw validationFailed(errors);
  const request = parsed as ImportRequest;
  if (!row.uploaded) throw new ApiError(422, 'missing_content', 'The import has no content to read again', { import_id: row.id });
  // IMMEDIATE: the transaction reads before it writes, and in WAL mode a deferred one whose snapshot a
  // worker's commit made stale fails to become a writer at once (SQLITE_BUSY, no busy wait): a 500
  // seen when a publish committed between the read and the first write.
  ctx.db.transaction(() => {
    const status = ctx.db.prepare('SELECT status FROM imports WHERE id = ?').pluck().get(row.id) as string;
    if (status !== 'pending' && status !== 'failed') {
      throw new ApiError(422, 'not_editable', `The import is ${status}; only a pending or failed import can be changed (revert a complete one first)`, { import_id: row.id });
    }
    reconfigureImport(ctx.db, row.id, { accountId: request.accountId, options: request.options, configuration: request.configuration });
    Ingest.reread(ingestContext(ctx, user.family_id, user.id), row.id, row.content_bytes, request);
  }).immediate();
  sendJson(res, 200, { data: importDetail(getImport(ctx.db, user.family_id, row.id)!) });
};

/** POST /api/v1/imports/preflight (SPEC §3.11): what a create would make of the body, nothing stored. */
export const preflightImportRoute: Handler = async (ctx, req, res) => {
  const { user } = req.auth!;
  const type = contentType(req);
  let fields: Record<string, unknown>;
  let file: Uint8Array | null = null;
  let upload: { mimeType: string; filename: string } | null = null;
  if (type === 'multipart/form-data') {
    const form = await readForm(req, Math.max(ctx.config.maxCsvBytes, ctx.config.maxNdjsonBytes, ctx.config.maxPdfBytes));
    ({ fields, file, upload } = form);
  } else if (type === 'application/json' || type === '') {
    fields = await readJson(req, res, ctx.config.maxJsonBodyBytes);
  } else {
    throw new ApiError(400, 'bad_request', `Send application/json or multipart/form-data (got ${type})`);
  }
  const data = preflight(ingestContext(ctx, user.family_id, user.id), accountErrors(ctx, user.family_id), fields, file, upload, ctx.config.maxImportRows);
  sendJson(res, 200, { data });
};

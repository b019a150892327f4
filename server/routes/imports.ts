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
import { isUuid } from '../store/ids.ts';
import type { ImportRow } from '../store/store.ts';

const STATUSES = ['pending', 'importing', 'complete', 'failed', 'reverting', 'revert_failed'] as const;

function ingestContext(ctx: AppContext, familyId: string, userId: string): IngestContext {
  return { store: ctx.store, config: ctx.config, familyId, userId };
}

/** The store's check on a request: account_id must be an account of this family. */
function accountErrors(ctx: AppContext, familyId: string) {
  return async (id: string): Promise<string[]> =>
    (await ctx.store.accounts.currency(familyId, id)) !== undefined ? [] : [`account_id ${id} is not an account of this family`];
}

async function loadImport(ctx: AppContext, familyId: string, id: string): Promise<ImportRow> {
  const row = isUuid(id) ? await ctx.store.imports.get(familyId, id.toLowerCase()) : undefined;
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
    const parsed = await parseImportRequest(body, accountErrors(ctx, user.family_id));
    if ('errors' in parsed) throw validationFailed(parsed.errors);
    const request = parsed;
    publish = request.publish;
    importId = await createWithoutUpload(ctx, user.family_id, user.id, request, body['raw_file_content']);
  } else {
    throw new ApiError(400, 'bad_request', `Send application/json or multipart/form-data (got ${type})`);
  }
  const row = (await ctx.store.imports.get(user.family_id, importId))!;
  if (publish) {
    const queued = await ctx.publisher.publish(row);
    sendJson(res, 201, { data: importDetail(queued) });
    return;
  }
  sendJson(res, 201, { data: importDetail(row) });
};

/** An import from raw_file_content (or from none at all). */
async function createWithoutUpload(ctx: AppContext, familyId: string, userId: string, request: ImportRequest, raw: unknown): Promise<string> {
  if (raw !== undefined && raw !== null && typeof raw !== 'string') throw validationFailed(['raw_file_content must be a string']);
  const ingest = await Ingest.start(ingestContext(ctx, familyId, userId), request, null, true);
  try {
    if (typeof raw === 'string' && raw !== '') {
      const bytes = Buffer.from(raw, 'utf8');
      // 64 KiB a turn of the event loop, as an upload arrives: other requests are served between.
      for (let i = 0; i < bytes.length; i += 1 << 16) {
        await ingest.write(bytes.subarray(i, i + (1 << 16)));
        if (i + (1 << 16) < bytes.length) await new Promise<void>((resolve) => setImmediate(resolve));
      }
    }
    await ingest.finish();
  } catch (e) {
    await ingest.abort();
    throw e;
  }
  return ingest.importId;
}

export const listImportsRoute: Handler = async (ctx, req, res) => {
  const { page, perPage } = paging(req.query);
  const status = enumParam(req.query, 'status', STATUSES);
  const type = enumParam<ImportType>(req.query, 'type', IMPORT_TYPES);
  const { rows, total } = await ctx.store.imports.list({ familyId: req.auth!.user.family_id, status, type, page, perPage });
  sendJson(res, 200, { data: rows.map(importListItem), meta: pageMeta(page, perPage, total) });
};

export const getImportRoute: Handler = async (ctx, req, res) => {
  sendJson(res, 200, { data: importDetail(await loadImport(ctx, req.auth!.user.family_id, req.params['id']!)) });
};

export const importRowsRoute: Handler = async (ctx, req, res) => {
  const row = await loadImport(ctx, req.auth!.user.family_id, req.params['id']!);
  const { page, perPage } = paging(req.query);
  const data = await ctx.store.imports.rows(row.id, (page - 1) * perPage, perPage);
  sendJson(res, 200, { data, meta: pageMeta(page, perPage, row.rows_count) });
};

export const publishImportRoute: Handler = async (ctx, req, res) => {
  const row = await loadImport(ctx, req.auth!.user.family_id, req.params['id']!);
  sendJson(res, 202, { data: importDetail(await ctx.publisher.publish(row)) });
};

export const revertImportRoute: Handler = async (ctx, req, res) => {
  const row = await loadImport(ctx, req.auth!.user.family_id, req.params['id']!);
  sendJson(res, 202, { data: importDetail(await ctx.publisher.revert(row)) });
};

/** DELETE /api/v1/imports/:id (SPEC §3.11): a pending or failed import goes, with its content and rows; 204. */
export const deleteImportRoute: Handler = async (ctx, req, res) => {
  const familyId = req.auth!.user.family_id;
  const row = await loadImport(ctx, familyId, req.params['id']!);
  const refused = await ctx.store.imports.delete(familyId, row.id);
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
  const row = await loadImport(ctx, user.family_id, req.params['id']!);
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
  const parsed = await parseImportRequest(merged, accountErrors(ctx, user.family_id));
  if ('errors' in parsed) errors.push(...parsed.errors);
  if (errors.length > 0) throw validationFailed(errors);
  const request = parsed as ImportRequest;
  if (!row.uploaded) throw new ApiError(422, 'missing_content', 'The import has no content to read again', { import_id: row.id });
  const notEditable = (status: string) =>
    new ApiError(422, 'not_editable', `The import is ${status}; only a pending or failed import can be changed (revert a complete one first)`, { import_id: row.id });
  // Checked again when the rows are replaced (the status may change while the content is read).
  if (row.status !== 'pending' && row.status !== 'failed') throw notEditable(row.status);
  const refused = await Ingest.reread(ingestContext(ctx, user.family_id, user.id), row, request);
  if (refused === 'missing') throw notFound('import');
  if (refused !== null) throw notEditable(refused);
  sendJson(res, 200, { data: importDetail((await ctx.store.imports.get(user.family_id, row.id))!) });
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
  const data = await preflight(ingestContext(ctx, user.family_id, user.id), accountErrors(ctx, user.family_id), fields, file, upload, ctx.config.maxImportRows);
  sendJson(res, 200, { data });
};

// POST /api/v1/imports/preflight (SPEC §3.11): the create body read as a create would read it, and
// nothing stored. The content is held in memory (within the size limits of its type), run through
// the same engine pipeline, mappings and blockers as an import, and answered with what the engine
// understood: configuration, columns, stats, errors, warnings and the first 20 rows.

import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import { endInSlices, SluiceError, type FileResult, type NdjsonResult } from 'sluice';
import { ApiError, badRequest, validationFailed } from '../http/errors.ts';
import { blockersOf, csvMappings, type Blocker } from './assess.ts';
import {
  checkFileType, configurationUsed, engineRefusal, parserFor, sizeLimit, storedCsvRow, storedNativeRow, type IngestContext, type StoredRow,
} from './ingest.ts';
import { parseImportRequest, type AccountCheck, type Fields, type ImportRequest } from './request.ts';
import { FIELDS_LIMIT, PARTS_LIMIT, sayLimits } from './upload.ts';

const SAMPLE_ROWS = 20;

interface Form {
  fields: Fields;
  file: Uint8Array | null;
  upload: { mimeType: string; filename: string } | null;
}

/** A multipart body held in memory, with the hygiene of create (one file part named `file`, limits said). */
export function readForm(req: IncomingMessage, maxBytes: number): Promise<Form> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({ headers: req.headers, limits: { files: 1, fields: FIELDS_LIMIT, parts: PARTS_LIMIT, fieldSize: maxBytes + 1, fileSize: maxBytes + 1 } });
    } catch (e) {
      reject(badRequest(`The form data cannot be read: ${(e as Error).message}`));
      return;
    }
    const fields: Fields = {};
    const chunks: Buffer[] = [];
    let upload: Form['upload'] = null;
    let failure: ApiError | null = null;
    const fail = (e: ApiError) => { failure ??= e; };
    bb.on('field', (name, value) => { fields[name] = value; });
    bb.on('file', (name, stream, info) => {
      if (name !== 'file') fail(validationFailed([`a file was sent as the part ${JSON.stringify(name)}; send it as the part named "file"`]));
      else upload = { mimeType: info.mimeType, filename: info.filename ?? '' };
      stream.on('data', (c: Buffer) => { if (name === 'file') chunks.push(c); });
      stream.on('error', () => {}); // a body cut short: the form's own 'error' answers it (400)
      stream.on('limit', () => fail(new ApiError(422, 'file_too_large', `The file is larger than ${maxBytes} bytes`)));
    });
    sayLimits(bb, fail);
    bb.on('error', (e) => {
      req.unpipe(bb);
      req.resume();
      reject(badRequest(`The form data cannot be read: ${(e as Error).message}`));
    });
    bb.on('close', () => (failure ? reject(failure) : resolve({ fields, file: upload ? Buffer.concat(chunks) : null, upload })));
    req.pipe(bb);
  });
}

export interface Preflight {
  type: string;
  valid: boolean;
  publishable: boolean;
  publish_blockers: Blocker[];
  stats: { rows_count: number; valid_rows_count: number; invalid_rows_count: number; mappings_count: number; unassigned_mappings_count: number };
  headers: string[];
  columns: FileResult['columns'];
  configuration: Record<string, string | null>;
  errors: { code: string; line: number | null; field: string | null; message: string }[];
  warnings: { code: string; line: number | null; field: string | null; message: string }[];
  sample_rows: StoredRow[];
}

/** Runs the engine on the content of a create body; throws the ApiError a create would answer. */
export async function preflight(
  ctx: IngestContext, accountErrors: AccountCheck, fields: Fields, file: Form['file'], upload: Form['upload'], maxRows: number,
): Promise<Preflight> {
  const parsed = await parseImportRequest(fields, accountErrors);
  if ('errors' in parsed) throw validationFailed(parsed.errors);
  const req: ImportRequest = parsed;
  const raw = fields['raw_file_content'];
  if (raw !== undefined && raw !== null && typeof raw !== 'string') throw validationFailed(['raw_file_content must be a string']);
  const content = file ?? (typeof raw === 'string' ? Buffer.from(raw, 'utf8') : null);
  if (content === null || content.length === 0) {
    throw new ApiError(422, 'missing_content', `A ${req.type} needs content: raw_file_content, or a file part named "file"`);
  }
  const limit = sizeLimit(ctx.config, req.type);
  if (content.length > limit) throw new ApiError(422, upload ? 'file_too_large' : 'content_too_large', `The content is larger than ${limit} bytes`);
  checkFileType(req.type, content.subarray(0, 8), upload);

  const parser = await parserFor(ctx, req);
  const sample: StoredRow[] = [];
  let rowsWithoutAccount = 0;
  let csv: FileResult | null = null;
  let native: NdjsonResult | null = null;
  try {
    if (parser.kind === 'csv') {
      const take = (rows: ReturnType<typeof parser.pipeline.push>) => {
        for (const r of rows) {
          if (r.valid && r.fields['account'] === null) rowsWithoutAccount++;
          if (sample.length < SAMPLE_ROWS) sample.push(storedCsvRow(r, sample.length + 1));
        }
      };
      for (let i = 0; i < content.length; i += 1 << 16) take(parser.pipeline.push(content.subarray(i, i + (1 << 16))));
      endInSlices(parser.pipeline, take);
      csv = parser.pipeline.result();
    } else if (parser.kind === 'native') {
      const take = (records: ReturnType<typeof parser.pipeline.push>) => {
        for (const r of records) if (r.count_key !== null && sample.length < SAMPLE_ROWS) sample.push(storedNativeRow(r, sample.length + 1));
      };
      for (let i = 0; i < content.length; i += 1 << 16) take(parser.pipeline.push(content.subarray(i, i + (1 << 16))));
      take(parser.pipeline.end());
      native = parser.pipeline.result();
    }
  } catch (e) {
    if (e instanceof SluiceError) throw engineRefusal(req.type, e);
    throw e;
  }

  const mappings = csv ? await csvMappings(ctx.store.families, ctx.familyId, req.type, req.accountId, csv) : [];
  const rowsCount = native?.rows_count ?? csv?.rows_count ?? 0;
  const invalid = native?.invalid_rows_count ?? csv?.invalid_rows_count ?? 0;
  const blockers = blockersOf({
    type: req.type, uploaded: true, rowsCount, invalidRowsCount: invalid, accountId: req.accountId, maxRows, mappings, csv, native,
    rowsWithoutAccount,
  });
  const issue = (i: { code: string; line: number | null; field?: string | null; message: string }) =>
    ({ code: i.code, line: i.line, field: i.field ?? null, message: i.message });
  const errors = csv ? csv.issues.filter((i) => i.severity === 'error').map(issue) : native ? native.preflight.errors.map(issue) : [];
  const warnings = csv ? csv.issues.filter((i) => i.severity === 'warning').map(issue) : native ? native.preflight.warnings.map(issue) : [];
  const configuration: Record<string, string | null> = csv
    ? configurationUsed(req.configuration, csv)
    : { ...req.configuration };
  return {
    type: req.type,
    valid: invalid === 0 && (native === null || native.preflight.valid) && req.type !== 'PdfImport',
    publishable: blockers.length === 0,
    publish_blockers: blockers,
    stats: {
      rows_count: rowsCount, valid_rows_count: rowsCount - invalid, invalid_rows_count: invalid,
      mappings_count: mappings.length, unassigned_mappings_count: mappings.filter((m) => !m.assigned).length,
    },
    headers: csv?.headers ?? [],
    columns: csv?.columns ?? {},
    configuration,
    errors,
    warnings,
    sample_rows: sample,
  };
}

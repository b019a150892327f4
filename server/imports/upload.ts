// multipart/form-data for POST /api/v1/imports, streamed with busboy: the `file` part goes into
// Ingest (stored and parsed as it arrives) and the other parts are the request's fields. When a
// field comes after the file, the fields are only final at the end: the import is reconfigured and
// its stored content read again if the options changed. A refusal stops storing and parsing at
// once; the rest of the body is read and dropped so the client gets its answer.

import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import { normalizeOptions } from 'sluice';
import { ApiError, badRequest, validationFailed } from '../http/errors.ts';
import { Ingest, type IngestContext } from './ingest.ts';
import { parseImportRequest, type AccountCheck, type Fields, type ImportRequest } from './request.ts';

/** More fields than the API has, with room: a form past these is refused, naming the limit. */
export const FIELDS_LIMIT = 100;
export const PARTS_LIMIT = FIELDS_LIMIT + 1;

/** A limit of the form reached is said, never a silent drop (SPEC §3.11): create and preflight alike. */
export function sayLimits(bb: busboy.Busboy, fail: (e: ApiError) => void): void {
  bb.on('filesLimit', () => fail(validationFailed(['the form holds more than one file part; send one file, as the part named "file"'])));
  bb.on('fieldsLimit', () => fail(validationFailed([`the form holds more than ${FIELDS_LIMIT} fields`])));
  bb.on('partsLimit', () => fail(validationFailed([`the form holds more than ${PARTS_LIMIT} parts`])));
}

/**
 * Reads the form. `accountErrors` checks account_id against the store. Resolves with
 * the final request and the finished Ingest (null when the form had no file); rejects with an
 * ApiError, having removed anything staged.
 */
export function readUpload(
  req: IncomingMessage,
  ctx: IngestContext,
  accountErrors: AccountCheck,
): Promise<{ request: ImportRequest; ingest: Ingest | null; fields: Fields }> {
  return new Promise((resolve, reject) => {
    let bb: busboy.Busboy;
    try {
      bb = busboy({
        headers: req.headers,
        limits: { files: 1, fields: FIELDS_LIMIT, fieldSize: ctx.config.maxCsvBytes + 1, parts: PARTS_LIMIT },
      });
    } catch (e) {
      reject(badRequest(`The form data cannot be read: ${(e as Error).message}`));
      return;
    }
    const fields: Fields = {};
    let ingest: Ingest | null = null;
    let fileSeen = false;
    let failure: unknown = null;
    let fileDone: Promise<void> = Promise.resolve();
    // An abort waits for the write in progress (Ingest); what it cannot remove goes at the next start.
    const discard = () => ingest?.abort().catch(() => {});
    const fail = (e: unknown) => {
      if (failure === null) failure = e;
      void discard();
    };

    bb.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(new ApiError(422, 'content_too_large', `The form field ${name} is larger than ${ctx.config.maxCsvBytes} bytes`));
      fields[name] = value;
    });

    bb.on('file', (name, stream, info) => {
      // A body cut short errors the part being read: whatever became of the part, that is a 400.
      stream.on('error', (e) => fail(badRequest(`The form data cannot be read: ${e.message}`)));
      if (failure === null && name !== 'file') {
        fail(validationFailed([`a file was sent as the part ${JSON.stringify(name)}; send it as the part named "file" (curl -F file=@${info.filename ?? 'statement.csv'})`]));
      }
      if (name !== 'file' || fileSeen || failure !== null) {
        stream.resume();
        return;
      }
      fileSeen = true;
      // Held until the import is staged; then one chunk per turn of the event loop: a fast
      // client's whole body would otherwise be parsed in one go, and every other request wait for it (SPEC §3.12).
      stream.pause();
      // Fields may still follow (busboy reads on while the import is staged): parse live on the
      // options that hold so far; while the type is not given yet, the type's checks (size, kind
      // of file) wait for the end of the form.
      const sofarFields = { ...fields };
      fileDone = (async () => {
        const sofar = await parseImportRequest(sofarFields, accountErrors);
        const live = !('errors' in sofar);
        const request: ImportRequest = 'errors' in sofar ? placeholderRequest() : sofar;
        const settled = live && typeof sofarFields['type'] === 'string';
        try {
          if (failure === null) ingest = await Ingest.start(ctx, request, { mimeType: info.mimeType, filename: info.filename ?? '' }, live, settled);
        } catch (e) {
          fail(e);
        }
        if (failure !== null) void discard();
        await new Promise<void>((done) => {
          stream.on('data', (chunk: Buffer) => {
            if (failure !== null || ingest === null) return;
            stream.pause();
            ingest.write(chunk).catch(fail).finally(() => setImmediate(() => stream.resume()));
          });
          stream.on('end', () => done());
          stream.on('error', () => done());
          if (stream.destroyed || stream.readableEnded) done(); // cut short while the import was staged
          else stream.resume();
        });
      })();
    });

    sayLimits(bb, fail);

    bb.on('error', (e) => {
      fail(badRequest(`The form data cannot be read: ${(e as Error).message}`));
      req.unpipe(bb);
      req.resume();
      reject(failure);
    });

    bb.on('close', () => {
      void fileDone.then(async () => {
        if (failure !== null) {
          await discard();
          return reject(failure);
        }
        const parsed = await parseImportRequest(fields, accountErrors);
        if ('errors' in parsed) {
          await discard();
          return reject(validationFailed(parsed.errors));
        }
        const request = parsed;
        try {
          if (ingest !== null) {
            await ingest.reconfigure(request);
            await ingest.finish();
          }
        } catch (e) {
          await discard();
          return reject(e);
        }
        resolve({ request, ingest, fields });
      }).catch(async (e: unknown) => {
        await discard();
        reject(e);
      });
    });

    req.on('aborted', () => fail(badRequest('The upload was interrupted')));
    req.pipe(bb);
  });
}

/** A stand-in request used to stage an upload whose fields are not all valid yet. */
function placeholderRequest(): ImportRequest {
  return {
    type: 'TransactionImport',
    options: {},
    normalized: normalizeOptions({ type: 'TransactionImport' }),
    configuration: {
      date_col_label: null, amount_col_label: null, name_col_label: null, category_col_label: null, tags_col_label: null,
      notes_col_label: null, account_col_label: null, date_format: null, number_format: null, signage_convention: null,
      col_sep: null, encoding: null,
    },
    accountId: null,
    publish: false,
  };
}

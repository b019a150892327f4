// Request bodies. JSON goes through @polka/parse with the transport limit (MAX_JSON_BODY_BYTES):
// a body above it is 413 payload_too_large (refused from Content-Length before reading when the
// client declares it), malformed JSON is 400 bad_request. @polka/parse reports a parse error as
// 422 and may call next() again after a refusal; this wrapper answers once, in the API's words.

import { json } from '@polka/parse';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, badRequest } from './errors.ts';

export type Body = Record<string, unknown>;

const tooLarge = (limit: number) =>
  new ApiError(413, 'payload_too_large', `The request body is larger than ${limit} bytes; upload large files as multipart/form-data`);

/** Reads a JSON object body; resolves {} when the request has none. */
export function readJson(req: IncomingMessage & { body?: unknown }, res: ServerResponse, limit: number): Promise<Body> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) {
    req.resume(); // discard what is sent; the answer does not depend on it
    return Promise.reject(tooLarge(limit));
  }
  const parse = json({ limit, parser: (text: string | Buffer) => (String(text).trim() === '' ? {} : JSON.parse(String(text))) });
  return new Promise((resolve, reject) => {
    let settled = false;
    void parse(req as never, res, (err?: unknown) => {
      if (settled) return;
      settled = true;
      if (!err) {
        const body = req.body;
        if (body === undefined || body === null) return resolve({});
        if (typeof body !== 'object' || Array.isArray(body)) return reject(badRequest('The JSON body must be an object'));
        return resolve(body as Body);
      }
      const e = err as { status?: number; details?: unknown };
      if (e.status === 413) {
        req.resume();
        return reject(tooLarge(limit));
      }
      if (e.status === 422) return reject(badRequest(`The body is not valid JSON: ${String(e.details ?? '')}`));
      reject(err);
    });
  });
}

export function contentType(req: IncomingMessage): string {
  return (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

// HTTP errors and responses. Handlers throw ApiError (or let anything else escape); one onError
// turns it into a status and an ErrorResponse / ErrorResponseWithImportId body (SPEC §3.3). A 500
// never shows internals: the stack goes to the server's log, the client gets a plain message. A
// full disk is 507 insufficient_storage (SPEC §3.12): every write is one transaction, so nothing
// of the request was kept.

import type { ServerResponse } from 'node:http';
import { isDiskFull } from '../store/errors.ts';

export interface ErrorBody {
  error: string;
  message: string | null;
  details?: unknown;
  errors?: string[];
  import_id?: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: Omit<ErrorBody, 'error' | 'message'>;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, code: string, message: string, body: Omit<ErrorBody, 'error' | 'message'> = {}, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
    this.headers = headers;
  }
}

export const badRequest = (message: string) => new ApiError(400, 'bad_request', message);
export const notFound = (what = 'resource') => new ApiError(404, 'not_found', `${what} not found`);
export const validationFailed = (errors: string[]) =>
  new ApiError(422, 'validation_failed', 'The request is not valid', { errors });

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  const text = JSON.stringify(body);
  res.statusCode = status;
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

export interface ErrorLog {
  (message: string): void;
}

export const insufficientStorage = (body: Omit<ErrorBody, 'error' | 'message'> = {}) =>
  new ApiError(507, 'insufficient_storage', 'The server has no room left to store this; nothing of the request was kept. Try again once space is freed', body);

/** The single place statuses are decided for errors. */
export function errorHandler(log: ErrorLog) {
  return (err: unknown, _req: unknown, res: ServerResponse): void => {
    if (res.headersSent) {
      if (!res.writableEnded) res.destroy();
      return;
    }
    if (isDiskFull(err)) err = insufficientStorage();
    if (err instanceof ApiError) {
      sendJson(res, err.status, { error: err.code, message: err.message, ...err.body }, err.headers);
      return;
    }
    log(`internal error: ${err instanceof Error ? err.stack ?? err.message : String(err)}`);
    sendJson(res, 500, { error: 'internal_server_error', message: 'An unexpected error occurred' });
  };
}

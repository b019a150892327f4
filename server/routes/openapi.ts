// GET /api/v1/openapi.json: the API's description, kept in the repository (server/openapi.json)
// as the source of truth and served as it is. No key needed.

import { readFileSync } from 'node:fs';
import type { Handler } from '../context.ts';

let text: string | null = null;

export const openapiRoute: Handler = (_ctx, _req, res) => {
  text ??= readFileSync(new URL('../openapi.json', import.meta.url), 'utf8');
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.end(text);
};

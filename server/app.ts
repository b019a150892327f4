// The Polka application: the route table, authentication per route, and the one onError that
// decides statuses (http/errors.ts). Unknown paths are 404 not_found; a known path with another
// method is 405 method_not_allowed with an Allow header.

import polka from 'polka';
import type { ServerResponse } from 'node:http';
import { authenticate, RateLimiter } from './http/auth.ts';
import { ApiError, errorHandler, sendJson } from './http/errors.ts';
import type { AppContext, Handler, Request } from './context.ts';
import { createImport, deleteImportRoute, getImportRoute, patchImportRoute, preflightImportRoute, importRowsRoute, listImportsRoute, publishImportRoute, revertImportRoute } from './routes/imports.ts';
import { getCategoryRoute, listCategoriesRoute } from './routes/categories.ts';
import { createAccountRoute, getAccountRoute, listAccountsRoute } from './routes/accounts.ts';
import { getTransactionRoute, listTransactionsRoute } from './routes/transactions.ts';
import { enableAiRoute } from './routes/auth.ts';
import { openapiRoute } from './routes/openapi.ts';
import type { Scope } from './store/store.ts';

interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  scope: Scope | null;
  handler: Handler;
}

const ROUTES: Route[] = [
  { method: 'GET', path: '/api/v1/openapi.json', scope: null, handler: openapiRoute },
  { method: 'POST', path: '/api/v1/imports', scope: 'read_write', handler: createImport },
  { method: 'POST', path: '/api/v1/imports/preflight', scope: 'read', handler: preflightImportRoute },
  { method: 'GET', path: '/api/v1/imports', scope: 'read', handler: listImportsRoute },
  { method: 'GET', path: '/api/v1/imports/:id', scope: 'read', handler: getImportRoute },
  { method: 'DELETE', path: '/api/v1/imports/:id', scope: 'read_write', handler: deleteImportRoute },
  { method: 'PATCH', path: '/api/v1/imports/:id', scope: 'read_write', handler: patchImportRoute },
  { method: 'GET', path: '/api/v1/imports/:id/rows', scope: 'read', handler: importRowsRoute },
  { method: 'POST', path: '/api/v1/imports/:id/publish', scope: 'read_write', handler: publishImportRoute },
  { method: 'POST', path: '/api/v1/imports/:id/revert', scope: 'read_write', handler: revertImportRoute },
  { method: 'PATCH', path: '/api/v1/auth/enable_ai', scope: 'read_write', handler: enableAiRoute },
  { method: 'GET', path: '/api/v1/categories', scope: 'read', handler: listCategoriesRoute },
  { method: 'GET', path: '/api/v1/categories/:id', scope: 'read', handler: getCategoryRoute },
  { method: 'GET', path: '/api/v1/accounts', scope: 'read', handler: listAccountsRoute },
  { method: 'POST', path: '/api/v1/accounts', scope: 'read_write', handler: createAccountRoute },
  { method: 'GET', path: '/api/v1/accounts/:id', scope: 'read', handler: getAccountRoute },
  { method: 'GET', path: '/api/v1/transactions', scope: 'read', handler: listTransactionsRoute },
  { method: 'GET', path: '/api/v1/transactions/:id', scope: 'read', handler: getTransactionRoute },
];

const pattern = (path: string) => new RegExp('^' + path.replace(/:[a-z_]+/g, '[^/]+') + '/?$');
const PATTERNS = ROUTES.map((r) => ({ ...r, re: pattern(r.path) }));

export function createApp(ctx: AppContext, limiter = new RateLimiter(ctx.config.rateLimitPerHour, ctx.store.countRequest)) {
  const onError = errorHandler(ctx.log);
  const app = polka<Request>({
    onError: (err, req, res) => onError(err, req, res),
    onNoMatch: (req, res) => {
      const path = (req.path || '/').replace(/\/+$/, '') || '/';
      const allowed = PATTERNS.filter((r) => r.re.test(path)).map((r) => r.method);
      if (allowed.length > 0) {
        onError(new ApiError(405, 'method_not_allowed', `${req.method} is not allowed on ${path}`, {}, { Allow: [...new Set(allowed)].join(', ') }), req, res);
      } else {
        onError(new ApiError(404, 'not_found', `No route for ${req.method} ${path}`), req, res);
      }
    },
  });
  if (ctx.config.corsOrigins.length > 0) app.use(cors(ctx.config.corsOrigins));
  for (const r of ROUTES) {
    const handle = async (req: Request, res: ServerResponse) => {
      if (r.scope !== null) await authenticate(ctx.store, limiter, req, res, r.scope);
      await r.handler(ctx, req, res);
    };
    const method = r.method.toLowerCase() as 'get' | 'post' | 'patch' | 'delete';
    app[method](r.path, handle);
  }
  return app;
}

export { sendJson };

/**
 * CORS (SPEC §3.11): a request from an allowed origin gets Access-Control-Allow-Origin and sees
 * the rate-limit headers; a preflight (OPTIONS with Access-Control-Request-Method) is answered
 * 204 with the methods and headers the API takes, before authentication (browsers send no key on
 * a preflight). Requests from other origins are served as before, without CORS headers, so the
 * browser keeps them from the page.
 */
function cors(origins: readonly string[]) {
  const any = origins.includes('*');
  return (req: Request, res: ServerResponse, next: () => void) => {
    const origin = req.headers.origin;
    if (typeof origin !== 'string' || (!any && !origins.includes(origin))) return next();
    res.setHeader('Access-Control-Allow-Origin', any ? '*' : origin);
    if (!any) res.setHeader('Vary', 'Origin');
    res.setHeader('Access-Control-Expose-Headers', 'X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After');
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined) {
      res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, DELETE, OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', 'X-Api-Key, Content-Type');
      res.setHeader('Access-Control-Max-Age', '600');
      res.statusCode = 204;
      res.end();
      return;
    }
    next();
  };
}

// server/openapi.json and its response validator: the document is OpenAPI 3.0.3 in shape (every
// $ref resolves, every operation has an id and responses, the X-Api-Key scheme guards everything
// but the document itself), every documented response compiles, and validateResponse accepts
// correct bodies and rejects wrong ones. Real-server tests use the same validator.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { openapiDocument, validateResponse } from '../server/openapi/validate.ts';

type Obj = Record<string, unknown>;
const doc = openapiDocument() as unknown as Obj;
const paths = doc.paths as Record<string, Obj>;
const ID = '0190f3a2-7b1c-7d2e-8f3a-1b2c3d4e5f60';
const ID2 = '0190f3a2-7b1c-7d2e-8f3a-1b2c3d4e5f61';
const T = '2024-01-05T10:00:00.000Z';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function resolve(ref: string): unknown {
  let node: unknown = doc;
  for (const raw of ref.replace(/^#\//, '').split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    node = (node as Obj | undefined)?.[key];
  }
  return node;
}
const deref = (v: unknown): Obj => {
  let o = v as Obj;
  while (typeof o.$ref === 'string') o = resolve(o.$ref) as Obj;
  return o;
};
function* refs(node: unknown, at = '#'): Generator<[string, string]> {
  if (Array.isArray(node)) for (const [i, v] of node.entries()) yield* refs(v, `${at}/${i}`);
  else if (typeof node === 'object' && node !== null) {
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref') yield [at, v as string];
      else yield* refs(v, `${at}/${k}`);
    }
  }
}
const operations = Object.entries(paths).flatMap(([template, item]) =>
  METHODS.filter((m) => m in item).map((method) => ({ template, method, item, op: item[method] as Obj })),
);
const concrete = (template: string) => template.replace(/\{[^}]+\}/g, ID);

describe('openapi.json is an OpenAPI 3.0.3 document', () => {
  test('version, info, paths under /api/v1', () => {
    assert.equal(doc.openapi, '3.0.3');
    assert.equal(openapiDocument(), openapiDocument(), 'read once, then cached');
    assert.ok(Object.isFrozen(doc) && Object.isFrozen(paths), 'frozen: callers cannot change the shared copy');
    const info = doc.info as Obj;
    assert.equal(typeof info.title, 'string');
    assert.equal(typeof info.version, 'string');
    assert.ok(Object.keys(paths).length > 0);
    for (const template of Object.keys(paths)) assert.match(template, /^\/api\/v1\//);
  });

  test('every $ref resolves', () => {
    const all = [...refs(doc)];
    assert.ok(all.length > 50);
    for (const [at, ref] of all) {
      assert.match(ref, /^#\/components\/(schemas|responses|parameters|headers)\//, at);
      assert.notEqual(resolve(ref), undefined, `${ref} at ${at}`);
    }
  });

  test('every operation has a unique operationId, a summary, a description and responses', () => {
    const ids = new Set<string>();
    for (const { template, method, op } of operations) {
      const where = `${method.toUpperCase()} ${template}`;
      assert.equal(typeof op.operationId, 'string', where);
      assert.ok(!ids.has(op.operationId as string), `duplicate operationId at ${where}`);
      ids.add(op.operationId as string);
      assert.ok(typeof op.summary === 'string' && op.summary.length > 0, where);
      assert.ok(typeof op.description === 'string' && op.description.length > 0, where);
      const responses = op.responses as Obj;
      assert.ok(Object.keys(responses).length > 0, where);
      for (const [status, r] of Object.entries(responses)) {
        assert.match(status, /^([1-5]\d\d|[1-5]XX|default)$/, where);
        assert.equal(typeof deref(r).description, 'string', `${where} ${status}`);
      }
    }
    assert.equal(ids.size, 18);
  });

  test('every path parameter is declared as required', () => {
    for (const { template, item, op } of operations) {
      const declared = [...((item.parameters as Obj[]) ?? []), ...((op.parameters as Obj[]) ?? [])].map(deref);
      for (const [, name] of template.matchAll(/\{([^}]+)\}/g)) {
        const p = declared.find((d) => d.in === 'path' && d.name === name);
        assert.ok(p, `${template}: {${name}} undeclared`);
        assert.equal(p.required, true);
      }
    }
  });

  test('X-Api-Key guards every operation but GET /api/v1/openapi.json', () => {
    const schemes = (doc.components as Obj).securitySchemes as Record<string, Obj>;
    const names = Object.entries(schemes)
      .filter(([, s]) => s.type === 'apiKey' && s.in === 'header' && s.name === 'X-Api-Key')
      .map(([n]) => n);
    assert.equal(names.length, 1);
    for (const { template, method, op } of operations) {
      const security = (op.security ?? doc.security) as Obj[];
      const open = template === '/api/v1/openapi.json' && method === 'get';
      assert.deepEqual(security.length === 0, open, `${method} ${template}`);
      if (!open) assert.ok(security.some((req) => names[0]! in req), `${method} ${template}`);
      const responses = op.responses as Obj;
      if (!open) assert.ok('401' in responses && '429' in responses, `${method} ${template}: 401 and 429`);
      assert.ok('405' in responses, `${method} ${template}: 405`);
      for (const [status, r] of Object.entries(responses)) {
        const headers = (deref(r).headers ?? {}) as Obj;
        // 401 and 405 are answered before a key is counted.
        const limited = !open && status !== '401' && status !== '405';
        for (const h of ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']) {
          assert.equal(h in headers, limited, `${method} ${template} ${status} ${h}`);
          if (limited) assert.equal(deref(headers[h]).required, true, `${method} ${template} ${status} ${h} required`);
        }
        if (status === '429') assert.ok('Retry-After' in headers);
      }
    }
  });

  test('every documented response is reachable by the validator and its schema compiles', () => {
    for (const { template, method, op } of operations) {
      for (const status of Object.keys(op.responses as Obj)) {
        const r = validateResponse(method, concrete(template), Number(status), Symbol('not json'));
        assert.equal(r.ok, false);
        if (!r.ok) for (const e of r.errors) assert.match(e, /^body|documents no body/, `${method} ${template} ${status}: ${e}`);
        // A response documented without a body (204) accepts an empty one.
        if (!('content' in deref((op.responses as Obj)[status]))) assert.ok(validateResponse(method, concrete(template), Number(status), '').ok);
      }
    }
  });
});

// Sample bodies, correct as written; the tables below vary one thing each.
const statusDetail = { uploaded: true, configured: true, terminal: false, cleaned: true, publishable: true, revertable: false };
const stats = { rows_count: 2, valid_rows_count: 2, invalid_rows_count: 0, mappings_count: 1, unassigned_mappings_count: 1 };
const detail = (extra: Obj = {}) => ({
  id: ID, type: 'TransactionImport', status: 'pending', created_at: T, updated_at: T, account_id: ID2, error: null,
  status_detail: statusDetail, configuration: { date_col_label: 'Date', date_format: '%d.%m.%Y', number_format: null },
  stats, ...extra,
});
const readback = {
  status: 'mismatch', checked_at: T, expected_record_counts: { accounts: 1, transactions: 2 },
  before_counts: { accounts: 0 }, after_counts: { accounts: 1, transactions: 1 },
  actual_delta_counts: { accounts: 1, transactions: 1 }, checked_counts: { accounts: 1, transactions: 2 },
  mismatches: { transactions: { expected: 2, actual: 1 } }, error: null,
};
const verification = { expected_record_counts: { accounts: 1, transactions: 2 }, readback };
const native = detail({
  type: 'NativeImport', status: 'complete', account_id: null, verification,
  summary: { accounts: { created: 1, updated: 0, skipped: 0 }, transactions: { created: 1, updated: 0, skipped: 1 } },
  informative_extra: 'the server may add fields to ImportDetail',
});
const meta = { current_page: 1, next_page: 2, prev_page: null, total_pages: 2, total_count: 3, per_page: 2 };
const item = { id: ID, type: 'QifImport', status: 'failed', created_at: T, updated_at: T, account_id: null, rows_count: 0, error: 'boom', status_detail: { uploaded: true, configured: false, terminal: true } };
const row = { row_number: 1, line: 2, valid: false, errors: ['bad date'], issues: [{ code: 'DATE_INVALID', field: 'date', message: 'bad date' }, { code: 'CSV_FIELD_COUNT', field: null, message: 'x' }], fields: { date: null, amount: '-1234.56', tags: ['a'] } };
const user = { id: ID, email: 'a@example.com', first_name: null, last_name: 'Doe', ui_layout: 'dashboard', ai_enabled: true };
const root = { id: ID, name: 'Food & Drink', color: '#4da568', icon: 'utensils', subcategories_count: 2, created_at: T, updated_at: T, parent: null };
const child = { ...root, id: ID2, name: 'Groceries', subcategories_count: 0, parent: { id: ID, name: 'Food & Drink' } };
const err = (error: string, extra: Obj = {}) => ({ error, message: 'm', ...extra });
const rate = err('rate_limit_exceeded', { details: { limit: 1000, current: 1001, reset_in_seconds: 59 } });
const imp = `/api/v1/imports/${ID}`;

type Case = [name: string, method: string, path: string, status: number, body: unknown];
const accepted: Case[] = [
  ['create → 201 TransactionImport', 'POST', '/api/v1/imports', 201, { data: detail() }],
  ['create → 201 NativeImport with verification, summary and an extra field', 'POST', '/api/v1/imports', 201, { data: native }],
  ['create → 422 validation_failed with errors', 'POST', '/api/v1/imports', 422, err('validation_failed', { errors: ['type must be one of …'] })],
  ['create → 422 invalid_csv with details object', 'POST', '/api/v1/imports', 422, err('invalid_csv', { details: { line: 3, reason: 'unterminated quote' } })],
  ['create → 422 not_publishable with import_id', 'POST', '/api/v1/imports', 422, err('not_publishable', { import_id: ID, errors: ['account_required'] })],
  ['create → 500 publish_failed', 'POST', '/api/v1/imports', 500, err('publish_failed', { import_id: ID })],
  ['create → 500 internal_server_error', 'POST', '/api/v1/imports', 500, err('internal_server_error')],
  ['create → 403 insufficient_scope', 'POST', '/api/v1/imports', 403, err('insufficient_scope')],
  ['create → 413 payload_too_large', 'POST', '/api/v1/imports', 413, err('payload_too_large', { message: null })],
  ['list → 200 with query string', 'GET', '/api/v1/imports?page=1&per_page=2&status=failed', 200, { data: [item, { ...item, error: undefined }], meta }],
  ['list → 200 empty page', 'GET', '/api/v1/imports', 200, { data: [], meta: { ...meta, current_page: 9, next_page: null, prev_page: 8 } }],
  ['get → 200', 'GET', imp, 200, { data: native }],
  ['get → 404', 'GET', imp, 404, err('not_found')],
  ['rows → 200', 'GET', `${imp}/rows?page=1`, 200, { data: [row], meta }],
  ['publish → 202', 'POST', `${imp}/publish`, 202, { data: detail({ status: 'importing' }) }],
  ['publish → 422 preflight_failed', 'POST', `${imp}/publish`, 422, err('preflight_failed', { import_id: ID, errors: ['line 3: missing_reference'] })],
  ['revert → 202', 'POST', `${imp}/revert`, 202, { data: detail({ status: 'reverting' }) }],
  ['revert → 422 not_revertable', 'POST', `${imp}/revert`, 422, err('not_revertable', { import_id: ID })],
  ['revert → 500 revert_failed', 'POST', `${imp}/revert`, 500, err('revert_failed', { import_id: ID })],
  ['enable_ai → 200', 'PATCH', '/api/v1/auth/enable_ai', 200, { user }],
  ['enable_ai → 403 ai_not_available', 'PATCH', '/api/v1/auth/enable_ai', 403, err('ai_not_available')],
  ['categories → 200', 'GET', '/api/v1/categories?roots_only=1', 200, { categories: [root, child], pagination: { page: 1, per_page: 25, total_count: 2, total_pages: 1 } }],
  ['categories → 400 with details array', 'GET', '/api/v1/categories?page=x', 400, err('bad_request', { details: ['page must be a whole number ≥ 1'] })],
  ['categories → 401', 'GET', '/api/v1/categories', 401, err('unauthorized')],
  ['categories → 429', 'GET', '/api/v1/categories', 429, rate],
  ['category → 200 bare', 'GET', `/api/v1/categories/${ID2}`, 200, child],
  ['openapi.json → 200 the document', 'GET', '/api/v1/openapi.json', 200, openapiDocument()],
  ['known path, other method → 405', 'DELETE', '/api/v1/imports', 405, err('method_not_allowed')],
];

// [name, method, path, status, body, the body location or phrase one error must mention]
const rejected: [...Case, string][] = [
  ['missing required stats', 'GET', imp, 200, { data: { ...detail(), stats: undefined } }, 'stats'],
  ['missing required status_detail flag', 'GET', imp, 200, { data: detail({ status_detail: { ...statusDetail, revertable: undefined } }) }, 'revertable'],
  ['unknown status', 'GET', imp, 200, { data: detail({ status: 'done' }) }, '/data/status'],
  ['unknown type', 'POST', '/api/v1/imports', 201, { data: detail({ type: 'MintImport' }) }, '/data/type'],
  ['rows_count as a string', 'GET', imp, 200, { data: detail({ stats: { ...stats, rows_count: '2' } }) }, '/data/stats/rows_count'],
  ['negative count', 'GET', imp, 200, { data: detail({ stats: { ...stats, invalid_rows_count: -1 } }) }, '/data/stats/invalid_rows_count'],
  ['null flag (not nullable)', 'GET', imp, 200, { data: detail({ status_detail: { ...statusDetail, uploaded: null } }) }, '/data/status_detail/uploaded'],
  ['id not a uuid', 'GET', imp, 200, { data: detail({ id: '42' }) }, '/data/id'],
  ['created_at not a date-time', 'GET', imp, 200, { data: detail({ created_at: '2024-01-05' }) }, '/data/created_at'],
  ['readback mismatch without actual', 'GET', imp, 200, { data: { ...native, verification: { ...verification, readback: { ...readback, mismatches: { transactions: { expected: 2 } } } } } }, 'actual'],
  ['unknown readback status', 'GET', imp, 200, { data: { ...native, verification: { ...verification, readback: { ...readback, status: 'ok' } } } }, '/status'],
  ['summary count not an integer', 'GET', imp, 200, { data: detail({ summary: { transactions: { created: 1.5, updated: 0, skipped: 0 } } }) }, '/created'],
  ['no data wrapper', 'GET', imp, 200, detail(), 'data'],
  ['list item with the full status_detail', 'GET', '/api/v1/imports', 200, { data: [{ ...item, status_detail: statusDetail }], meta }, 'cleaned'],
  ['next_page as a string', 'GET', '/api/v1/imports', 200, { data: [], meta: { ...meta, next_page: '2' } }, '/meta/next_page'],
  ['row issue without field', 'GET', `${imp}/rows`, 200, { data: [{ ...row, issues: [{ code: 'X', message: 'm' }] }], meta }, 'field'],
  ['ui_layout outside its values', 'PATCH', '/api/v1/auth/enable_ai', 200, { user: { ...user, ui_layout: 'grid' } }, '/user/ui_layout'],
  ['ai_enabled as a string', 'PATCH', '/api/v1/auth/enable_ai', 200, { user: { ...user, ai_enabled: 'true' } }, '/user/ai_enabled'],
  ['category color not #RRGGBB', 'GET', `/api/v1/categories/${ID}`, 200, { ...root, color: 'green' }, '/color'],
  ['category with an unknown property', 'GET', `/api/v1/categories/${ID}`, 200, { ...root, lucide_icon: 'x' }, 'lucide_icon'],
  ['category without parent', 'GET', `/api/v1/categories/${ID}`, 200, { ...root, parent: undefined }, 'parent'],
  ['category name null', 'GET', `/api/v1/categories/${ID}`, 200, { ...root, name: null }, '/name'],
  ['categories without pagination', 'GET', '/api/v1/categories', 200, { categories: [root] }, 'pagination'],
  ['categories wrapped in data', 'GET', '/api/v1/categories', 200, { data: [root], pagination: { page: 1, per_page: 25, total_count: 1, total_pages: 1 } }, 'categories'],
  ['error without error code', 'GET', '/api/v1/categories', 401, { message: 'no key' }, 'error'],
  ['401 with another code', 'GET', '/api/v1/categories', 401, err('forbidden'), '/error'],
  ['403 with a code enable_ai does not use', 'PATCH', '/api/v1/auth/enable_ai', 403, err('not_found'), '/error'],
  ['429 without details', 'GET', '/api/v1/categories', 429, err('rate_limit_exceeded'), 'details'],
  ['not_publishable without import_id', 'POST', '/api/v1/imports', 422, err('not_publishable'), 'import_id'],
  ['validation code unknown to create', 'POST', '/api/v1/imports', 422, err('teapot'), '/error'],
  ['publish_failed without import_id', 'POST', `${imp}/publish`, 500, err('publish_failed'), 'import_id'],
  ['import_id not a uuid', 'POST', `${imp}/publish`, 422, err('not_publishable', { import_id: 'x' }), '/import_id'],
  ['unknown path', 'GET', '/api/v1/nope', 200, {}, '/api/v1/nope'],
  ['extra path segment', 'GET', `${imp}/rows/extra`, 200, { data: [], meta }, 'no path'],
  ['path without its /api/v1 prefix', 'GET', '/categories', 200, {}, 'no path'],
  ['empty path parameter', 'GET', '/api/v1/imports//rows', 200, { data: [], meta }, 'no path'],
  ['undocumented method', 'DELETE', '/api/v1/categories', 200, {}, 'DELETE'],
  ['undocumented status', 'GET', '/api/v1/categories', 418, {}, '418'],
];

describe('validateResponse accepts correct bodies', () => {
  for (const [name, method, path, status, body] of accepted) {
    test(name, () => assert.deepEqual(validateResponse(method, path, status, JSON.parse(JSON.stringify(body))), { ok: true }));
  }
});

describe('validateResponse rejects wrong ones', () => {
  for (const [name, method, path, status, body, mention] of rejected) {
    test(name, () => {
      const r = validateResponse(method, path, status, body === undefined ? body : JSON.parse(JSON.stringify(body)));
      assert.equal(r.ok, false);
      if (!r.ok) assert.ok(r.errors.some((e) => e.includes(mention)), `no error mentions ${mention}: ${r.errors.join('; ')}`);
    });
  }
});

describe('validateResponse checks documented headers when given them', () => {
  const body = { categories: [], pagination: { page: 1, per_page: 25, total_count: 0, total_pages: 0 } };
  const rate = { 'X-RateLimit-Limit': '1000', 'X-RateLimit-Remaining': '999', 'X-RateLimit-Reset': '1798675200' };
  const cases: [string, Record<string, string>, string | null][] = [
    ['all three present', rate, null],
    ['one missing', { 'X-RateLimit-Limit': '1000', 'X-RateLimit-Reset': '1798675200' }, 'header X-RateLimit-Remaining is required and missing'],
    ['not a number', { ...rate, 'X-RateLimit-Remaining': 'lots' }, 'header X-RateLimit-Remaining: "lots"'],
    ['negative', { ...rate, 'X-RateLimit-Limit': '-1' }, 'header X-RateLimit-Limit: "-1"'],
  ];
  for (const [name, headers, error] of cases) {
    test(name, () => {
      const r = validateResponse('GET', '/api/v1/categories', 200, body, new Headers(headers));
      if (error === null) assert.deepEqual(r, { ok: true });
      else assert.ok(!r.ok && r.errors.some((e) => e.startsWith(error)), JSON.stringify(r));
    });
  }
  test('a 405 needs Allow, and no rate headers', () => {
    assert.deepEqual(validateResponse('DELETE', '/api/v1/categories', 405, { error: 'method_not_allowed', message: 'x' }, new Headers({ Allow: 'GET' })), { ok: true });
    const r = validateResponse('DELETE', '/api/v1/categories', 405, { error: 'method_not_allowed', message: 'x' }, new Headers());
    assert.ok(!r.ok && r.errors.includes('header Allow is required and missing'));
  });
});

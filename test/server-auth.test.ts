// The server's front door over real HTTP (SPEC §3.2, §3.3 routing, §3.7): API keys (one 401 body
// for a missing, unknown or revoked key), scopes (a read key on every write endpoint), the rate
// limit per key per clock hour, PATCH /auth/enable_ai, unknown routes, wrong methods and the
// OpenAPI document. Every response is also checked against server/openapi.json (server-helpers).
// Imports and categories have their own suites.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { after, before, describe, test } from 'node:test';
import { openapiDocument } from '../server/openapi/validate.ts';
import { findUser } from '../server/store/sqlite/users.ts';
import { addKey, addUser, form, file, importCount, revoke, startServer, type ApiResponse, type TestServer } from './server-helpers.ts';

const CSV = 'date,amount,name\n2024-01-05,12.00,Coffee\n';
const UNKNOWN_KEY = 'f'.repeat(64);

/** Waits past the end of the clock hour when it is too close: a test's requests share one window. */
async function awayFromHourBoundary(margin = 5): Promise<void> {
  const left = 3600 - ((Date.now() / 1000) % 3600);
  if (left < margin) await new Promise((r) => setTimeout(r, left * 1000 + 250));
}

function rateHeaders(r: ApiResponse) {
  return {
    limit: r.headers.get('x-ratelimit-limit'),
    remaining: r.headers.get('x-ratelimit-remaining'),
    reset: r.headers.get('x-ratelimit-reset'),
  };
}

describe('API keys and scopes', () => {
  let s: TestServer;
  let importId: string;
  let readKey: string;
  let revokedKey: string;

  before(async () => {
    s = await startServer();
    const created = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: CSV } });
    assert.equal(created.status, 201);
    importId = created.body.data.id;
    readKey = addUser(s.db, { familyId: s.familyId, email: 'reader@example.com', scope: 'read' }).key;
    const doomed = addUser(s.db, { familyId: s.familyId, email: 'gone@example.com', scope: 'read_write' });
    revokedKey = doomed.key;
    assert.equal((await s.api('GET', '/api/v1/categories', { key: revokedKey })).status, 200, 'the key works before it is revoked');
    revoke(s.db, revokedKey);
  });
  after(() => s.close());

  const endpoints = (): [string, string, () => { json?: unknown }][] => [
    ['GET', '/api/v1/imports', () => ({})],
    ['POST', '/api/v1/imports', () => ({ json: { raw_file_content: CSV } })],
    ['GET', `/api/v1/imports/${importId}`, () => ({})],
    ['GET', `/api/v1/imports/${importId}/rows`, () => ({})],
    ['POST', `/api/v1/imports/${importId}/publish`, () => ({})],
    ['POST', `/api/v1/imports/${importId}/revert`, () => ({})],
    ['PATCH', '/api/v1/auth/enable_ai', () => ({})],
    ['GET', '/api/v1/categories', () => ({})],
    ['GET', `/api/v1/categories/${randomUUID()}`, () => ({})],
  ];

  test('missing, unknown, malformed and revoked keys get one identical 401 on every endpoint', async () => {
    const keys: [string, string | null][] = [
      ['missing', null],
      ['empty', ''],
      ['unknown', UNKNOWN_KEY],
      ['malformed', 'not-a-key'],
      ['revoked', revokedKey],
    ];
    const bodies: unknown[] = [];
    const before = importCount(s.db);
    for (const [method, path, opts] of endpoints()) {
      for (const [label, key] of keys) {
        const r = await s.api(method, path, { ...opts(), key });
        assert.equal(r.status, 401, `${label} key: ${method} ${path}`);
        assert.equal(r.body.error, 'unauthorized');
        assert.equal(typeof r.body.message, 'string');
        bodies.push(r.body);
      }
    }
    for (const b of bodies) assert.deepEqual(b, bodies[0], 'no hint which of the three it was');
    assert.equal(importCount(s.db), before, 'nothing was created without a key');
    assert.equal(findUser(s.db, s.userId)!.ai_enabled, 0);
  });

  test('a read key may use every GET endpoint', async () => {
    const categories = await s.api('GET', '/api/v1/categories', { key: readKey });
    assert.equal(categories.status, 200);
    const oneCategory = categories.body.categories[0].id;
    for (const path of ['/api/v1/imports', `/api/v1/imports/${importId}`, `/api/v1/imports/${importId}/rows`, '/api/v1/categories', `/api/v1/categories/${oneCategory}`, '/api/v1/accounts', '/api/v1/transactions']) {
      const r = await s.api('GET', path, { key: readKey });
      assert.equal(r.status, 200, path);
    }
    // The dry run stores nothing, so a read key may make one.
    const tried = await s.api('POST', '/api/v1/imports/preflight', { key: readKey, json: { raw_file_content: CSV } });
    assert.equal(tried.status, 200);
  });

  const writes: [string, (id: string) => string, { json?: unknown; form?: () => FormData }][] = [
    ['POST', () => '/api/v1/imports', { json: { raw_file_content: CSV } }],
    ['POST', () => '/api/v1/imports', { form: () => form([['file', file(CSV, 'a.csv')]]) }],
    ['POST', (id) => `/api/v1/imports/${id}/publish`, {}],
    ['POST', (id) => `/api/v1/imports/${id}/revert`, {}],
    ['PATCH', () => '/api/v1/auth/enable_ai', {}],
    ['POST', () => '/api/v1/accounts', { json: { name: 'Reader account', account_type: 'depository' } }],
    ['PATCH', (id) => `/api/v1/imports/${id}`, { json: { date_format: '%Y-%m-%d' } }],
    ['DELETE', (id) => `/api/v1/imports/${id}`, {}],
  ];
  for (const [method, path, body] of writes) {
    test(`a read key on ${method} ${path(':id')}${body.form ? ' (multipart)' : ''} → 403 insufficient_scope, nothing changes`, async () => {
      const imports = importCount(s.db);
      const accounts = s.db.prepare('SELECT count(*) FROM accounts').pluck().get();
      const r = await s.api(method, path(importId), { key: readKey, json: body.json, form: body.form?.() });
      assert.equal(r.status, 403);
      assert.deepEqual(r.body, { error: 'insufficient_scope', message: "This action requires the 'write' scope" });
      assert.equal(importCount(s.db), imports);
      assert.equal(s.db.prepare('SELECT count(*) FROM accounts').pluck().get(), accounts);
      const still = await s.api('GET', `/api/v1/imports/${importId}`, { key: readKey });
      assert.equal(still.body.data.status, 'pending');
      const reader = s.db.prepare("SELECT ai_enabled FROM users WHERE email = 'reader@example.com'").pluck().get();
      assert.equal(reader, 0);
    });
  }

  test('a read_write key may write (the same requests succeed)', async () => {
    const rw = addUser(s.db, { familyId: s.familyId, email: 'writer@example.com', scope: 'read_write' });
    const r = await s.api('POST', '/api/v1/imports', { key: rw.key, json: { raw_file_content: CSV } });
    assert.equal(r.status, 201);
    const ai = await s.api('PATCH', '/api/v1/auth/enable_ai', { key: rw.key });
    assert.equal(ai.status, 200);
    assert.equal(ai.body.user.id, rw.userId);
  });

  test('keys made and revoked with the sluice CLI work against the running server', async () => {
    const bin = fileURLToPath(new URL('../bin/sluice.mjs', import.meta.url));
    const run = (args: string[]) => spawnSync(process.execPath, [bin, ...args], {
      encoding: 'utf8', timeout: 60_000, env: { ...process.env, ...s.storeEnv },
    });
    const made = run(['user', 'create', '--email', 'cli-reader@example.com', '--scope', 'read', '--family-of', 'owner@localhost', '--json']);
    assert.equal(made.status, 0, made.stderr);
    const { api_key: key, family_id: familyId } = JSON.parse(made.stdout) as { api_key: string; family_id: string; user_id: string };
    assert.match(key, /^[0-9a-f]{64}$/);
    assert.equal(familyId, s.familyId);
    const list = await s.api('GET', '/api/v1/imports', { key });
    assert.equal(list.status, 200);
    assert.ok(list.body.data.some((i: { id: string }) => i.id === importId), 'same family: sees the family\'s imports');
    assert.equal((await s.api('POST', '/api/v1/imports', { key, json: {} })).status, 403);
    const revoked = run(['key', 'revoke', key]);
    assert.equal(revoked.status, 0, revoked.stderr);
    const after = await s.api('GET', '/api/v1/imports', { key });
    assert.equal(after.status, 401);
    assert.equal(after.body.error, 'unauthorized');
  });
});

describe('rate limit (RATE_LIMIT_PER_HOUR=3)', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ RATE_LIMIT_PER_HOUR: '3' });
  });
  after(() => s.close());

  test('headers on every authenticated response, the 4th request is 429 with details and Retry-After', async () => {
    await awayFromHourBoundary();
    const reader = addUser(s.db, { familyId: s.familyId, email: 'r@example.com', scope: 'read' });
    const nowSec = Math.floor(Date.now() / 1000);
    // Three different outcomes, each counted: 200, 404, 403.
    const answers = [
      await s.api('GET', '/api/v1/categories', { key: reader.key }),
      await s.api('GET', `/api/v1/imports/${randomUUID()}`, { key: reader.key }),
      await s.api('POST', '/api/v1/imports', { key: reader.key, json: {} }),
    ];
    assert.deepEqual(answers.map((r) => r.status), [200, 404, 403]);
    const resets = new Set<string | null>();
    for (const [i, r] of answers.entries()) {
      const h = rateHeaders(r);
      assert.equal(h.limit, '3');
      assert.equal(h.remaining, String(2 - i));
      resets.add(h.reset);
    }
    assert.equal(resets.size, 1, 'one window');
    const reset = Number([...resets][0]);
    assert.ok(Number.isInteger(reset) && reset % 3600 === 0, `X-RateLimit-Reset ${reset} is the end of a clock hour`);
    assert.ok(reset > nowSec && reset <= nowSec + 3600);

    const over = await s.api('GET', '/api/v1/categories', { key: reader.key });
    assert.equal(over.status, 429);
    assert.equal(over.body.error, 'rate_limit_exceeded');
    assert.equal(typeof over.body.message, 'string');
    const { limit, current, reset_in_seconds: resetIn } = over.body.details;
    assert.equal(limit, 3);
    assert.equal(current, 4);
    assert.ok(Number.isInteger(resetIn) && resetIn > 0 && resetIn <= 3600);
    assert.ok(Math.abs(reset - Math.floor(Date.now() / 1000) - resetIn) <= 2, 'reset_in_seconds counts down to X-RateLimit-Reset');
    assert.deepEqual(rateHeaders(over), { limit: '3', remaining: '0', reset: String(reset) });
    const retry = over.headers.get('retry-after');
    assert.ok(retry !== null && /^\d+$/.test(retry), 'Retry-After in seconds');
    assert.ok(Math.abs(Number(retry) - resetIn) <= 1);

    const again = await s.api('GET', '/api/v1/imports', { key: reader.key });
    assert.equal(again.status, 429);
    assert.equal(again.body.details.current, 5);
  });

  test('the limit is per key: another key of the same user still has its own budget', async () => {
    await awayFromHourBoundary();
    const u = addUser(s.db, { familyId: s.familyId, email: 'two-keys@example.com', scope: 'read_write' });
    for (let i = 0; i < 3; i++) assert.equal((await s.api('GET', '/api/v1/imports', { key: u.key })).status, 200);
    assert.equal((await s.api('GET', '/api/v1/imports', { key: u.key })).status, 429);
    const second = addKey(s.db, u.userId, 'read_write');
    const fresh = await s.api('GET', '/api/v1/imports', { key: second });
    assert.equal(fresh.status, 200);
    assert.equal(rateHeaders(fresh).remaining, '2');
  });

  test('created, refused and bad requests carry the headers too (201, 422, 400)', async () => {
    await awayFromHourBoundary();
    const u = addUser(s.db, { familyId: s.familyId, email: 'writer@example.com', scope: 'read_write' });
    const got = [
      await s.api('POST', '/api/v1/imports', { key: u.key, json: { raw_file_content: CSV } }),
      await s.api('POST', '/api/v1/imports', { key: u.key, json: { number_format: 'nope' } }),
      await s.api('GET', '/api/v1/categories?page=0', { key: u.key }),
    ];
    assert.deepEqual(got.map((r) => r.status), [201, 422, 400]);
    assert.deepEqual(got.map((r) => rateHeaders(r).remaining), ['2', '1', '0']);
  });

  test('a 401 is not counted against any key', async () => {
    await awayFromHourBoundary();
    const u = addUser(s.db, { familyId: s.familyId, email: 'unrelated@example.com', scope: 'read' });
    for (let i = 0; i < 5; i++) assert.equal((await s.api('GET', '/api/v1/imports', { key: UNKNOWN_KEY })).status, 401);
    const r = await s.api('GET', '/api/v1/imports', { key: u.key });
    assert.equal(r.status, 200);
    assert.equal(rateHeaders(r).remaining, '2');
  });
});

describe('rate limit off (RATE_LIMIT_PER_HOUR=0)', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ RATE_LIMIT_PER_HOUR: '0' });
  });
  after(() => s.close());

  test('no request is ever refused for rate', async () => {
    for (let i = 0; i < 12; i++) {
      const r = await s.api('GET', '/api/v1/categories');
      assert.equal(r.status, 200, `request ${i + 1}`);
    }
  });
});

describe('PATCH /api/v1/auth/enable_ai', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ AI_AVAILABLE: 'true' });
  });
  after(() => s.close());

  test('200 {user} with ai_enabled true for the key owner; calling again is harmless', async () => {
    const u = addUser(s.db, { familyId: null, email: 'ada@example.com', scope: 'read_write' });
    assert.equal(findUser(s.db, u.userId)!.ai_enabled, 0);
    const first = await s.api('PATCH', '/api/v1/auth/enable_ai', { key: u.key });
    assert.equal(first.status, 200);
    assert.deepEqual(first.body, {
      user: { id: u.userId, email: 'ada@example.com', first_name: 'Test', last_name: 'User', ui_layout: 'dashboard', ai_enabled: true },
    });
    assert.equal(findUser(s.db, u.userId)!.ai_enabled, 1);
    const second = await s.api('PATCH', '/api/v1/auth/enable_ai', { key: u.key });
    assert.equal(second.status, 200);
    assert.deepEqual(second.body, first.body);
    assert.equal(findUser(s.db, s.userId)!.ai_enabled, 0, 'only the key owner changed');
  });

  test('the bootstrap user: ui_layout is dashboard or intro, names may be null', async () => {
    const r = await s.api('PATCH', '/api/v1/auth/enable_ai');
    assert.equal(r.status, 200);
    assert.equal(r.body.user.id, s.userId);
    assert.equal(r.body.user.email, 'owner@localhost');
    assert.ok(['dashboard', 'intro'].includes(r.body.user.ui_layout));
    assert.equal(r.body.user.ai_enabled, true);
  });

  test('a read key → 403 insufficient_scope and ai_enabled stays false', async () => {
    const u = addUser(s.db, { familyId: null, email: 'reader@example.com', scope: 'read' });
    const r = await s.api('PATCH', '/api/v1/auth/enable_ai', { key: u.key });
    assert.equal(r.status, 403);
    assert.deepEqual(r.body, { error: 'insufficient_scope', message: "This action requires the 'write' scope" });
    assert.equal(findUser(s.db, u.userId)!.ai_enabled, 0);
  });
});

describe('PATCH /api/v1/auth/enable_ai with AI_AVAILABLE=false', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ AI_AVAILABLE: 'false' });
  });
  after(() => s.close());

  test('403 ai_not_available and nothing changes', async () => {
    const before = s.db.prepare('SELECT ai_enabled, updated_at FROM users WHERE id = ?').get(s.userId);
    for (let i = 0; i < 2; i++) {
      const r = await s.api('PATCH', '/api/v1/auth/enable_ai');
      assert.equal(r.status, 403);
      assert.deepEqual(r.body, { error: 'ai_not_available', message: 'AI is not available for your account' });
    }
    assert.deepEqual(s.db.prepare('SELECT ai_enabled, updated_at FROM users WHERE id = ?').get(s.userId), before);
  });
});

describe('routes', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer();
  });
  after(() => s.close());

  // Unknown paths are not in the document; their 404 is the NotFound response of a documented one.
  const asNotFound = { method: 'GET', path: `/api/v1/imports/${'0'.repeat(8)}-0000-7000-8000-${'0'.repeat(12)}` };
  const unknown: [string, string][] = [
    ['GET', '/api/v1/nope'],
    ['GET', '/api/v1/holdings'],
    ['POST', '/api/v1/imports/x/y/z'],
    ['GET', '/api/v2/imports'],
    ['GET', '/'],
    ['DELETE', '/nothing/here'],
  ];
  for (const [method, path] of unknown) {
    test(`unknown route ${method} ${path} → 404 not_found (with or without a key)`, async () => {
      for (const key of [undefined, null]) {
        const r = await s.api(method, path, { key, validateAs: asNotFound });
        assert.equal(r.status, 404);
        assert.equal(r.body.error, 'not_found');
      }
    });
  }

  const wrongMethod: [string, string, string[]][] = [
    ['DELETE', '/api/v1/imports', ['GET', 'POST']],
    ['PUT', '/api/v1/imports', ['GET', 'POST']],
    ['PATCH', '/api/v1/categories', ['GET']],
    ['POST', '/api/v1/categories', ['GET']],
    ['GET', '/api/v1/auth/enable_ai', ['PATCH']],
    ['PUT', `/api/v1/imports/${randomUUID()}`, ['GET', 'DELETE', 'PATCH']],
    ['GET', `/api/v1/imports/${randomUUID()}/publish`, ['POST']],
    ['POST', '/api/v1/openapi.json', ['GET']],
  ];
  for (const [method, path, allowed] of wrongMethod) {
    test(`wrong method ${method} ${path.replace(/[0-9a-f-]{36}/, ':id')} → 405 with Allow`, async () => {
      const r = await s.api(method, path);
      assert.equal(r.status, 405);
      assert.equal(typeof r.body.error, 'string');
      const allow = (r.headers.get('allow') ?? '').split(',').map((m) => m.trim()).filter(Boolean).sort();
      assert.deepEqual(allow, [...allowed].sort());
    });
  }

  test('GET /api/v1/openapi.json without a key → 200, the repository document', async () => {
    const r = await s.api('GET', '/api/v1/openapi.json', { key: null });
    assert.equal(r.status, 200);
    assert.match(r.headers.get('content-type') ?? '', /^application\/json/);
    assert.equal(r.body.openapi, '3.0.3');
    assert.deepEqual(r.body, openapiDocument());
  });

  test('GET /api/v1/openapi.json with an unknown key is still served (no key needed)', async () => {
    const r = await s.api('GET', '/api/v1/openapi.json', { key: UNKNOWN_KEY });
    assert.equal(r.status, 200);
  });
});

describe('shutdown', () => {
  test('close() with an idle publish worker finishes promptly', async () => {
    const s = await startServer({}, { publishing: true });
    assert.equal((await s.api('GET', '/api/v1/categories')).status, 200);
    const t = Date.now();
    await s.close();
    const took = Date.now() - t;
    assert.ok(took < 3000, `close() took ${took} ms`);
  });
});

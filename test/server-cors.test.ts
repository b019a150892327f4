// CORS through CORS_ORIGINS (SPEC §3.11), over real HTTP: off by default; with an origin listed,
// its requests get Access-Control-Allow-Origin and see the rate-limit headers, its preflights are
// answered 204 without a key; another origin gets no CORS headers; `*` allows any origin; a
// malformed CORS_ORIGINS stops the start.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { loadConfig } from '../server/config.ts';
import { startServer, type TestServer } from './server-helpers.ts';

const APP = 'https://app.example.com';

describe('CORS', () => {
  let off: TestServer;
  let on: TestServer;
  let any: TestServer;
  before(async () => {
    off = await startServer();
    on = await startServer({ CORS_ORIGINS: `${APP}, http://localhost:5173`, RATE_LIMIT_PER_HOUR: '100' });
    any = await startServer({ CORS_ORIGINS: '*' });
  });
  after(async () => {
    await off.close();
    await on.close();
    await any.close();
  });

  const preflight = (s: TestServer, origin: string) => fetch(`${s.url}/api/v1/imports`, {
    method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'x-api-key, content-type' },
  });

  test('off by default: no CORS headers, a preflight is not answered as one', async () => {
    const r = await fetch(`${off.url}/api/v1/categories`, { headers: { Origin: APP, 'X-Api-Key': off.key } });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('access-control-allow-origin'), null);
    const p = await preflight(off, APP);
    assert.notEqual(p.status, 204);
    assert.equal(p.headers.get('access-control-allow-origin'), null);
  });

  test('a listed origin: the answer names it and exposes the rate-limit headers', async () => {
    const r = await fetch(`${on.url}/api/v1/categories`, { headers: { Origin: APP, 'X-Api-Key': on.key } });
    assert.equal(r.status, 200);
    assert.equal(r.headers.get('access-control-allow-origin'), APP);
    assert.match(r.headers.get('access-control-expose-headers') ?? '', /X-RateLimit-Remaining/);
    assert.ok(r.headers.get('x-ratelimit-remaining') !== null);
  });

  test('a listed origin\'s preflight: 204 with the methods and headers, no key needed', async () => {
    const p = await preflight(on, 'http://localhost:5173');
    assert.equal(p.status, 204);
    assert.equal(p.headers.get('access-control-allow-origin'), 'http://localhost:5173');
    for (const m of ['GET', 'POST', 'PATCH', 'DELETE']) assert.match(p.headers.get('access-control-allow-methods') ?? '', new RegExp(m));
    assert.match(p.headers.get('access-control-allow-headers') ?? '', /X-Api-Key/);
    assert.match(p.headers.get('access-control-allow-headers') ?? '', /Content-Type/);
  });

  test('another origin gets no CORS headers (the browser keeps the answer from its page)', async () => {
    const r = await fetch(`${on.url}/api/v1/categories`, { headers: { Origin: 'https://evil.example', 'X-Api-Key': on.key } });
    assert.equal(r.headers.get('access-control-allow-origin'), null);
    assert.notEqual((await preflight(on, 'https://evil.example')).status, 204);
  });

  test('* allows any origin', async () => {
    const p = await preflight(any, 'https://anything.example');
    assert.equal(p.status, 204);
    assert.equal(p.headers.get('access-control-allow-origin'), '*');
  });

  const bad = ['app.example.com', 'https://app.example.com/path', 'ftp//x'];
  for (const value of bad) {
    test(`CORS_ORIGINS=${JSON.stringify(value)} stops the start, naming the variable`, () => {
      assert.throws(() => loadConfig({ CORS_ORIGINS: value }), /CORS_ORIGINS/);
    });
  }
});

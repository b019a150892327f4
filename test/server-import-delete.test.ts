// DELETE /api/v1/imports/:id (SPEC §3.11) over real HTTP: a pending or failed import is removed
// with its content, rows and mappings (204, then 404); a complete one is `not_editable` until it
// is reverted; a read key cannot delete; another family's import behaves as absent.

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { newFamily, publishNew, revert } from './publish-helpers.ts';
import { addUser, startServer, type TestServer } from './server-helpers.ts';

const CSV = 'date,name,amount,category\n2024-01-05,Coffee,-3.50,Cafes\n';

const left = (s: TestServer, id: string) =>
  ['imports', 'import_contents', 'import_row_chunks', 'import_mappings'].map((t) =>
    s.db.prepare(`SELECT count(*) FROM ${t} WHERE ${t === 'imports' ? 'id' : 'import_id'} = ?`).pluck().get(id));

describe('DELETE /api/v1/imports/:id', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ RATE_LIMIT_PER_HOUR: '1000000' }, { publishing: true });
  });
  after(() => s.close());

  test('a pending import goes with its content, rows and mappings: 204, then 404', async () => {
    const f = newFamily(s);
    const created = await s.api('POST', '/api/v1/imports', { key: f.key, json: { raw_file_content: CSV } });
    assert.equal(created.status, 201);
    const id = created.body.data.id;
    assert.ok(left(s, id).every((n) => Number(n) > 0), 'stored before');
    const r = await s.api('DELETE', `/api/v1/imports/${id}`, { key: f.key });
    assert.equal(r.status, 204);
    assert.deepEqual(left(s, id), [0, 0, 0, 0]);
    assert.equal((await s.api('GET', `/api/v1/imports/${id}`, { key: f.key })).status, 404);
    assert.equal((await s.api('DELETE', `/api/v1/imports/${id}`, { key: f.key })).status, 404);
  });

  test('a complete import is not_editable until it is reverted, then it can go', async () => {
    const f = newFamily(s);
    const a = (await s.api('POST', '/api/v1/accounts', { key: f.key, json: { name: 'Main', account_type: 'depository' } })).body;
    const d = await publishNew(s, f.key, { raw_file_content: CSV, account_id: a.id });
    assert.equal(d.status, 'complete', d.error);
    const refused = await s.api('DELETE', `/api/v1/imports/${d.id}`, { key: f.key });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.error, 'not_editable');
    assert.equal(refused.body.import_id, d.id);
    assert.equal((await revert(s, f.key, d.id)).status, 'pending');
    assert.equal((await s.api('DELETE', `/api/v1/imports/${d.id}`, { key: f.key })).status, 204);
  });

  test('a read key gets 403; another family gets what a missing id gets', async () => {
    const f = newFamily(s);
    const id = (await s.api('POST', '/api/v1/imports', { key: f.key, json: { raw_file_content: CSV } })).body.data.id;
    const reader = addUser(s.db, { familyId: f.familyId, email: `r-${randomUUID()}@example.com`, scope: 'read' });
    assert.equal((await s.api('DELETE', `/api/v1/imports/${id}`, { key: reader.key })).status, 403);
    const other = newFamily(s);
    const foreign = await s.api('DELETE', `/api/v1/imports/${id}`, { key: other.key });
    const missing = await s.api('DELETE', `/api/v1/imports/${randomUUID()}`, { key: other.key });
    assert.equal(foreign.status, 404);
    assert.deepEqual(foreign.body, missing.body);
    assert.equal(left(s, id)[0], 1, 'still there');
  });
});

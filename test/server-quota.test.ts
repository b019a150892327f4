// A family's storage quota (SPEC §3.12 "Storage", issue 14 finding 6): MAX_FAMILY_STORAGE_BYTES
// caps what a family's stored imports take (content and rows together). An upload that would cross
// it is 422 quota_exceeded with nothing stored; other families are unaffected; deleting imports
// makes room again.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newFamily } from './publish-helpers.ts';
import { form, startServer, type TestServer } from './server-helpers.ts';

const QUOTA = 60_000;
let s: TestServer;
before(async () => {
  s = await startServer({ MAX_FAMILY_STORAGE_BYTES: String(QUOTA) });
});
after(() => s.close());

const csv = (n: number, tag: string) =>
  'date,name,amount\n' + Array.from({ length: n }, (_, i) => `2024-04-${String(1 + (i % 28)).padStart(2, '0')},${tag} ${i},-${i + 1}.00\n`).join('');
const stored = (familyId: string) => s.db.prepare('SELECT count(*), CAST(coalesce(sum(stored_bytes), 0) AS BIGINT) FROM imports WHERE family_id = ?').raw().get(familyId) as [number, number];
const staged = () => s.db.prepare('SELECT count(*) FROM import_contents c JOIN imports i ON i.id = c.import_id WHERE i.staged = 1').pluck().get();

test('an upload past the family\'s quota is 422 quota_exceeded, nothing stored; others unaffected; a delete makes room', async () => {
  const f = newFamily(s);
  const first = await s.api('POST', '/api/v1/imports', { key: f.key, json: { raw_file_content: csv(600, 'first') } });
  assert.equal(first.status, 201);
  const [count, bytes] = stored(f.familyId);
  assert.equal(count, 1);
  assert.ok(bytes > 20_000 && bytes < QUOTA, `the first import stores ${bytes} bytes`);

  for (const body of [{ json: { raw_file_content: csv(600, 'second') } }, { form: form([['file', { blob: new Blob([csv(600, 'second')]), filename: 's.csv' }]]) }]) {
    const over = await s.api('POST', '/api/v1/imports', { key: f.key, ...body });
    assert.equal(over.status, 422, JSON.stringify(over.body));
    assert.equal(over.body.error, 'quota_exceeded');
    assert.match(over.body.message, /MAX_FAMILY_STORAGE_BYTES/);
    assert.deepEqual(stored(f.familyId), [1, bytes]);
    assert.equal(staged(), 0);
  }

  const other = newFamily(s);
  assert.equal((await s.api('POST', '/api/v1/imports', { key: other.key, json: { raw_file_content: csv(600, 'other') } })).status, 201);

  assert.equal((await s.api('DELETE', `/api/v1/imports/${first.body.data.id}`, { key: f.key })).status, 204);
  const again = await s.api('POST', '/api/v1/imports', { key: f.key, json: { raw_file_content: csv(600, 'second') } });
  assert.equal(again.status, 201, JSON.stringify(again.body));
});

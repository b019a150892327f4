// A family's storage quota (SPEC §3.12 "Storage", issue 14 finding 6): MAX_FAMILY_STORAGE_BYTES
// caps what a family's stored imports take (content and rows together). An upload that would cross
// it is 422 quota_exceeded with nothing stored; other families are unaffected; deleting imports
// makes room again.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { newFamily, until } from './publish-helpers.ts';
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

test('two uploads of a family finishing at once: the quota holds (the second to finish is 422, nothing of it stored)', async () => {
  const f = newFamily(s);
  const content = csv(600, 'pair');
  // What one such upload stores: the quota must take one and not two, or this test tests nothing.
  const probe = await s.api('POST', '/api/v1/imports', { key: f.key, json: { raw_file_content: content } });
  assert.equal(probe.status, 201);
  const one = stored(f.familyId)[1];
  assert.ok(one <= QUOTA && 2 * one > QUOTA, `one upload stores ${one} bytes against a quota of ${QUOTA}`);
  assert.equal((await s.api('DELETE', `/api/v1/imports/${probe.body.data.id}`, { key: f.key })).status, 204);

  // Upload A begins (the family holds nothing yet) and holds back its last bytes; upload B is sent
  // whole meanwhile and finishes; then A finishes. Each passed the check made as its bytes arrived.
  const request = new Request('http://sluice.test/', { method: 'POST', body: form([['file', { blob: new Blob([content]), filename: 'a.csv' }]]) });
  const bytes = new Uint8Array(await request.arrayBuffer());
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const body = new ReadableStream<Uint8Array>({
    async start(c) {
      c.enqueue(bytes.subarray(0, bytes.length - 100));
      await held;
      c.enqueue(bytes.subarray(bytes.length - 100));
      c.close();
    },
  });
  const a = s.api('POST', '/api/v1/imports', { key: f.key, body, headers: { 'Content-Type': request.headers.get('content-type')! } });
  await until('upload A staged', () => (s.db.prepare('SELECT count(*) FROM imports WHERE staged = 1').pluck().get() === 1 ? true : undefined), 10_000);
  const b = await s.api('POST', '/api/v1/imports', { key: f.key, json: { raw_file_content: content } });
  assert.equal(b.status, 201, JSON.stringify(b.body));
  release();
  const refused = await a;
  assert.equal(refused.status, 422, JSON.stringify(refused.body));
  assert.equal(refused.body.error, 'quota_exceeded');
  assert.match(refused.body.message, new RegExp(`${one} in use`));
  assert.deepEqual(stored(f.familyId), [1, one]);
  assert.equal(staged(), 0);
});

// Bounded answers (SPEC §3.12, issue 14 finding 5): a page or per_page of 2^31 or more is 400 on
// every list, never a database error; a multipart body cut short (no final boundary, cut in a
// part's headers) is 400 with nothing stored, never a 500.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from './server-helpers.ts';

let s: TestServer;
let importId: string;
before(async () => {
  s = await startServer();
  const r = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: 'date,amount,name\n2024-01-01,1.00,x\n' } });
  importId = r.body.data.id;
});
after(() => s.close());

const stored = () => ['imports', 'import_contents', 'import_row_chunks'].map((t) => s.db.prepare(`SELECT count(*) FROM ${t}`).pluck().get());

describe('paging values the database cannot hold are 400', () => {
  const lists = ['/api/v1/imports', () => `/api/v1/imports/${importId}/rows`, '/api/v1/categories', '/api/v1/accounts', '/api/v1/transactions'];
  const values: [string, number][] = [['page=2147483647', 200], ['page=2147483648', 400], ['page=99999999999999999999', 400], ['per_page=2147483648', 400], ['per_page=2147483647', 200]];
  for (const list of lists) {
    for (const [query, status] of values) {
      const path = () => (typeof list === 'string' ? list : list());
      test(`${typeof list === 'string' ? list : '/api/v1/imports/:id/rows'}?${query} → ${status}`, async () => {
        const r = await s.api('GET', `${path()}?${query}`);
        assert.equal(r.status, status, JSON.stringify(r.body));
        if (status === 400) {
          assert.equal(r.body.error, 'bad_request');
          assert.match(r.body.message, /must be below 2\^31/);
        }
      });
    }
  }
});

describe('a multipart body cut short is 400 and stores nothing', () => {
  const b = 'cut-short';
  const bodies: [string, string][] = [
    ['no final boundary', `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\ndate,amount,name\n2024-01-01,1.00,x\n`],
    ['fields, then a file cut short', `--${b}\r\nContent-Disposition: form-data; name="date_format"\r\n\r\n%Y-%m-%d\r\n--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\ndate,amount,name\n2024-01-01,1.00,x`],
    ['cut inside a part\'s headers', `--${b}\r\nContent-Disposition: form-da`],
    ['no part at all', 'hello'],
  ];
  for (const [name, body] of bodies) {
    for (const path of ['/api/v1/imports', '/api/v1/imports/preflight']) {
      test(`${path}: ${name}`, async () => {
        const before = stored();
        const r = await s.api('POST', path, { body, headers: { 'Content-Type': `multipart/form-data; boundary=${b}` } });
        assert.equal(r.status, 400, JSON.stringify(r.body));
        assert.equal(r.body.error, 'bad_request');
        assert.match(r.body.message, /form data cannot be read/);
        assert.deepEqual(stored(), before);
        assert.ok(!s.logs.some((l) => l.startsWith('internal error')), s.logs.join('\n'));
      });
    }
  }
});

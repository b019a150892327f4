// PATCH /api/v1/imports/:id (SPEC §3.11) over real HTTP: a pending import whose options were wrong
// is read again from its stored content with the merged options until it is publishable; rows,
// stats, mappings and configuration are replaced; a change the content cannot be read with leaves
// the import as it was; the type and the content cannot change; a complete import is not_editable;
// a read key cannot change one; another family's import behaves as absent.

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { newFamily, publishNew } from './publish-helpers.ts';
import { addUser, startServer, type Json, type TestServer } from './server-helpers.ts';

// Semicolons, a decimal comma and day-first dates: read with the wrong options on purpose below.
const GERMAN = 'Tag;Betrag;Zweck;Kategorie\n05.01.2024;-1.234,50;Miete;Wohnen\n06.01.2024;12,00;Kaffee;Essen\n';

describe('PATCH /api/v1/imports/:id', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ RATE_LIMIT_PER_HOUR: '1000000' }, { publishing: true });
  });
  after(() => s.close());

  const rows = async (key: string, id: string) => (await s.api('GET', `/api/v1/imports/${id}/rows`, { key })).body.data as Json[];

  test('wrong options, then corrected until publishable: rows, stats and configuration replaced', async () => {
    const f = newFamily(s);
    const a = (await s.api('POST', '/api/v1/accounts', { key: f.key, json: { name: 'Konto', account_type: 'depository', currency: 'EUR' } })).body;
    const created = await s.api('POST', '/api/v1/imports', {
      key: f.key, json: { raw_file_content: GERMAN, date_col_label: 'Tag', amount_col_label: 'Betrag', number_format: '1,234.56', date_format: '%m.%d.%Y' },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const id = created.body.data.id;
    assert.equal(created.body.data.stats.invalid_rows_count, 2, 'every row invalid under the wrong formats');

    const fixed = await s.api('PATCH', `/api/v1/imports/${id}`, { key: f.key, json: { number_format: '1.234,56', date_format: null, account_id: a.id } });
    assert.equal(fixed.status, 200, JSON.stringify(fixed.body));
    const d = fixed.body.data;
    assert.equal(d.stats.valid_rows_count, 2);
    assert.equal(d.account_id, a.id);
    assert.equal(d.status_detail.publishable, true);
    assert.deepEqual([d.configuration.number_format, d.configuration.date_format, d.configuration.date_col_label], ['1.234,56', '%d.%m.%Y', 'Tag']);
    const r = await rows(f.key, id);
    assert.deepEqual(r.map((x) => [x.fields.date, x.fields.amount]), [['2024-01-05', '-1234.50'], ['2024-01-06', '12.00']]);
    assert.equal(d.stats.mappings_count, 2, 'the categories, worked out again once');
    const published = await s.api('POST', `/api/v1/imports/${id}/publish`, { key: f.key });
    assert.equal(published.status, 202);
  });

  test('options the content cannot be read with: 422 invalid_csv, the import as it was', async () => {
    const f = newFamily(s);
    const id = (await s.api('POST', '/api/v1/imports', { key: f.key, json: { raw_file_content: GERMAN } })).body.data.id;
    const before = (await s.api('GET', `/api/v1/imports/${id}`, { key: f.key })).body.data;
    const r = await s.api('PATCH', `/api/v1/imports/${id}`, { key: f.key, json: { date_col_label: 'Datum' } });
    assert.equal(r.status, 422);
    assert.equal(r.body.error, 'invalid_csv');
    assert.deepEqual((await s.api('GET', `/api/v1/imports/${id}`, { key: f.key })).body.data, before);
  });

  const invalid: [string, Record<string, unknown>, RegExp][] = [
    ['the type', { type: 'QifImport' }, /type cannot be changed/],
    ['the content', { raw_file_content: 'x' }, /raw_file_content cannot be changed/],
    ['an unknown field', { delimiter: ';' }, /delimiter is not a field/],
    ['a bad value', { number_format: 'x' }, /number_format/],
    ['another family\'s account', { account_id: randomUUID() }, /not an account of this family/],
  ];
  for (const [what, body, want] of invalid) {
    test(`changing ${what} → 422 validation_failed`, async () => {
      const f = newFamily(s);
      const id = (await s.api('POST', '/api/v1/imports', { key: f.key, json: { raw_file_content: GERMAN } })).body.data.id;
      const r = await s.api('PATCH', `/api/v1/imports/${id}`, { key: f.key, json: body });
      assert.equal(r.status, 422);
      assert.equal(r.body.error, 'validation_failed');
      assert.ok(r.body.errors.some((e: string) => want.test(e)), JSON.stringify(r.body.errors));
    });
  }

  test('a complete import is not_editable; a read key gets 403; another family gets 404', async () => {
    const f = newFamily(s);
    const a = (await s.api('POST', '/api/v1/accounts', { key: f.key, json: { name: 'Main', account_type: 'depository' } })).body;
    const d = await publishNew(s, f.key, { raw_file_content: 'date,name,amount\n2024-01-05,Tea,-3.00\n', account_id: a.id });
    assert.equal(d.status, 'complete', d.error);
    const r = await s.api('PATCH', `/api/v1/imports/${d.id}`, { key: f.key, json: { notes_col_label: 'memo' } });
    assert.equal(r.status, 422);
    assert.equal(r.body.error, 'not_editable');
    const reader = addUser(s.db, { familyId: f.familyId, email: `r-${randomUUID()}@example.com`, scope: 'read' });
    assert.equal((await s.api('PATCH', `/api/v1/imports/${d.id}`, { key: reader.key, json: {} })).status, 403);
    const other = newFamily(s);
    assert.equal((await s.api('PATCH', `/api/v1/imports/${d.id}`, { key: other.key, json: {} })).status, 404);
  });
});

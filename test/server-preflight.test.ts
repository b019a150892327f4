// POST /api/v1/imports/preflight (SPEC §3.11) over real HTTP: the create body read as a create
// would read it, nothing stored; the answer says what the engine understood (configuration given
// or inferred, columns with how they were found, stats, errors, warnings, the first 20 rows), as
// JSON and as multipart; unreadable content gets the create's 422 bodies; a read key may use it.

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { newFamily } from './publish-helpers.ts';
import { addUser, startServer, type TestServer } from './server-helpers.ts';

const GERMAN = 'Buchungstag;Betrag;Empfänger;Kategorie\n05.01.2024;-1.234,50;Vermieter;Wohnen\n06.01.2024;12,00;Café;Essen\n';

describe('POST /api/v1/imports/preflight', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ RATE_LIMIT_PER_HOUR: '1000000' });
  });
  after(() => s.close());

  const stored = (familyId: string) => [
    s.db.prepare('SELECT count(*) FROM imports WHERE family_id = ?').pluck().get(familyId),
    s.db.prepare('SELECT count(*) FROM import_contents').pluck().get(),
  ];

  test('what the engine understood, with no options given, and nothing stored', async () => {
    const f = newFamily(s);
    const before = stored(f.familyId);
    const r = await s.api('POST', '/api/v1/imports/preflight', { key: f.key, json: { raw_file_content: GERMAN } });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    const d = r.body.data;
    assert.equal(d.type, 'TransactionImport');
    assert.equal(d.valid, true);
    assert.equal(d.publishable, false, 'no account to import into');
    assert.deepEqual(d.publish_blockers.map((b: { code: string }) => b.code), ['account_required']);
    assert.deepEqual([d.stats.rows_count, d.stats.valid_rows_count, d.stats.mappings_count], [2, 2, 2]);
    assert.deepEqual(d.headers, ['Buchungstag', 'Betrag', 'Empfänger', 'Kategorie']);
    assert.deepEqual([d.columns.date.header, d.columns.date.how, d.columns.amount.position], ['Buchungstag', 'header', 2]);
    assert.deepEqual(
      [d.configuration.date_format, d.configuration.number_format, d.configuration.col_sep, d.configuration.encoding, d.configuration.name_col_label],
      ['%d.%m.%Y', '1.234,56', ';', 'utf-8', 'Empfänger'],
    );
    assert.equal(d.sample_rows.length, 2);
    assert.equal(d.sample_rows[0].fields.amount, '-1234.50');
    assert.deepEqual(stored(f.familyId), before, 'nothing stored');
  });

  test('as multipart, and from a read key', async () => {
    const f = newFamily(s);
    const reader = addUser(s.db, { familyId: f.familyId, email: `r-${randomUUID()}@example.com`, scope: 'read' });
    const form = new FormData();
    form.append('file', new Blob([GERMAN], { type: 'text/csv' }), 'konto.csv');
    const r = await s.api('POST', '/api/v1/imports/preflight', { key: reader.key, form });
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.data.stats.rows_count, 2);
  });

  test('invalid rows are listed as errors, inferred guesses as warnings, and only the first 20 rows are shown', async () => {
    const f = newFamily(s);
    const lines = ['Date,Description,Amount', ...Array.from({ length: 30 }, (_, i) => `01/02/2024,Row ${i},${i === 5 ? 'abc' : '-1.00'}`)];
    const r = await s.api('POST', '/api/v1/imports/preflight', { key: f.key, json: { raw_file_content: lines.join('\n') + '\n' } });
    const d = r.body.data;
    assert.equal(d.valid, false);
    assert.deepEqual(d.errors.map((e: { code: string; line: number }) => [e.code, e.line]), [['AMOUNT_INVALID', 7]]);
    assert.ok(d.warnings.some((w: { code: string }) => w.code === 'DATE_FORMAT_AMBIGUOUS'));
    assert.equal(d.sample_rows.length, 20);
    assert.equal(d.stats.rows_count, 30);
  });

  const refusals: [string, Record<string, unknown>, string][] = [
    ['no content', {}, 'missing_content'],
    ['a bad option', { raw_file_content: GERMAN, number_format: 'x' }, 'validation_failed'],
    ['content of another format', { raw_file_content: '!Type:Bank\nD01/02/2024\nT-1.00\n^\n' }, 'invalid_csv'],
    ['a table with no date or amount', { raw_file_content: 'reference,comment\nA-1,first\n' }, 'invalid_csv'],
  ];
  for (const [what, body, code] of refusals) {
    test(`${what} → 422 ${code}, no import_id, nothing stored`, async () => {
      const f = newFamily(s);
      const before = stored(f.familyId);
      const r = await s.api('POST', '/api/v1/imports/preflight', { key: f.key, json: body });
      assert.equal(r.status, 422);
      assert.equal(r.body.error, code);
      assert.equal(r.body.import_id, undefined);
      assert.deepEqual(stored(f.familyId), before);
    });
  }
});

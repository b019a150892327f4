// POST /api/v1/imports and the import read endpoints over real HTTP (SPEC §3.4, §3.5, §3.6, §3.9;
// seed §4.1): the request's validation (every problem listed, nothing stored), content refusals
// (sizes, file kinds, NDJSON, unreadable CSV, bodies), what a created import reports (status_detail,
// configuration, stats, verification), multipart in either order, publish on create, listing,
// paging, rows, and family scoping. Publishing's worker does not run here: a queued import stays
// `importing`. Every response is also checked against server/openapi.json (server-helpers).

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { addAccount, addUser, file, form, importCount, startServer, type Json, type TestServer } from './server-helpers.ts';

const TYPES = [
  'TransactionImport', 'TradeImport', 'AccountImport', 'ThirdPartyAImport', 'ThirdPartyBImport', 'ThirdPartyCImport',
  'CategoryImport', 'RuleImport', 'MerchantImport', 'PdfImport', 'QifImport', 'NativeImport',
];
const CONFIGURATION_FIELDS = [
  'date_col_label', 'amount_col_label', 'name_col_label', 'category_col_label', 'tags_col_label', 'notes_col_label',
  'account_col_label', 'date_format', 'number_format', 'signage_convention', 'col_sep', 'encoding',
];

const CSV = 'date,amount,name\n2024-01-05,12.00,Coffee\n2024-01-06,-3.50,Salary\n';
const PDF = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';
const account = (id: string, name = `Account ${id}`) =>
  JSON.stringify({ type: 'Account', data: { id, name, balance: '10.00', accountable_type: 'Depository' } });
const NDJSON = [account('a1', 'Checking'), JSON.stringify({ type: 'Category', data: { id: 'c1', name: 'Pets' } })].join('\n') + '\n';

/**
 * A CSV of exactly `n` bytes (ASCII): whole rows, the last name stretched to fit. CRLF line ends
 * for text sent as a form field, which multipart encoding would otherwise turn LF into.
 */
function csvOfSize(n: number, eol = '\n'): string {
  const head = `date,amount,name${eol}`;
  const row = `2024-01-05,1.00,Coffee shop${eol}`;
  let text = head + row.repeat(Math.floor((n - head.length) / row.length));
  const pad = n - text.length;
  if (pad > 0) text = text.slice(0, -eol.length) + 'x'.repeat(pad) + eol;
  assert.equal(Buffer.byteLength(text), n);
  return text;
}

/** NDJSON of at least `n` bytes. */
function ndjsonOfSize(n: number): string {
  let text = '';
  for (let i = 0; text.length < n; i++) text += account(`a${i}`) + '\n';
  return text;
}

const STATUS_FLAGS = ['uploaded', 'configured', 'cleaned', 'publishable', 'terminal', 'revertable'] as const;
type Flags = Record<(typeof STATUS_FLAGS)[number], boolean>;
const flags = (on: (typeof STATUS_FLAGS)[number][]): Flags =>
  Object.fromEntries(STATUS_FLAGS.map((f) => [f, on.includes(f)])) as Flags;

/** An import as the API shows it, without what differs between two creations of the same thing. */
const stable = (d: Json) => {
  const { id: _id, created_at: _c, updated_at: _u, ...rest } = d;
  return rest;
};

/** The visible import count (GET /imports) and the stored one (everything, staged included). */
async function counts(s: TestServer, key?: string) {
  const r = await s.api('GET', '/api/v1/imports', { key });
  assert.equal(r.status, 200);
  return { api: r.body.meta.total_count as number, db: importCount(s.db) };
}

async function rowsOf(s: TestServer, id: string, key?: string): Promise<Json[]> {
  const out: Json[] = [];
  for (let page = 1; ; page++) {
    const r = await s.api('GET', `/api/v1/imports/${id}/rows?page=${page}&per_page=100`, { key });
    assert.equal(r.status, 200);
    out.push(...r.body.data);
    if (r.body.meta.next_page === null) return out;
  }
}

type Transport = 'json' | 'multipart, fields first' | 'multipart, file first';
const TRANSPORTS: Transport[] = ['json', 'multipart, fields first', 'multipart, file first'];

/** The same request as JSON or as a form with `raw_file_content` sent as the `file` part. */
function send(transport: Transport, fields: Record<string, string | number | boolean>, content?: string, filename = 'upload.csv', mime = 'text/csv') {
  if (transport === 'json') return { json: content === undefined ? fields : { ...fields, raw_file_content: content } };
  const parts: [string, string | { blob: Blob; filename: string }][] = Object.entries(fields).map(([k, v]) => [k, String(v)]);
  if (content !== undefined) {
    const part: [string, { blob: Blob; filename: string }] = ['file', file(content, filename, mime)];
    if (transport === 'multipart, file first') parts.unshift(part);
    else parts.push(part);
  }
  return { form: form(parts) };
}

describe('POST /api/v1/imports: the request is checked, every problem listed, nothing stored', () => {
  let s: TestServer;
  let ownAccount: string;
  let foreignAccount: string;
  before(async () => {
    s = await startServer({ RATE_LIMIT_PER_HOUR: '1000000' });
    ownAccount = addAccount(s.db, s.familyId, 'Checking');
    const other = addUser(s.db, { familyId: null, email: 'other@example.com', scope: 'read_write' });
    foreignAccount = addAccount(s.db, other.familyId, 'Their checking');
  });
  after(() => s.close());

  for (const transport of TRANSPORTS) {
    test(`type omitted → TransactionImport (${transport})`, async () => {
      const r = await s.api('POST', '/api/v1/imports', send(transport, {}, CSV));
      assert.equal(r.status, 201);
      assert.equal(r.body.data.type, 'TransactionImport');
      assert.equal(r.body.data.status, 'pending');
    });
  }

  for (const type of TYPES) {
    test(`type ${type} without content → 422 missing_content, nothing stored (SPEC §3.11)`, async () => {
      const before = await counts(s);
      const r = await s.api('POST', '/api/v1/imports', { json: { type } });
      assert.equal(r.status, 422);
      assert.equal(r.body.error, 'missing_content');
      assert.deepEqual(await counts(s), before);
    });
  }

  for (const bad of ['Foo', 'transactionimport', 'MintImport', 'CsvImport', 'Transaction Import']) {
    test(`unknown type ${JSON.stringify(bad)} → 422 validation_failed naming the allowed values`, async () => {
      const before = await counts(s);
      const r = await s.api('POST', '/api/v1/imports', { json: { type: bad, raw_file_content: CSV } });
      assert.equal(r.status, 422);
      assert.equal(r.body.error, 'validation_failed');
      assert.equal(r.body.errors.length, 1);
      for (const t of TYPES) assert.ok(r.body.errors[0].includes(t), `${t} named in ${r.body.errors[0]}`);
      assert.deepEqual(await counts(s), before);
    });
  }

  // One problem each: [what, fields, the field the message must name].
  const invalid: [string, Record<string, string | number>, string][] = [
    ['number_format outside its values', { number_format: '1_234.56' }, 'number_format'],
    ['signage_convention outside its values', { signage_convention: 'positive' }, 'signage_convention'],
    ['col_sep outside its values', { col_sep: ':' }, 'col_sep'],
    ['amount_type_strategy outside its values', { amount_type_strategy: 'sign_column' }, 'amount_type_strategy'],
    ['date_format with an unknown directive', { date_format: '%Y-%m-%Q' }, 'date_format'],
    ['custom_column without amount_type_inflow_value', { amount_type_strategy: 'custom_column' }, 'amount_type_inflow_value'],
    ['negative rows_to_skip', { rows_to_skip: -1 }, 'rows_to_skip'],
    ['negative rows_to_skip as text', { rows_to_skip: '-3' }, 'rows_to_skip'],
    ['account_id that is not a UUID', { account_id: 'checking' }, 'account_id'],
    ['account_id of no account', { account_id: randomUUID() }, 'account_id'],
    ['an encoding that is not supported', { encoding: 'klingon-8' }, 'encoding'],
  ];
  for (const transport of TRANSPORTS) {
    for (const [what, fields, names] of invalid) {
      test(`${what} → 422 validation_failed (${transport})`, async () => {
        const before = await counts(s);
        const r = await s.api('POST', '/api/v1/imports', send(transport, fields, CSV));
        assert.equal(r.status, 422);
        assert.equal(r.body.error, 'validation_failed');
        assert.equal(r.body.errors.length, 1, JSON.stringify(r.body.errors));
        assert.ok(r.body.errors[0].includes(names), `${names} named in ${r.body.errors[0]}`);
        assert.equal(r.body.import_id, undefined);
        assert.deepEqual(await counts(s), before, 'nothing stored');
      });
    }
  }

  const valid: [string, Record<string, string | number>][] = [
    ['number_format 1,234.56', { number_format: '1,234.56' }],
    ['number_format 1.234,56', { number_format: '1.234,56' }],
    ['number_format 1 234,56', { number_format: '1 234,56' }],
    ['number_format 1,234', { number_format: '1,234' }],
    ['signage_convention inflows_positive', { signage_convention: 'inflows_positive' }],
    ['signage_convention inflows_negative', { signage_convention: 'inflows_negative' }],
    ['col_sep ,', { col_sep: ',' }],
    ['col_sep ;', { col_sep: ';', raw_file_content: 'date;amount;name\n2024-01-05;12.00;Coffee\n' }],
    ['amount_type_strategy signed_amount', { amount_type_strategy: 'signed_amount' }],
    ['custom_column with amount_type_inflow_value', {
      amount_type_strategy: 'custom_column', amount_type_inflow_value: 'credit', raw_file_content: 'date,amount,type\n2024-01-05,12.00,credit\n',
    }],
    ['date_format of known directives', { date_format: '%d.%m.%Y' }],
    ['rows_to_skip 0', { rows_to_skip: 0 }],
    ['account_id of this family', { account_id: '' }],
  ];
  for (const [what, fields] of valid) {
    test(`${what} is accepted (201)`, async () => {
      const body = { raw_file_content: CSV, ...fields, ...(fields.account_id === '' ? { account_id: ownAccount } : {}) };
      const r = await s.api('POST', '/api/v1/imports', { json: body });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      if ('account_id' in fields) assert.equal(r.body.data.account_id, ownAccount);
    });
  }

  for (const transport of TRANSPORTS) {
    test(`several problems at once are listed together (${transport})`, async () => {
      const before = await counts(s);
      const fields = {
        number_format: 'x', signage_convention: 'y', col_sep: ':', amount_type_strategy: 'custom_column', date_format: '%d/%m/%Q', rows_to_skip: -1,
      };
      const r = await s.api('POST', '/api/v1/imports', send(transport, fields, CSV));
      assert.equal(r.status, 422);
      assert.equal(r.body.error, 'validation_failed');
      const named = ['number_format', 'signage_convention', 'col_sep', 'amount_type_inflow_value', 'date_format', 'rows_to_skip'];
      assert.equal(r.body.errors.length, named.length, JSON.stringify(r.body.errors));
      for (const n of named) assert.ok(r.body.errors.some((e: string) => e.includes(n)), `${n} listed`);
      assert.deepEqual(await counts(s), before);
    });
  }

  // The fields SPEC §3.4 adds to the seed's: rows_to_skip, encoding, inflow/outflow labels, column_names.
  const extras: [string, Record<string, string | number>, string, [string, string][]][] = [
    ['column_names for a file without a header', { column_names: 'when,what,howmuch', date_col_label: 'when', name_col_label: 'what', amount_col_label: 'howmuch' },
      '2024-01-05,Coffee,12.00\n2024-01-06,Salary,-3.50\n', [['2024-01-05', '-12.00'], ['2024-01-06', '3.50']]],
    ['inflow_col_label and outflow_col_label', { inflow_col_label: 'In', outflow_col_label: 'Out' },
      'date,name,In,Out\n2024-01-05,Salary,100.00,\n2024-01-06,Rent,,40.00\n', [['2024-01-05', '-100.00'], ['2024-01-06', '40.00']]],
    ['rows_to_skip before the header', { rows_to_skip: 2 },
      'Account 123\nJanuary\ndate,amount\n2024-01-05,1.00\n', [['2024-01-05', '-1.00']]],
    ['encoding', { encoding: 'windows-1252' }, 'date,amount,name\n2024-01-05,1.00,Caf\u00e9\n', [['2024-01-05', '-1.00']]],
  ];
  for (const [what, fields, text, want] of extras) {
    test(`${what} are accepted and used`, async () => {
      const r = await s.api('POST', '/api/v1/imports', { json: { ...fields, raw_file_content: text } });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      assert.equal(r.body.data.stats.invalid_rows_count, 0);
      const rows = await rowsOf(s, r.body.data.id);
      assert.deepEqual(rows.map((x) => [x.fields.date, x.fields.signed_amount]), want);
      if (fields.encoding) assert.equal(rows[0].fields.name, 'Caf\u00c3\u00a9', 'the UTF-8 bytes read as windows-1252: the option wins');
    });
  }

  test('an unknown type and bad options are listed together', async () => {
    const r = await s.api('POST', '/api/v1/imports', { json: { type: 'Nope', number_format: 'x' } });
    assert.equal(r.status, 422);
    assert.equal(r.body.errors.length, 2);
  });

  test('account_id of another family → 422 validation_failed, exactly like an account that does not exist', async () => {
    const before = await counts(s);
    const missing = randomUUID();
    const foreign = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: CSV, account_id: foreignAccount } });
    const none = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: CSV, account_id: missing } });
    assert.equal(foreign.status, 422);
    assert.equal(foreign.body.error, 'validation_failed');
    assert.deepEqual(JSON.parse(JSON.stringify(foreign.body).replaceAll(foreignAccount, 'ID')), JSON.parse(JSON.stringify(none.body).replaceAll(missing, 'ID')));
    assert.deepEqual(await counts(s), before);
  });

  for (const transport of TRANSPORTS) {
    test(`a foreign account_id is listed with the other problems (${transport})`, async () => {
      const r = await s.api('POST', '/api/v1/imports', send(transport, { number_format: 'x', account_id: foreignAccount }, CSV));
      assert.equal(r.status, 422);
      assert.equal(r.body.error, 'validation_failed');
      assert.equal(r.body.errors.length, 2, JSON.stringify(r.body.errors));
      assert.ok(r.body.errors.some((e: string) => e.includes('number_format')));
      assert.ok(r.body.errors.some((e: string) => e.includes('account_id')));
    });
  }

  test('a field after the file that is invalid still refuses the upload and stores nothing', async () => {
    const before = await counts(s);
    const r = await s.api('POST', '/api/v1/imports', { form: form([['file', file(CSV, 'a.csv')], ['signage_convention', 'sideways']]) });
    assert.equal(r.status, 422);
    assert.equal(r.body.error, 'validation_failed');
    assert.deepEqual(await counts(s), before);
  });
});

describe('POST /api/v1/imports: content refusals (small limits)', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ RATE_LIMIT_PER_HOUR: '1000000', MAX_CSV_BYTES: '1000', MAX_NDJSON_BYTES: '2000', MAX_JSON_BODY_BYTES: '8000' });
  });
  after(() => s.close());

  async function refused(request: Parameters<TestServer['api']>[2], status: number, code: string): Promise<Json> {
    const before = await counts(s);
    const r = await s.api('POST', '/api/v1/imports', request);
    assert.equal(r.status, status, JSON.stringify(r.body));
    assert.equal(r.body.error, code);
    assert.equal(r.body.import_id, undefined, 'nothing stored, so no import to name');
    assert.deepEqual(await counts(s), before, 'nothing stored');
    return r.body;
  }

  // [how the content is sent, bytes, expected status, expected code]
  const sizes: [string, (bytes: number) => Parameters<TestServer['api']>[2], number, string | null][] = [
    ['raw_file_content (JSON), at the limit', (n) => ({ json: { raw_file_content: csvOfSize(n) } }), 1000, null],
    ['raw_file_content (JSON), one byte over', (n) => ({ json: { raw_file_content: csvOfSize(n) } }), 1001, 'content_too_large'],
    ['raw_file_content (form field), at the limit', (n) => ({ form: form([['raw_file_content', csvOfSize(n, '\r\n')]]) }), 1000, null],
    ['raw_file_content (form field), one byte over', (n) => ({ form: form([['raw_file_content', csvOfSize(n, '\r\n')]]) }), 1001, 'content_too_large'],
    ['file upload, at the limit', (n) => ({ form: form([['file', file(csvOfSize(n), 'a.csv')]]) }), 1000, null],
    ['file upload, one byte over', (n) => ({ form: form([['file', file(csvOfSize(n), 'a.csv')]]) }), 1001, 'file_too_large'],
    ['file upload before its fields, one byte over', (n) => ({ form: form([['file', file(csvOfSize(n), 'a.csv')], ['type', 'TransactionImport']]) }), 1001, 'file_too_large'],
    ['file upload before its fields, at the limit', (n) => ({ form: form([['file', file(csvOfSize(n), 'a.csv')], ['type', 'TransactionImport']]) }), 1000, null],
  ];
  for (const [what, request, bytes, code] of sizes) {
    test(`CSV ${what} (MAX_CSV_BYTES=1000) → ${code ?? '201'}`, async () => {
      if (code === null) {
        const r = await s.api('POST', '/api/v1/imports', request(bytes));
        assert.equal(r.status, 201, JSON.stringify(r.body));
        assert.equal(r.body.data.status_detail.uploaded, true);
      } else {
        await refused(request(bytes), 422, code);
      }
    });
  }

  test('a multi-byte character counts by its bytes', async () => {
    const text = csvOfSize(1000).replace('Coffee shop', 'Caffé shop!'); // é is two bytes: 1001 bytes, 1000 characters
    assert.equal(text.length, 1000);
    assert.equal(Buffer.byteLength(text), 1001);
    await refused({ json: { raw_file_content: text } }, 422, 'content_too_large');
  });

  test('NDJSON over MAX_NDJSON_BYTES → content_too_large (raw) and file_too_large (upload)', async () => {
    const text = ndjsonOfSize(2001);
    await refused({ json: { type: 'NativeImport', raw_file_content: text } }, 422, 'content_too_large');
    await refused({ form: form([['type', 'NativeImport'], ['file', file(text, 'export.ndjson', 'application/x-ndjson')]]) }, 422, 'file_too_large');
    await refused({ form: form([['file', file(text, 'export.ndjson', 'application/x-ndjson')], ['type', 'NativeImport']]) }, 422, 'file_too_large');
  });

  test('NDJSON under MAX_NDJSON_BYTES but over MAX_CSV_BYTES is fine for a NativeImport', async () => {
    const text = ndjsonOfSize(1500);
    const r = await s.api('POST', '/api/v1/imports', { json: { type: 'NativeImport', raw_file_content: text } });
    assert.equal(r.status, 201);
  });

  const pdfs: [string, Parameters<TestServer['api']>[2]][] = [
    ['uploaded as a .csv file', { form: form([['file', file(PDF, 'statement.csv', 'text/csv')]]) }],
    ['uploaded as a .pdf file', { form: form([['file', file(PDF, 'statement.pdf', 'application/pdf')]]) }],
    ['uploaded as text/plain', { form: form([['type', 'ThirdPartyAImport'], ['file', file(PDF, 'mint.csv', 'text/plain')]]) }],
    ['uploaded for a NativeImport', { form: form([['type', 'NativeImport'], ['file', file(PDF, 'export.ndjson', 'application/x-ndjson')]]) }],
    ['sent as raw_file_content', { json: { raw_file_content: PDF } }],
  ];
  for (const [what, request] of pdfs) {
    test(`a PDF (bytes starting %PDF-) ${what} where text is expected → 422 invalid_file_type`, async () => {
      await refused(request, 422, 'invalid_file_type');
    });
  }

  const ndjsonUploads: [string, string, string, string | null][] = [
    ['text/csv', 'export.csv', 'a foreign content type and name', 'invalid_file_type'],
    ['image/png', 'export.png', 'an image type and name', 'invalid_file_type'],
    ['text/csv', 'export.ndjson', 'a foreign content type, .ndjson name', null],
    ['text/csv', 'export.json', 'a foreign content type, .json name', null],
    ['application/x-ndjson', 'export.csv', 'an NDJSON content type, foreign name', null],
    ['application/json', 'export.txt', 'a JSON content type', null],
    ['text/plain', 'export.txt', 'a plain-text content type', null],
  ];
  for (const [mime, name, what, code] of ndjsonUploads) {
    test(`NativeImport upload with ${what} (${mime}, ${name}) → ${code ?? '201'}`, async () => {
      const request = { form: form([['type', 'NativeImport'], ['file', file(NDJSON, name, mime)]]) };
      if (code) await refused(request, 422, code);
      else assert.equal((await s.api('POST', '/api/v1/imports', request)).status, 201);
    });
  }

  const hygiene: [string, Parameters<TestServer['api']>[2], string, RegExp][] = [
    ['an empty JSON body', { json: {} }, 'missing_content', /content/],
    ['a form without a file part', { form: form([['type', 'TransactionImport']]) }, 'missing_content', /file/],
    ['a form with an empty file', { form: form([['file', file('', 'statement.csv')]]) }, 'missing_content', /content/],
    ['a file sent as a text field (a forgotten @)', { form: form([['file', 'statement.csv']]) }, 'validation_failed', /text field/],
    ['a file under another part name', { form: form([['upload', file(CSV, 'statement.csv')]]) }, 'validation_failed', /part .*upload/],
    ['two file parts', { form: form([['file', file(CSV, 'a.csv')], ['file', file(CSV, 'b.csv')]]) }, 'validation_failed', /more than one file/],
    ['an unknown JSON field', { json: { raw_file_content: CSV, date_colum_label: 'Date' } }, 'validation_failed', /date_colum_label/],
    ['an unknown form field', { form: form([['delimiter', ';'], ['file', file(CSV, 'a.csv')]]) }, 'validation_failed', /delimiter/],
    // Past busboy's limits the file part used to be dropped without a word (issue 14 finding 4).
    ['a form of 120 fields before its file', { form: form([...Array.from({ length: 120 }, (_, i) => [`f${i}`, 'x'] as [string, string]), ['file', file(CSV, 'a.csv')]]) }, 'validation_failed', /more than 100 fields/],
  ];
  for (const [what, request, code, names] of hygiene) {
    test(`${what} → 422 ${code} naming what was wrong, nothing stored (SPEC §3.11)`, async () => {
      const body = await refused(request, 422, code);
      assert.match(JSON.stringify(body), names);
    });
  }

  test('size is judged before content: one byte over the limit of what is no CSV is content_too_large, not invalid_csv', async () => {
    await refused({ json: { raw_file_content: '"' + 'x'.repeat(1000) } }, 422, 'content_too_large');
    await refused({ form: form([['file', file('"' + 'x'.repeat(1000), 'x.csv')]]) }, 422, 'file_too_large');
  });

  const noContent: [string, Parameters<TestServer['api']>[2]][] = [
    ['JSON without raw_file_content', { json: { type: 'NativeImport' } }],
    ['JSON with an empty raw_file_content', { json: { type: 'NativeImport', raw_file_content: '' } }],
    ['JSON with null raw_file_content', { json: { type: 'NativeImport', raw_file_content: null } }],
    ['a form without a file', { form: form([['type', 'NativeImport']]) }],
    ['a form with an empty file', { form: form([['type', 'NativeImport'], ['file', file('', 'export.ndjson', 'application/x-ndjson')]]) }],
  ];
  for (const [what, request] of noContent) {
    test(`NativeImport without content (${what}) → 422 missing_content`, async () => {
      await refused(request, 422, 'missing_content');
    });
  }

  const notRecords: [string, string][] = [
    ['not JSON', 'hello world\n' + account('a1')],
    ['a JSON object without type and data', '{"foo": 1}\n' + account('a1')],
    ['a JSON array', '[1, 2, 3]\n'],
    ['a record without data', '{"type": "Account"}\n'],
    ['a CSV header', 'date,amount,name\n2024-01-05,1.00,x\n'],
  ];
  for (const [what, text] of notRecords) {
    test(`NativeImport whose first line is ${what} → 422 invalid_ndjson`, async () => {
      const body = await refused({ json: { type: 'NativeImport', raw_file_content: text } }, 422, 'invalid_ndjson');
      assert.equal(body.details?.line, 1);
      await refused({ form: form([['type', 'NativeImport'], ['file', file(text, 'export.ndjson', 'application/x-ndjson')]]) }, 422, 'invalid_ndjson');
    });
  }

  test('NativeImport: blank lines before the first record are not the first line', async () => {
    const r = await s.api('POST', '/api/v1/imports', { json: { type: 'NativeImport', raw_file_content: '\n\n' + NDJSON } });
    assert.equal(r.status, 201);
  });

  for (const transport of TRANSPORTS) {
    test(`a CSV with an unterminated quote → 422 invalid_csv with details.line (${transport})`, async () => {
      const text = 'date,amount,name\n2024-01-05,1.00,ok\n2024-01-06,2.00,"never closed\n2024-01-07,3.00,x\n';
      const body = await refused(send(transport, {}, text), 422, 'invalid_csv');
      assert.equal(body.details.line, 3, 'the line where the quote opened');
      assert.equal(typeof body.details.reason, 'string');
    });

    test(`a CSV whose mapped column is missing → 422 invalid_csv listing the headers (${transport})`, async () => {
      const body = await refused(send(transport, { date_col_label: 'Booking date' }, 'when,howmuch\n2024-01-05,1\n'), 422, 'invalid_csv');
      assert.equal(body.details.line, 1);
      assert.equal(typeof body.details.reason, 'string');
      assert.deepEqual(body.details.headers, ['when', 'howmuch']);
    });
  }

  test('a CSV with no column for a required field → 422 invalid_csv listing the headers and every missing field', async () => {
    const body = await refused({ json: { raw_file_content: 'reference,comment\nA-1,first payment\n' } }, 422, 'invalid_csv');
    assert.deepEqual(body.details.headers, ['reference', 'comment']);
    assert.deepEqual(body.details.fields, ['date', 'amount']);
    assert.equal(typeof body.details.reason, 'string');
  });

  const badBodies: [string, Parameters<TestServer['api']>[2]][] = [
    ['malformed JSON', { body: '{"type": "TransactionImport",', headers: { 'Content-Type': 'application/json' } }],
    ['JSON that is not an object', { body: '["TransactionImport"]', headers: { 'Content-Type': 'application/json' } }],
    ['a JSON string', { body: '"hello"', headers: { 'Content-Type': 'application/json' } }],
    ['a form cut short', { body: '--xx\r\nContent-Disposition: form-data; name="type"\r\n\r\nTransactionImport', headers: { 'Content-Type': 'multipart/form-data; boundary=xx' } }],
    ['a form without a boundary', { body: 'type=TransactionImport', headers: { 'Content-Type': 'multipart/form-data' } }],
  ];
  for (const [what, request] of badBodies) {
    test(`${what} → 400 bad_request`, async () => {
      await refused(request, 400, 'bad_request');
    });
  }

  test('a JSON body above MAX_JSON_BODY_BYTES → 413 payload_too_large (declared length)', async () => {
    await refused({ json: { raw_file_content: 'x'.repeat(9000) } }, 413, 'payload_too_large');
  });

  test('a JSON body above MAX_JSON_BODY_BYTES → 413 payload_too_large (streamed, no length)', async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ raw_file_content: 'x'.repeat(9000) }));
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(bytes.subarray(0, 4000));
        c.enqueue(bytes.subarray(4000));
        c.close();
      },
    });
    await refused({ body, headers: { 'Content-Type': 'application/json' } }, 413, 'payload_too_large');
  });

  test('a JSON body just under MAX_JSON_BODY_BYTES is read', async () => {
    const r = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: csvOfSize(1000), amount_type_inflow_value: 'x'.repeat(6500) } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
  });
});

describe('POST /api/v1/imports: 10 MiB + 1 byte at the default MAX_CSV_BYTES', () => {
  let s: TestServer;
  const MiB = 1024 * 1024;
  let over: string;
  before(async () => {
    s = await startServer();
    over = csvOfSize(10 * MiB + 1);
  });
  after(() => s.close());

  test('raw_file_content → 422 content_too_large, nothing stored', async () => {
    const before = await counts(s);
    const r = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: over } });
    assert.equal(r.status, 422);
    assert.equal(r.body.error, 'content_too_large');
    assert.deepEqual(await counts(s), before);
  });

  test('a multipart file → 422 file_too_large, nothing stored', async () => {
    const before = await counts(s);
    const r = await s.api('POST', '/api/v1/imports', { form: form([['type', 'TransactionImport'], ['file', file(over, 'big.csv')]]) });
    assert.equal(r.status, 422);
    assert.equal(r.body.error, 'file_too_large');
    assert.deepEqual(await counts(s), before);
  });
});

describe('POST /api/v1/imports: what a created import reports', () => {
  let s: TestServer;
  let accountId: string;
  before(async () => {
    s = await startServer();
    accountId = addAccount(s.db, s.familyId, 'Main checking');
  });
  after(() => s.close());

  const BROKEN = 'date,amount,name\n2024-01-05,12.00,Coffee\n2024-01-06,abc,Broken amount\n';
  // [what, request (account filled in), status_detail flags that are on, rows, valid, invalid]
  const cases: [string, (acct: string) => Record<string, unknown>, (typeof STATUS_FLAGS)[number][], number, number, number][] = [
    ['valid rows into an account', (a) => ({ raw_file_content: CSV, account_id: a }), ['uploaded', 'configured', 'cleaned', 'publishable'], 2, 2, 0],
    ['an invalid row', (a) => ({ raw_file_content: BROKEN, account_id: a }), ['uploaded', 'configured'], 2, 1, 1],
    ['valid rows without any account', () => ({ raw_file_content: CSV }), ['uploaded', 'configured', 'cleaned'], 2, 2, 0],
    ['an account column naming each row\'s account', () => ({ raw_file_content: 'date,amount,account\n2024-01-05,1.00,Main checking\n2024-01-06,2.00,Brand new\n' }), ['uploaded', 'configured', 'cleaned', 'publishable'], 2, 2, 0],
    ['a header and no rows', (a) => ({ raw_file_content: 'date,amount,name\n', account_id: a }), ['uploaded'], 0, 0, 0],
    ['an AccountImport whose account type matches no class', () => ({ type: 'AccountImport', raw_file_content: 'name,balance,type\nMy checking,100.00,checking\nRocket,5.00,spaceship\n' }), ['uploaded', 'configured', 'cleaned'], 2, 2, 0],
    ['a clean AccountImport', () => ({ type: 'AccountImport', raw_file_content: 'name,balance,type\nMy checking,100.00,checking\nVisa,-50.00,credit card\n' }), ['uploaded', 'configured', 'cleaned', 'publishable'], 2, 2, 0],
    ['a CategoryImport', () => ({ type: 'CategoryImport', raw_file_content: 'name,color,parent_category\nPets,#aabbcc,\nVet,#aabbcc,Pets\n' }), ['uploaded', 'configured', 'cleaned', 'publishable'], 2, 2, 0],
    ['a QifImport without an account', () => ({ type: 'QifImport', raw_file_content: '!Type:Bank\nD01/05/2024\nT-12.00\nPCoffee\n^\n' }), ['uploaded', 'configured', 'cleaned'], 1, 1, 0],
    ['a QifImport into an account', (a) => ({ type: 'QifImport', account_id: a, raw_file_content: '!Type:Bank\nD01/05/2024\nT-12.00\nPCoffee\n^\n' }), ['uploaded', 'configured', 'cleaned', 'publishable'], 1, 1, 0],
    ['a clean NativeImport', () => ({ type: 'NativeImport', raw_file_content: NDJSON }), ['uploaded', 'configured', 'cleaned', 'publishable'], 2, 2, 0],
    ['a NativeImport that fails preflight', () => ({ type: 'NativeImport', raw_file_content: account('a1') + '\n' + account('a1', 'Again') + '\n' }), ['uploaded', 'configured'], 2, 1, 1],
  ];
  for (const [what, request, on, rows, validRows, invalidRows] of cases) {
    test(`201 {data: ImportDetail} for ${what}: status_detail and stats`, async () => {
      const r = await s.api('POST', '/api/v1/imports', { json: request(accountId) });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      const d = r.body.data;
      assert.equal(d.status, 'pending');
      assert.deepEqual(d.status_detail, flags(on));
      assert.equal(d.stats.rows_count, rows);
      assert.equal(d.stats.valid_rows_count, validRows);
      assert.equal(d.stats.invalid_rows_count, invalidRows);
      assert.equal(d.error ?? null, null);
      assert.ok(Date.parse(d.created_at) <= Date.parse(d.updated_at));
      const again = await s.api('GET', `/api/v1/imports/${d.id}`);
      assert.deepEqual(again.body.data, d, 'GET shows what the 201 showed');
    });
  }

  test('configuration echoes the ten fields of the seed, col_sep and encoding (and only those)', async () => {
    const ten = {
      date_col_label: 'Booked', amount_col_label: 'Sum', name_col_label: 'Payee', category_col_label: 'Kind', tags_col_label: 'Labels',
      notes_col_label: 'Memo', account_col_label: 'Acct', date_format: '%d.%m.%Y', number_format: '1.234,56', signage_convention: 'inflows_negative',
    };
    const text = 'Booked;Sum;Payee;Kind;Labels;Memo;Acct\n05.01.2024;1.234,50;Shop;Groceries;x;note;Main checking\n';
    const r = await s.api('POST', '/api/v1/imports', { json: { ...ten, col_sep: ';', rows_to_skip: 0, raw_file_content: text } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.deepEqual(Object.keys(r.body.data.configuration).sort(), [...CONFIGURATION_FIELDS].sort());
    assert.deepEqual(r.body.data.configuration, { ...ten, col_sep: ';', encoding: 'utf-8' });
    assert.equal(r.body.data.stats.valid_rows_count, 1);
    const [row] = await rowsOf(s, r.body.data.id);
    assert.equal(row.fields.amount, '1234.50');
    assert.equal(row.fields.signed_amount, '1234.50', 'inflows_negative: the file already has the ledger sign');
    assert.equal(row.fields.date, '2024-01-05');
  });

  test('configuration fields not given hold what the engine used: the headers it found, the formats it inferred (SPEC §2.14)', async () => {
    const r = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: 'Buchungstag;Betrag;Empfänger\n05.01.2024;-1.234,50;Bäckerei\n', date_format: '%d.%m.%Y' } });
    assert.equal(r.status, 201);
    assert.deepEqual(r.body.data.configuration, {
      date_col_label: 'Buchungstag', amount_col_label: 'Betrag', name_col_label: 'Empfänger', category_col_label: null, tags_col_label: null,
      notes_col_label: null, account_col_label: null, date_format: '%d.%m.%Y', number_format: '1.234,56', signage_convention: 'inflows_positive',
      col_sep: ';', encoding: 'utf-8',
    });
  });

  test('content of another format posted as a CSV type → 422 invalid_csv naming the type to send (SPEC §2.14)', async () => {
    const before = await counts(s);
    for (const [content, type] of [['!Type:Bank\nD01/02/2024\nT-1.00\n^\n', 'QifImport'], ['{"type":"Tag","data":{"id":"1","name":"x"}}\n', 'NativeImport']]) {
      const r = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: content, type: 'TransactionImport' } });
      assert.equal(r.status, 422, JSON.stringify(r.body));
      assert.equal(r.body.error, 'invalid_csv');
      assert.equal(r.body.details.code, 'CSV_OTHER_FORMAT');
      assert.match(r.body.message, new RegExp(type!));
    }
    assert.deepEqual(await counts(s), before, 'nothing stored');
  });

  test('stats count mappings: categories, tags and accounts matched case-insensitively, the rest unassigned', async () => {
    // groceries → the default Groceries; Widgets is new; Parent:Child names both (both exist);
    // MAIN CHECKING matches Main checking; Savings is new; both tags are new.
    const text = [
      'date,amount,name,category,tags,account',
      '2024-01-05,1.00,A,groceries,New Tag,MAIN CHECKING',
      '2024-01-06,2.00,B,Widgets,,Savings',
      '2024-01-07,3.00,C,Food & Drink:Restaurants,Other,Savings',
    ].join('\n') + '\n';
    const r = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: text } });
    assert.equal(r.status, 201);
    // categories: groceries, Widgets, Food & Drink, Restaurants (4, 1 unassigned); tags: New Tag,
    // Other (2, unassigned); accounts: MAIN CHECKING, Savings (2, 1 unassigned).
    assert.deepEqual(r.body.data.stats, { rows_count: 3, valid_rows_count: 3, invalid_rows_count: 0, mappings_count: 8, unassigned_mappings_count: 4 });
  });

  test('names that differ only in case are one mapping (categories, tags and accounts alike)',
    async () => {
      const text = [
        'date,amount,category,tags,account',
        '2024-01-05,1.00,Widgets,New Tag,Savings',
        '2024-01-06,2.00,widgets,new tag,SAVINGS',
      ].join('\n') + '\n';
      const r = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: text } });
      assert.equal(r.status, 201);
      assert.equal(r.body.data.stats.mappings_count, 3, 'Widgets, New Tag, Savings');
      assert.equal(r.body.data.stats.unassigned_mappings_count, 3);
    });

  test('with account_id, the account column is not a mapping', async () => {
    const text = 'date,amount,account\n2024-01-05,1.00,Elsewhere\n';
    const r = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: text, account_id: accountId } });
    assert.equal(r.status, 201);
    assert.equal(r.body.data.stats.mappings_count, 0);
  });

  test('NativeImport: verification.expected_record_counts per count key, readback not_verified, no mappings', async () => {
    const text = [
      account('a1', 'Checking'), account('a2', 'Savings'),
      JSON.stringify({ type: 'Category', data: { id: 'c1', name: 'Pets' } }),
      JSON.stringify({ type: 'Transaction', data: { id: 't1', account_id: 'a1', date: '2024-01-05', amount: '12.00', name: 'Vet', category_id: 'c1' } }),
    ].join('\n') + '\n';
    const r = await s.api('POST', '/api/v1/imports', { json: { type: 'NativeImport', raw_file_content: text } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    const d = r.body.data;
    assert.equal(d.type, 'NativeImport');
    assert.deepEqual(d.stats, { rows_count: 4, valid_rows_count: 4, invalid_rows_count: 0, mappings_count: 0, unassigned_mappings_count: 0 });
    const expected = d.verification.expected_record_counts;
    assert.equal(Object.keys(expected).length, 15, 'the 15 count keys');
    assert.equal(expected.accounts, 2);
    assert.equal(expected.categories, 1);
    assert.equal(expected.transactions, 1);
    assert.equal(expected.budgets, 0);
    assert.equal(d.verification.readback.status, 'not_verified');
  });

  test('verification is NativeImport only', async () => {
    const r = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: CSV } });
    assert.equal(r.body.data.verification, undefined);
  });

  test('PdfImport: stored, pending, configured false; publishing it is refused with not_publishable', async () => {
    const r = await s.api('POST', '/api/v1/imports', { form: form([['type', 'PdfImport'], ['file', file(PDF, 'statement.pdf', 'application/pdf')]]) });
    assert.equal(r.status, 201);
    const d = r.body.data;
    assert.equal(d.type, 'PdfImport');
    assert.equal(d.status, 'pending');
    assert.equal(d.status_detail.uploaded, true);
    assert.equal(d.status_detail.configured, false);
    assert.equal(d.status_detail.publishable, false);
    assert.equal(d.stats.rows_count, 0, 'never pretend rows were found');
    const p = await s.api('POST', `/api/v1/imports/${d.id}/publish`);
    assert.equal(p.status, 422);
    assert.equal(p.body.error, 'not_publishable');
    assert.equal(p.body.import_id, d.id);
  });

  test('PdfImport with content that is not a PDF → 422 invalid_file_type', async () => {
    const before = await counts(s);
    const r = await s.api('POST', '/api/v1/imports', { form: form([['type', 'PdfImport'], ['file', file(CSV, 'statement.pdf', 'application/pdf')]]) });
    assert.equal(r.status, 422);
    assert.equal(r.body.error, 'invalid_file_type');
    assert.deepEqual(await counts(s), before);
  });

  // The same import sent with its fields before the file and after it.
  const orders: [string, [string, string][], string, string, string][] = [
    ['a semicolon CSV with labels and formats', [
      ['date_col_label', 'Datum'], ['amount_col_label', 'Betrag'], ['name_col_label', 'Text'], ['number_format', '1.234,56'],
      ['date_format', '%d.%m.%Y'], ['col_sep', ';'], ['signage_convention', 'inflows_negative'],
    ], 'Datum;Betrag;Text\n05.01.2024;-1.234,50;Miete\n06.01.2024;12,00;Kaffee\n07.01.2024;x;Kaputt\n', 'konto.csv', 'text/csv'],
    ['a preamble skipped with rows_to_skip', [['rows_to_skip', '2'], ['account_id', '']],
      'Account: 123\nPeriod: January\ndate,amount,name\n2024-01-05,1.00,A\n', 'bank.csv', 'text/csv'],
    ['a NativeImport', [['type', 'NativeImport']], NDJSON, 'export.ndjson', 'application/x-ndjson'],
    ['a PdfImport', [['type', 'PdfImport']], PDF, 'statement.pdf', 'application/pdf'],
  ];
  for (const [what, fields, content, name, mime] of orders) {
    test(`multipart: fields before the file and after it give the same import (${what})`,
      async () => {
        const resolved = fields.map(([k, v]): [string, string] => [k, k === 'account_id' ? accountId : v]);
        const first = await s.api('POST', '/api/v1/imports', { form: form([...resolved, ['file', file(content, name, mime)]]) });
        const last = await s.api('POST', '/api/v1/imports', { form: form([['file', file(content, name, mime)], ...resolved]) });
        assert.equal(first.status, 201, JSON.stringify(first.body));
        assert.equal(last.status, 201, JSON.stringify(last.body));
        assert.deepEqual(stable(last.body.data), stable(first.body.data));
        assert.deepEqual(await rowsOf(s, last.body.data.id), await rowsOf(s, first.body.data.id));
      });
  }

  test('publish "true" on a publishable import → 201 with status importing (queued; the worker does not run here)', async () => {
    for (const publish of ['true', true]) {
      const r = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: CSV, account_id: accountId, publish } });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      assert.equal(r.body.data.status, 'importing');
      assert.equal(r.body.data.status_detail.terminal, false);
      const again = await s.api('GET', `/api/v1/imports/${r.body.data.id}`);
      assert.equal(again.body.data.status, 'importing');
    }
    for (const parts of [
      [['account_id', accountId], ['publish', 'true'], ['file', file(CSV, 'a.csv')]],
      [['file', file(CSV, 'a.csv')], ['account_id', accountId], ['publish', 'true']],
    ] as Parameters<typeof form>[0][]) {
      const viaForm = await s.api('POST', '/api/v1/imports', { form: form(parts) });
      assert.equal(viaForm.status, 201);
      assert.equal(viaForm.body.data.status, 'importing');
    }
  });

  test('publish "false" (or absent) leaves the import pending', async () => {
    const r = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: CSV, account_id: accountId, publish: 'false' } });
    assert.equal(r.status, 201);
    assert.equal(r.body.data.status, 'pending');
    assert.equal(r.body.data.status_detail.publishable, true);
  });

  // [what, request]: each is stored but cannot be published.
  const unpublishable: [string, () => Parameters<TestServer['api']>[2]][] = [
    ['invalid rows', () => ({ json: { raw_file_content: BROKEN, account_id: accountId, publish: 'true' } })],
    ['no target account', () => ({ json: { raw_file_content: CSV, publish: 'true' } })],
    ['no rows', () => ({ json: { raw_file_content: 'date,amount\n', account_id: accountId, publish: 'true' } })],
    ['an account type that matches no class', () => ({ json: { type: 'AccountImport', raw_file_content: 'name,balance,type\nRocket,5.00,spaceship\n', publish: 'true' } })],
    ['a PdfImport', () => ({ form: form([['type', 'PdfImport'], ['publish', 'true'], ['file', file(PDF, 's.pdf', 'application/pdf')]]) })],
    ['an upload with invalid rows', () => ({ form: form([['account_id', accountId], ['publish', 'true'], ['file', file(BROKEN, 'a.csv')]]) })],
  ];
  for (const [what, request] of unpublishable) {
    test(`publish "true" with ${what} → 422 not_publishable with import_id; the import stays stored`, async () => {
      const before = await counts(s);
      const r = await s.api('POST', '/api/v1/imports', request());
      assert.equal(r.status, 422, JSON.stringify(r.body));
      assert.equal(r.body.error, 'not_publishable');
      assert.match(r.body.import_id, /^[0-9a-f-]{36}$/);
      const after = await counts(s);
      assert.equal(after.api, before.api + 1);
      const stored = await s.api('GET', `/api/v1/imports/${r.body.import_id}`);
      assert.equal(stored.status, 200);
      assert.equal(stored.body.data.status, 'pending');
      assert.equal(stored.body.data.status_detail.publishable, false);
    });
  }

  // Issue 5: "not_publishable with the reasons in details"; preflight_failed carries `errors`.
  test('a not_publishable answer lists its reasons in details', async () => {
    const r = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: BROKEN, publish: 'true' } });
    assert.equal(r.status, 422);
    assert.equal(r.body.error, 'not_publishable');
    assert.ok(Array.isArray(r.body.details) && r.body.details.length === 2, JSON.stringify(r.body));
  });

  test('publish "true" on a NativeImport that fails preflight → 422 preflight_failed with errors; the import is failed with the messages', async () => {
    const text = account('a1') + '\n' + account('a1', 'Again') + '\n';
    const r = await s.api('POST', '/api/v1/imports', { json: { type: 'NativeImport', raw_file_content: text, publish: 'true' } });
    assert.equal(r.status, 422);
    assert.equal(r.body.error, 'preflight_failed');
    assert.ok(Array.isArray(r.body.errors) && r.body.errors.length === 1);
    assert.ok(r.body.errors[0].includes('duplicate_source_id'));
    const stored = await s.api('GET', `/api/v1/imports/${r.body.import_id}`);
    assert.equal(stored.body.data.status, 'failed');
    assert.equal(typeof stored.body.data.error, 'string');
    assert.ok(stored.body.data.error.includes('duplicate_source_id'));
    assert.equal(stored.body.data.status_detail.terminal, true);
  });

  // The engine finds duplicate ids when the file ends, after their rows were stored: they are
  // written onto the rows then, in whichever stored chunk (500 rows each) the row sits.
  test('a NativeImport with duplicate ids: each duplicate row is stored invalid with its duplicate_source_id issue', async () => {
    const tag = (i: number, id = `g${i}`) => `{"type":"Tag","data":{"id":"${id}","name":"Tag ${i}"}}`;
    const lines = Array.from({ length: 620 }, (_, i) => tag(i + 1));
    lines[2] = tag(3, 'g1'); // line 3 repeats line 1's id
    lines[579] = tag(580, 'g10'); // line 580 (stored chunk 2) repeats line 10's
    const r = await s.api('POST', '/api/v1/imports', { json: { type: 'NativeImport', raw_file_content: lines.join('\n') } });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.deepEqual([r.body.data.stats.rows_count, r.body.data.stats.invalid_rows_count], [620, 2]);
    const id = r.body.data.id;
    const first = (await s.api('GET', `/api/v1/imports/${id}/rows?page=1&per_page=100`)).body.data;
    const sixth = (await s.api('GET', `/api/v1/imports/${id}/rows?page=6&per_page=100`)).body.data;
    const invalid = [...first, ...sixth].filter((x: Json) => !x.valid);
    assert.deepEqual(invalid.map((x: Json) => [x.line, x.issues.map((i: Json) => i.code)]), [[3, ['duplicate_source_id']], [580, ['duplicate_source_id']]]);
    assert.match(invalid[1].errors[0], /"g10" was already used on line 10$/);
    assert.equal(first.filter((x: Json) => x.valid).length, 99);
  });

  test('publish "true" on a clean NativeImport → 201 importing', async () => {
    const r = await s.api('POST', '/api/v1/imports', { json: { type: 'NativeImport', raw_file_content: NDJSON, publish: 'true' } });
    assert.equal(r.status, 201);
    assert.equal(r.body.data.status, 'importing');
  });

  test('if queuing fails: 500 publish_failed with import_id, the import back in pending', async () => {
    s.db.exec('ALTER TABLE jobs RENAME TO jobs_away');
    try {
      const r = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: CSV, account_id: accountId, publish: 'true' } });
      assert.equal(r.status, 500);
      assert.equal(r.body.error, 'publish_failed');
      const stored = await s.api('GET', `/api/v1/imports/${r.body.import_id}`);
      assert.equal(stored.status, 200);
      assert.equal(stored.body.data.status, 'pending');
      assert.equal(stored.body.data.status_detail.publishable, true);
    } finally {
      s.db.exec('ALTER TABLE jobs_away RENAME TO jobs');
    }
  });
});

describe('POST /api/v1/imports: MAX_IMPORT_ROWS', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({ MAX_IMPORT_ROWS: '2' });
  });
  after(() => s.close());

  test('publish "true" with more rows than allowed → 422 max_row_count_exceeded with import_id; stored, pending', async () => {
    const accountId = addAccount(s.db, s.familyId, 'Checking');
    const text = 'date,amount\n2024-01-05,1.00\n2024-01-06,2.00\n2024-01-07,3.00\n';
    const r = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: text, account_id: accountId, publish: 'true' } });
    assert.equal(r.status, 422);
    assert.equal(r.body.error, 'max_row_count_exceeded');
    const stored = await s.api('GET', `/api/v1/imports/${r.body.import_id}`);
    assert.equal(stored.body.data.status, 'pending');
    assert.equal(stored.body.data.stats.rows_count, 3, 'all rows are read and kept');
    assert.equal(stored.body.data.status_detail.cleaned, true);
    assert.equal(stored.body.data.status_detail.publishable, false);
    const ok = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: 'date,amount\n2024-01-05,1.00\n2024-01-06,2.00\n', account_id: accountId, publish: 'true' } });
    assert.equal(ok.status, 201);
    assert.equal(ok.body.data.status, 'importing');
  });
});

describe('GET /api/v1/imports', () => {
  let s: TestServer;
  const created: string[] = [];
  let queued: string;
  let pdf: string;
  before(async () => {
    s = await startServer();
    const accountId = addAccount(s.db, s.familyId, 'Checking');
    for (let i = 0; i < 103; i++) {
      const r = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: CSV } });
      assert.equal(r.status, 201);
      created.push(r.body.data.id);
    }
    const p = await s.api('POST', '/api/v1/imports', { form: form([['type', 'PdfImport'], ['file', file(PDF, 's.pdf', 'application/pdf')]]) });
    pdf = p.body.data.id;
    created.push(pdf);
    const q = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: CSV, account_id: accountId, publish: 'true' } });
    queued = q.body.data.id;
    created.push(queued);
  });
  after(() => s.close());

  test('default page: 25 newest first, with the page meta', async () => {
    const r = await s.api('GET', '/api/v1/imports');
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.meta, { current_page: 1, next_page: 2, prev_page: null, total_pages: 5, total_count: 105, per_page: 25 });
    assert.deepEqual(r.body.data.map((i: Json) => i.id), created.slice().reverse().slice(0, 25));
  });

  test('every page in turn gives every import once, newest first', async () => {
    const seen: Json[] = [];
    for (let page = 1; page <= 3; page++) {
      const r = await s.api('GET', `/api/v1/imports?page=${page}&per_page=40`);
      assert.equal(r.body.meta.current_page, page);
      assert.equal(r.body.meta.prev_page, page === 1 ? null : page - 1);
      assert.equal(r.body.meta.next_page, page === 3 ? null : page + 1);
      assert.equal(r.body.meta.total_pages, 3);
      seen.push(...r.body.data);
    }
    assert.deepEqual(seen.map((i) => i.id), created.slice().reverse());
    for (let i = 1; i < seen.length; i++) assert.ok(seen[i - 1].created_at >= seen[i].created_at);
  });

  test('per_page above 100 is served as 100', async () => {
    const r = await s.api('GET', '/api/v1/imports?per_page=500');
    assert.equal(r.status, 200);
    assert.equal(r.body.data.length, 100);
    assert.deepEqual(r.body.meta, { current_page: 1, next_page: 2, prev_page: null, total_pages: 2, total_count: 105, per_page: 100 });
    const two = await s.api('GET', '/api/v1/imports?per_page=500&page=2');
    assert.equal(two.body.data.length, 5);
  });

  test('a page past the end is empty with the true totals', async () => {
    const r = await s.api('GET', '/api/v1/imports?page=9');
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.data, []);
    assert.equal(r.body.meta.total_count, 105);
    assert.equal(r.body.meta.total_pages, 5);
    assert.equal(r.body.meta.next_page, null);
  });

  test('list items: the documented fields; status_detail has uploaded, configured, terminal', async () => {
    const r = await s.api('GET', '/api/v1/imports?per_page=3');
    const item = r.body.data.find((i: Json) => i.id === queued);
    const detail = (await s.api('GET', `/api/v1/imports/${queued}`)).body.data;
    assert.deepEqual(item, {
      id: detail.id, type: detail.type, status: 'importing', created_at: detail.created_at, updated_at: detail.updated_at,
      account_id: detail.account_id, rows_count: 2,
      status_detail: { uploaded: true, configured: true, terminal: false },
    });
  });

  const filters: [string, () => string[]][] = [
    ['status=importing', () => [queued]],
    ['type=PdfImport', () => [pdf]],
    ['status=pending&type=PdfImport', () => [pdf]],
    ['status=importing&type=PdfImport', () => []],
    ['status=complete', () => []],
    ['type=NativeImport', () => []],
  ];
  for (const [query, want] of filters) {
    test(`filter ${query}`, async () => {
      const r = await s.api('GET', `/api/v1/imports?${query}`);
      assert.equal(r.status, 200);
      assert.deepEqual(r.body.data.map((i: Json) => i.id), want());
      assert.equal(r.body.meta.total_count, want().length);
    });
  }

  test('filter status=pending counts all the others', async () => {
    const r = await s.api('GET', '/api/v1/imports?status=pending&per_page=100');
    assert.equal(r.body.meta.total_count, 104);
    assert.ok(r.body.data.every((i: Json) => i.status === 'pending'));
  });

  const bad: [string, string][] = [
    ['page=0', 'page'], ['page=-1', 'page'], ['page=abc', 'page'], ['page=1.5', 'page'],
    ['per_page=0', 'per_page'], ['per_page=ten', 'per_page'],
    ['status=done', 'status'], ['type=CsvImport', 'type'],
  ];
  for (const [query, name] of bad) {
    test(`bad query ${query} → 400 bad_request naming ${name}`, async () => {
      const r = await s.api('GET', `/api/v1/imports?${query}`);
      assert.equal(r.status, 400);
      assert.equal(r.body.error, 'bad_request');
      assert.match(r.body.message, new RegExp(`(^|[^_a-z])${name}([^_a-z]|$)`));
    });
  }
});

describe('GET /api/v1/imports/:id and /rows', () => {
  let s: TestServer;
  let id: string;
  // Line 1 header; 2 a row; 3 blank; 4–5 one record over two lines; 6 an impossible date; 7 a bad
  // amount; 8 blank spaces; 9 a negative in parentheses.
  const TEXT = [
    'date,amount,name,notes,tags',
    '2024-01-05,12.00,"Coffee, ""best""",first,a|b',
    '',
    '2024-01-06,-3.50,"Multi',
    'line",second,',
    '2024-02-31,1.00,Bad date,,',
    '2024-01-07,abc,Bad amount,,',
    '   ',
    '2024-01-08,(4.00),Paren,,',
  ].join('\n') + '\n';
  before(async () => {
    s = await startServer();
    const r = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: TEXT } });
    assert.equal(r.status, 201);
    id = r.body.data.id;
  });
  after(() => s.close());

  test('GET /imports/:id → {data: ImportDetail}', async () => {
    const r = await s.api('GET', `/api/v1/imports/${id}`);
    assert.equal(r.status, 200);
    assert.equal(r.body.data.id, id);
    assert.deepEqual(r.body.data.stats, { rows_count: 5, valid_rows_count: 3, invalid_rows_count: 2, mappings_count: 2, unassigned_mappings_count: 2 });
    const upper = await s.api('GET', `/api/v1/imports/${id.toUpperCase()}`);
    assert.equal(upper.status, 200, 'a UUID in capitals is the same id');
  });

  for (const [what, path] of [['an unknown id', () => randomUUID()], ['a malformed id', () => 'not-a-uuid'], ['a number', () => '42']] as const) {
    test(`GET /imports/:id and /rows with ${what} → 404 not_found`, async () => {
      const p = path();
      for (const url of [`/api/v1/imports/${p}`, `/api/v1/imports/${p}/rows`]) {
        const r = await s.api('GET', url);
        assert.equal(r.status, 404, url);
        assert.equal(r.body.error, 'not_found');
      }
    });
  }

  test('rows in file order with row_number, line, valid, errors, issues and fields', async () => {
    const r = await s.api('GET', `/api/v1/imports/${id}/rows`);
    assert.equal(r.status, 200);
    assert.deepEqual(r.body.meta, { current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: 5, per_page: 25 });
    const rows = r.body.data;
    assert.deepEqual(rows.map((x: Json) => [x.row_number, x.line, x.valid]), [[1, 2, true], [2, 4, true], [3, 6, false], [4, 7, false], [5, 9, true]]);
    const [coffee, multi, badDate, badAmount, paren] = rows;
    assert.deepEqual(coffee.errors, []);
    assert.deepEqual(coffee.issues, []);
    assert.equal(coffee.fields.date, '2024-01-05');
    assert.equal(coffee.fields.amount, '12.00');
    assert.equal(coffee.fields.signed_amount, '-12.00');
    assert.equal(coffee.fields.name, 'Coffee, "best"');
    assert.equal(coffee.fields.notes, 'first');
    assert.deepEqual(coffee.fields.tags, ['a', 'b']);
    assert.equal(coffee.fields.currency, 'USD');
    assert.equal(multi.fields.name, 'Multi\nline');
    assert.equal(multi.fields.signed_amount, '3.50');
    assert.equal(badDate.issues.length, 1);
    assert.equal(badDate.issues[0].field, 'date');
    assert.match(badDate.issues[0].code, /^DATE_/);
    assert.deepEqual(badDate.errors, [badDate.issues[0].message]);
    assert.equal(badDate.fields.date, null, 'never a default for a value that failed');
    assert.deepEqual(badAmount.issues.map((i: Json) => [i.code, i.field]), [['AMOUNT_INVALID', 'amount']]);
    assert.deepEqual(badAmount.errors, [badAmount.issues[0].message]);
    assert.equal(badAmount.fields.amount, null);
    assert.equal(paren.fields.amount, '-4.00');
  });

  test('rows page by page', async () => {
    const pages: Json[] = [];
    for (let page = 1; page <= 3; page++) {
      const r = await s.api('GET', `/api/v1/imports/${id}/rows?page=${page}&per_page=2`);
      assert.equal(r.status, 200);
      assert.deepEqual(r.body.meta, {
        current_page: page, next_page: page < 3 ? page + 1 : null, prev_page: page > 1 ? page - 1 : null, total_pages: 3, total_count: 5, per_page: 2,
      });
      pages.push(...r.body.data);
    }
    assert.deepEqual(pages.map((x) => x.row_number), [1, 2, 3, 4, 5]);
    const past = await s.api('GET', `/api/v1/imports/${id}/rows?page=4&per_page=2`);
    assert.deepEqual(past.body.data, []);
    assert.equal(past.body.meta.total_count, 5);
  });

  test('rows: per_page above 100 is served as 100, across the store\'s chunks', async () => {
    const big = 'date,amount,name\n' + Array.from({ length: 1203 }, (_, i) => `2024-01-05,${i + 1}.00,Row ${i + 1}`).join('\n') + '\n';
    const created = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: big } });
    assert.equal(created.body.data.stats.rows_count, 1203);
    const first = await s.api('GET', `/api/v1/imports/${created.body.data.id}/rows?per_page=500`);
    assert.equal(first.body.data.length, 100);
    assert.equal(first.body.meta.per_page, 100);
    assert.equal(first.body.meta.total_pages, 13);
    const page5 = await s.api('GET', `/api/v1/imports/${created.body.data.id}/rows?per_page=100&page=5`);
    assert.deepEqual(page5.body.data.map((x: Json) => x.row_number), Array.from({ length: 100 }, (_, i) => 401 + i));
    assert.deepEqual(page5.body.data.map((x: Json) => x.line), Array.from({ length: 100 }, (_, i) => 402 + i));
    assert.equal(page5.body.data[99].fields.name, 'Row 500');
    const all = await rowsOf(s, created.body.data.id);
    assert.deepEqual(all.map((x) => x.row_number), Array.from({ length: 1203 }, (_, i) => i + 1));
  });

  test('NativeImport rows are its records', async () => {
    const created = await s.api('POST', '/api/v1/imports', { json: { type: 'NativeImport', raw_file_content: NDJSON } });
    const rows = await rowsOf(s, created.body.data.id);
    assert.deepEqual(rows.map((x) => [x.row_number, x.line, x.valid]), [[1, 1, true], [2, 2, true]]);
  });

  for (const query of ['page=0', 'page=x', 'per_page=0', 'per_page=-2']) {
    test(`rows: bad ${query} → 400 bad_request`, async () => {
      const r = await s.api('GET', `/api/v1/imports/${id}/rows?${query}`);
      assert.equal(r.status, 400);
      assert.equal(r.body.error, 'bad_request');
    });
  }
});

describe('imports are scoped to the key owner\'s family', () => {
  let s: TestServer;
  let mine: string;
  let other: { key: string; familyId: string; userId: string };
  let theirs: string;
  before(async () => {
    s = await startServer();
    const accountId = addAccount(s.db, s.familyId, 'Checking');
    const r = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: CSV, account_id: accountId } });
    mine = r.body.data.id;
    other = addUser(s.db, { familyId: null, email: 'neighbour@example.com', scope: 'read_write' });
    const t = await s.api('POST', '/api/v1/imports', { key: other.key, json: { raw_file_content: CSV } });
    theirs = t.body.data.id;
  });
  after(() => s.close());

  test('another family\'s list has none of this family\'s imports, and the other way round', async () => {
    const theirList = await s.api('GET', '/api/v1/imports?per_page=100', { key: other.key });
    assert.deepEqual(theirList.body.data.map((i: Json) => i.id), [theirs]);
    assert.equal(theirList.body.meta.total_count, 1);
    const myList = await s.api('GET', '/api/v1/imports?per_page=100');
    assert.deepEqual(myList.body.data.map((i: Json) => i.id), [mine]);
    for (const q of ['status=pending', 'type=TransactionImport']) {
      const f = await s.api('GET', `/api/v1/imports?${q}`, { key: other.key });
      assert.deepEqual(f.body.data.map((i: Json) => i.id), [theirs], q);
    }
  });

  const reads: [string, (id: string) => string][] = [
    ['GET', (id) => `/api/v1/imports/${id}`],
    ['GET', (id) => `/api/v1/imports/${id}/rows`],
    ['POST', (id) => `/api/v1/imports/${id}/publish`],
    ['POST', (id) => `/api/v1/imports/${id}/revert`],
  ];
  for (const [method, path] of reads) {
    test(`${method} ${path(':id')} of another family's import → 404, exactly like one that does not exist`, async () => {
      const missing = randomUUID();
      const foreign = await s.api(method, path(mine), { key: other.key });
      const none = await s.api(method, path(missing), { key: other.key });
      assert.equal(foreign.status, 404);
      assert.deepEqual(foreign.body, none.body);
      const own = await s.api('GET', `/api/v1/imports/${mine}`);
      assert.equal(own.body.data.status, 'pending', 'untouched');
    });
  }

  test('another family\'s accounts and categories are not matched by name', async () => {
    addAccount(s.db, s.familyId, 'Shared name');
    const text = 'date,amount,account\n2024-01-05,1.00,Shared name\n';
    const mineR = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: text } });
    const theirsR = await s.api('POST', '/api/v1/imports', { key: other.key, json: { raw_file_content: text } });
    assert.equal(mineR.body.data.stats.unassigned_mappings_count, 0, 'this family has the account');
    assert.equal(theirsR.body.data.stats.mappings_count, 1);
    assert.equal(theirsR.body.data.stats.unassigned_mappings_count, 1, 'the other family has not');
  });
});

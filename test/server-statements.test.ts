// The statement formats through the server (SPEC §2.15, §3.4, §3.10): OFX/QFX, CAMT and MT940
// sent as raw content and XLSX uploaded as a file, over real HTTP with the real worker thread.
// Each is published with no account_id (its statements' accounts are found or created with their
// class), published again as a new import (the bank's own identities: nothing twice, an
// overlapping re-download adds only what is new), and reverted (the family exactly as before).
// Content of another format is refused naming the type to send.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { addAccount, file, form, startServer, type TestServer } from './server-helpers.ts';
import { fixture, newFamily, publishNew, revert, snapshot, storedTransactions, summary, terminal } from './publish-helpers.ts';

describe('statement formats: publish, publish again, revert', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer({}, { publishing: true });
  });
  after(() => s.close());

  test('OFX: two statements → two accounts with their classes; FITID is the identity, so a re-download adds only what is new', async () => {
    const f = newFamily(s);
    const d = await publishNew(s, f.key, { type: 'OfxImport', raw_file_content: fixture('ofx-two-accounts.ofx') });
    assert.equal(d.status, 'complete', d.error);
    assert.deepEqual(d.summary, summary({ accounts: [2, 0, 0], transactions: [4, 0, 0] }));
    assert.deepEqual(storedTransactions(s.db, d.id).map((t) => [t.date, t.name, t.amount, t.currency, t.account, t.account_type]), [
      ['2024-01-05', 'Corner Cafe', '12.50', 'USD', '555001', 'Depository'],
      ['2024-01-07', 'Airline', '250.00', 'USD', '4111000011112222', 'CreditCard'],
      ['2024-01-10', 'Payroll ACME', '-2500.00', 'USD', '555001', 'Depository'],
      ['2024-01-15', 'Electric Co', '80.00', 'USD', '555001', 'Depository'],
    ]);
    const rows = await s.api('GET', `/api/v1/imports/${d.id}/rows`, { key: f.key });
    assert.equal(rows.status, 200);
    assert.deepEqual(rows.body.data.map((r: { fields: { identity: string } }) => r.fields.identity), ['CHK-0001', 'CHK-0002', 'CHK-0003', 'CC-9001']);

    const same = await publishNew(s, f.key, { type: 'OfxImport', raw_file_content: fixture('ofx-two-accounts.ofx') });
    assert.equal(same.status, 'complete', same.error);
    assert.equal(same.summary.transactions.created, 0);
    assert.equal(same.summary.transactions.skipped, 4);

    // The bank renamed CHK-0002 ("PAYROLL ACME CORP"): its FITID still says it is the same entry.
    const overlap = await publishNew(s, f.key, { type: 'OfxImport', raw_file_content: fixture('ofx-checking-overlap.ofx') });
    assert.equal(overlap.status, 'complete', overlap.error);
    assert.equal(overlap.summary.transactions.created, 1);
    assert.equal(overlap.summary.transactions.skipped, 2);
    assert.deepEqual(storedTransactions(s.db, overlap.id).map((t) => [t.name, t.amount, t.account]), [['Bookshop', '42.00', '555001']]);
  });

  test('OFX investment statement: a buy becomes a trade with the ticker from the security list; income a transaction', async () => {
    const f = newFamily(s);
    const d = await publishNew(s, f.key, { type: 'OfxImport', raw_file_content: fixture('ofx-investment.ofx') });
    assert.equal(d.status, 'complete', d.error);
    assert.equal(d.summary.trades.created, 1);
    assert.equal(d.summary.transactions.created, 1);
    const trade = s.db.prepare(
      `SELECT t.date, t.qty, t.price, s.ticker, a.name AS account, a.accountable_type AS class
       FROM trades t JOIN securities s ON s.id = t.security_id JOIN accounts a ON a.id = t.account_id WHERE t.import_id = ?`,
    ).get(d.id);
    assert.deepEqual({ ...(trade as object) }, { date: '2024-02-05', qty: '10', price: '25.50', ticker: 'ACME', account: 'INV-777', class: 'Investment' });
    const [income] = storedTransactions(s.db, d.id);
    assert.deepEqual([income!.date, income!.amount, income!.account], ['2024-02-20', '-4.20', 'INV-777']);
 
    const again = await publishNew(s, f.key, { type: 'OfxImport', raw_file_content: fixture('ofx-investment.ofx') });
    assert.deepEqual([again.summary.trades.created, again.summary.trades.skipped, again.summary.transactions.skipped], [0, 1, 1]);
  });

  test('CAMT: booked entries are stored in the IBAN\'s account, the pending one is not; publishing again adds nothing', async () => {
    const f = newFamily(s, { currency: 'EUR' });
    const d = await publishNew(s, f.key, { type: 'CamtImport', raw_file_content: fixture('camt053-statement.xml') });
    assert.equal(d.status, 'complete', d.error);
    assert.equal(d.stats.rows_count, 2);
    assert.deepEqual(storedTransactions(s.db, d.id).map((t) => [t.date, t.name, t.amount, t.currency, t.account, t.notes]), [
      ['2024-01-04', 'Stadtwerke München', '55.40', 'EUR', 'DE89370400440532013000', 'Strom Januar'],
      ['2024-01-15', 'Arbeitgeber GmbH', '-900.00', 'EUR', 'DE89370400440532013000', 'Gehalt'],
    ]);
    const again = await publishNew(s, f.key, { type: 'CamtImport', raw_file_content: fixture('camt053-statement.xml') });
    assert.deepEqual([again.summary.transactions.created, again.summary.transactions.skipped], [0, 2]);
  });

  test('MT940: the :25: account, bank references as identities; publishing again adds nothing', async () => {
    const f = newFamily(s, { currency: 'EUR' });
    const d = await publishNew(s, f.key, { type: 'Mt940Import', raw_file_content: fixture('mt940-statement.sta') });
    assert.equal(d.status, 'complete', d.error);
    assert.deepEqual(storedTransactions(s.db, d.id).map((t) => [t.date, t.name, t.amount, t.currency, t.account]), [
      ['2024-01-04', 'Stadtwerke Muenchen', '55.40', 'EUR', '37040044/0532013000'],
      ['2024-01-15', 'Arbeitgeber GmbH', '-900', 'EUR', '37040044/0532013000'], // `900,` as the file writes it
    ]);
    const again = await publishNew(s, f.key, { type: 'Mt940Import', raw_file_content: fixture('mt940-statement.sta') });
    assert.deepEqual([again.summary.transactions.created, again.summary.transactions.skipped], [0, 2]);
  });

  const reverts: [string, string][] = [
    ['OfxImport', 'ofx-two-accounts.ofx'], ['OfxImport', 'ofx-investment.ofx'], ['CamtImport', 'camt053-statement.xml'], ['Mt940Import', 'mt940-statement.sta'],
  ];
  for (const [type, name] of reverts) {
    test(`${type} (${name}): publish then revert → the family holds exactly what it held before`, async () => {
      const f = newFamily(s);
      const before = snapshot(s.db, f.familyId);
      const published = await publishNew(s, f.key, { type, raw_file_content: fixture(name) });
      assert.equal(published.status, 'complete', published.error);
      assert.notDeepEqual(snapshot(s.db, f.familyId).counts, before.counts);
      const d = await revert(s, f.key, published.id);
      assert.equal(d.status, 'pending');
      assert.deepEqual(snapshot(s.db, f.familyId).rows, before.rows);
    });
  }

  test('XLSX uploaded as a TransactionImport: the German sheet read with no options, published, published again, reverted', async () => {
    const f = newFamily(s, { currency: 'EUR' });
    const account = addAccount(s.db, f.familyId, 'Girokonto', 'EUR');
    const before = snapshot(s.db, f.familyId);
    const workbook = readFileSync(new URL('../fixtures/xlsx/german-layout.xlsx', import.meta.url));
    const upload = async () => {
      const r = await s.api('POST', '/api/v1/imports', {
        key: f.key,
        form: form([['account_id', account], ['publish', 'true'], ['file', file(workbook, 'Umsaetze.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')]]),
      });
      assert.equal(r.status, 201, JSON.stringify(r.body));
      return terminal(s, f.key, r.body.data.id);
    };
    const d = await upload();
    assert.equal(d.status, 'complete', d.error);
    assert.deepEqual(storedTransactions(s.db, d.id).map((t) => [t.date, t.name, t.amount, t.currency, t.notes]), [
      ['2024-03-15', 'REWE Markt', '45.90', 'EUR', 'Einkauf'],
      ['2024-03-28', 'Arbeitgeber GmbH', '-2500.00', 'EUR', 'Gehalt März'],
      ['2024-03-30', 'Hausverwaltung', '1234.56', 'EUR', 'Miete April'],
    ]);
    assert.equal(d.configuration.sheet ?? null, null, 'no sheet was given');
    const again = await upload();
    assert.deepEqual([again.summary.transactions.created, again.summary.transactions.skipped], [0, 3]);
    await revert(s, f.key, again.id);
    await revert(s, f.key, d.id);
    assert.deepEqual(snapshot(s.db, f.familyId).rows, before.rows);
  });

  test('with an account_id, every statement row goes into that account', async () => {
    const f = newFamily(s);
    const account = addAccount(s.db, f.familyId, 'Everyday');
    const d = await publishNew(s, f.key, { type: 'OfxImport', raw_file_content: fixture('ofx-two-accounts.ofx'), account_id: account });
    assert.equal(d.status, 'complete', d.error);
    assert.ok(storedTransactions(s.db, d.id).every((t) => t.account === 'Everyday'));
    assert.equal(s.db.prepare('SELECT count(*) FROM accounts WHERE family_id = ?').pluck().get(f.familyId), 1, 'no statement account was created');
  });
});

describe('statement formats: content of another kind is refused with the type to send', () => {
  let s: TestServer;
  before(async () => {
    s = await startServer();
  });
  after(() => s.close());

  test('OFX sent as a TransactionImport → 422 invalid_csv naming OfxImport; nothing stored', async () => {
    const r = await s.api('POST', '/api/v1/imports', { json: { type: 'TransactionImport', raw_file_content: fixture('ofx-two-accounts.ofx') } });
    assert.equal(r.status, 422);
    assert.equal(r.body.error, 'invalid_csv');
    assert.match(r.body.message, /OfxImport/);
  });

  test('a CSV sent as an OfxImport, CamtImport or Mt940Import → 422 invalid_csv with the code', async () => {
    for (const type of ['OfxImport', 'CamtImport', 'Mt940Import']) {
      const r = await s.api('POST', '/api/v1/imports', { json: { type, raw_file_content: 'date,amount,name\n2024-01-01,-1.00,Shop\n' } });
      assert.equal(r.status, 422, type);
      assert.equal(r.body.error, 'invalid_csv', type);
      assert.equal(r.body.details.code, 'STATEMENT_NOT_FORMAT', type);
    }
  });

  test('a ZIP uploaded as a QifImport or an OfxImport → 422 invalid_file_type (only the table types take a workbook)', async () => {
    const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]);
    for (const type of ['QifImport', 'OfxImport']) {
      const r = await s.api('POST', '/api/v1/imports', { form: form([['type', type], ['file', file(zip, 'book.xlsx', 'application/zip')]]) });
      assert.equal(r.status, 422, type);
      assert.equal(r.body.error, 'invalid_file_type', type);
    }
  });

  test('an OFX statement uploaded as a file reads as it does raw', async () => {
    const r = await s.api('POST', '/api/v1/imports', {
      form: form([['type', 'OfxImport'], ['file', file(readFileSync(new URL('../fixtures/publish/ofx-two-accounts.ofx', import.meta.url)), 'statement.qfx', 'application/vnd.intu.qfx')]]),
    });
    assert.equal(r.status, 201, JSON.stringify(r.body));
    assert.equal(r.body.data.stats.rows_count, 4);
    assert.equal(r.body.data.stats.valid_rows_count, 4);
  });
});

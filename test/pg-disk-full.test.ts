// A full disk on PostgreSQL (SPEC §3.12 and §3.13; the SQLite counterpart is
// server-disk-full.test.ts): the database's tables live in a tablespace on a real small file
// system (a 16 MiB tmpfs mounted for the test; skipped, saying why, where this machine does not
// allow a mount), the write-ahead log stays on the cluster's own disk, as on a server whose data
// volume fills up. PostgreSQL refuses a write that needs a new page with disk_full (SQLSTATE
// 53100); the server answers 507 insufficient_storage to an upload and keeps nothing of it, a
// publish writes nothing (it fails, or waits for room, never partial), earlier data survives, and
// once space is freed the same requests work, without a restart.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import pg from 'pg';
import { loadConfig } from '../server/config.ts';
import { start } from '../server/main.ts';
import { fillDisk, mountTmpfs } from './disk-helpers.ts';
import { pgHarness, type PgHarness } from './pg-helpers.ts';
import { syncPg } from './pg-sync.ts';
import { bankCsv, terminal, until } from './publish-helpers.ts';
import { api, type ApiOptions } from './server-helpers.ts';

const KEY = 'f0115'.repeat(12) + 'f0ff';
const harness = await pgHarness();

/** One statement as the superuser. */
async function asAdmin<T>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

test('PostgreSQL with its tablespace full: 507 and nothing stored, a publish writes nothing, all works again once space is freed', {
  skip: typeof harness === 'string' && harness,
}, async (t) => {
  const { adminUrl } = harness as PgHarness;
  const [{ data_directory: dataDir }] = await asAdmin<{ data_directory: string }>(adminUrl, 'SHOW data_directory');
  const owner = statSync(dataDir!);
  const dir = mkdtempSync(join(tmpdir(), 'sluice-pgfull-'));
  const refused = mountTmpfs(dir, { uid: owner.uid, gid: owner.gid });
  if (refused !== null) {
    rmSync(dir, { recursive: true, force: true });
    t.skip(`cannot mount a tmpfs here (${refused})`);
    return;
  }
  const space = `sluice_full_${process.pid}`;
  const tables = join(dir, 'tables');
  mkdirSync(tables);
  chownSync(tables, owner.uid, owner.gid);
  await asAdmin(adminUrl, `CREATE TABLESPACE ${space} LOCATION '${tables}'`);
  const database = await (harness as PgHarness).database({ tablespace: space });
  const look = syncPg(database.url);
  const logs: string[] = [];
  const running = await start(loadConfig({
    PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_PER_HOUR: '0', DATABASE_URL: database.url, SLUICE_BOOTSTRAP_API_KEY: KEY,
  }), (m) => logs.push(m));
  const s = { api: (method: string, path: string, options: ApiOptions = {}) => api(running.url, KEY, method, path, options) };
  const visible = () => look.db.prepare('SELECT count(*) FROM imports WHERE staged = 0').pluck().get() as number;
  const written = (id: string) => look.db.prepare('SELECT count(*) FROM transactions WHERE import_id = ?').pluck().get(id) as number;
  // Room for nothing in the tablespace; the filler sits beside the tables on the same file system.
  const filler = join(dir, 'filler');
  try {
    const account = await s.api('POST', '/api/v1/accounts', { json: { name: 'Main', account_type: 'depository' } });
    const first = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: bankCsv(50), account_id: account.body.id, publish: 'true' } });
    assert.equal(first.status, 201);
    assert.equal((await terminal(s, KEY, first.body.data.id)).status, 'complete');
    // Stored before the disk fills, published after.
    const later = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: bankCsv(2000).replaceAll('Payee', 'Shop'), account_id: account.body.id } });
    assert.equal(later.status, 201);

    fillDisk(filler);
    const imports = visible();
    const upload = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: bankCsv(3000) } });
    assert.equal(upload.status, 507, JSON.stringify(upload.body));
    assert.equal(upload.body.error, 'insufficient_storage');
    assert.equal(visible(), imports, 'nothing of the upload is visible');

    // The publish needs new pages for 2,000 transactions: refused by the database, so the job's
    // transaction rolls back. Its failure is recorded (a small update) or, when even that finds no
    // room, the worker tries again every few seconds; either way nothing of it is written.
    const queued = await s.api('POST', `/api/v1/imports/${later.body.data.id}/publish`);
    assert.ok(queued.status === 202 || queued.status === 507, JSON.stringify(queued.body));
    if (queued.status === 202) {
      const outcome = await until('the publish to fail or the worker to wait for room', async () => {
        const d = (await s.api('GET', `/api/v1/imports/${later.body.data.id}`)).body.data;
        if (d.status === 'failed') return 'failed';
        return logs.some((l) => /disk is full/.test(l)) ? 'waiting' : undefined;
      });
      assert.equal(written(later.body.data.id), 0, 'nothing of the publish is written');
      if (outcome === 'failed') {
        const d = (await s.api('GET', `/api/v1/imports/${later.body.data.id}`)).body.data;
        assert.match(d.error, /nothing was written: the database's disk is full; publish again once space is freed$/);
      }
    }
    const kept = await s.api('GET', `/api/v1/transactions?import_id=${first.body.data.id}`);
    assert.equal(kept.body.pagination.total_count, 50, 'earlier data survives');

    rmSync(filler);
    const again = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: bankCsv(3000) } });
    assert.equal(again.status, 201, JSON.stringify(again.body));
    assert.equal(again.body.data.stats.rows_count, 3000);
    const status = (await s.api('GET', `/api/v1/imports/${later.body.data.id}`)).body.data.status;
    if (status !== 'importing' && status !== 'complete') {
      assert.equal((await s.api('POST', `/api/v1/imports/${later.body.data.id}/publish`)).status, 202);
    }
    assert.equal((await terminal(s, KEY, later.body.data.id, 60_000)).status, 'complete');
    assert.equal(written(later.body.data.id), 2000, 'every row once');
    assert.ok(!logs.some((l) => l.startsWith('internal error')), logs.join('\n'));
  } finally {
    await running.close();
    await look.close();
    await database.drop();
    await asAdmin(adminUrl, `DROP TABLESPACE IF EXISTS ${space}`);
    execFileSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});

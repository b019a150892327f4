// A full disk (SPEC §3.12, issue 14 finding 5): on a real small file system (a 16 MiB tmpfs
// mounted for the test; skipped, saying why, where this machine does not allow a mount), the
// server answers 507 insufficient_storage to an upload and stores nothing of it, a revert leaves
// the import exactly as it was, earlier data survives, and once space is freed the same requests
// work again, without a restart.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadConfig } from '../server/config.ts';
import { start } from '../server/main.ts';
import { startWorker } from '../server/jobs/runner.ts';
import { sqliteDb } from '../server/store/sqlite/store.ts';
import { fillDisk, mountTmpfs } from './disk-helpers.ts';
import { settled, terminal, until } from './publish-helpers.ts';
import { api, type ApiOptions } from './server-helpers.ts';

const KEY = 'd15c'.repeat(16);

const csv = (n: number, from = 0) =>
  'date,amount,name\n' + Array.from({ length: n }, (_, i) => `2024-02-${String(1 + ((i + from) % 28)).padStart(2, '0')},-${i + from + 1}.25,Payee ${i + from}\n`).join('');

test('a full disk: 507 and nothing stored, a revert changes nothing, all works again once space is freed', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-full-'));
  const refused = mountTmpfs(dir);
  if (refused !== null) {
    rmSync(dir, { recursive: true, force: true });
    t.skip(`cannot mount a tmpfs here (${refused})`);
    return;
  }
  const logs: string[] = [];
  const running = await start(loadConfig({
    PORT: '0', HOST: '127.0.0.1', RATE_LIMIT_PER_HOUR: '0', DATABASE_PATH: join(dir, 'sluice.db'), SLUICE_BOOTSTRAP_API_KEY: KEY,
  }), (m) => logs.push(m));
  const s = { api: (method: string, path: string, options: ApiOptions = {}) => api(running.url, KEY, method, path, options) };
  const visible = () => sqliteDb(running.store).prepare('SELECT count(*) FROM imports WHERE staged = 0').pluck().get() as number;
  const filler = join(dir, 'filler');
  const detail = (id: string) => sqliteDb(running.store).prepare('SELECT status, error FROM imports WHERE id = ?').get(id) as { status: string; error: string | null };
  try {
    const account = await s.api('POST', '/api/v1/accounts', { json: { name: 'Main', account_type: 'depository' } });
    const first = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: csv(50), account_id: account.body.id, publish: 'true' } });
    assert.equal(first.status, 201);
    assert.equal((await terminal(s, KEY, first.body.data.id)).status, 'complete');

    sqliteDb(running.store).pragma('wal_checkpoint(TRUNCATE)');
    assert.ok(fillDisk(filler) > 0);
    const imports = visible();
    const upload = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: csv(3000, 100) } });
    assert.equal(upload.status, 507, JSON.stringify(upload.body));
    assert.equal(upload.body.error, 'insufficient_storage');
    assert.equal(visible(), imports, 'nothing of the upload is visible');

    const revert = await s.api('POST', `/api/v1/imports/${first.body.data.id}/revert`);
    if (revert.status === 202) {
      // The request found room for its mark, the worker none for the revert: back to complete.
      const after = await settled(s, KEY, first.body.data.id);
      assert.equal(after.status, 'complete');
      assert.match(after.error, /disk is full; nothing was changed/);
    } else {
      assert.equal(revert.status, 507, JSON.stringify(revert.body));
    }
    const kept = await s.api('GET', `/api/v1/transactions?import_id=${first.body.data.id}`);
    assert.equal(kept.body.pagination.total_count, 50, 'earlier data survives');
    assert.equal((await s.api('GET', `/api/v1/imports/${first.body.data.id}`)).body.data.status, 'complete');

    rmSync(filler);
    const again = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: csv(3000, 100) } });
    assert.equal(again.status, 201, JSON.stringify(again.body));
    assert.equal(again.body.data.stats.rows_count, 3000);
    const reverted = await s.api('POST', `/api/v1/imports/${first.body.data.id}/revert`);
    assert.equal(reverted.status, 202);
    assert.equal((await settled(s, KEY, first.body.data.id)).status, 'pending');

    // The worker's side. With the disk full no job can even be claimed: the revert waits, said
    // once in the log, and runs once space is freed.
    const second = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: csv(400, 500), account_id: account.body.id, publish: 'true' } });
    assert.equal((await terminal(s, KEY, second.body.data.id)).status, 'complete');
    const written = () => sqliteDb(running.store).prepare('SELECT count(*) FROM transactions WHERE import_id = ?').pluck().get(second.body.data.id);
    await running.worker.stop();
    assert.equal((await s.api('POST', `/api/v1/imports/${second.body.data.id}/revert`)).status, 202);
    sqliteDb(running.store).pragma('wal_checkpoint(TRUNCATE)');
    fillDisk(filler);
    let worker = startWorker(join(dir, 'sluice.db'), (m) => logs.push(m));
    await until('the worker to say the disk is full', () => logs.find((l) => /the disk is full: no job can be started/.test(l)));
    assert.equal(detail(second.body.data.id).status, 'reverting');
    assert.equal(written(), 400);
    await worker.stop();
    // Room for the claim but not for the revert's writes: the revert changes nothing and the
    // import is back to complete, never revert_failed.
    sqliteDb(running.store).pragma('wal_checkpoint(TRUNCATE)');
    rmSync(filler);
    fillDisk(filler);
    truncateSync(filler, statSync(filler).size - 96 * 1024);
    worker = startWorker(join(dir, 'sluice.db'), (m) => logs.push(m));
    try {
      const end = await settled(s, KEY, second.body.data.id);
      assert.equal(end.status, 'complete', JSON.stringify(end));
      assert.match(end.error, /disk is full; nothing was changed/);
      assert.equal(written(), 400);
      rmSync(filler);
      assert.equal((await s.api('POST', `/api/v1/imports/${second.body.data.id}/revert`)).status, 202);
      assert.equal((await settled(s, KEY, second.body.data.id)).status, 'pending');
      assert.equal(written(), 0);
    } finally {
      await worker.stop();
    }
    assert.ok(!logs.some((l) => l.startsWith('internal error')), logs.join('\n'));
  } finally {
    await running.close();
    execFileSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});

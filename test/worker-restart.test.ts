// The publish worker thread dying while the server lives (SPEC §3.12: a crashed runner's job runs
// again within a minute): the handle requeues the job the thread left running and starts another
// thread, which publishes the import with every row stored exactly once.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { bankCsv, terminal, until } from './publish-helpers.ts';
import { addAccount, startServer } from './server-helpers.ts';

test('a worker thread that dies mid-publish is replaced and its job runs again, once', { timeout: 120_000 }, async () => {
  const s = await startServer({ MAX_JSON_BODY_BYTES: String(64 * 1024 * 1024), MAX_CSV_BYTES: String(32 * 1024 * 1024) }, { publishing: true });
  const logs = s.logs;
  try {
    const worker = s.worker;
    const n = 60_000;
    const created = await s.api('POST', '/api/v1/imports', { json: { raw_file_content: bankCsv(n), account_id: addAccount(s.db, s.familyId, 'Main'), publish: 'true' } });
    assert.equal(created.status, 201);
    const id = created.body.data.id as string;
    await until('the job to be claimed', () => s.db.prepare("SELECT 1 FROM jobs WHERE import_id = ? AND status = 'running'").get(id), 30_000, 2);
    await worker.crashForTest();
    const done = await terminal(s, s.key, id, 90_000);
    assert.equal(done.status, 'complete', done.error);
    assert.equal(s.db.prepare('SELECT count(*) FROM transactions WHERE import_id = ?').pluck().get(id), n);
    assert.equal(worker.restarts, 1);
    // SQLite: the handle requeues the job at once. PostgreSQL: the dead thread's transaction may
    // still hold the job's row for a moment, and the new thread's sweeper requeues it.
    assert.ok(logs.some((l) => /stopped unasked; requeued 1 job|requeued 1 abandoned job/.test(l)), logs.join('\n'));
  } finally {
    await s.close();
  }
});

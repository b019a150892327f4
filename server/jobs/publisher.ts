// The front door of the queue (SPEC §3.4 step 7, §3.5): decides whether an import may be
// published or reverted, and if so queues the job and moves the import to importing / reverting
// in one transaction. Refusals are the API's 422 bodies with import_id; a queue that cannot take
// the job is 500 publish_failed with the import back in pending.

import type { Publisher } from '../context.ts';
import { ApiError, insufficientStorage } from '../http/errors.ts';
import { isDiskFull, type Db } from '../store/db.ts';
import { now, uuidv7 } from '../store/ids.ts';
import { setStatus, type ImportRow } from '../store/imports.ts';
import { blockersOfRow } from '../imports/view.ts';
import type { NdjsonResult } from 'sluice';

export function enqueue(db: Db, kind: 'publish' | 'revert', row: ImportRow, status: 'importing' | 'reverting'): void {
  const t = now();
  db.transaction(() => {
    db.prepare('INSERT INTO jobs (id, kind, import_id, family_id, status, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(uuidv7(), kind, row.id, row.family_id, 'queued', t, t);
    setStatus(db, row.id, status, { error: null });
  })();
}

function reload(db: Db, id: string): ImportRow {
  return db.prepare('SELECT * FROM imports WHERE id = ?').get(id) as ImportRow;
}

export function createPublisher(db: Db, onQueued: () => void = () => {}): Publisher {
  return {
    publish(row) {
      const withId = { import_id: row.id };
      if (row.status !== 'pending' && row.status !== 'failed') {
        throw new ApiError(422, 'not_publishable', `The import is ${row.status}; only a pending or failed import can be published`, {
          ...withId, details: [`status is ${row.status}`],
        });
      }
      const blockers = blockersOfRow(row);
      const preflight = blockers.find((b) => b.code === 'preflight_failed');
      if (preflight) {
        const result = JSON.parse(row.result ?? 'null') as NdjsonResult | null;
        const errors = (result?.preflight.errors ?? []).map((e) => (e.line === null ? `${e.code}: ${e.message}` : `line ${e.line}: ${e.code}: ${e.message}`));
        setStatus(db, row.id, 'failed', { error: `Preflight failed: ${errors.slice(0, 20).join('; ')}` });
        throw new ApiError(422, 'preflight_failed', 'The NDJSON file did not pass preflight; nothing was written', { ...withId, errors });
      }
      const tooMany = blockers.find((b) => b.code === 'max_row_count_exceeded');
      if (tooMany) throw new ApiError(422, 'max_row_count_exceeded', tooMany.message, withId);
      if (blockers.length > 0) {
        throw new ApiError(422, 'not_publishable', `The import cannot be published: ${blockers.map((b) => b.message).join('; ')}`, {
          ...withId, details: blockers.map((b) => b.message),
        });
      }
      try {
        enqueue(db, 'publish', row, 'importing');
      } catch (e) {
        if (isDiskFull(e)) throw insufficientStorage(withId); // the enqueue's one transaction kept nothing
        setStatus(db, row.id, 'pending');
        throw new ApiError(500, 'publish_failed', 'The import is stored but could not be queued for publishing; try again', withId);
      }
      const queued = reload(db, row.id); // read before the worker is woken, so the answer says importing
      onQueued();
      return queued;
    },
    revert(row) {
      if (row.status !== 'complete' && row.status !== 'revert_failed') {
        throw new ApiError(422, 'not_revertable', `The import is ${row.status}; only a complete import can be reverted`, { import_id: row.id });
      }
      try {
        enqueue(db, 'revert', row, 'reverting');
      } catch (e) {
        if (isDiskFull(e)) throw insufficientStorage({ import_id: row.id });
        throw new ApiError(500, 'revert_failed', 'The revert could not be queued; try again', { import_id: row.id });
      }
      const queued = reload(db, row.id);
      onQueued();
      return queued;
    },
  };
}

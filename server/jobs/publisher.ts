// The front door of the queue (SPEC §3.4 step 7, §3.5): decides whether an import may be
// published or reverted, and if so queues the job and moves the import to importing / reverting
// in one transaction (store.ts JobStore.enqueue). Refusals are the API's 422 bodies with
// import_id; a queue that cannot take the job is 500 publish_failed with the import back in pending.

import type { NdjsonResult } from 'sluice';
import type { Publisher } from '../context.ts';
import { ApiError, insufficientStorage } from '../http/errors.ts';
import { blockersOfRow } from '../imports/view.ts';
import { isDiskFull } from '../store/errors.ts';
import type { Store } from '../store/store.ts';

export function createPublisher(store: Store, onQueued: () => void = () => {}): Publisher {
  return {
    async publish(row) {
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
        await store.imports.setStatus(row.id, { status: 'failed', error: `Preflight failed: ${errors.slice(0, 20).join('; ')}` });
        throw new ApiError(422, 'preflight_failed', 'The NDJSON file did not pass preflight; nothing was written', { ...withId, errors });
      }
      const tooMany = blockers.find((b) => b.code === 'max_row_count_exceeded');
      if (tooMany) throw new ApiError(422, 'max_row_count_exceeded', tooMany.message, withId);
      if (blockers.length > 0) {
        throw new ApiError(422, 'not_publishable', `The import cannot be published: ${blockers.map((b) => b.message).join('; ')}`, {
          ...withId, details: blockers.map((b) => b.message),
        });
      }
      let queued;
      try {
        queued = await store.jobs.enqueue('publish', row); // read before the worker is woken, so the answer says importing
      } catch (e) {
        if (isDiskFull(e)) throw insufficientStorage(withId); // the enqueue's one transaction kept nothing
        await store.imports.setStatus(row.id, { status: 'pending' });
        throw new ApiError(500, 'publish_failed', 'The import is stored but could not be queued for publishing; try again', withId);
      }
      onQueued();
      return queued;
    },
    async revert(row) {
      if (row.status !== 'complete' && row.status !== 'revert_failed') {
        throw new ApiError(422, 'not_revertable', `The import is ${row.status}; only a complete import can be reverted`, { import_id: row.id });
      }
      let queued;
      try {
        queued = await store.jobs.enqueue('revert', row);
      } catch (e) {
        if (isDiskFull(e)) throw insufficientStorage({ import_id: row.id });
        throw new ApiError(500, 'revert_failed', 'The revert could not be queued; try again', { import_id: row.id });
      }
      onQueued();
      return queued;
    },
  };
}

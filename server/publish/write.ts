// Publishing and reverting one import (SPEC §3.10): what is written and what the import records
// afterwards. The store runs each in ONE transaction, fenced by the job's claim, that also marks
// the import and its job finished (store.ts JobStore.publish / revert), so a crash at any point
// leaves either everything or nothing: a lost job means nothing was written and the import can
// simply be run again.
//
// NativeImport: the family's counts of the 15 kinds are taken inside the transaction just before
// and just after the data is written, and the readback (SPEC §2.11) is stored with the import. A
// write that raises rolls back entirely and ends `failed` with a `failed` readback.
//
// Revert deletes exactly what the import created and puts back what it changed (the store knows
// how); here is only what the import says afterwards.

import { failedReadback, IMPORT_TYPE_ENTRIES, readback, type ImportType, type Readback } from 'sluice';
import { now } from '../store/ids.ts';
import type { Claim, ImportRow, RowSink, Store } from '../store/store.ts';
import { WriteContext } from './context.ts';
import { nativeSink } from './native.ts';
import {
  accountWriter, categoryWriter, merchantWriter, ruleWriter, tradeWriter, transactionWriter, type RowWriter,
} from './rows.ts';

/** The writer for what the import type's registry entry says its rows become. */
function writerFor(ctx: WriteContext, row: ImportRow): RowWriter {
  switch (IMPORT_TYPE_ENTRIES[row.type as ImportType].writes) {
    case 'trades': return tradeWriter(ctx, row.account_id);
    case 'accounts': return accountWriter(ctx);
    case 'categories': return categoryWriter(ctx);
    case 'merchants': return merchantWriter(ctx);
    case 'rules': return ruleWriter(ctx);
    default: return transactionWriter(ctx, row.account_id);
  }
}

/** The valid rows of a CSV-type import, through the writer of its type. */
function rowsSink(writer: RowWriter): RowSink {
  return {
    write(r) {
      if (r.valid) writer.write(r);
    },
    end() {
      writer.end?.();
    },
  };
}

/** Writes an import's data; ends complete, or failed with nothing written. Throws JobLostError when the claim is gone. */
export async function runPublish(store: Store, claim: Claim): Promise<void> {
  const { row } = claim;
  const native = row.type === 'NativeImport';
  const currency = native ? await store.families.currency(row.family_id) : '';
  const expected = native ? (JSON.parse(row.verification ?? '{}') as { expected_record_counts?: Record<string, number> }).expected_record_counts ?? {} : {};
  await store.jobs.publish(claim, {
    counted: native,
    deferReferences: native,
    sink(ledger) {
      const ctx = new WriteContext(ledger);
      return native ? nativeSink(ctx, currency) : rowsSink(writerFor(ctx, row));
    },
    complete(summary, counts) {
      const verification = counts
        ? { expected_record_counts: expected, readback: readback(expected, counts.before, counts.after, new Date(), counts.own) }
        : undefined;
      return { status: 'complete', error: null, summary, ...(verification ? { verification } : {}) };
    },
    failed(reason, before) {
      const rb: Readback | null = native && before ? failedReadback(expected, before, reason) : null;
      return {
        status: 'failed', error: `Publishing failed; nothing was written: ${reason}`,
        ...(rb ? { verification: { expected_record_counts: expected, readback: rb } } : {}),
      };
    },
  });
}

/** Deletes what the import created and restores what it changed; ends pending, or revert_failed. */
export async function runRevert(store: Store, claim: Claim): Promise<void> {
  const { row } = claim;
  await store.jobs.revert(claim, {
    reverted() {
      const verification = row.type === 'NativeImport' && row.verification
        ? (() => {
            const v = JSON.parse(row.verification) as { expected_record_counts: Record<string, number>; readback: Readback };
            return { ...v, readback: { ...v.readback, status: 'reverted', checked_at: now() } };
          })()
        : undefined;
      return { status: 'pending', error: null, summary: null, ...(verification ? { verification } : {}) };
    },
    // A full disk changed nothing and says nothing about the import: it stays complete, revertable
    // again once there is room (SPEC §3.12). Any other failure is revert_failed.
    failed(reason, diskFull) {
      return diskFull
        ? { status: 'complete', error: 'Revert failed: the disk is full; nothing was changed. Revert again once space is freed' }
        : { status: 'revert_failed', error: `Revert failed; nothing was changed: ${reason}` };
    },
  });
}

// The queue and the publish (SPEC §3.10, §3.12–3.13): the part of the store's interface
// (store.ts, which re-exports all of this) that the publish worker uses. The store runs each job
// itself, in one transaction fenced by the job's claim; the publisher's code gives it a plan and
// writes through a Ledger, synchronous so that on SQLite the publish stays one synchronous
// transaction (README.md).

import type { StoredRow } from './row-chunks.ts';
import type { ImportRow, NamedTable, StatusChange } from './store.ts';

export type JobKind = 'publish' | 'revert';

/** A job as a runner claimed it: the fence its writes commit behind (same runner, same attempt, still running). */
export interface ClaimedJob {
  id: string;
  kind: JobKind;
  import_id: string;
  attempts: number;
  runner: string;
}

export interface Claim {
  job: ClaimedJob;
  /** The import as it was when claimed. */
  row: ImportRow;
}

/** A job interrupted this many times is given up. */
export const MAX_ATTEMPTS = 3;

/**
 * Where an import goes when its job is given up, saying why: a publish is failed (SPEC §3.13; a
 * failed import may be published again), a revert leaves the import complete (nothing of it was
 * undone).
 */
export function givenUp(kind: JobKind, attempts: number): StatusChange & { error: string } {
  const error = `the ${kind} was interrupted ${attempts} times and was given up; nothing of it was kept`;
  return { status: kind === 'publish' ? 'failed' : 'complete', error };
}

export interface JobStore {
  /**
   * Queues the job and moves the import to importing (publish) or reverting (revert), error
   * cleared, in one transaction; the import as it is then.
   */
  enqueue(kind: JobKind, row: ImportRow): Promise<ImportRow>;
  /** The oldest queued job, claimed by `runner` (running, attempt + 1), with its import; null when none is queued. */
  claim(runner: string): Promise<Claim | null>;
  /**
   * Running jobs that no live runner holds go back to the queue; past MAX_ATTEMPTS they fail and
   * their import is given back (givenUp). At start, and when a runner is found gone.
   */
  requeueAbandoned(): Promise<{ requeued: number; abandoned: number }>;
  /**
   * Runs a claimed publish in one transaction that begins by checking the claim (else
   * JobLostError, nothing written) and ends with the import's status and the job's done mark.
   * When the write fails, nothing of it is kept and a second transaction, fenced the same way,
   * records plan.failed() and marks the job failed. Rejects only when even that cannot be written.
   */
  publish(claim: Claim, plan: PublishPlan): Promise<void>;
  /**
   * Runs a claimed revert the same way: what the import created is deleted (a record that others
   * have come to use is kept and no longer counted as the import's), what it changed is restored.
   */
  revert(claim: Claim, plan: RevertPlan): Promise<void>;
}

/** The record counts of the 15 kinds (SPEC §2.10 count keys), for a NativeImport's readback. */
export type Counts = Record<string, number>;

export interface PublishCounts {
  /** The family's, before and after the write. */
  before: Counts;
  after: Counts;
  /** The records carrying this import's id. */
  own: Counts;
}

/** What a publish writes, and what the import records afterwards; the store runs it (JobStore.publish). */
export interface PublishPlan {
  /** Whether the family's counts are taken before and after the write (a NativeImport's readback). */
  readonly counted: boolean;
  /** Whether records may name others written after them (a NativeImport's file order): references are checked at the commit. */
  readonly deferReferences: boolean;
  /** The writer of the import's stored rows, inside the transaction. */
  sink(ledger: Ledger): RowSink;
  /** The import's status once everything is written. */
  complete(summary: Summary, counts: PublishCounts | null): StatusChange;
  /** The import's status when the write failed (`reason`: in words, no SQL) and nothing was kept. */
  failed(reason: string, before: Counts | null): StatusChange;
}

export interface RevertPlan {
  /** The import's status once reverted. */
  reverted(): StatusChange;
  /** The import's status when the revert failed and nothing was changed. */
  failed(reason: string, diskFull: boolean): StatusChange;
}

/** Receives the import's stored rows, in file order. */
export interface RowSink {
  /** A first pass over every row before any is written (a NativeImport gives its file's ids new ones). */
  scan?(row: StoredRow): void;
  write(row: StoredRow): void;
  /** After the last row: writes what the sink still holds. */
  end(): void;
}

/** The 15 kinds a publish counts (SPEC §2.10), each stored in the table of the same name. */
export type Kind =
  | 'accounts' | 'balances' | 'categories' | 'tags' | 'merchants' | 'recurring_transactions' | 'transactions' | 'transfers'
  | 'rejected_transfers' | 'trades' | 'holdings' | 'valuations' | 'budgets' | 'budget_categories' | 'rules';

export type Summary = Partial<Record<Kind, { created: number; updated: number; skipped: number }>>;

/** The tables a publish writes records into; each has family_id, source_id, import_id and time stamps. */
export type LedgerTable = Kind | 'securities' | 'split_lines';

export interface NewTransaction {
  id: string;
  accountId: string;
  date: string;
  /** Ledger sign: positive is money out. */
  amount: string;
  currency: string;
  name: string;
  notes: string | null;
  categoryId: string | null;
  merchantId: string | null;
  /** Unique per account (re-importing skips it): publish/rows.ts identityOf. */
  identity: string;
  tagIds: readonly string[];
  lines: readonly NewSplitLine[];
}

export interface NewSplitLine {
  amount: string | null;
  currency: string;
  name: string | null;
  notes: string | null;
  categoryId: string | null;
  /** The line's tag ids as a JSON array. */
  tagIds: string;
}

export interface NewTrade {
  accountId: string;
  securityId: string;
  date: string;
  qty: string;
  price: string;
  amount: string;
  currency: string;
  identity: string;
}

/**
 * A publish's unit of work: everything it reads and writes, inside the job's one transaction.
 * Synchronous on purpose (the SQLite publish is one synchronous transaction); a network store
 * loads what the reads need when the unit of work begins and buffers the writes, sending them in
 * batches before the commit. Every write counts itself in `summary` (created, updated, or skipped
 * as already present); a writer counts only what it skips without writing.
 */
export interface Ledger {
  readonly familyId: string;
  readonly importId: string;
  /** The time stamp of everything this publish writes. */
  readonly t: string;
  readonly summary: Summary;
  count(kind: Kind, what: 'created' | 'updated' | 'skipped', n?: number): void;

  // Reads: the family's reference records as they were when the publish began.
  /** Ids by name key, of equal names the oldest (as FamilyStore.nameIndex). */
  nameIndex(table: NamedTable): Map<string, string>;
  /** An existing category's colour, icon and classification (a new child takes them). */
  categoryStyle(id: string): { color: string; lucide_icon: string; classification: string } | undefined;
  securityId(ticker: string, mic: string): string | undefined;
  ruleId(name: string): string | undefined;

  // Writes. Every record carries the family, the import's id (revert deletes by it) and `t`.
  /** A record with these columns (a NativeImport's as the file gave them), counted created. */
  insert(table: LedgerTable, values: Record<string, unknown>, sourceId?: string | null): void;
  /** A transaction with its tags and split lines, unless its identity is in the account already (then skipped). */
  insertTransaction(tx: NewTransaction): void;
  /** A trade, unless its identity is in the account already (then skipped). */
  insertTrade(trade: NewTrade): void;
  /** An existing record's columns changed (its old values kept for revert), counted updated. */
  update(table: 'categories' | 'merchants' | 'rules', id: string, set: Record<string, unknown>): void;
  /** A NativeImport transaction's tags (a tag given twice is stored once). */
  tagTransaction(transactionId: string, tagIds: readonly (string | null)[]): void;
}

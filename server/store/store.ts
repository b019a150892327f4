// The one interface to everything the server keeps (SPEC §3.13): what routes, imports, jobs and
// publishing may ask of a database, and nothing about how it is asked. server/store/sqlite/ is the
// implementation on SQLite; a PostgreSQL one implements the same interfaces. No SQL outside
// server/store/ (README.md there says what runs where and why).
//
// Request-path and queue methods return promises: a network database answers later. The SQLite
// implementation works synchronously inside and returns settled promises. The publish itself is
// different: the store runs it (JobStore.publish) and hands the publisher's code a Ledger whose
// methods are synchronous, so that on SQLite the whole publish stays one synchronous transaction;
// a network store can buffer the Ledger's writes and send them in batches.

import type { JobStore } from './queue.ts';
import type { StoredRow } from './row-chunks.ts';
import type { AccountView, CategoryView, NewAccount, TransactionView } from './views.ts';

export interface Store {
  readonly users: UserStore;
  readonly families: FamilyStore;
  readonly accounts: AccountStore;
  readonly categories: CategoryStore;
  readonly transactions: TransactionStore;
  readonly imports: ImportStore;
  readonly jobs: JobStore;
  /**
   * Counts one request of an API key in a clock hour where several processes share the rate limit
   * (PostgreSQL); absent where one process counts in memory (SQLite).
   */
  readonly countRequest?: (keyId: string, hour: number) => Promise<number>;
  close(): Promise<void>;
}

// ---- Users, keys and families (SPEC §3.1–3.2) ----

export type Scope = 'read' | 'read_write';

export interface UserRow {
  id: string;
  family_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  ui_layout: 'dashboard' | 'intro';
  ai_enabled: number;
}

export interface KeyOwner {
  key_id: string;
  scope: Scope;
  user: UserRow;
}

export interface NewUser {
  email: string;
  firstName: string | null;
  lastName: string | null;
  scope: Scope;
  /** An existing family, or a new one (with the default category tree unless defaultCategories is false). */
  family: { id: string } | { name: string; currency: string; defaultCategories: boolean };
  /** The key to store (a known bootstrap key); otherwise a random one. */
  key?: string;
}

export interface UserStore {
  /** The owner of a live key; undefined for an unknown or revoked one. */
  keyOwner(key: string): Promise<KeyOwner | undefined>;
  findByEmail(email: string): Promise<UserRow | undefined>;
  enableAi(userId: string): Promise<UserRow>;
  /** A user and its key (and its family, when new) in one transaction; the key is returned, never stored. */
  create(input: NewUser): Promise<{ user: UserRow; familyId: string; key: string }>;
  createKey(userId: string, scope: Scope): Promise<string>;
  /** False when no live key has that value. */
  revokeKey(key: string): Promise<boolean>;
  count(): Promise<number>;
  /** The oldest user's email (named in the "make a key" hint at start). */
  firstEmail(): Promise<string | null>;
}

/** The family records found by name (unique per family through their `name_key`). */
export type NamedTable = 'categories' | 'tags' | 'merchants' | 'accounts';

export interface FamilyStore {
  currency(familyId: string): Promise<string>;
  /** The family's records of a table by name key (ids.ts nameKey); of equal names the oldest. */
  nameIndex(familyId: string, table: NamedTable): Promise<Map<string, string>>;
  /** The names of the family's categories, tags and merchants (a NativeImport's collision check). */
  names(familyId: string): Promise<{ Category: string[]; Tag: string[]; Merchant: string[] }>;
}

// ---- What the API shows (SPEC §3.8, §3.11) ----

export interface AccountStore {
  list(familyId: string, page: number, perPage: number): Promise<{ accounts: AccountView[]; total: number }>;
  get(familyId: string, id: string): Promise<AccountView | undefined>;
  /** The account's currency; undefined when it is not an account of this family. */
  currency(familyId: string, id: string): Promise<string | undefined>;
  /** Whether the family has an account of this name (case-insensitive). */
  nameTaken(familyId: string, name: string): Promise<boolean>;
  /** The account and its opening valuation, in one transaction. */
  create(familyId: string, account: NewAccount): Promise<AccountView>;
}

export interface CategoryQuery {
  familyId: string;
  rootsOnly: boolean;
  parentId: string | null;
  page: number;
  perPage: number;
}

export interface CategoryStore {
  list(q: CategoryQuery): Promise<{ categories: CategoryView[]; total: number }>;
  get(familyId: string, id: string): Promise<CategoryView | undefined>;
}

export interface TransactionQuery {
  familyId: string;
  accountId: string | null;
  categoryId: string | null;
  importId: string | null;
  startDate: string | null;
  endDate: string | null;
  /** A case-insensitive substring of the name or the notes. */
  search: string | null;
  page: number;
  perPage: number;
}

export interface TransactionStore {
  /** Newest date first, then id; a filter naming another family's record matches nothing. */
  list(q: TransactionQuery): Promise<{ transactions: TransactionView[]; total: number }>;
  get(familyId: string, id: string): Promise<TransactionView | undefined>;
}

// ---- Imports (SPEC §3.4–3.6, §3.9, §3.11–3.12) ----

export type ImportStatus = 'pending' | 'importing' | 'complete' | 'failed' | 'reverting' | 'revert_failed';

export interface ImportRow {
  id: string;
  family_id: string;
  user_id: string | null;
  type: string;
  status: ImportStatus;
  account_id: string | null;
  error: string | null;
  options: string;
  configuration: string;
  uploaded: number;
  content_type: string | null;
  filename: string | null;
  content_bytes: number;
  rows_count: number;
  valid_rows_count: number;
  invalid_rows_count: number;
  mappings_count: number;
  unassigned_mappings_count: number;
  result: string | null;
  blockers: string | null;
  verification: string | null;
  summary: string | null;
  created_at: string;
  updated_at: string;
}

export interface MappingInput {
  kind: 'category' | 'tag' | 'account' | 'account_type';
  /** The value as the rows name it. */
  key: string;
  /** A category's parent as the rows name it. */
  parent_key: string | null;
  /** The existing family record it matched (categories, tags, accounts). */
  mappable_id: string | null;
  /** What an account type maps to (one of the nine account classes). */
  value: string | null;
  /** Matched an existing record (or, for an account type, a class); otherwise created at publish. */
  assigned: boolean;
  valid: boolean;
}

/** What an import was created with; stage() stores it, restage() replaces it. */
export interface ImportRequestRecord {
  type: string;
  accountId: string | null;
  options: unknown;
  configuration: unknown;
}

export interface StageInput extends ImportRequestRecord {
  familyId: string;
  userId: string;
  contentType: string | null;
  filename: string | null;
}

/** A stored row chunk as the ingest seals it: rows first..first+count-1, encoded by row-chunks.ts. */
export interface RowChunk {
  chunk: number;
  first: number;
  count: number;
  json: string;
}

/**
 * Thrown by finalize and replaceRows, with nothing changed, when the family's other finished imports
 * and this one's storedBytes would pass Finalize.maxFamilyBytes. The ingest checks the quota as the
 * bytes arrive against what the family held when the upload began; this check is the one that
 * holds when two uploads of a family finish at once (in two processes, or one): each store makes
 * a family's finalizes take turns and sums the family's imports inside the transaction.
 */
export class QuotaExceeded extends Error {
  constructor(readonly inUse: number) {
    super(`the family's stored imports hold ${inUse} bytes`);
  }
}

export interface Finalize {
  uploaded: boolean;
  contentBytes: number;
  /** Content and stored rows together (the family's quota counts these). */
  storedBytes: number;
  /** The family's quota (MAX_FAMILY_STORAGE_BYTES): finalize and replaceRows check it again, see QuotaExceeded. */
  maxFamilyBytes: number;
  rowsCount: number;
  validRowsCount: number;
  invalidRowsCount: number;
  result: unknown;
  blockers: unknown[];
  verification: unknown | null;
  mappings: MappingInput[];
  /** The configuration the content was read with (given and inferred values); null keeps the stored one. */
  configuration: unknown | null;
}

/** An import's status, and the fields that change with it (undefined: kept; null: cleared). */
export interface StatusChange {
  status: ImportStatus;
  error?: string | null;
  summary?: unknown;
  verification?: unknown;
}

export interface ImportStore {
  /** A finished (not staged) import of the family. */
  get(familyId: string, id: string): Promise<ImportRow | undefined>;
  list(q: { familyId: string; status: string | null; type: string | null; page: number; perPage: number }): Promise<{ rows: ImportRow[]; total: number }>;
  /** Rows [offset, offset + limit) in file order. */
  rows(importId: string, offset: number, limit: number): Promise<StoredRow[]>;
  /**
   * Removes a pending or failed import with its content, rows, mappings and jobs, checking the
   * status in the same transaction: null when deleted, else the status found ('missing' when none).
   */
  delete(familyId: string, id: string): Promise<string | null>;
  setStatus(importId: string, change: StatusChange): Promise<void>;

  // An upload is staged (seen by no endpoint) while it arrives, then finalized in one transaction.
  /** What the family's finished imports store (content and rows), leaving one out. */
  storedBytes(familyId: string, except: string | null): Promise<number>;
  stage(input: StageInput): Promise<string>;
  restage(importId: string, request: ImportRequestRecord): Promise<void>;
  /** Appends content blocks and row chunks to a staged import. */
  append(importId: string, content: readonly { seq: number; bytes: Uint8Array }[], rows: readonly RowChunk[]): Promise<void>;
  clearRows(importId: string): Promise<void>;
  /** The stored content, block by block. */
  content(importId: string): AsyncIterable<Uint8Array>;
  rowChunk(importId: string, chunk: number): Promise<StoredRow[]>;
  replaceRowChunk(importId: string, chunk: number, rows: readonly StoredRow[]): Promise<void>;
  /** Stores stats, mappings and the result, and makes the import visible, in one transaction (QuotaExceeded: nothing done). */
  finalize(importId: string, f: Finalize): Promise<void>;
  /**
   * PATCH (SPEC §3.11): in one transaction, if the import is still pending or failed, its request
   * becomes `request` (status pending, error cleared) and the rows of the staged import `stagedId`
   * (its content read again) replace its rows, stats and mappings; the staged import goes. Null
   * when done, else the status that refused it ('missing' when the import is gone); QuotaExceeded as for finalize.
   */
  replaceRows(importId: string, stagedId: string, request: ImportRequestRecord, f: Finalize): Promise<string | null>;
  /** Deletes a staged import and everything it staged. */
  discard(importId: string): Promise<void>;
  /** At start: uploads a crash interrupted are removed; their number. */
  discardAllStaged(): Promise<number>;
}

export * from './queue.ts';

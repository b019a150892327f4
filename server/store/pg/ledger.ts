// A publish's unit of work on PostgreSQL (store.ts Ledger). The publisher's writers call it
// synchronously, row by row; a network round trip per row would cost a 100,000-row publish
// minutes (20,000 single-row INSERTs took 3.5 s here, 500-row ones 0.25 s). So:
// - the reads are answered from what loadFamily() read when the publish began (the family's name
//   indexes, its categories' colours, its securities and rules): store.ts's rule that a ledger's
//   reads see the family as it was then, the writers remembering what they create;
// - the writes are buffered, and `flush` sends them inside the job's transaction (jobs.ts calls
//   it every FLUSH_AT records and before the counts and the commit): other records as multi-row
//   INSERTs by table and columns, a batch's transactions with their tags and split lines as one
//   statement (unnest arrays, ON CONFLICT DO NOTHING, the tags and lines of only what RETURNING
//   gave back), trades with ON CONFLICT DO NOTHING RETURNING id. Created / skipped are counted
//   from what the database returned, so the summary is exact once flushed. Foreign keys are
//   checked at the commit (the job sets them DEFERRED), so the tables can go in any order; the
//   row tables have none on PostgreSQL (schema.ts ROW_REFERENCES): the ids they name are
//   collected here and checked once each at the end (verifyReferences).
// - an update keeps the record's old row (row_to_json: numeric values exactly as stored) in
//   import_changes, in the order the updates were made, after the inserts they may refer to.

import { ALL_COUNT_KEYS } from 'sluice';
import type { Kind, Ledger, LedgerTable, NamedTable, NewTrade, NewTransaction, Summary } from '../store.ts';
import { now, uuidv7 } from '../ids.ts';
import type { Sql } from './db.ts';
import { placeholders } from './imports.ts';
import { ROW_REFERENCES } from './schema.ts';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

const KINDS = new Set<string>(ALL_COUNT_KEYS);
/** PostgreSQL takes at most 65,535 parameters in one statement; batches stay well under. */
const MAX_PARAMS = 30_000;
/**
 * Buffered records past which jobs.ts flushes between chunks. Larger batches are longer runs in
 * date order for the indexes that begin with the date (inKeyOrder): 20,000 against 5,000 took
 * about an eighth less of PostgreSQL's CPU on a 100,000-row publish here (six alternating pairs).
 */
export const FLUSH_AT = 20_000;

type Style = { color: string; lucide_icon: string; classification: string };

interface Family {
  /** The family's accounts that held a transaction when the publish began. */
  used: Set<string>;
  names: Map<NamedTable, Map<string, string>>;
  styles: Map<string, Style>;
  securities: Map<string, string>;
  rules: Map<string, string>;
}

/** Reads once, at the start of the publish, what the ledger's reads answer from. */
export async function loadFamily(sql: Sql, familyId: string): Promise<Family> {
  const names = new Map<NamedTable, Map<string, string>>();
  for (const table of ['categories', 'tags', 'merchants', 'accounts'] as const) {
    names.set(table, firstById(await sql.all<{ k: string; id: string }>(
      `SELECT name_key AS k, id FROM ${table} WHERE family_id = $1 ORDER BY created_at, id`, [familyId])));
  }
  const styles = new Map<string, Style>();
  for (const c of await sql.all<Style & { id: string }>('SELECT id, color, lucide_icon, classification FROM categories WHERE family_id = $1', [familyId])) {
    styles.set(c.id, { color: c.color, lucide_icon: c.lucide_icon, classification: c.classification });
  }
  const securities = firstById((await sql.all<{ ticker: string; mic: string; id: string }>(
    'SELECT ticker, exchange_operating_mic AS mic, id FROM securities WHERE family_id = $1 ORDER BY created_at, id', [familyId]))
    .map((r) => ({ k: `${r.ticker}\u0000${r.mic}`, id: r.id })));
  const rules = firstById(await sql.all<{ k: string; id: string }>(
    'SELECT name AS k, id FROM rules WHERE family_id = $1 AND name IS NOT NULL ORDER BY created_at, id', [familyId]));
  // One index probe per account (transactions_identity begins with account_id).
  const used = new Set((await sql.all<{ id: string }>(
    'SELECT a.id FROM accounts a WHERE a.family_id = $1 AND EXISTS (SELECT 1 FROM transactions t WHERE t.account_id = a.id)', [familyId])).map((r) => r.id));
  return { used, names, styles, securities, rules };
}

function firstById(rows: { k: string; id: string }[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const r of rows) if (!out.has(r.k)) out.set(r.k, r.id);
  return out;
}

interface Group {
  table: string;
  columns: string[];
  rows: unknown[][];
}

export class PgLedger implements Ledger {
  readonly t = now();
  readonly summary: Summary = {};
  readonly familyId: string;
  readonly importId: string;
  private readonly family: Family;
  /** Inserts by table and column list, in first-use order. */
  private groups = new Map<string, Group>();
  private transactions: NewTransaction[] = [];
  private trades: NewTrade[] = [];
  private tags: [transactionId: string, tagId: string | null][] = [];
  private updates: { table: string; id: string; set: Record<string, unknown> }[] = [];
  /** Every id the row tables' records name, by the table it must be in (schema.ts ROW_REFERENCES). */
  private readonly refs = new Map<string, Set<string>>();
  /** Records waiting for the next flush. */
  buffered = 0;
  /** The smallest and the largest id of the transactions written (jobs.ts records them: imports.ts ownTransactions). */
  private idFrom: string | null = null;
  private idTo: string | null = null;

  constructor(familyId: string, importId: string, family: Family) {
    this.familyId = familyId;
    this.importId = importId;
    this.family = family;
  }

  count(kind: Kind, what: 'created' | 'updated' | 'skipped', n = 1): void {
    const s = (this.summary[kind] ??= { created: 0, updated: 0, skipped: 0 });
    s[what] += n;
  }

  nameIndex(table: NamedTable): Map<string, string> {
    return new Map(this.family.names.get(table));
  }

  categoryStyle(id: string): Style | undefined {
    return this.family.styles.get(id);
  }

  securityId(ticker: string, mic: string): string | undefined {
    return this.family.securities.get(`${ticker}\u0000${mic}`);
  }

  ruleId(name: string): string | undefined {
    return this.family.rules.get(name);
  }

  insert(table: LedgerTable, values: Record<string, unknown>, sourceId: string | null = null): void {
    if (table === 'transactions') this.span(values['id'] as string, values['id'] as string);
    const refs = ROW_REFERENCES[table];
    if (refs) for (const c in refs) this.refer(refs[c]!, values[c]);
    const cols = Object.keys(values);
    this.add(table, [...cols, 'family_id', 'source_id', 'import_id', 'created_at', 'updated_at'],
      [...cols.map((c) => values[c]), this.familyId, sourceId, this.importId, this.t, this.t]);
    if (KINDS.has(table)) this.count(table as Kind, 'created');
  }

  insertTransaction(tx: NewTransaction): void {
    this.refer('accounts', tx.accountId);
    this.refer('categories', tx.categoryId);
    this.refer('merchants', tx.merchantId);
    for (const t of tx.tagIds) this.refer('tags', t);
    for (const l of tx.lines) this.refer('categories', l.categoryId);
    this.transactions.push(tx);
    this.buffered++;
  }

  insertTrade(trade: NewTrade): void {
    this.refer('accounts', trade.accountId);
    this.refer('securities', trade.securityId);
    this.trades.push(trade);
    this.buffered++;
  }

  update(table: 'categories' | 'merchants' | 'rules', id: string, set: Record<string, unknown>): void {
    this.updates.push({ table, id, set });
    this.count(table, 'updated');
  }

  tagTransaction(transactionId: string, tagIds: readonly (string | null)[]): void {
    this.refer('transactions', transactionId);
    for (const t of tagIds) {
      this.refer('tags', t);
      this.tags.push([transactionId, t]);
    }
    this.buffered += tagIds.length;
  }

  /** Widens the range of the transactions' ids written to take in `from`..`to`. */
  private span(from: string, to: string): void {
    if (this.idFrom === null || from < this.idFrom) this.idFrom = from;
    if (this.idTo === null || to > this.idTo) this.idTo = to;
  }

  /** The range of the ids of the transactions written, null for none (every id a transaction of this publish has is in it). */
  transactionIds(): { from: string; to: string } | null {
    return this.idFrom === null ? null : { from: this.idFrom, to: this.idTo! };
  }

  private refer(table: string, id: unknown): void {
    if (id === null || id === undefined) return;
    let ids = this.refs.get(table);
    if (!ids) this.refs.set(table, (ids = new Set()));
    ids.add(String(id));
  }

  /**
   * After the last flush: every id the row tables' records name exists (what foreign keys would
   * check row by row: schema.ts ROW_REFERENCES). Throws as a foreign key would (SQLSTATE 23503).
   */
  async verifyReferences(sql: Sql): Promise<void> {
    for (const [table, ids] of this.refs) {
      const all = [...ids];
      for (let i = 0; i < all.length; i += 10_000) {
        const batch = all.slice(i, i + 10_000);
        const found = new Set((await sql.all<{ id: string }>(`SELECT id FROM ${table} WHERE id = ANY($1::text[])`, [batch])).map((r) => r.id));
        const missing = batch.find((id) => !found.has(id));
        if (missing !== undefined) {
          throw Object.assign(new Error(`a record refers to a ${table} record that does not exist (${missing})`), { code: '23503', table });
        }
      }
    }
  }

  /**
   * A batch's transactions into accounts that held none when the publish began, through COPY
   * (about 1.5× as fast as INSERT … SELECT FROM unnest here): nothing there can clash, since the
   * import's identities are unique per account (publish/rows.ts numbers repeats) and the family's
   * lock keeps every other publish out; the unique index still stands guard (a clash would fail
   * the publish, never write twice). Their tags and split lines follow, every transaction created.
   */
  private async copyTransactions(sql: Sql, client: pg.ClientBase, txs: readonly NewTransaction[]): Promise<void> {
    // Ids, dates, amounts, currencies and the import's own values hold no tab, line break or
    // backslash; the texts from the file (name, notes, identity) are escaped.
    // Each line joined from its values and the lines joined once: a `+=` of template strings made a
    // tree of some twenty string nodes a row, kept until the batch's text was complete (a 100,000-row
    // publish: ~7% of the Node side's instructions, most of them garbage collection).
    const common = `${this.importId}\t${this.t}\t${this.t}\n`;
    const lines = new Array<string>(txs.length);
    for (let i = 0; i < txs.length; i++) {
      const x = txs[i]!;
      lines[i] = [x.id, this.familyId, x.accountId, x.date, x.amount, x.currency, copyText(x.name), copyText(x.notes),
        copyText(x.categoryId), copyText(x.merchantId), copyText(x.identity), common].join('\t');
    }
    await copyIn(client, 'transactions (id, family_id, account_id, date, amount, currency, name, notes, category_id, merchant_id, identity, import_id, created_at, updated_at)', lines.join(''));
    this.count('transactions', 'created', txs.length);
    // Every transaction is new, so its tags are too: COPY as well, each pair once.
    const tags: string[] = [];
    for (const x of txs) {
      const ids = x.tagIds.length > 1 ? new Set(x.tagIds) : x.tagIds;
      for (const t of ids) tags.push(x.id, '\t', t, '\n');
    }
    if (tags.length > 0) await copyIn(client, 'transaction_tags (transaction_id, tag_id)', tags.join(''));
    const line = lineColumns(txs);
    if (line[0]!.length > 0) {
      await sql.run(
        `INSERT INTO split_lines (id, family_id, transaction_id, position, amount, currency, name, notes, category_id, tag_ids, import_id, created_at, updated_at)
         SELECT l.id, $1, l.tx, l.position, l.amount, l.currency, l.name, l.notes, l.category_id, l.tag_ids, $2, $3, $3
         FROM unnest($4::text[], $5::text[], $6::int[], $7::numeric[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[])
           AS l(id, tx, position, amount, currency, name, notes, category_id, tag_ids)`,
        [this.familyId, this.importId, this.t, ...line]);
    }
  }

  private add(table: string, columns: string[], row: unknown[]): void {
    const key = `${table}(${columns.join(',')})`;
    let g = this.groups.get(key);
    if (!g) this.groups.set(key, (g = { table, columns, rows: [] }));
    g.rows.push(row);
    this.buffered++;
  }

  /** Sends everything buffered, inside the job's transaction. */
  async flush(sql: Sql & { client?: pg.ClientBase }): Promise<void> {
    const groups = [...this.groups.values()];
    const txs = inKeyOrder(this.transactions), trades = this.trades, tags = this.tags, updates = this.updates;
    if (txs.length > 0) this.span(txs[0]!.id, txs[txs.length - 1]!.id);
    this.groups = new Map();
    this.transactions = [];
    this.trades = [];
    this.tags = [];
    this.updates = [];
    this.buffered = 0;
    for (const g of groups) await insertRows(sql, `INSERT INTO ${g.table} (${g.columns.join(', ')})`, g.columns.length, g.rows);

    if (txs.length > 0 && sql.client && !txs.some((x) => this.family.used.has(x.accountId))) {
      await this.copyTransactions(sql, sql.client, txs);
    } else if (txs.length > 0) {
      // One statement for the batch's transactions, their tags and their split lines: one array per
      // column (unnest: PostgreSQL parses and plans a short statement, where VALUES lists of
      // thousands of rows took about twice its time), and the tags and lines of only the created
      // transactions through the RETURNING of the first insert (data-modifying CTEs). One round
      // trip, so the database works through the whole batch while this thread builds the next.
      const col = <T>(f: (x: NewTransaction) => T) => txs.map(f);
      const { tagTx, tagId } = tagColumns(txs);
      const line = lineColumns(txs);
      const inserted = await sql.value<number>(
        `WITH ins AS (
           INSERT INTO transactions (id, family_id, account_id, date, amount, currency, name, notes, category_id, merchant_id, identity, import_id, created_at, updated_at)
           SELECT id, $1, account_id, date, amount, currency, name, notes, category_id, merchant_id, identity, $2, $3, $3
           FROM unnest($4::text[], $5::text[], $6::text[], $7::numeric[], $8::text[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[])
             AS u(id, account_id, date, amount, currency, name, notes, category_id, merchant_id, identity)
           ON CONFLICT (account_id, identity) DO NOTHING RETURNING id
         ), tagged AS (
           INSERT INTO transaction_tags (transaction_id, tag_id)
           SELECT g.tx, g.tag FROM unnest($14::text[], $15::text[]) AS g(tx, tag) JOIN ins ON ins.id = g.tx
           ON CONFLICT DO NOTHING
         ), lined AS (
           INSERT INTO split_lines (id, family_id, transaction_id, position, amount, currency, name, notes, category_id, tag_ids, import_id, created_at, updated_at)
           SELECT l.id, $1, l.tx, l.position, l.amount, l.currency, l.name, l.notes, l.category_id, l.tag_ids, $2, $3, $3
           FROM unnest($16::text[], $17::text[], $18::int[], $19::numeric[], $20::text[], $21::text[], $22::text[], $23::text[], $24::text[])
             AS l(id, tx, position, amount, currency, name, notes, category_id, tag_ids)
           JOIN ins ON ins.id = l.tx
         )
         SELECT count(*) FROM ins`,
        [this.familyId, this.importId, this.t, col((x) => x.id), col((x) => x.accountId), col((x) => x.date), col((x) => x.amount),
          col((x) => x.currency), col((x) => x.name), col((x) => x.notes), col((x) => x.categoryId), col((x) => x.merchantId), col((x) => x.identity),
          tagTx, tagId, ...line]);
      this.count('transactions', 'created', inserted!);
      this.count('transactions', 'skipped', txs.length - inserted!);
    }
    // A NativeImport's tags (tagTransaction); a tag given twice is stored once (SQLite: INSERT OR IGNORE).
    await insertRows(sql, 'INSERT INTO transaction_tags (transaction_id, tag_id)', 2, tags, 'ON CONFLICT DO NOTHING');

    if (trades.length > 0) {
      let created = 0;
      await insertRows(sql,
        'INSERT INTO trades (id, family_id, account_id, security_id, date, qty, price, amount, currency, identity, import_id, created_at, updated_at)',
        13, trades.map((x) => [uuidv7(), this.familyId, x.accountId, x.securityId, x.date, x.qty, x.price, x.amount, x.currency, x.identity,
          this.importId, this.t, this.t]),
        'ON CONFLICT (account_id, identity) DO NOTHING RETURNING id', () => created++);
      this.count('trades', 'created', created);
      this.count('trades', 'skipped', trades.length - created);
    }

    for (const u of updates) {
      await sql.run(`INSERT INTO import_changes (import_id, table_name, record_id, before, created_at)
                     SELECT $1, $2, $3, row_to_json(r)::text, $4 FROM ${u.table} r WHERE r.id = $3`, [this.importId, u.table, u.id, this.t]);
      const cols = Object.keys(u.set);
      await sql.run(`UPDATE ${u.table} SET ${cols.map((c, i) => `${c} = $${i + 1}, `).join('')}updated_at = $${cols.length + 1} WHERE id = $${cols.length + 2}`,
        [...cols.map((c) => u.set[c]), this.t, u.id]);
    }
  }
}

/**
 * A batch's transactions in date order (a day's keeping the file's order), given the batch's ids
 * in ascending order: the primary key, transactions_family_date (family, date, account) and
 * transactions_identity (account, identity: without a reference of the file's own, the identity
 * begins with the date) are then each filled in key order. A 100,000-row publish with its dates
 * at random took a fifth less of PostgreSQL's CPU so (2.1 → 1.7 s here). The ids are the ledger's
 * own until the batch is written (nothing else holds them: publish/rows.ts makes one for each
 * transaction), and within a day they still rise in the file's order, so a day's transactions
 * list as before.
 */
function inKeyOrder(batch: readonly NewTransaction[]): NewTransaction[] {
  // By day, then the days sorted: a batch holds far fewer days than rows (a comparison sort of the
  // rows took most of this function's time), and each day's rows stay in the file's order.
  const days = new Map<string, NewTransaction[]>();
  for (const x of batch) {
    const day = days.get(x.date);
    if (day === undefined) days.set(x.date, [x]);
    else day.push(x);
  }
  const ids = batch.map((x) => x.id).sort(); // made in rising order already: one pass
  const txs: NewTransaction[] = [];
  for (const date of [...days.keys()].sort()) for (const x of days.get(date)!) txs.push(x);
  for (let i = 0; i < txs.length; i++) txs[i]!.id = ids[i]!;
  return txs;
}

/** A batch's tags as two columns (transaction id, tag id), for unnest. */
function tagColumns(txs: readonly NewTransaction[]): { tagTx: string[]; tagId: string[] } {
  const tagTx: string[] = [], tagId: string[] = [];
  for (const x of txs) for (const t of x.tagIds) { tagTx.push(x.id); tagId.push(t); }
  return { tagTx, tagId };
}

/** A batch's split lines (id, transaction id, position, amount, currency, name, notes, category, tag ids) as one array per column, for unnest. */
function lineColumns(txs: readonly NewTransaction[]): unknown[][] {
  const line: unknown[][] = [[], [], [], [], [], [], [], [], []];
  for (const x of txs) {
    x.lines.forEach((l, position) => {
      const values = [uuidv7(), x.id, position, l.amount, l.currency, l.name, l.notes, l.categoryId, l.tagIds];
      for (let k = 0; k < values.length; k++) line[k]!.push(values[k]);
    });
  }
  return line;
}

/** `head VALUES (…), (…) tail` in batches under MAX_PARAMS; `returned` sees each returned row's first column. */
async function insertRows(sql: Sql, head: string, width: number, rows: unknown[][], tail = '', returned?: (id: string) => void): Promise<void> {
  const per = Math.max(1, Math.floor(MAX_PARAMS / width));
  for (let i = 0; i < rows.length; i += per) {
    const batch = rows.slice(i, i + per);
    const text = `${head} VALUES ${placeholders(batch.length, width)} ${tail}`;
    if (returned) for (const r of await sql.all<{ id: string }>(text, batch.flat())) returned(r.id);
    else await sql.run(text, batch.flat());
  }
}

/** `COPY target FROM STDIN` of `text` (rows in COPY's text format, each ending in a line break). */
async function copyIn(client: pg.ClientBase, target: string, text: string): Promise<void> {
  await pipeline(Readable.from([text]), client.query(copyFrom(`COPY ${target} FROM STDIN`)));
}

/** A value in COPY's text format: \N for null, backslash, tab and line breaks escaped. */
function copyText(v: string | null): string {
  if (v === null) return '\\N';
  return /[\\\t\n\r]/.test(v) ? v.replace(/[\\\t\n\r]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r')) : v;
}

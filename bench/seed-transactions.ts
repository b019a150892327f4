// The data of the server-transactions-1m case, written by bench/server-host.ts (IPC op `seed`)
// straight into the running server's database with SQL: a million rows through the API would be a
// publish of many minutes, and what is measured is reading them back, not writing them.
//
// Into the bootstrap user's family: 3 Depository accounts in USD and `rows` transactions spread
// over them 60/30/10 %. Into a second family (createFamily, with its default categories): 1 account
// and `other_rows` transactions, interleaved with the first family's in the table (every
// (rows + other_rows) / other_rows-th row) as tenants' rows are. Every row: a day uniformly over
// 2015-01-01..2024-12-31, an exact decimal amount made from integer cents (about 85 % money out,
// 1.00..500.00; the rest money in, -10.00..-5000.00), one of MERCHANTS as its name, about 70 % a
// category of its family (the rest NULL), no notes, no import, identity `${date}|${amount}|${name}|${n}`
// (n: the row's number, so unique per account), id uuidv7() and timestamps now() as the server
// writes them. A mulberry32 PRNG with a fixed seed draws the same rows every run (ids and
// timestamps aside); rows go in with one prepared statement, 50,000 to a transaction.
//
// The expected total_count of each filter the case names is counted here, in JS, while the rows are
// drawn: the case checks the API's answers against it, not against the database's own count.

import type { Db } from '../server/store/sqlite/db.ts';
import { nameKey, now, uuidv7 } from '../server/store/ids.ts';
import { createFamily } from '../server/store/sqlite/families.ts';
import { rng } from './generate.ts';

/** Merchant-like names, ASCII (SQLite's lower() and JavaScript's agree on them). */
export const MERCHANTS: readonly string[] = [
  'Whole Foods Market', "Trader Joe's", 'Safeway', 'Costco Wholesale', 'Target', 'Walmart Supercenter', 'Amazon.com',
  'Blue Bottle Coffee', 'Starbucks', 'Peets Coffee', 'Chipotle Mexican Grill', 'Sweetgreen', 'Shake Shack', 'Pizza Hut',
  'Corner Deli', 'Shell Oil', 'Chevron', 'BP Gas Station', 'Uber Trip', 'Lyft Ride', 'City Parking Garage',
  'Metro Transit', 'Delta Air Lines', 'Marriott Hotels', 'Airbnb', 'Netflix', 'Spotify', 'Hulu', 'Apple Services',
  'Google Storage', 'Comcast Xfinity', 'Verizon Wireless', 'PG&E Utilities', 'City Water Dept', 'State Farm Insurance',
  'CVS Pharmacy', 'Walgreens', 'Kaiser Permanente', 'Planet Fitness', 'Home Depot', "Lowe's", 'IKEA', 'Best Buy',
  'Nordstrom', 'Uniqlo', 'Barnes & Noble', 'Payroll Deposit', 'Interest Payment', 'Venmo Transfer', 'ATM Withdrawal',
];

/** A filter as GET /api/v1/transactions applies it; `account` is an index into SeedResult.account_ids. */
export interface SeedFilter {
  account?: number;
  import_id?: string;
  start_date?: string;
  end_date?: string;
  search?: string;
}

export interface SeedRequest {
  /** Transactions in the bootstrap family, and in the second family. */
  rows: number;
  other_rows: number;
  seed: number;
  /** Named filters whose expected total_count over the bootstrap family is counted while seeding. */
  filters: Record<string, SeedFilter>;
}

export interface SeedResult {
  family_id: string;
  other_family_id: string;
  /** The bootstrap family's accounts in SHARES order (60 %, 30 %, 10 %), and the rows each got. */
  account_ids: string[];
  account_rows: number[];
  other_account_id: string;
  seeded: number;
  other_seeded: number;
  expected: Record<string, number>;
  /** Time spent seeding, in the server process. */
  seed_ms: number;
}

export const SHARES = [0.6, 0.3, 0.1] as const;
const FIRST_DAY = Date.UTC(2015, 0, 1);
const DAYS = (Date.UTC(2024, 11, 31) - FIRST_DAY) / 86_400_000 + 1;
const BATCH = 50_000;

/** Integer cents as an exact decimal string: -1234 → '-12.34', 25000 → '250.00'. */
function decimal(cents: number): string {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

function account(db: Db, familyId: string, name: string): string {
  const id = uuidv7();
  const t = now();
  db.prepare(
    `INSERT INTO accounts (id, family_id, name, name_key, accountable_type, balance, currency, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'Depository', '0', 'USD', ?, ?)`,
  ).run(id, familyId, name, nameKey(name), t, t);
  return id;
}

export function seedTransactions(db: Db, req: SeedRequest): SeedResult {
  const t0 = performance.now();
  const familyId = db.prepare('SELECT family_id FROM users ORDER BY created_at, rowid LIMIT 1').pluck().get() as string | undefined;
  if (familyId === undefined) throw new Error('the server has no user (no bootstrap family) to seed');
  const { otherFamilyId, accountIds, otherAccountId } = db.transaction(() => {
    const otherFamilyId = createFamily(db, 'Bench other family', 'USD');
    return {
      otherFamilyId,
      accountIds: ['Seed Checking', 'Seed Savings', 'Seed Card'].map((n) => account(db, familyId, n)),
      otherAccountId: account(db, otherFamilyId, 'Other Checking'),
    };
  })();
  const categoriesOf = (f: string) => db.prepare('SELECT id FROM categories WHERE family_id = ? ORDER BY name_key').pluck().all(f) as string[];
  const categories = categoriesOf(familyId);
  const otherCategories = categoriesOf(otherFamilyId);
  if (categories.length === 0 || otherCategories.length === 0) throw new Error('a family to seed has no categories');

  const days = Array.from({ length: DAYS }, (_, d) => new Date(FIRST_DAY + d * 86_400_000).toISOString().slice(0, 10));
  const dayIndex = (s: string | undefined, fallback: number) => {
    if (s === undefined) return fallback;
    const d = days.indexOf(s);
    // A bound outside the seeded days: count by comparing strings, as SQLite does.
    return d >= 0 ? d : s < days[0]! ? -1 : s > days[DAYS - 1]! ? DAYS : NaN;
  };
  const filters = Object.entries(req.filters).map(([name, f]) => {
    const from = dayIndex(f.start_date, 0);
    const to = dayIndex(f.end_date, DAYS - 1);
    if (Number.isNaN(from) || Number.isNaN(to)) throw new Error(`filter ${name}: a date bound that is not a day of 2015..2024`);
    const term = f.search?.trim().toLowerCase();
    return {
      name, account: f.account ?? -1, from, to,
      // Seeded rows have no import and no notes: an import_id matches none; a search only names.
      none: f.import_id !== undefined,
      names: MERCHANTS.map((m) => term === undefined || term === '' || m.toLowerCase().includes(term)),
      count: 0,
    };
  });

  const insert = db.prepare(
    `INSERT INTO transactions (id, family_id, account_id, date, amount, currency, name, notes, category_id, merchant_id,
       excluded, kind, identity, source_id, import_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'USD', ?, NULL, ?, NULL, 0, 'standard', ?, NULL, NULL, ?, ?)`,
  );
  const total = req.rows + req.other_rows;
  const every = req.other_rows > 0 ? Math.floor(total / req.other_rows) : Infinity;
  const accountRows = [0, 0, 0];
  const random = rng(req.seed);
  let ours = 0;
  let others = 0;
  const write = db.transaction((end: number, start: number) => {
    for (let n = start; n < end; n++) {
      // Seven draws a row whatever is made of them, so every row's draws are the same from run to run.
      const rAccount = random(), rDay = random(), rSign = random(), rCents = random(), rName = random(), rHasCat = random(), rCat = random();
      const other = (n % every === every - 1 && others < req.other_rows) || ours === req.rows;
      const day = Math.floor(rDay * DAYS);
      const date = days[day]!;
      const cents = rSign < 0.85 ? 100 + Math.floor(rCents * 49_901) : -(1_000 + Math.floor(rCents * 499_001));
      const amount = decimal(cents);
      const nameAt = Math.floor(rName * MERCHANTS.length);
      const name = MERCHANTS[nameAt]!;
      const cats = other ? otherCategories : categories;
      const categoryId = rHasCat < 0.7 ? cats[Math.floor(rCat * cats.length)]! : null;
      let accountId: string;
      if (other) {
        accountId = otherAccountId;
        others++;
      } else {
        const a = rAccount < SHARES[0] ? 0 : rAccount < SHARES[0] + SHARES[1] ? 1 : 2;
        accountId = accountIds[a]!;
        accountRows[a]!++;
        ours++;
        for (const f of filters) {
          if (!f.none && (f.account < 0 || f.account === a) && day >= f.from && day <= f.to && f.names[nameAt]) f.count++;
        }
      }
      const t = now();
      insert.run(uuidv7(), other ? otherFamilyId : familyId, accountId, date, amount, name, categoryId, `${date}|${amount}|${name}|${n}`, t, t);
    }
  });
  for (let n = 0; n < total; n += BATCH) write(Math.min(total, n + BATCH), n);
  if (ours !== req.rows || others !== req.other_rows) throw new Error(`seeded ${ours} + ${others} rows; asked for ${req.rows} + ${req.other_rows}`);
  return {
    family_id: familyId, other_family_id: otherFamilyId, account_ids: accountIds, account_rows: accountRows, other_account_id: otherAccountId,
    seeded: ours, other_seeded: others, expected: Object.fromEntries(filters.map((f) => [f.name, f.count])),
    seed_ms: performance.now() - t0,
  };
}

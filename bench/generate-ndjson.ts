// The seeded NDJSON export of the benchmark (SPEC §5, §2.10), cached under bench/.cache/ with a
// sidecar .json of what was written: lines, the count of each of the 15 record types, bytes, and
// one line the corrupted copy may break. The bench checks the engine's counts and preflight
// verdict against the sidecar before it reports any speed.
//
// One family's export in the reference exporter's shapes (fixtures/ndjson/full-export.ndjson),
// grouped by type in processing order, one record a line, no blank lines:
//
//   Account 25 · Balance 9% · Category 85 (15 parents, 70 children; half the children come before
//   their parent, so parent_id points later in the file) · Tag 40 · Merchant 3,000 per 1M lines ·
//   RecurringTransaction 60 · Transaction (the rest, ~85%: about 3% with split lines summing
//   exactly, tag_ids, category/merchant ids or null, amounts as strings and as numbers, names with
//   accents, CJK and escaped quotes) · Transfer 2% (funds-movement pairs; one in ten has a split
//   line as its outflow) · RejectedTransfer 0.2% · Trade 2.5% · Holding 0.8% · Valuation 0.3%
//   (unique per account and day) · Budget 120 (one a month, unique start_date) · BudgetCategory 20
//   per budget (unique pairs) · Rule 150 (conditions and actions naming merchants, categories and
//   tags by name, with value_ref {type, id, name}; some tag actions by name alone, some compound).
//
// Every reference resolves inside the file and no Category/Tag/Merchant name is used twice, so
// the preflight passes with no error and no warning. Ids are UUIDs (v4 layout, lowercase), made
// unique by construction (a counter, mixed, fills their last 8 hex digits).
//
// The corrupted copy (corruptNdjson) cuts one plain Transaction line, past the middle of the
// file and referenced by nothing, in half: the engine must report `invalid_json` on exactly that
// line, count one transaction fewer, and fail the preflight.

import { createReadStream, createWriteStream, existsSync, mkdirSync, openSync, readFileSync, readSync, closeSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { CACHE, rng } from './generate.ts';

export interface NdjsonMeta {
  file: string;
  /** Physical lines, each ending in `\n`; every one is a record. */
  lines: number;
  /** Lines of each of the 15 count keys (SPEC §2.10), in processing order. */
  counts: Record<string, number>;
  bytes: number;
  seed: number;
  version: number;
  /** A plain Transaction line referenced by nothing: what the corrupted copy breaks. */
  corruptible: { line: number; offset: number; length: number };
}

export interface CorruptMeta {
  file: string;
  source: string;
  /** The 1-based line that was cut. */
  line: number;
  /** What the engine should count: the source's counts with one transaction fewer. */
  counts: Record<string, number>;
  lines: number;
  bytes: number;
  what: string;
}

const NDJSON_VERSION = 1;
export const NDJSON_SEED = 20241122;

// ---- names (checked unique, case-insensitively, when this module loads) ----

const CATEGORY_TREE: readonly (readonly [string, string, readonly string[]])[] = [
  ['Income', 'income', ['Salary', 'Bonus', 'Interest', 'Dividends', 'Refunds']],
  ['Housing', 'expense', ['Rent', 'Mortgage', 'Property Tax', 'Home Insurance', 'Maintenance', 'Furniture']],
  ['Food & Drink', 'expense', ['Groceries', 'Restaurants', 'Coffee Shops', 'Fast Food', 'Alcohol & Bars']],
  ['Transportation', 'expense', ['Fuel', 'Parking', 'Public Transit', 'Ride Share', 'Car Insurance', 'Car Maintenance', 'Tolls']],
  ['Shopping', 'expense', ['Clothing', 'Electronics', 'Books', 'Gifts', 'Home Goods', 'Hobbies']],
  ['Utilities', 'expense', ['Electricity', 'Water', 'Gas & Heating', 'Internet', 'Mobile Phone', 'Trash']],
  ['Healthcare', 'expense', ['Doctor', 'Dentist', 'Pharmacy', 'Vision', 'Health Insurance']],
  ['Entertainment', 'expense', ['Movies', 'Music', 'Games', 'Streaming', 'Concerts', 'Sports']],
  ['Travel', 'expense', ['Flights', 'Hotels', 'Car Rental', 'Vacation Rentals', 'Travel Insurance']],
  ['Fees', 'expense', ['Bank Fees', 'ATM Fees', 'Late Fees', 'Foreign Transaction Fees']],
  ['Personal Care', 'expense', ['Hair', 'Spa & Massage', 'Gym', 'Cosmetics']],
  ['Education', 'expense', ['Tuition', 'School Supplies', 'Courses']],
  ['Kids', 'expense', ['Childcare', 'Toys', 'School Activities']],
  ['Pets', 'expense', ['Pet Food', 'Veterinary', 'Pet Supplies']],
  ['Giving', 'expense', ['Charity', 'Gifts Given']],
];

const TAG_NAMES: readonly string[] = [
  'Vacation', 'Reimbursable', 'Tax Deductible', 'Business', 'Work Travel', 'Wedding', 'Home Renovation', 'Medical',
  'Birthday', 'Anniversary', 'Subscription', 'Shared', 'Cash Back', 'Warranty', 'Return Pending', 'Disputed',
  'Kids', 'Garden', 'Car', 'Moving', 'Side Project', 'Donation Receipt', 'Insurance Claim', 'Emergency',
  'Holiday 2015', 'Holiday 2016', 'Holiday 2017', 'Holiday 2018', 'Holiday 2019', 'Holiday 2020', 'Holiday 2021',
  'Holiday 2022', 'Holiday 2023', 'Holiday 2024', 'Trip: Paris', 'Trip: Tokyo', 'Trip: München', 'Trip: Lisboa',
  'Ski Week', 'Café Crawl',
];

const BRANDS: readonly string[] = [
  'Whole Foods', 'Netflix', 'Café Müller', 'Shell', 'Amazon', 'Starbucks', 'Uber', 'Lyft', 'Costco', 'Target', 'Walmart',
  "Trader Joe's", 'Spotify', 'Apple', 'Google', 'Home Depot', 'IKEA', 'CVS Pharmacy', 'Walgreens', 'Chipotle',
  'Delta Air Lines', 'United Airlines', 'Marriott', 'Hilton', 'Airbnb', 'Comcast', 'Verizon', 'AT&T', 'PG&E', 'Exxon',
  'Chevron', 'BP', 'Safeway', 'Kroger', 'Aldi', 'Lidl', 'Best Buy', 'Etsy', 'eBay', 'PayPal', 'Venmo', 'DoorDash',
  'Grubhub', 'Instacart', 'Peloton', 'Planet Fitness', 'Disney+', 'Hulu', 'HBO Max', 'Audible', 'Kindle',
  'Bäckerei Schmidt', 'Crème de la Crème', '寿司 Kaiten', 'Łódź Deli', 'Señor Taco', 'Ñandú Café', 'Øresund Ferries',
  'Zoë’s Kitchen', 'Dunkin',
];
const MERCHANT_A: readonly string[] = [
  'North', 'South', 'East', 'West', 'Golden', 'Silver', 'Blue', 'Green', 'Red', 'Old Town', 'Harbor', 'Hilltop', 'Riverside',
  'Lakeside', 'Maple', 'Oak', 'Cedar', 'Pine', 'Sunrise', 'Sunset',
];
const MERCHANT_B: readonly string[] = [
  'Bakery', 'Books', 'Hardware', 'Pharmacy', 'Diner', 'Bistro', 'Garage', 'Florist', 'Cinema', 'Market', 'Grill', 'Deli',
  'Tailor', 'Optics', 'Pet Shop', 'Wine Bar', 'Noodle House', 'Pizzeria', 'Barber', 'Dry Cleaning',
];
const MERCHANT_C: readonly string[] = ['', ' & Co', ' Express', ' Plus', ' Outlet', ' Central', ' Depot', ' Studio', ' Corner', ' Collective'];
const MAX_MERCHANTS = BRANDS.length + MERCHANT_A.length * MERCHANT_B.length * MERCHANT_C.length;

function merchantName(i: number): string {
  if (i < BRANDS.length) return BRANDS[i]!;
  let k = i - BRANDS.length;
  const a = MERCHANT_A[k % MERCHANT_A.length]!;
  k = Math.floor(k / MERCHANT_A.length);
  const b = MERCHANT_B[k % MERCHANT_B.length]!;
  const c = MERCHANT_C[Math.floor(k / MERCHANT_B.length)]!;
  return `${a} ${b}${c}`;
}

function assertUnique(what: string, names: readonly string[]): void {
  const seen = new Set<string>();
  for (const n of names) {
    const k = n.trim().toLowerCase();
    if (seen.has(k)) throw new Error(`bench generator: ${what} name ${JSON.stringify(n)} appears twice`);
    seen.add(k);
  }
}
assertUnique('Category', CATEGORY_TREE.flatMap(([p, , cs]) => [p, ...cs]));
assertUnique('Tag', TAG_NAMES);
assertUnique('Merchant', Array.from({ length: MAX_MERCHANTS }, (_, i) => merchantName(i)));

const ACCOUNTS: readonly (readonly [string, string, string | null])[] = [
  ['Everyday Checking', 'Depository', 'checking'], ['Joint Checking', 'Depository', 'checking'], ['High-Yield Savings', 'Depository', 'savings'],
  ['Emergency Fund', 'Depository', 'savings'], ['Kids Savings', 'Depository', 'savings'], ['Euro Account', 'Depository', 'checking'],
  ['Visa Rewards', 'CreditCard', null], ['Amex Gold', 'CreditCard', null], ['Store Card', 'CreditCard', null], ['Travel Card', 'CreditCard', null],
  ['Brokerage', 'Investment', 'brokerage'], ['Roth IRA', 'Investment', 'roth_ira'], ['401(k)', 'Investment', '401k'], ['HSA', 'Investment', 'hsa'],
  ['Cold Wallet', 'Crypto', null], ['Exchange Wallet', 'Crypto', null],
  ['Maple Street House', 'Property', 'single_family_home'], ['Lake Cabin', 'Property', 'vacation_home'], ['City Condo', 'Property', 'condominium'],
  ['Family Car', 'Vehicle', null], ['Motorbike', 'Vehicle', null], ['Art Collection', 'OtherAsset', null],
  ['Mortgage', 'Loan', 'mortgage'], ['Car Loan', 'Loan', 'auto'], ['Family Loan', 'OtherLiability', null],
];
/** Accounts that take everyday transactions (checking, savings, cards). */
const SPENDING = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
const INVESTMENT = [10, 11, 12, 13];
const TICKERS: readonly (readonly [string, string, number])[] = [
  ['AAPL', 'XNAS', 17148], ['VTI', 'ARCX', 24950], ['MSFT', 'XNAS', 41520], ['VXUS', 'XNAS', 5870], ['BND', 'XNAS', 7210],
  ['GOOGL', 'XNAS', 15130], ['AMZN', 'XNAS', 17890], ['NVDA', 'XNAS', 90350], ['BRK.B', 'XNYS', 40920], ['SPY', 'ARCX', 52310],
];
const TX_NAMES: readonly string[] = [
  'WHOLEFDS MKT #10234', 'NETFLIX.COM', 'COSTCO WHSE #0482', 'SHELL OIL 57442', 'AMZN Mktp US*2K4LP', 'STARBUCKS STORE 19283',
  'UBER   *TRIP', 'TRADER JOE\'S #552', 'SQ *BLUE BOTTLE', 'Café Müller — Kaffee & Kuchen', 'PAYPAL *EBAY', 'TARGET T-1432',
  'ACME CORP PAYROLL', 'VENMO PAYMENT', 'Bäckerei Schmidt, München', '寿司 Kaiten 渋谷', 'CHECK #1043', 'ATM WITHDRAWAL 0093',
  'The "Corner" Deli', 'Interest Payment', 'DIVIDEND VTI', 'Łódź Deli ul. Piotrkowska',
];
const NOTES: readonly (string | null)[] = [
  null, null, null, null, null, null, 'March salary', 'groceries plus cash back', 'split with "Sam"', 'Ausflug nach München, 日本 group trip planning',
  'ref 4411\\2024', 'line one\nline two', 'reimburse from work',
];

// ---- small helpers ----

const pad = (n: number) => (n < 10 ? '0' + n : String(n));
const DAY0 = Date.UTC(2015, 0, 1);
const DAYS = 3653; // 2015-01-01 .. 2024-12-31
const dayText = (d: number) => new Date(DAY0 + d * 86_400_000).toISOString().slice(0, 10);

/** A bijection on 32-bit integers (xorshift-multiply), so distinct counters give distinct tails. */
function mix32(x: number): number {
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

function uuids(r: () => number): () => string {
  let n = 0;
  const hex = (v: number, w: number) => v.toString(16).padStart(w, '0');
  const word = () => Math.floor(r() * 4294967296);
  return () => {
    const a = word(), b = word(), c = word();
    return `${hex(a, 8)}-${hex(b >>> 16, 4)}-4${hex(b & 0xfff, 3)}-${hex(8 | (c >>> 30), 1)}${hex((c >>> 16) & 0xfff, 3)}-${hex(c & 0xffff, 4)}${hex(mix32(++n), 8)}`;
  };
}

/** cents → a decimal amount, written as a JSON string ("84.12") or a JSON number (84.12), as exporters do. */
function amountValue(cents: number, asNumber: boolean): string | number {
  if (asNumber) return cents / 100;
  const neg = cents < 0;
  const c = Math.abs(cents);
  return (neg ? '-' : '') + Math.floor(c / 100) + '.' + pad(c % 100);
}

/** Splits `total` cents into `parts` non-zero parts that sum to it exactly. */
function splitCents(r: () => number, total: number, parts: number): number[] {
  const out: number[] = [];
  let left = total;
  for (let i = 0; i < parts - 1; i++) {
    const share = Math.trunc((left * (0.2 + r() * 0.5)));
    const part = share === 0 ? Math.sign(left) || 1 : share;
    out.push(part);
    left -= part;
  }
  out.push(left);
  return out;
}

/** How many lines of each type a file of `lines` lines holds (they sum to `lines`). */
export function planNdjson(lines: number): Record<string, number> {
  if (!Number.isInteger(lines) || lines < 10_000) throw new RangeError(`the NDJSON generator writes at least 10,000 lines (got ${lines})`);
  const s = lines / 1_000_000;
  const categories = CATEGORY_TREE.reduce((n, [, , cs]) => n + 1 + cs.length, 0);
  const c: Record<string, number> = {
    accounts: ACCOUNTS.length,
    balances: Math.round(90_000 * s),
    categories,
    tags: TAG_NAMES.length,
    merchants: Math.min(MAX_MERCHANTS, Math.max(100, Math.round(3_000 * s))),
    recurring_transactions: 60,
    transactions: 0,
    transfers: Math.round(20_000 * s),
    rejected_transfers: Math.round(2_000 * s),
    trades: Math.round(25_000 * s),
    holdings: Math.round(8_000 * s),
    valuations: Math.round(3_000 * s),
    budgets: 120,
    budget_categories: 120 * 20,
    rules: 150,
  };
  const rest = Object.values(c).reduce((a, b) => a + b, 0);
  c['transactions'] = lines - rest;
  if (c['valuations']! > ACCOUNTS.length * DAYS) throw new RangeError('too many valuations for one per account and day');
  return c;
}

// ---- the writer ----

class Out {
  private readonly stream;
  private buf = '';
  private bufBytes = 0;
  bytes = 0;
  lines = 0;
  constructor(file: string) {
    this.stream = createWriteStream(file);
  }
  /** Writes one record line; returns its 1-based line number and byte offset. */
  record(type: string, data: Record<string, unknown>, extra?: Record<string, unknown>): { line: number; offset: number; length: number } {
    const text = JSON.stringify(extra ? { type, ...extra, data } : { type, data }) + '\n';
    const length = Buffer.byteLength(text);
    const at = { line: ++this.lines, offset: this.bytes + this.bufBytes, length };
    this.buf += text;
    this.bufBytes += length;
    return at;
  }
  async flushIfFull(): Promise<void> {
    if (this.buf.length < 1 << 16) return;
    this.bytes += this.bufBytes;
    const ok = this.stream.write(this.buf);
    this.buf = '';
    this.bufBytes = 0;
    if (!ok) await once(this.stream, 'drain');
  }
  async end(): Promise<void> {
    this.bytes += this.bufBytes;
    this.stream.end(this.buf);
    this.buf = '';
    this.bufBytes = 0;
    await once(this.stream, 'finish');
  }
}

export async function generateNdjson(lines: number, seed = NDJSON_SEED): Promise<NdjsonMeta> {
  const plan = planNdjson(lines);
  mkdirSync(CACHE, { recursive: true });
  const file = join(CACHE, `export-${lines}-${seed}.ndjson`);
  const metaFile = file + '.json';
  if (existsSync(file) && existsSync(metaFile)) {
    const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as NdjsonMeta;
    if (meta.version === NDJSON_VERSION && statSync(file).size === meta.bytes) return meta;
  }
  const r = rng(seed);
  const uuid = uuids(r);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const out = new Out(file);
  const counts: Record<string, number> = {};
  for (const k of Object.keys(plan)) counts[k] = 0;
  const write = async (type: string, key: string, data: Record<string, unknown>, extra?: Record<string, unknown>) => {
    counts[key]!++;
    const at = out.record(type, data, extra);
    await out.flushIfFull();
    return at;
  };
  const stamp = (d: number) => `${dayText(d)}T${pad(int(0, 23))}:${pad(int(0, 59))}:${pad(int(0, 59))}Z`;

  // Accounts
  const accountIds = ACCOUNTS.map(() => uuid());
  for (const [i, [name, type, subtype]] of ACCOUNTS.entries()) {
    const cents = int(0, 50_000_000);
    await write('Account', 'accounts', {
      id: accountIds[i], name, balance: amountValue(cents, r() < 0.3), cash_balance: amountValue(type === 'Depository' ? cents : 0, r() < 0.3),
      currency: i === 5 ? 'EUR' : 'USD', accountable_type: type, subtype, status: 'active', created_at: stamp(int(0, 300)), updated_at: stamp(DAYS - 1),
    });
  }

  // Balances: each account's days in turn
  for (let k = 0; k < plan['balances']!; k++) {
    const a = k % ACCOUNTS.length;
    const cents = int(-500_000, 5_000_000);
    await write('Balance', 'balances', {
      id: uuid(), account_id: accountIds[a], date: dayText(Math.floor(k / ACCOUNTS.length) % DAYS),
      balance: amountValue(cents, r() < 0.3), cash_balance: amountValue(cents, r() < 0.3), currency: a === 5 ? 'EUR' : 'USD',
    });
  }

  // Categories: odd-numbered groups list their children before the parent (parent_id points later)
  const categoryIds = new Map<string, string>();
  const leafCategories: string[] = [];
  const palette = ['#407706', '#ea580c', '#16a34a', '#6471eb', '#eb5429', '#0ea5e9', '#a855f7', '#db2777', '#64748b', '#ca8a04'];
  for (const [g, [parent, classification, children]] of CATEGORY_TREE.entries()) {
    const parentId = uuid();
    categoryIds.set(parent, parentId);
    const writeParent = () => write('Category', 'categories', {
      id: parentId, name: parent, color: pick(palette), lucide_icon: 'folder', classification, parent_id: null,
    });
    if (g % 2 === 0) await writeParent();
    for (const child of children) {
      const id = uuid();
      categoryIds.set(child, id);
      leafCategories.push(child);
      await write('Category', 'categories', { id, name: child, color: pick(palette), lucide_icon: 'tag', classification, parent_id: parentId });
    }
    if (g % 2 === 1) await writeParent();
  }
  const categoryNames = [...categoryIds.keys()];

  // Tags
  const tagIds = TAG_NAMES.map(() => uuid());
  for (const [i, name] of TAG_NAMES.entries()) await write('Tag', 'tags', { id: tagIds[i], name, color: pick(palette) });

  // Merchants
  const merchantIds: string[] = [];
  for (let i = 0; i < plan['merchants']!; i++) {
    const id = uuid();
    merchantIds.push(id);
    await write('Merchant', 'merchants', {
      id, name: merchantName(i), type: 'FamilyMerchant', color: pick(palette), logo_url: null, website_url: i % 3 === 0 ? `merchant${i}.example.com` : null,
    });
  }

  // Recurring transactions
  for (let i = 0; i < plan['recurring_transactions']!; i++) {
    const dom = int(1, 28);
    const last = DAYS - 1 - int(0, 60);
    const lastDate = new Date(DAY0 + last * 86_400_000);
    const next = new Date(Date.UTC(lastDate.getUTCFullYear(), lastDate.getUTCMonth() + 1, dom)).toISOString().slice(0, 10);
    const m = int(0, merchantIds.length - 1);
    await write('RecurringTransaction', 'recurring_transactions', {
      id: uuid(), account_id: accountIds[pick(SPENDING)], merchant_id: merchantIds[m], name: merchantName(m), amount: amountValue(int(199, 250_000), r() < 0.3),
      currency: 'USD', expected_day_of_month: dom, last_occurrence_date: dayText(last), next_expected_date: next, status: 'active', occurrence_count: int(2, 80),
    });
  }

  // Transactions. Pairs (two lines each) for the transfers and rejected transfers are spread evenly
  // through the group; the other lines are single transactions, a few with split lines.
  const txLines = plan['transactions']!;
  const transfersWanted = plan['transfers']!, rejectedWanted = plan['rejected_transfers']!;
  const pairsWanted = transfersWanted + rejectedWanted;
  if (txLines < 2 * pairsWanted + 1) throw new RangeError('too few transaction lines for the transfers');
  const transferPairs: [string, string][] = [];
  const rejectedPairs: [string, string][] = [];
  const corruptFrom = Math.floor(lines * 0.55);
  let corruptible: NdjsonMeta['corruptible'] | null = null;
  const tags = () => {
    const u = r();
    return u < 0.8 ? [] : u < 0.95 ? [pick(tagIds)] : [pick(tagIds), pick(tagIds)].filter((t, i, a) => a.indexOf(t) === i);
  };
  const tx = (account: number, cents: number, over: Record<string, unknown> = {}) => ({
    id: uuid(), entry_id: uuid(), account_id: accountIds[account], date: dayText(int(0, DAYS - 1)), amount: amountValue(cents, r() < 0.3),
    currency: account === 5 ? 'EUR' : 'USD', name: pick(TX_NAMES), notes: pick(NOTES), excluded: r() < 0.01, kind: 'standard',
    category_id: r() < 0.85 ? categoryIds.get(pick(leafCategories)) : null, merchant_id: r() < 0.7 ? pick(merchantIds) : null, tag_ids: tags(),
    ...over,
  });
  const spendCents = () => (r() < 0.15 ? -int(100, 900_000) : int(50, 60_000));
  let written = 0;
  while (written < txLines) {
    const pairsMade = transferPairs.length + rejectedPairs.length;
    const pairDue = pairsMade < pairsWanted && written / txLines >= pairsMade / pairsWanted && txLines - written >= 2;
    if (pairDue) {
      const rejected = rejectedPairs.length < rejectedWanted &&
        (transferPairs.length >= transfersWanted || rejectedPairs.length / rejectedWanted <= transferPairs.length / transfersWanted);
      const from = pick(SPENDING);
      const to = SPENDING[(SPENDING.indexOf(from) + int(1, SPENDING.length - 1)) % SPENDING.length]!;
      const cents = int(1_000, 500_000);
      // Both legs on the same day or the inflow a day or two later.
      const day = int(0, DAYS - 3);
      const outDate = { date: dayText(day) }, inDate = { date: dayText(day + int(0, 2)) };
      if (rejected) {
        // Two look-alike standard transactions the user said are not a transfer.
        const out1 = tx(from, cents, outDate);
        const in1 = tx(to, -cents, inDate);
        await write('Transaction', 'transactions', out1);
        await write('Transaction', 'transactions', in1);
        rejectedPairs.push([in1.id as string, out1.id as string]);
      } else if (transferPairs.length % 10 === 9) {
        // The outflow is one split line of a receipt (a transfer naming a split line's id).
        const parts = splitCents(r, cents + int(500, 20_000), int(2, 3));
        const lines_ = parts.map((p, i) => ({
          id: uuid(), name: i === parts.length - 1 ? 'Move to savings' : pick(leafCategories), amount: amountValue(p, r() < 0.3),
          category_id: i === parts.length - 1 ? null : categoryIds.get(pick(leafCategories)), tag_ids: tags(),
        }));
        const receipt = tx(from, parts.reduce((a, b) => a + b, 0), { ...outDate, category_id: null, split_lines: lines_ });
        const inflow = tx(to, -parts[parts.length - 1]!, { ...inDate, kind: 'funds_movement', category_id: null, merchant_id: null, tag_ids: [], name: 'Transfer from ' + ACCOUNTS[from]![0] });
        await write('Transaction', 'transactions', receipt);
        await write('Transaction', 'transactions', inflow);
        transferPairs.push([inflow.id as string, lines_[lines_.length - 1]!.id]);
      } else {
        const card = ACCOUNTS[to]![1] === 'CreditCard';
        const outflow = tx(from, cents, { ...outDate, kind: card ? 'cc_payment' : 'funds_movement', category_id: null, merchant_id: null, tag_ids: [], name: 'Payment to ' + ACCOUNTS[to]![0] });
        const inflow = tx(to, -cents, { ...inDate, kind: 'funds_movement', category_id: null, merchant_id: null, tag_ids: [], name: card ? 'PAYMENT RECEIVED - THANK YOU' : 'Transfer from ' + ACCOUNTS[from]![0] });
        await write('Transaction', 'transactions', outflow);
        await write('Transaction', 'transactions', inflow);
        transferPairs.push([inflow.id as string, outflow.id as string]);
      }
      written += 2;
      continue;
    }
    const account = pick(SPENDING);
    const cents = spendCents();
    if (r() < 0.03 && Math.abs(cents) >= 10) {
      const parts = splitCents(r, cents, int(2, 4));
      const split_lines = parts.map((p) => ({
        id: uuid(), name: pick(leafCategories), amount: amountValue(p, r() < 0.3), category_id: categoryIds.get(pick(leafCategories)), tag_ids: tags(),
      }));
      await write('Transaction', 'transactions', tx(account, cents, { category_id: null, split_lines }));
    } else {
      const at = await write('Transaction', 'transactions', tx(account, cents));
      if (corruptible === null && at.line >= corruptFrom) corruptible = at;
    }
    written++;
  }

  // Transfers, rejected transfers
  for (const [inflow, outflow] of transferPairs) {
    await write('Transfer', 'transfers', { id: uuid(), inflow_transaction_id: inflow, outflow_transaction_id: outflow, status: 'confirmed', notes: r() < 0.1 ? 'moved by hand' : null });
  }
  for (const [inflow, outflow] of rejectedPairs) {
    await write('RejectedTransfer', 'rejected_transfers', { id: uuid(), inflow_transaction_id: inflow, outflow_transaction_id: outflow });
  }

  // Trades and holdings: amount = qty × price exactly
  for (let i = 0; i < plan['trades']!; i++) {
    const [ticker, mic, base] = pick(TICKERS);
    const price = Math.max(100, base + int(-Math.floor(base / 2), Math.floor(base / 2)));
    const qty = (r() < 0.75 ? 1 : -1) * int(1, 40);
    const asNumber = r() < 0.3;
    await write('Trade', 'trades', {
      id: uuid(), account_id: accountIds[pick(INVESTMENT)], date: dayText(int(0, DAYS - 1)), amount: amountValue(qty * price, asNumber), currency: 'USD',
      name: `${qty > 0 ? 'Buy' : 'Sell'} ${Math.abs(qty)} ${ticker}`, qty: asNumber ? qty : String(qty), price: amountValue(price, asNumber), ticker, exchange_operating_mic: mic,
    });
  }
  for (let i = 0; i < plan['holdings']!; i++) {
    const [ticker, mic, base] = TICKERS[i % TICKERS.length]!;
    const qty = int(1, 500);
    const asNumber = r() < 0.3;
    await write('Holding', 'holdings', {
      id: uuid(), account_id: accountIds[INVESTMENT[Math.floor(i / TICKERS.length) % INVESTMENT.length]!], date: dayText(int(0, DAYS - 1)),
      amount: amountValue(qty * base, asNumber), currency: 'USD', qty: asNumber ? qty : String(qty), price: amountValue(base, asNumber), ticker, exchange_operating_mic: mic,
    });
  }

  // Valuations: account k % 25 on its (k / 25)-th step of days: never the same account and day twice
  const perAccount = Math.ceil(plan['valuations']! / ACCOUNTS.length);
  const step = Math.max(1, Math.floor(DAYS / perAccount));
  for (let k = 0; k < plan['valuations']!; k++) {
    await write('Valuation', 'valuations', {
      id: uuid(), account_id: accountIds[k % ACCOUNTS.length], date: dayText(Math.floor(k / ACCOUNTS.length) * step), amount: amountValue(int(100_000, 90_000_000), r() < 0.3),
      currency: 'USD', name: pick(['Zillow estimate', 'Statement balance', 'Manual valuation', 'Appraisal']), kind: 'reconciliation',
    });
  }

  // Budgets (one a month) and 20 distinct categories each
  const budgetIds: string[] = [];
  for (let m = 0; m < plan['budgets']!; m++) {
    const id = uuid();
    budgetIds.push(id);
    const y = 2015 + Math.floor(m / 12), mo = (m % 12) + 1;
    const end = new Date(Date.UTC(y, mo, 0)).toISOString().slice(0, 10);
    await write('Budget', 'budgets', {
      id, start_date: `${y}-${pad(mo)}-01`, end_date: end, budgeted_spending: amountValue(int(200_000, 600_000), r() < 0.3),
      expected_income: amountValue(int(300_000, 900_000), r() < 0.3), currency: 'USD',
    });
  }
  for (const [b, budgetId] of budgetIds.entries()) {
    for (let j = 0; j < 20; j++) {
      const category = leafCategories[(b * 7 + j) % leafCategories.length]!;
      await write('BudgetCategory', 'budget_categories', {
        id: uuid(), budget_id: budgetId, category_id: categoryIds.get(category), budgeted_spending: amountValue(int(5_000, 100_000), r() < 0.3), currency: 'USD',
      });
    }
  }

  // Rules: operands by name, with value_ref naming the record of this file
  const ref = (type: 'Category' | 'Merchant' | 'Tag', name: string, id: string) => ({ type, id, name });
  for (let i = 0; i < plan['rules']!; i++) {
    const m = int(0, merchantIds.length - 1);
    const cat = pick(categoryNames);
    const t = int(0, TAG_NAMES.length - 1);
    const merchantCond = { condition_type: 'transaction_merchant', operator: '=', value: merchantName(m), value_ref: ref('Merchant', merchantName(m), merchantIds[m]!) };
    const conditions = i % 5 === 0
      ? [{ condition_type: 'compound', operator: 'or', value: null, sub_conditions: [{ condition_type: 'transaction_name', operator: 'like', value: pick(TX_NAMES).slice(0, 6) }, merchantCond] },
        { condition_type: 'transaction_amount', operator: '<', value: String(int(5, 500)) }]
      : i % 5 === 1
        ? [{ condition_type: 'transaction_category', operator: '=', value: cat, value_ref: ref('Category', cat, categoryIds.get(cat)!) }]
        : [merchantCond];
    const actions: Record<string, unknown>[] = [
      { action_type: 'set_transaction_category', value: cat, value_ref: ref('Category', cat, categoryIds.get(cat)!) },
      i % 3 === 0
        ? { action_type: 'set_transaction_tags', value: TAG_NAMES[t] }
        : { action_type: 'set_transaction_tags', value: TAG_NAMES[t], value_ref: ref('Tag', TAG_NAMES[t]!, tagIds[t]!) },
    ];
    if (i % 7 === 0) actions.push({ action_type: 'set_transaction_merchant', value: merchantName(m), value_ref: ref('Merchant', merchantName(m), merchantIds[m]!) });
    await write('Rule', 'rules', {
      id: uuid(), name: `Rule ${i + 1}: ${merchantName(m)} → ${cat}`, resource_type: 'transaction', active: r() < 0.9,
      effective_date: r() < 0.5 ? dayText(int(0, DAYS - 1)) : null, conditions, actions,
    }, { version: 1 });
  }

  await out.end();
  for (const [k, n] of Object.entries(plan)) {
    if (counts[k] !== n) throw new Error(`bench generator: wrote ${counts[k]} ${k}, planned ${n}`);
  }
  if (out.lines !== lines) throw new Error(`bench generator: wrote ${out.lines} lines, asked for ${lines}`);
  if (corruptible === null) throw new Error('bench generator: no plain transaction past the middle of the file to corrupt');
  const meta: NdjsonMeta = { file, lines, counts, bytes: out.bytes, seed, version: NDJSON_VERSION, corruptible };
  if (statSync(file).size !== meta.bytes) throw new Error(`bench generator: ${file} holds ${statSync(file).size} bytes, counted ${meta.bytes}`);
  writeFileSync(metaFile, JSON.stringify(meta, null, 2));
  return meta;
}

/**
 * A copy of the export with its `corruptible` line cut in half (as a write cut short would leave
 * it): the line keeps its newline, so every later line keeps its number. Cached beside the source.
 */
export async function corruptNdjson(meta: NdjsonMeta): Promise<CorruptMeta> {
  const { line, offset, length } = meta.corruptible;
  const file = meta.file.replace(/\.ndjson$/, `.corrupt-line-${line}.ndjson`);
  const metaFile = file + '.json';
  // What the engine should count follows from the source's sidecar, never from an older copy's.
  const counts = { ...meta.counts, transactions: meta.counts['transactions']! - 1 };
  if (existsSync(file) && existsSync(metaFile)) {
    const cm = JSON.parse(readFileSync(metaFile, 'utf8')) as CorruptMeta;
    if (cm.source === meta.file && cm.line === line && statSync(file).size === cm.bytes) return { ...cm, counts, lines: meta.lines };
  }
  const original = Buffer.alloc(length);
  const fd = openSync(meta.file, 'r');
  try {
    readSync(fd, original, 0, length, offset);
  } finally {
    closeSync(fd);
  }
  if (!original.toString('utf8').startsWith('{"type":"Transaction"')) throw new Error(`bench: line ${line} of ${meta.file} is not the transaction its sidecar names`);
  let keep = Math.floor((length - 1) / 2);
  while (keep > 0 && (original[keep]! & 0xc0) === 0x80) keep--; // cut between characters, not inside one
  const cut = Buffer.concat([original.subarray(0, keep), Buffer.from('\n')]);
  const out = createWriteStream(file);
  const copy = async (start: number, end: number) => {
    if (end < start) return;
    for await (const chunk of createReadStream(meta.file, { start, end })) {
      if (!out.write(chunk)) await once(out, 'drain');
    }
  };
  await copy(0, offset - 1);
  out.write(cut);
  await copy(offset + length, meta.bytes - 1);
  out.end();
  await once(out, 'finish');
  const cm: CorruptMeta = {
    file, source: meta.file, line, counts, lines: meta.lines, bytes: meta.bytes - length + cut.length,
    what: `line ${line.toLocaleString('en-US')} (a Transaction) cut after ${keep} of its ${length - 1} bytes`,
  };
  if (statSync(file).size !== cm.bytes) throw new Error(`bench: ${file} holds ${statSync(file).size} bytes, expected ${cm.bytes}`);
  writeFileSync(metaFile, JSON.stringify(cm, null, 2));
  return cm;
}

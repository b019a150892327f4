// Seeded generators for the benchmark files (SPEC §5), cached under bench/.cache/. Each file has a
// sidecar .json with what was written (rows, invalid rows, bytes), which the bench checks the
// engine's counts against before it reports any speed.
//
// CSV: a bank export with quoted names holding commas and doubled quotes, thousands separators,
// negatives, and about 0.5% rows with an invalid date or amount. One header line, then `rows` data
// lines, each ending in `\n`; no field holds a line break. Generation streams (64 KiB writes that
// wait for 'drain'), so a 1 GB file costs no more memory than a small one.
//
// The NDJSON export and its corrupted copy are written by generate-ndjson.ts.

import { createWriteStream, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CACHE = join(dirname(fileURLToPath(import.meta.url)), '.cache');

/** mulberry32: small, fast, seeded. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface CsvMeta {
  file: string;
  rows: number;
  invalid_rows: number;
  bytes: number;
  seed: number;
  version: number;
}

const CSV_VERSION = 1;
const MERCHANTS = ['Whole Foods', 'Shell', 'Amazon', 'Netflix', 'Starbucks', 'Uber', 'Landlord', 'Employer Payroll', 'City Utilities', 'Gym'];
const SUFFIX = ['', ' Inc.', ', LLC', ' "Express"', ' #4411', ' Market, Downtown', ' Store'];
const CATEGORIES = ['Groceries', 'Transportation', 'Shopping', 'Entertainment', 'Food & Drink:Restaurants', 'Housing', 'Income', 'Utilities', 'Healthcare', 'Travel'];
const TAGS = ['', '', '', 'work', 'family|kids', 'reimbursable', 'trip,2024'];

const pad = (n: number) => (n < 10 ? '0' + n : String(n));
const quote = (s: string) => (/[",\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s);

function money(r: () => number): string {
  const cents = Math.floor(r() * (r() < 0.1 ? 500000000 : 2000000));
  const neg = r() < 0.7;
  const units = Math.floor(cents / 100);
  const frac = pad(cents % 100);
  const grouped = units.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return (neg ? '-' : '') + grouped + '.' + frac;
}

/**
 * `clean`: no invalid rows at all, for an import that must be publishable (the server's publish
 * case); a file of its own, `transactions-clean-<rows>-<seed>.csv`, with the same row shapes.
 */
export async function generateCsv(rows: number, seed = 20241122, { clean = false }: { clean?: boolean } = {}): Promise<CsvMeta> {
  mkdirSync(CACHE, { recursive: true });
  const file = join(CACHE, `transactions-${clean ? 'clean-' : ''}${rows}-${seed}.csv`);
  const metaFile = file + '.json';
  if (existsSync(file) && existsSync(metaFile)) {
    const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as CsvMeta;
    // A file cut short (an interrupted regeneration under an old sidecar) is written again.
    if (meta.version === CSV_VERSION && statSync(file).size === meta.bytes) return meta;
  }
  const r = rng(seed);
  const out = createWriteStream(file);
  let invalid = 0;
  let bytes = 0;
  let buf = 'Date,Description,Amount,Category,Tags,Notes\n';
  for (let i = 0; i < rows; i++) {
    const y = 2015 + Math.floor(r() * 9), m = 1 + Math.floor(r() * 12), d = 1 + Math.floor(r() * 28);
    let date = `${y}-${pad(m)}-${pad(d)}`;
    let amount = money(r);
    const bad = clean ? 1 : r();
    if (bad < 0.0025) { date = `${y}-${pad(m)}-3${2 + Math.floor(r() * 7)}`; invalid++; }
    else if (bad < 0.005) { amount = amount.replace('.', '..'); invalid++; }
    const name = MERCHANTS[Math.floor(r() * MERCHANTS.length)]! + SUFFIX[Math.floor(r() * SUFFIX.length)]!;
    const line = [date, quote(name), quote(amount), quote(CATEGORIES[Math.floor(r() * CATEGORIES.length)]!),
      quote(TAGS[Math.floor(r() * TAGS.length)]!), r() < 0.2 ? quote('ref ' + Math.floor(r() * 1e6)) : ''].join(',') + '\n';
    buf += line;
    if (buf.length > 1 << 16) {
      bytes += Buffer.byteLength(buf);
      if (!out.write(buf)) await new Promise<void>((res) => out.once('drain', () => res()));
      buf = '';
    }
  }
  bytes += Buffer.byteLength(buf);
  out.end(buf);
  await new Promise<void>((res) => out.once('finish', () => res()));
  const meta: CsvMeta = { file, rows, invalid_rows: invalid, bytes, seed, version: CSV_VERSION };
  writeFileSync(metaFile, JSON.stringify(meta, null, 2));
  return meta;
}

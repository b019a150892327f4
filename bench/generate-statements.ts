// The statement-format bench files (SPEC §2.15, issue 16), cached under bench/.cache/ with a
// sidecar like the CSV's: a ~100 MB camt.053 (generate-camt.ts), a ~50 MB OFX 1.02 statement
// (generate-ofx.ts), and a 200,000-row XLSX workbook with the same data as CSV beside it
// (generate-xlsx.ts). Every row the generators write is valid, so the bench checks rows = what was
// written and no invalid row before it reports a speed.

import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateCamt } from './generate-camt.ts';
import { CACHE } from './generate.ts';
import { generateOfx } from './generate-ofx.ts';
import { generateXlsx } from './generate-xlsx.ts';

export type StatementFormat = 'camt' | 'ofx' | 'xlsx' | 'xlsx-csv';

export interface StatementMeta {
  format: StatementFormat;
  file: string;
  /** Rows (entries, transactions, sheet rows below the header) the file holds, all valid. */
  rows: number;
  bytes: number;
  version: number;
}

/** Bump when a generator's output changes, so cached files are written again. */
const VERSION = 1;

/** 57,000 entries of ~1,760 bytes: ~100 MB. */
export const CAMT_ENTRIES = 57_000;
/** 212,000 transactions: ~50 MB. */
export const OFX_TRANSACTIONS = 212_000;
export const XLSX_ROWS = 200_000;

function cached(file: string, format: StatementFormat): StatementMeta | null {
  const metaFile = file + '.json';
  if (!existsSync(file) || !existsSync(metaFile)) return null;
  const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as StatementMeta;
  return meta.version === VERSION && meta.format === format && statSync(file).size === meta.bytes ? meta : null;
}

function remember(meta: StatementMeta): StatementMeta {
  writeFileSync(meta.file + '.json', JSON.stringify(meta, null, 2));
  return meta;
}

export async function camtFile(entries = CAMT_ENTRIES): Promise<StatementMeta> {
  mkdirSync(CACHE, { recursive: true });
  const file = join(CACHE, `camt053-${entries}.xml`);
  const hit = cached(file, 'camt');
  if (hit) return hit;
  const { entries: rows, bytes } = await generateCamt(file, entries);
  return remember({ format: 'camt', file, rows, bytes, version: VERSION });
}

export async function ofxFile(transactions = OFX_TRANSACTIONS): Promise<StatementMeta> {
  mkdirSync(CACHE, { recursive: true });
  const file = join(CACHE, `statement-${transactions}.ofx`);
  const hit = cached(file, 'ofx');
  if (hit) return hit;
  const { transactions: rows, bytes } = await generateOfx(file, transactions);
  return remember({ format: 'ofx', file, rows, bytes, version: VERSION });
}

/** The workbook and its CSV twin (the same cells as text). */
export async function xlsxFiles(rows = XLSX_ROWS): Promise<{ xlsx: StatementMeta; csv: StatementMeta }> {
  mkdirSync(CACHE, { recursive: true });
  const file = join(CACHE, `sheet-${rows}.xlsx`);
  const hit = cached(file, 'xlsx');
  const twin = hit ? cached(file.replace(/\.xlsx$/, '.csv'), 'xlsx-csv') : null;
  if (hit && twin) return { xlsx: hit, csv: twin };
  const made = await generateXlsx(file, rows);
  return {
    xlsx: remember({ format: 'xlsx', file, rows: made.rows, bytes: made.bytes, version: VERSION }),
    csv: remember({ format: 'xlsx-csv', file: made.csvPath, rows: made.rows, bytes: statSync(made.csvPath).size, version: VERSION }),
  };
}

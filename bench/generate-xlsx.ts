// The seeded XLSX workbook of the benchmark (SPEC §2.15, §5) and its CSV twin: the same table as the
// XLSX reader must see it, so the two reads can be compared row for row and in speed.
//
// One sheet, "Transactions": a header (Date, Description, Amount, Category, Notes), then `rows`
// rows, every one valid: a date cell (serial, built-in format 14), a description (a shared string,
// nearly every one distinct, as a bank's reference lines are), an amount (a number under `0.00`;
// one in twenty is the float sum of two amounts, so its stored double carries noise such as
// 12.340000000000002 that only the format's rounding removes), a category and a note (shared
// strings; notes hold commas and quotes, a third are empty). Each row's content is a function of
// the seed and its index alone.
//
// Part order is Excel's by default (the sheet before the styles and the shared strings: the reader
// must hold the sheet compressed until they arrive); `order: 'reading'` puts the sheet last. The
// sheet's XML is streamed through fflate's Zip/ZipDeflate (data descriptors after each entry) in
// 64 KiB pieces, and written as it is zipped, so the generator's memory is the shared strings, not
// the sheet. The shared strings are deflated too; the small parts are stored.
//
//   const { rows, bytes, csvPath } = await generateXlsx('bench/.cache/transactions-200000.xlsx', 200000);
//   node --import tsx bench/generate-xlsx.ts <file.xlsx> <rows> [excel|reading]

import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { rng } from './generate.ts';

const SEED = 20241122;
const MERCHANTS = ['Whole Foods', 'Shell', 'Amazon', 'Netflix', 'Starbucks', 'Uber', 'Landlord', 'Employer Payroll', 'City Utilities', 'Gym'];
const CATEGORIES = ['Groceries', 'Transportation', 'Shopping', 'Entertainment', 'Restaurants', 'Housing', 'Income', 'Utilities', 'Healthcare', 'Travel'];
const NOTES = ['', '', '', 'card 4411', 'split with Jo, paid back', 'the "big" shop', 'monthly', 'refund expected, see mail'];
const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const MTIME = new Date('2024-01-01T00:00:00Z');

interface Row {
  serial: number;
  iso: string;
  description: string;
  /** The `<v>` text of the amount, and the amount as the reader shows it (two decimals). */
  stored: string;
  shown: string;
  category: string;
  notes: string;
}

const pad = (n: number) => (n < 10 ? '0' + n : String(n));
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const quote = (s: string) => (/[",\n]/.test(s) ? '"' + s.replace(/"/g, '""') + '"' : s);

/** Cents as a two-decimal string, exactly. */
function centsText(c: number): string {
  const neg = c < 0, a = Math.abs(c);
  return (neg ? '-' : '') + Math.floor(a / 100) + '.' + pad(a % 100);
}

/** Row `i` (0-based), from the seed and the index alone. */
function row(i: number): Row {
  const r = rng(SEED + i * 7919);
  const y = 2015 + Math.floor(r() * 9), m = 1 + Math.floor(r() * 12), d = 1 + Math.floor(r() * 28);
  const serial = Date.UTC(y, m - 1, d) / 86400000 + 25569;
  const a = Math.floor(r() * 200000) - 140000, b = Math.floor(r() * 2000) - 1000;
  const noisy = r() < 0.05;
  // A float sum (12.34 + 0.01 may be 12.350000000000001); the reader rounds it to the two shown decimals.
  const stored = noisy ? String(a / 100 + b / 100) : String((a + b) / 100);
  return {
    serial, iso: `${y}-${pad(m)}-${pad(d)}`,
    description: `${MERCHANTS[Math.floor(r() * MERCHANTS.length)]} ref ${100000 + i}`,
    stored, shown: centsText(a + b),
    category: CATEGORIES[Math.floor(r() * CATEGORIES.length)]!,
    notes: NOTES[Math.floor(r() * NOTES.length)]!,
  };
}

/** Writes a zip's output as it comes, waiting for the file when it lags (fflate's Zip calls back synchronously). */
class Sink {
  readonly out: WriteStream;
  bytes = 0;
  private pending: Uint8Array[] = [];

  constructor(path: string) {
    this.out = createWriteStream(path);
  }

  take = (err: Error | null, data: Uint8Array): void => {
    if (err) throw err;
    this.pending.push(data);
    this.bytes += data.length;
  };

  async flush(): Promise<void> {
    const chunks = this.pending;
    this.pending = [];
    for (const c of chunks) if (!this.out.write(c)) await once(this.out, 'drain');
  }

  async close(): Promise<void> {
    await this.flush();
    this.out.end();
    await once(this.out, 'finish');
  }
}

/** A part zipped whole: stored, or deflated (the shared strings: as large as the sheet's text). */
function addWhole(zip: Zip, name: string, xml: string, deflate = false): void {
  const entry = deflate ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
  entry.mtime = MTIME;
  zip.add(entry);
  entry.push(strToU8(xml), true);
}

export async function generateXlsx(path: string, rows: number, order: 'excel' | 'reading' = 'excel'): Promise<{ rows: number; bytes: number; csvPath: string }> {
  // Shared strings: the header's, then each row's in order of first use (as Excel numbers them).
  const strings = new Map<string, number>();
  const sid = (s: string) => {
    let i = strings.get(s);
    if (i === undefined) { i = strings.size; strings.set(s, i); }
    return i;
  };
  for (const h of ['Date', 'Description', 'Amount', 'Category', 'Notes']) sid(h);

  const sink = new Sink(path);
  const zip = new Zip(sink.take);
  const csvPath = path.replace(/\.xlsx$/, '') + '.csv';
  const csv = createWriteStream(csvPath);

  addWhole(zip, '[Content_Types].xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`);
  addWhole(zip, '_rels/.rels', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`);
  addWhole(zip, 'xl/workbook.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook ${NS}><workbookPr/><sheets><sheet name="Transactions" sheetId="1" r:id="rId1"/></sheets></workbook>`);
  addWhole(zip, 'xl/_rels/workbook.xml.rels', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/><Relationship Id="rId3" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`);
  const styles = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet ${NS}><cellXfs count="3"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/><xf numFmtId="2" applyNumberFormat="1"/></cellXfs></styleSheet>`;

  // The reading order needs the shared strings before the sheet: number them in a first pass.
  if (order === 'reading') {
    for (let i = 0; i < rows; i++) { const x = row(i); sid(x.description); sid(x.category); if (x.notes) sid(x.notes); }
    addWhole(zip, 'xl/styles.xml', styles);
    addWhole(zip, 'xl/sharedStrings.xml', sharedStrings(strings), true);
  }

  const sheet = new ZipDeflate('xl/worksheets/sheet1.xml', { level: 6 });
  sheet.mtime = MTIME;
  zip.add(sheet);
  let xml = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet ${NS}><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>3</v></c><c r="E1" t="s"><v>4</v></c></row>`;
  let text = 'Date,Description,Amount,Category,Notes\n';
  for (let i = 0; i < rows; i++) {
    const x = row(i), n = i + 2;
    xml += `<row r="${n}"><c r="A${n}" s="1"><v>${x.serial}</v></c><c r="B${n}" t="s"><v>${sid(x.description)}</v></c><c r="C${n}" s="2"><v>${x.stored}</v></c><c r="D${n}" t="s"><v>${sid(x.category)}</v></c>` +
      (x.notes ? `<c r="E${n}" t="s"><v>${sid(x.notes)}</v></c>` : '') + '</row>';
    text += [x.iso, quote(x.description), x.shown, quote(x.category), quote(x.notes)].join(',') + '\n';
    if (xml.length > 1 << 16) {
      sheet.push(strToU8(xml), false);
      xml = '';
      await sink.flush();
      if (!csv.write(text)) await once(csv, 'drain');
      text = '';
    }
  }
  sheet.push(strToU8(xml + '</sheetData></worksheet>'), true);
  const csvDone = once(csv, 'finish');
  csv.end(text);

  if (order === 'excel') {
    addWhole(zip, 'xl/styles.xml', styles);
    addWhole(zip, 'xl/sharedStrings.xml', sharedStrings(strings), true);
  }
  zip.end();
  await sink.close();
  await csvDone;
  return { rows, bytes: sink.bytes, csvPath };
}

function sharedStrings(strings: Map<string, number>): string {
  let items = '';
  for (const s of strings.keys()) items += `<si><t xml:space="preserve">${esc(s)}</t></si>`;
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst ${NS} count="${strings.size}" uniqueCount="${strings.size}">${items}</sst>`;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const [path, rows, order] = process.argv.slice(2);
  if (path === undefined || rows === undefined) {
    process.stderr.write('usage: node --import tsx bench/generate-xlsx.ts <file.xlsx> <rows> [excel|reading]\n');
    process.exit(2);
  }
  const meta = await generateXlsx(path, Number(rows), order === 'reading' ? 'reading' : 'excel');
  process.stdout.write(JSON.stringify(meta) + '\n');
}

// What kind of file a byte stream is, from its first bytes (SPEC §2.14 "File type"): a PDF, an XLSX
// workbook (a ZIP holding xl/workbook.xml), QIF (`!Type:`, `!Account`, `!Option`), a NativeImport
// export (the first line a `{type, data}` record), OFX/QFX, ISO 20022 CAMT, SWIFT MT940, or a table;
// for a table, the Mint, Actual and YNAB layouts by their header signatures. Used when no type is
// given (CLI, library), and by the table reader to refuse content of plainly another format.
//
//   const d = detectFileType(firstBytes);   // { format: 'qif', type: 'QifImport', evidence: 'line 1 is "!Type:Bank"' }

import { normalizeHeader } from '../fields.ts';
import { IMPORT_TYPE_ENTRIES, type ImportType } from '../import-types.ts';

export type FileFormat = 'pdf' | 'xlsx' | 'zip' | 'qif' | 'ndjson' | 'ofx' | 'camt' | 'mt940' | 'table';

export interface FileTypeGuess {
  format: FileFormat;
  /** The import type that reads it, or null when sluice has no reader for it (a ZIP that is no workbook). */
  type: ImportType | null;
  /** What gave it away, in a few words. */
  evidence: string;
}

/** How many bytes detection looks at. */
export const DETECT_BYTES = 64 * 1024;

const FORMAT_NAMES: Record<FileFormat, string> = {
  pdf: 'a PDF', xlsx: 'an Excel workbook (XLSX)', zip: 'a ZIP archive', qif: 'a QIF file', ndjson: 'an NDJSON full export',
  ofx: 'an OFX/QFX statement', camt: 'an ISO 20022 CAMT statement', mt940: 'a SWIFT MT940 statement', table: 'a table (CSV)',
};

export const describeFormat = (f: FileFormat): string => FORMAT_NAMES[f];

function startsWith(bytes: Uint8Array, sig: string): boolean {
  if (bytes.length < sig.length) return false;
  for (let i = 0; i < sig.length; i++) if (bytes[i] !== sig.charCodeAt(i)) return false;
  return true;
}

/** The head as text: UTF-16 by its BOM, otherwise bytes as Latin-1 (every marker looked for is ASCII). */
/** Bytes as Latin-1 (the WHATWG `latin1` label is windows-1252, which maps every byte too). */
const LATIN1 = new TextDecoder('latin1');

function headText(head: Uint8Array): string {
  if (head[0] === 0xff && head[1] === 0xfe) return new TextDecoder('utf-16le').decode(head.subarray(2));
  if (head[0] === 0xfe && head[1] === 0xff) return new TextDecoder('utf-16be').decode(head.subarray(2));
  const start = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  return LATIN1.decode(head.subarray(start));
}

function isNdjsonRecord(line: string): boolean {
  if (!line.startsWith('{')) return false;
  try {
    const v = JSON.parse(line) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v) && 'type' in v && 'data' in v;
  } catch {
    return false;
  }
}

/** The layout whose header signature a line of the head holds, if any. */
function layoutOf(lines: readonly string[]): { type: ImportType; line: number } | null {
  for (let i = 0; i < Math.min(lines.length, 50); i++) {
    const line = lines[i]!;
    for (const sep of [',', ';', '\t', '|']) {
      if (!line.includes(sep)) continue;
      const cells = new Set(line.split(sep).map((c) => normalizeHeader(c.replace(/^\s*"|"\s*$/g, ''))));
      for (const entry of Object.values(IMPORT_TYPE_ENTRIES)) {
        for (const sig of entry.table?.signatures ?? []) {
          if (sig.every((h) => cells.has(h))) return { type: entry.type, line: i + 1 };
        }
      }
    }
  }
  return null;
}

/** `ended`: the head is the whole file (a last line may then be judged whole). */
export function detectFileType(head: Uint8Array, ended = true): FileTypeGuess {
  if (startsWith(head, '%PDF-')) return { format: 'pdf', type: 'PdfImport', evidence: 'it starts with %PDF-' };
  if (startsWith(head, 'PK\x03\x04')) {
    // A workbook's parts live under xl/; a streamed workbook may put a large sheet first, so the
    // first entry's own name counts as well as any part name the head shows.
    const text = headText(head);
    const nameLength = head.length >= 30 ? head[26]! | (head[27]! << 8) : 0;
    const firstName = LATIN1.decode(head.subarray(30, 30 + nameLength));
    return firstName.startsWith('xl/') || text.includes('xl/workbook') || text.includes('xl/worksheets/') || (text.includes('[Content_Types].xml') && text.includes('xl/'))
      ? { format: 'xlsx', type: 'TransactionImport', evidence: 'a ZIP archive holding xl/ parts (an XLSX workbook; give type for another table type)' }
      : { format: 'zip', type: null, evidence: 'it starts with a ZIP signature' };
  }
  return detectText(headText(head), ended);
}

/** detectFileType for text already decoded (the table reader's prelude). */
export function detectText(text: string, ended = true): FileTypeGuess {
  const lines = text.split(/\r\n|\r|\n/);
  if (!ended && lines.length > 1) lines.pop();
  const nonBlank = lines.map((l, i) => ({ text: l.trim(), line: i + 1 })).filter((l) => l.text !== '');
  const first = nonBlank[0];
  if (first === undefined) return { format: 'table', type: 'TransactionImport', evidence: 'the file is empty' };

  // QIF: a header line among the first lines (some exporters write comment lines before it).
  for (const l of nonBlank.slice(0, 20)) {
    if (/^!(type:|account\b|option:|clear:)/i.test(l.text)) {
      return { format: 'qif', type: 'QifImport', evidence: `line ${l.line} is ${JSON.stringify(l.text.slice(0, 40))}` };
    }
  }
  if (isNdjsonRecord(first.text)) {
    return { format: 'ndjson', type: 'NativeImport', evidence: `line ${first.line} is a {"type", "data"} record` };
  }
  const start = text.slice(0, 4096);
  if (/^OFXHEADER\s*:/i.test(first.text) || /<OFX>/i.test(start) || /<\?OFX\b/i.test(start)) {
    return { format: 'ofx', type: 'OfxImport', evidence: 'an OFX header' };
  }
  if (/urn:iso:std:iso:20022:tech:xsd:camt\.05[234]/i.test(text) || ((/^<\?xml/.test(first.text) || /<(?:\w+:)?Document\b/.test(start)) && /<(?:\w+:)?BkToCstmr(?:Stmt|AcctRpt|DbtCdtNtfctn)>/.test(text))) {
    return { format: 'camt', type: 'CamtImport', evidence: 'an ISO 20022 camt document' };
  }
  if (/^\{1:F\d\d/.test(first.text) || (/^:20:/m.test(text) && /^:25:/m.test(text) && /^:(60[FM]|61|62[FM]|34F):/m.test(text))) {
    return { format: 'mt940', type: 'Mt940Import', evidence: /^\{1:/.test(first.text) ? 'a SWIFT {1:…} envelope' : 'SWIFT tags :20: and :25: with balance or entry lines' };
  }
  const layout = layoutOf(lines);
  if (layout !== null) {
    return { format: 'table', type: layout.type, evidence: `the header on line ${layout.line} is the layout of ${IMPORT_TYPE_ENTRIES[layout.type].summary}` };
  }
  return { format: 'table', type: 'TransactionImport', evidence: 'a table that is no budgeting-app layout' };
}

/** The refusal of content that is plainly another format than the table or QIF type asked for. */
export function otherFormatMessage(guess: FileTypeGuess, asked: ImportType): string {
  const what = describeFormat(guess.format);
  return guess.type !== null
    ? `the content is ${what} (${guess.evidence}), not ${asked} content; send it as type ${guess.type}`
    : `the content is ${what} (${guess.evidence}); sluice reads no ${guess.format === 'zip' ? 'ZIP archive but an XLSX workbook' : guess.format.toUpperCase()}`;
}

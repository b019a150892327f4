// csv-parse alone: its Node stream API over the file (64 KiB chunks), utf-8 decoding, raw arrays
// (no `columns`), counting records. The header line is a record here.
//
//   node --import tsx bench/cases/csv-parse.ts <file> [--json-options '{"col_sep":";"}']

import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import { caseArgs, colSep, emit } from '../case-io.ts';

const { file, options } = caseArgs();
const delimiter = colSep(options);
const t0 = performance.now();
const stream = createReadStream(file);
const parser = stream.pipe(parse({ encoding: 'utf8', ...(delimiter === null ? {} : { delimiter }) }));
let records = 0;
parser.on('data', () => {
  records++;
});
await new Promise<void>((resolve, reject) => {
  parser.once('end', () => resolve());
  parser.once('error', reject);
  stream.once('error', reject);
});
emit({
  case: 'csv-parse', file, elapsed_ms: performance.now() - t0, bytes: stream.bytesRead,
  records, header_included: true, invalid_rows: null,
});

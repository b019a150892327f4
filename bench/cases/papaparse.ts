// Papa Parse, tokenize only: its Node readable-stream input with a `chunk` callback (no header, no
// dynamicTyping), counting rows per chunk. The stream is given setEncoding('utf8') so Papa Parse
// receives decoded strings: it would otherwise call Buffer#toString per 64 KiB chunk and split
// multi-byte characters. The header line is counted as a record.
//
//   node --import tsx bench/cases/papaparse.ts <file> [--json-options '{"col_sep":";"}']

import { createReadStream } from 'node:fs';
import Papa from 'papaparse';
import { caseArgs, colSep, emit } from '../case-io.ts';

const { file, options } = caseArgs();
const delimiter = colSep(options);
const t0 = performance.now();
const stream = createReadStream(file);
stream.setEncoding('utf8');
let records = 0;
await new Promise<void>((resolve, reject) => {
  stream.once('error', reject);
  Papa.parse<string[]>(stream, {
    header: false,
    dynamicTyping: false,
    ...(delimiter === null ? {} : { delimiter }),
    chunk: (results) => {
      records += results.data.length;
    },
    complete: () => resolve(),
    error: (err: Error) => reject(err),
  });
});
emit({
  case: 'papaparse', file, elapsed_ms: performance.now() - t0, bytes: stream.bytesRead,
  records, header_included: true, invalid_rows: null,
});

// uDSV, tokenize only: the file's 64 KiB chunks decoded as utf-8 (TextDecoder in streaming mode, so
// a character split across chunks survives) and fed to uDSV's incremental parser
// (`parser.chunk(str, parser.stringArrs, onRow)` then `parser.end()`), counting rows in the callback
// so nothing accumulates. The schema is inferred from the first chunk with the quote as enclosure
// and no header rows skipped, so the header line is counted as a record.
//
//   node --import tsx bench/cases/udsv.ts <file> [--json-options '{"col_sep":";"}']

import { createReadStream } from 'node:fs';
import { inferSchema, initParser, type Parser } from 'udsv';
import { caseArgs, colSep, emit } from '../case-io.ts';

const { file, options } = caseArgs();
const col = colSep(options);
const t0 = performance.now();
const stream = createReadStream(file);
const decoder = new TextDecoder('utf-8');
const schemaOpts = { header: () => [], encl: '"', ...(col === null ? {} : { col }) };
let parser: Parser | null = null;
let records = 0;
const onRow = (): void => {
  records++;
};
for await (const chunk of stream as AsyncIterable<Buffer>) {
  const text = decoder.decode(chunk, { stream: true });
  if (text === '') continue;
  parser ??= initParser(inferSchema(text, schemaOpts));
  parser.chunk<string[]>(text, parser.stringArrs, onRow);
}
if (parser !== null) {
  // Only a truncated character can be left in the decoder: it flushes as U+FFFD.
  const tail = decoder.decode();
  if (tail !== '') parser.chunk<string[]>(tail, parser.stringArrs, onRow);
  parser.end();
}
emit({
  case: 'udsv', file, elapsed_ms: performance.now() - t0, bytes: stream.bytesRead,
  records, header_included: true, invalid_rows: null,
});

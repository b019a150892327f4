// stream-json's JSON Lines parser alone (stream-json 3, `stream-json/jsonl/parser.js`, a re-export
// of stream-chain's): the file's 64 KiB chunks piped into `parser.asStream()`, one `{key, value}`
// object out per line, counted and dropped. Its own line splitting skips empty lines only; a line
// JSON.parse refuses (a whitespace-only line of a user's file, say) goes to `errorIndicator`, which
// counts it as invalid unless it is blank, and drops it. The function is called only on an error,
// so the path of a good line is the parser's default one.
//
//   node --import tsx bench/cases/stream-json.ts <file.ndjson>

import { createReadStream } from 'node:fs';
import parser from 'stream-json/jsonl/parser.js';
import { caseArgs, emit } from '../case-io.ts';

const { file } = caseArgs();
const t0 = performance.now();
const stream = createReadStream(file);
let records = 0;
let invalid = 0;
const lines = stream.pipe(parser.asStream({
  errorIndicator: (_error: unknown, input: string) => {
    if (input.trim() !== '') invalid++;
    return undefined;
  },
}));
lines.on('data', () => {
  records++;
});
await new Promise<void>((resolve, reject) => {
  lines.once('end', () => resolve());
  lines.once('error', reject);
  stream.once('error', reject);
});
emit({
  case: 'stream-json', file, elapsed_ms: performance.now() - t0, bytes: stream.bytesRead,
  records, header_included: false, invalid_rows: invalid,
});

// The I/O floor: stream the file in 1 MiB chunks and count `\n` bytes with a Buffer#indexOf loop.
// No decoding, no tokenizing; every other case is measured as a fraction of this one. 'data' events
// rather than for-await, and 1 MiB reads rather than fs.createReadStream's default 64 KiB: the floor
// should be the cheapest way to see every byte (for-await over the same stream costs about 1.5×
// here; 64 KiB reads made the 410 MB NDJSON file take 0.75 s to stream against 0.2 s, each read a
// round trip through libuv's thread pool).
//
//   node --import tsx bench/cases/newline-floor.ts <file>

import { createReadStream } from 'node:fs';
import { caseArgs, emit } from '../case-io.ts';

const { file } = caseArgs();
const t0 = performance.now();
const stream = createReadStream(file, { highWaterMark: 1 << 20 });
let lines = 0;
stream.on('data', (chunk) => {
  const buf = chunk as Buffer;
  let i = buf.indexOf(10);
  while (i !== -1) {
    lines++;
    i = buf.indexOf(10, i + 1);
  }
});
await new Promise<void>((resolve, reject) => {
  stream.once('end', () => resolve());
  stream.once('error', reject);
});
emit({
  case: 'newline-floor', file, elapsed_ms: performance.now() - t0, bytes: stream.bytesRead,
  records: lines, header_included: true, invalid_rows: null,
});

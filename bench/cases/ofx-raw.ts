// The floor for OFX: stream the file in 1 MiB chunks, decode it one byte to one character
// (latin1, the cheapest decoding there is: exact for the generated file, which is ASCII under its
// `CHARSET:1252` header), and scan every tag and the text after it with the simplest scanner that
// sees them all (indexOf `<`, indexOf `>`, slice the name and the text), counting STMTTRN start
// tags. No header reading, no leaf/aggregate decisions, no values, no rows: what the engine's OFX
// pipeline costs beyond this is its own work.
//
//   node --import tsx bench/cases/ofx-raw.ts <file.ofx>

import { createReadStream } from 'node:fs';
import { caseArgs, emit } from '../case-io.ts';

const { file } = caseArgs();
const t0 = performance.now();
const stream = createReadStream(file, { highWaterMark: 1 << 20 });
let carry = '';
let records = 0;
let tags = 0;
let textChars = 0;

/** Scans the complete tags of `text`; returns what is left after the last one. */
function scan(text: string): string {
  let pos = 0;
  for (;;) {
    const lt = text.indexOf('<', pos);
    if (lt < 0) return text.slice(pos);
    const gt = text.indexOf('>', lt + 1);
    if (gt < 0) return text.slice(pos);
    textChars += text.slice(pos, lt).length;
    const name = text.slice(lt + 1, gt);
    tags++;
    if (name === 'STMTTRN') records++;
    pos = gt + 1;
  }
}

stream.on('data', (chunk) => {
  carry = scan(carry + (chunk as Buffer).toString('latin1'));
});
await new Promise<void>((resolve, reject) => {
  stream.once('end', () => resolve());
  stream.once('error', reject);
});
scan(carry);
emit({
  case: 'ofx-raw', file, elapsed_ms: performance.now() - t0, bytes: stream.bytesRead,
  records, header_included: false, invalid_rows: null,
});
// Read so the scan's slices cannot be optimized away.
if (tags === 0 && textChars < 0) process.stderr.write('no tags\n');

// saxes alone over the CAMT bench file: the floor the engine's CamtImport is measured against.
// Streams the file (64 KiB reads), decodes UTF-8 with a streaming TextDecoder, writes the text to a
// saxes parser with position tracking on (as the engine runs it, for line numbers) and counts the
// `Ntry` start tags in an opentag handler. No tree, no values, no rows.
//
//   node --import tsx bench/cases/camt-raw.ts <file.xml>

import { createReadStream } from 'node:fs';
import { SaxesParser } from 'saxes';
import { caseArgs, emit } from '../case-io.ts';

const { file } = caseArgs();
const t0 = performance.now();
const stream = createReadStream(file);
const decoder = new TextDecoder('utf-8');
const parser = new SaxesParser({ xmlns: false, position: true });
let records = 0;
parser.on('opentag', (tag) => {
  const name = tag.name;
  if (name === 'Ntry' || name.endsWith(':Ntry')) records++;
});
for await (const chunk of stream) parser.write(decoder.decode(chunk as Uint8Array, { stream: true }));
parser.write(decoder.decode());
parser.close();
emit({
  case: 'camt-raw', file, elapsed_ms: performance.now() - t0, bytes: stream.bytesRead,
  records, header_included: false, invalid_rows: null,
});

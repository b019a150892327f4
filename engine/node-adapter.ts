// The Node platform (platform.ts): Buffer's native byte checks and slices, iconv-lite for every
// code page (also the DOS and Mac pages TextDecoder lacks), and files read by path. Installed by
// the Node entry (node.ts); nothing in the core imports this module.

import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { Buffer, isAscii, isUtf8 } from 'node:buffer';
import { createRequire } from 'node:module';
import type Iconv from 'iconv-lite';
import type { Platform } from './platform.ts';

/**
 * iconv-lite, loaded the first time a code page is decoded: most files are UTF-8 or ASCII, and
 * loading it costs about as much as starting Node (`sluice check` on a small file starts in half
 * the time without it).
 */
let iconvLite: typeof Iconv | null = null;
const load = createRequire(import.meta.url);
const iconv = (): typeof Iconv => (iconvLite ??= load('iconv-lite') as typeof Iconv);

/**
 * Bytes read from a file at a time into a new buffer (the source hands them on in smaller slices).
 * At 1 MiB the CSV bench file's peak RSS rose from about 120 MB to 150–170 MB (freed 1 MiB buffers
 * wait for a collection, and the allocator keeps what they leave); 256 KiB keeps it at 115–125 MB
 * and is as fast; 64 KiB is slower.
 */
const FILE_CHUNK = 1 << 18;
/**
 * Bytes read at a time into two buffers used in turn, for a consumer that keeps nothing of a chunk
 * (ChunkOptions.reuse): the next read runs in libuv's thread pool while this one is consumed, no
 * memory is allocated per read, and the 410 MB NDJSON bench file takes about 5% less time than at
 * 256 KiB.
 */
const REUSED_CHUNK = 1 << 20;

/**
 * `Buffer#utf8Slice` and `#latin1Slice`, the native decoders behind `toString(encoding, start,
 * end)` without that call's argument handling, which cost five times the decoding itself here
 * (profiled on the 1M-line bench export). Not in Node's typings; present on every Buffer since
 * Node 0.x.
 */
type Sliceable = Buffer & { utf8Slice(start: number, end: number): string; latin1Slice(start: number, end: number): string };

const asBuffer = (bytes: Uint8Array): Sliceable =>
  (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) as Sliceable;

/** A file read into two buffers in turn, one being read while the other is consumed. */
async function* fileReused(path: string | URL): AsyncGenerator<Uint8Array> {
  const file = await open(path, 'r');
  let filling = Buffer.allocUnsafeSlow(REUSED_CHUNK), spare = Buffer.allocUnsafeSlow(REUSED_CHUNK);
  let reading = file.read(filling, 0, REUSED_CHUNK, null);
  try {
    for (;;) {
      const { bytesRead } = await reading;
      if (bytesRead === 0) return;
      const full = filling;
      filling = spare;
      reading = file.read(filling, 0, REUSED_CHUNK, null);
      yield full.subarray(0, bytesRead);
      spare = full;
    }
  } finally {
    await reading.catch(() => undefined); // a consumer that stops early: the read in flight ends first
    await file.close();
  }
}

export const NODE_PLATFORM: Platform = {
  name: 'node',
  isAscii,
  isUtf8,
  asciiText: (bytes) => {
    const b = asBuffer(bytes);
    return b.latin1Slice(0, b.length);
  },
  view: asBuffer,
  utf8Slice: (bytes, start, end) => (bytes as Sliceable).utf8Slice(start, end),
  decoder(encoding) {
    const d = iconv().getDecoder(encoding);
    // Single-byte pages are stateless and ASCII-compatible: their ASCII chunks skip iconv.
    const ascii = iconv().decode(Buffer.from([0x41, 0x80]), encoding).length === 2;
    return {
      write: (bytes) => {
        const b = asBuffer(bytes);
        return ascii && isAscii(b) ? b.latin1Slice(0, b.length) : d.write(b);
      },
      end: () => d.end() ?? '',
    };
  },
  decode: (bytes, encoding) => iconv().decode(asBuffer(bytes), encoding),
  encodingName: (label) => (iconv().encodingExists(label) ? label : null),
  readFile: (path, reuse) => (reuse ? fileReused(path) : createReadStream(path, { highWaterMark: FILE_CHUNK })),
};

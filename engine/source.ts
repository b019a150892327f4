// Input adapters (SPEC §2.1): every kind of source becomes an async sequence of byte chunks, so the
// pipelines never hold a whole file. A string is content (not a path); a file is `{ path }` or a
// `file:` URL (read through the platform: the Node entry can, a browser cannot). A Node Readable is
// an async iterable of chunks; a File or Blob is read through its stream().

import { platform } from './platform.ts';

export type Source =
  | string
  | Uint8Array
  | ReadableStream<Uint8Array>
  | Blob
  | AsyncIterable<Uint8Array | string>
  | { path: string }
  | URL;

/**
 * Bytes handed to the pipeline at a time: the rows of one push stay alive until their batch is
 * consumed, and at 32 KiB fewer of them survive a young-generation collection than at 64 KiB
 * (the whole 1M-row bench file: about 5% faster; 1 MiB pushes were twice as slow in place).
 */
const CHUNK = 1 << 15;

export interface ChunkOptions {
  /**
   * The consumer copies whatever it keeps of a chunk before it asks for the next one, so a file
   * may be read into the same buffers over and over.
   */
  reuse?: boolean;
}

function isAsyncIterable(v: unknown): v is AsyncIterable<unknown> {
  return typeof v === 'object' && v !== null && Symbol.asyncIterator in v;
}

function isWebStream(v: unknown): v is ReadableStream<Uint8Array> {
  return typeof v === 'object' && v !== null && typeof (v as ReadableStream).getReader === 'function';
}

async function* slices(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < bytes.length; i += CHUNK) yield bytes.subarray(i, i + CHUNK);
}

/** Chunks of a file (or any stream) handed on in CHUNK slices; slices of a read are kept only as long as the consumer keeps them. */
async function* sliced(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  for await (const bytes of chunks) {
    if (bytes.length <= CHUNK) yield bytes;
    else for (let i = 0; i < bytes.length; i += CHUNK) yield bytes.subarray(i, Math.min(i + CHUNK, bytes.length));
  }
}

async function* fromWeb(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

const encoder = new TextEncoder();

async function* fromIterable(it: AsyncIterable<unknown>): AsyncGenerator<Uint8Array> {
  for await (const chunk of it) {
    if (typeof chunk === 'string') yield encoder.encode(chunk);
    else if (chunk instanceof Uint8Array) yield chunk;
    else throw new TypeError('a stream source must yield bytes or strings');
  }
}

function isBlob(v: unknown): v is Blob {
  return typeof v === 'object' && v !== null && typeof (v as Blob).stream === 'function' && typeof (v as Blob).size === 'number';
}

export function byteChunks(source: Source, options: ChunkOptions = {}): AsyncIterable<Uint8Array> {
  const file = (path: string | URL) => {
    const read = platform.readFile;
    if (read === null) throw new TypeError(`a file path cannot be read on the ${platform.name} platform: pass a File, Blob, stream or bytes (or import the engine's Node entry)`);
    return sliced(read(path, options.reuse === true));
  };
  if (typeof source === 'string') return slices(encoder.encode(source));
  if (source instanceof Uint8Array) return slices(source);
  if (source instanceof URL) return file(source);
  if (isBlob(source)) return fromWeb(source.stream() as ReadableStream<Uint8Array>);
  if (isWebStream(source)) return fromWeb(source);
  if (isAsyncIterable(source)) return fromIterable(source);
  if (typeof source === 'object' && source !== null && typeof (source as { path?: unknown }).path === 'string') {
    return file((source as { path: string }).path);
  }
  throw new TypeError('source must be a string, bytes, a Blob or File, a Node or web stream, an async iterable, { path } or a file URL');
}

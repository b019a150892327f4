// Input adapters (SPEC §2.1): every kind of source becomes an async sequence of byte chunks, so the
// pipelines never hold a whole file. A string is content (not a path); a file is `{ path }` or a
// `file:` URL.

import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';

export type Source =
  | string
  | Uint8Array
  | Readable
  | ReadableStream<Uint8Array>
  | AsyncIterable<Uint8Array | string>
  | { path: string }
  | URL;

/**
 * Bytes handed to the pipeline at a time: the rows of one push stay alive until their batch is
 * consumed, and at 32 KiB fewer of them survive a young-generation collection than at 64 KiB
 * (the whole 1M-row bench file: about 5% faster; 1 MiB pushes were twice as slow in place).
 */
const CHUNK = 1 << 15;
/**
 * Bytes read from a file at a time into a new buffer (each read is handed on in CHUNK slices). At
 * 1 MiB the CSV bench file's peak RSS rose from about 120 MB to 150–170 MB (freed 1 MiB buffers
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

async function* fromFile(stream: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  // A read stream yields a new Buffer per read, so slices of it can be handed on and kept.
  for await (const bytes of stream) {
    if (bytes.length <= CHUNK) yield bytes;
    else for (let i = 0; i < bytes.length; i += CHUNK) yield bytes.subarray(i, i + CHUNK);
  }
}

/** A file read into two buffers in turn, one being read while the other is consumed. */
async function* fromFileReused(path: string | URL): AsyncGenerator<Uint8Array> {
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
      for (let i = 0; i < bytesRead; i += CHUNK) yield full.subarray(i, Math.min(i + CHUNK, bytesRead));
      spare = full;
    }
  } finally {
    await reading.catch(() => undefined); // a consumer that stops early: the read in flight ends first
    await file.close();
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

export function byteChunks(source: Source, options: ChunkOptions = {}): AsyncIterable<Uint8Array> {
  const file = (path: string | URL) =>
    options.reuse ? fromFileReused(path) : fromFile(createReadStream(path, { highWaterMark: FILE_CHUNK }));
  if (typeof source === 'string') return slices(encoder.encode(source));
  if (source instanceof Uint8Array) return slices(source);
  if (source instanceof URL) return file(source);
  if (isWebStream(source)) return fromWeb(source);
  if (isAsyncIterable(source)) return fromIterable(source);
  if (typeof source === 'object' && source !== null && typeof (source as { path?: unknown }).path === 'string') {
    return file((source as { path: string }).path);
  }
  throw new TypeError('source must be a string, bytes, a Node or web stream, an async iterable, { path } or a file URL');
}

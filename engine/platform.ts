// What the engine needs from the runtime beyond the language: byte checks, decoding, and reading a
// file by path (SPEC §7). The core imports no `node:*` module: it works through `platform`, which
// starts as the standard web APIs (TextDecoder, Uint8Array), usable in a browser, Deno or Node
// alike. The Node entry (node.ts) swaps in node-adapter.ts, whose Buffer fast paths the bench
// measured (native ASCII and UTF-8 checks, latin1 and UTF-8 slices without a decoder) and which
// adds iconv-lite for the legacy code pages TextDecoder does not know (cp437, cp850, …) and file
// paths.

/** A streaming decoder of one encoding. */
export interface ByteDecoder {
  write(bytes: Uint8Array): string;
  end(): string;
}

export interface Platform {
  /** A name for this platform in messages. */
  readonly name: string;
  /** Every byte is below 0x80. */
  isAscii(bytes: Uint8Array): boolean;
  /** The bytes are well-formed UTF-8. */
  isUtf8(bytes: Uint8Array): boolean;
  /** Text of bytes that are all ASCII (so latin1 and UTF-8 read them alike). */
  asciiText(bytes: Uint8Array): string;
  /** `bytes` as this platform's fastest byte view (a Buffer on Node); the same memory. */
  view(bytes: Uint8Array): Uint8Array;
  /** UTF-8 text of `bytes[start, end)`, invalid sequences as U+FFFD; `bytes` came from view(). */
  utf8Slice(bytes: Uint8Array, start: number, end: number): string;
  /** A streaming decoder for an encoding name encodingName() returned (not UTF-8 or UTF-16). */
  decoder(encoding: string): ByteDecoder;
  /** One-shot decoding of a whole window in a single-byte encoding. */
  decode(bytes: Uint8Array, encoding: string): string;
  /** The canonical name of an encoding label this platform can decode, or null. */
  encodingName(label: string): string | null;
  /** The bytes of a file, in chunks; null where there is no file system. */
  readFile: ((path: string | URL, reuse: boolean) => AsyncIterable<Uint8Array>) | null;
}

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * windows-1252's characters at 0x80–0x9F (U+FFFD where the page has none). Some runtimes decode
 * windows-1252 as ISO-8859-1 there (Node before 22 among them); the web platform mends their text
 * with this table, so a statement reads the same everywhere.
 */
const CP1252_HIGH = '€\uFFFD‚ƒ„…†‡ˆ‰Š‹Œ\uFFFDŽ\uFFFD\uFFFD‘’“”•–—˜™š›œ\uFFFDžŸ';
const C1 = /[\x80-\x9f]/g;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * Text of a single-byte page with the WHATWG decoder's C1 controls mended. The Encoding Standard
 * decodes a byte that a windows-125x page leaves undefined (0x81 in windows-1250) as the C1
 * control of the same number; it is no character of the page, so it becomes U+FFFD, as iconv-lite
 * decodes it on Node and as the decoder counts undecodable bytes. ISO-8859 pages keep theirs:
 * there, 0x80–0x9F are the C1 controls.
 */
function mendC1(text: string, encoding: string): string {
  if (!encoding.startsWith('windows-')) return text;
  return text.replace(C1, (c) => (encoding === 'windows-1252' ? CP1252_HIGH[c.charCodeAt(0) - 0x80]! : '\uFFFD'));
}

/** The standard web APIs: works wherever TextDecoder does (every browser, Node, Deno, Bun). */
export const WEB_PLATFORM: Platform = {
  name: 'web',
  isAscii(bytes) {
    for (let i = 0; i < bytes.length; i++) if (bytes[i]! > 0x7f) return false;
    return true;
  },
  isUtf8(bytes) {
    try {
      strictUtf8.decode(bytes);
      return true;
    } catch {
      return false;
    }
  },
  asciiText: (bytes) => utf8.decode(bytes),
  view: (bytes) => bytes,
  utf8Slice: (bytes, start, end) => utf8.decode(bytes.subarray(start, end)),
  decoder(encoding) {
    const d = new TextDecoder(encoding, { ignoreBOM: true });
    return { write: (bytes) => mendC1(d.decode(bytes, { stream: true }), encoding), end: () => mendC1(d.decode(), encoding) };
  },
  decode: (bytes, encoding) => mendC1(new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes), encoding),
  encodingName(label) {
    try {
      // TextDecoder's own canonical name: `latin2` → `iso-8859-2`, `cp1250` → `windows-1250`.
      return new TextDecoder(label).encoding;
    } catch {
      return null;
    }
  },
  readFile: null,
};

/** The platform in use: the web one until an adapter installs another. */
export let platform: Platform = WEB_PLATFORM;

/** Installs an adapter's platform (node.ts does this when it is imported). */
export function usePlatform(p: Platform): void {
  platform = p;
}

// Streaming text decoding with encoding detection (SPEC §2.1, §2.13). Feed byte chunks with
// push(), then end(); each call returns the text decoded so far. The result never depends on where
// the input was split: every decision is taken on a fixed-size window of bytes, buffered until it
// is complete or the input ends.
//
// Order of evidence: an explicit encoding wins; then a BOM (UTF-8, UTF-16LE, UTF-16BE; removed);
// then the NUL pattern of UTF-16 without a BOM in the first 4 KiB; then UTF-8, checked strictly
// from the first non-ASCII byte over a 64 KiB window (everything before it is ASCII, which reads
// the same in every candidate, so deciding late loses nothing); if those bytes are not UTF-8, the
// single-byte code page whose decoding of the window is most plausible (encoding-guess.ts),
// flagged as a guess when another page reads it differently and nearly as well. Other encodings
// decode through the platform (platform.ts: iconv-lite on Node, TextDecoder elsewhere).
//
// Undecodable bytes become U+FFFD and are counted; the row reader reports every field holding one.
// A U+FFFD that valid UTF-8 spells out is a character like any other and is not counted.

import { SluiceError } from '../errors.ts';
import { platform, WEB_PLATFORM, type ByteDecoder as PlatformDecoder } from '../platform.ts';
import { guessCodePage, type CodePageChoice } from './encoding-guess.ts';

const HEAD = 4096;
const WINDOW = 64 * 1024;


interface ByteDecoder extends PlatformDecoder {
  /**
   * Characters that stood for bytes the encoding could not decode, so far. Counted by the decoder
   * itself where the text may hold a literal U+FFFD (UTF-8); absent where every U+FFFD is one.
   */
  readonly replaced?: number;
}

/** ASCII bytes read the same in every supported encoding but UTF-16; latin1 makes the cheapest string of them. */
const asciiText = (bytes: Uint8Array) => platform.asciiText(bytes);

/** Where a UTF-8 sequence cut by the end of `bytes` starts (bytes.length when none is cut). */
function utf8Cut(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let k = 1; k <= 3 && k <= n; k++) {
    const b = bytes[n - k]!;
    if ((b & 0xc0) === 0x80) continue; // continuation byte: look further back
    const len = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return len > k ? n - k : n;
  }
  return n;
}

/**
 * UTF-8 without TextDecoder's streaming state: an incomplete sequence at the end of a chunk is
 * carried to the next one, so each chunk decodes on its own and a pure-ASCII chunk (most of a
 * bank export) takes the latin1 fast path. WHATWG decoding is self-synchronizing, so cutting
 * between sequences gives the same text as decoding the whole input at once.
 */
function utf8Decoder(): ByteDecoder {
  const d = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
  let carry: Uint8Array | null = null;
  let replaced = 0;
  // A chunk of valid UTF-8 holds no replacement: a U+FFFD in it is the character itself (SPEC §2.14).
  const decode = (bytes: Uint8Array) => {
    if (platform.isAscii(bytes)) return asciiText(bytes);
    const text = d.decode(bytes);
    if (!platform.isUtf8(bytes)) replaced += countFffd(text) - literalFffd(bytes);
    return text;
  };
  return {
    write(bytes) {
      const all = carry ? concat(carry, bytes) : bytes;
      const cut = utf8Cut(all);
      carry = cut < all.length ? all.slice(cut) : null;
      return cut === 0 ? '' : decode(all.subarray(0, cut));
    },
    end() {
      const rest = carry;
      carry = null;
      return rest ? decode(rest) : '';
    },
    get replaced() {
      return replaced;
    },
  };
}

function countFffd(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\uFFFD'); i >= 0; i = text.indexOf('\uFFFD', i + 1)) n++;
  return n;
}

/** U+FFFD written as UTF-8 (EF BF BD) in the bytes. */
function literalFffd(bytes: Uint8Array): number {
  let n = 0;
  for (let i = bytes.indexOf(0xef); i >= 0 && i + 2 < bytes.length; i = bytes.indexOf(0xef, i + 1)) {
    if (bytes[i + 1] === 0xbf && bytes[i + 2] === 0xbd) n++;
  }
  return n;
}

function decoderFor(encoding: string): ByteDecoder {
  if (encoding === 'utf-8') return utf8Decoder();
  // UTF-16 through TextDecoder on every platform (iconv-lite has no advantage there).
  return encoding === 'utf-16le' || encoding === 'utf-16be' ? WEB_PLATFORM.decoder(encoding) : platform.decoder(encoding);
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

function firstNonAscii(bytes: Uint8Array): number {
  if (platform.isAscii(bytes)) return -1;
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! > 0x7f) return i;
  return -1;
}

/**
 * The single-byte code page for bytes that are not UTF-8 (SPEC §2.14): each candidate of
 * CODE_PAGES decodes the window and is scored by how plausible the text is (encoding-guess.ts).
 */
export function chooseSingleByte(window: Uint8Array, prefix = ''): CodePageChoice {
  return guessCodePage(window, prefix);
}

/**
 * UTF-8 when the window decodes strictly; also when valid multi-byte sequences outnumber the
 * invalid bytes four to one, because then the file is UTF-8 with a few damaged bytes (each is
 * reported on its row) and reading all of it as windows-1252 would garble every other accented
 * letter without a word.
 */
function isUtf8(window: Uint8Array, truncated: boolean): boolean {
  try {
    // With `stream`, a multi-byte sequence cut by the end of a window that is not the end of the
    // input is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(window, { stream: truncated });
    return true;
  } catch {
    const text = new TextDecoder('utf-8').decode(window, { stream: truncated });
    let valid = 0, invalid = 0;
    for (const ch of text) {
      if (ch === '\uFFFD') invalid++;
      else if (ch.codePointAt(0)! > 0x7f) valid++;
    }
    return valid >= 4 * invalid;
  }
}

function utf16ByNuls(head: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const pairs = head.length >> 1;
  if (pairs < 2) return null;
  let even = 0, odd = 0;
  for (let i = 0; i + 1 < head.length; i += 2) {
    if (head[i] === 0) even++;
    if (head[i + 1] === 0) odd++;
  }
  if (odd >= pairs * 0.3 && even <= pairs * 0.05) return 'utf-16le';
  if (even >= pairs * 0.3 && odd <= pairs * 0.05) return 'utf-16be';
  return null;
}

/** Files that announce themselves as something else: a PDF, a ZIP (an .xlsx workbook). */
function refuseSignatures(head: Uint8Array): void {
  const starts = (sig: number[]) => sig.every((b, i) => head[i] === b);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) throw new SluiceError('DECODE_BINARY', 'the file is a PDF, not a delimited text file', null);
  if (starts([0x50, 0x4b, 0x03, 0x04])) throw new SluiceError('DECODE_BINARY', 'the file is a ZIP archive (an .xlsx workbook?), not a delimited text file; export it as CSV', null);
}

/** NUL bytes that are not UTF-16's pattern: binary data. */
function refuseBinary(head: Uint8Array): void {
  let nuls = 0;
  for (const b of head) if (b === 0) nuls++;
  if (nuls > 0 && nuls >= head.length / 100) {
    throw new SluiceError('DECODE_BINARY', 'the file holds binary data (NUL bytes), not text', null);
  }
}

export interface DecodeReport {
  /** The encoding used (utf-8, utf-16le, utf-16be, a single-byte code page, or the one given). */
  encoding: string;
  /** true when detected, false when given by the `encoding` option. */
  detected: boolean;
  /** true when a single-byte code page was chosen and another decodes the text differently and nearly as well. */
  guessed: boolean;
  /** How the encoding was found, in a few words. */
  evidence: string;
  /** The code page that came second when one was guessed. */
  runnerUp: string | null;
  bom: boolean;
  /** Characters that could not be decoded (replaced by U+FFFD and reported on their rows). */
  replacements: number;
}

export class StreamDecoder {
  private state: 'head' | 'ascii' | 'window' | 'decided' = 'head';
  private pending: Uint8Array = new Uint8Array(0);
  private decoder: ByteDecoder | null = null;
  /** The first ASCII text, before the first byte that is not (its header words help tell code pages apart). */
  private asciiHead = '';
  readonly report: DecodeReport;

  constructor(explicit: string | null) {
    this.report = {
      encoding: explicit ?? 'utf-8', detected: explicit === null, guessed: false, evidence: explicit === null ? 'the text is ASCII' : 'given',
      runnerUp: null, bom: false, replacements: 0,
    };
  }

  push(bytes: Uint8Array): string {
    return this.count(this.feed(bytes, false));
  }

  end(): string {
    return this.count(this.feed(new Uint8Array(0), true));
  }

  private count(text: string): string {
    const d = this.decoder;
    if (d !== null && d.replaced !== undefined) this.report.replacements = d.replaced;
    else if (text.includes('\uFFFD')) this.report.replacements += countFffd(text);
    return text;
  }

  private feed(bytes: Uint8Array, last: boolean): string {
    switch (this.state) {
      case 'decided':
        return this.decoder!.write(bytes) + (last ? this.decoder!.end() : '');
      case 'head': {
        this.pending = concat(this.pending, bytes);
        if (this.pending.length < HEAD && !last) return '';
        const all = this.pending;
        this.pending = new Uint8Array(0);
        return this.decideHead(all, last);
      }
      case 'ascii': {
        const at = firstNonAscii(bytes);
        if (at < 0) return this.keepHead(asciiText(bytes));
        this.state = 'window';
        const prefix = this.keepHead(asciiText(bytes.subarray(0, at)));
        return prefix + this.feed(bytes.subarray(at), last);
      }
      case 'window': {
        this.pending = concat(this.pending, bytes);
        if (this.pending.length < WINDOW && !last) return '';
        const all = this.pending;
        this.pending = new Uint8Array(0);
        const window = all.subarray(0, WINDOW);
        if (isUtf8(window, all.length > WINDOW || !last)) {
          this.report.encoding = 'utf-8';
          this.report.evidence = 'the bytes are valid UTF-8';
        } else {
          const choice = chooseSingleByte(window, this.asciiHead);
          this.report.encoding = choice.encoding;
          this.report.guessed = choice.guessed;
          this.report.evidence = choice.evidence;
          this.report.runnerUp = choice.runnerUp;
        }
        return this.decide(this.report.encoding, all, last);
      }
    }
  }

  private keepHead(text: string): string {
    if (this.asciiHead.length < 8192) this.asciiHead += text.slice(0, 8192 - this.asciiHead.length);
    return text;
  }

  private decide(encoding: string, bytes: Uint8Array, last: boolean): string {
    this.state = 'decided';
    this.decoder = decoderFor(encoding);
    return this.feed(bytes, last);
  }

  private decideHead(head: Uint8Array, last: boolean): string {
    const b = head;
    const bom =
      b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? { enc: 'utf-8', len: 3 }
      : b[0] === 0xff && b[1] === 0xfe ? { enc: 'utf-16le', len: 2 }
      : b[0] === 0xfe && b[1] === 0xff ? { enc: 'utf-16be', len: 2 }
      : null;
    const explicit = this.report.detected ? null : this.report.encoding;
    if (explicit !== null) {
      // The option wins; a BOM of that same encoding is still not part of the text.
      const skip = bom && bom.enc === explicit ? bom.len : 0;
      this.report.bom = skip > 0;
      return this.decide(explicit, b.subarray(skip), last);
    }
    if (bom) {
      this.report.encoding = bom.enc;
      this.report.evidence = 'a byte order mark';
      this.report.bom = true;
      return this.decide(bom.enc, b.subarray(bom.len), last);
    }
    refuseSignatures(b);
    const utf16 = utf16ByNuls(b.subarray(0, HEAD));
    if (utf16) {
      this.report.encoding = utf16;
      this.report.evidence = 'the pattern of NUL bytes';
      return this.decide(utf16, b, last);
    }
    refuseBinary(b.subarray(0, HEAD));
    this.state = 'ascii';
    return this.feed(b, last);
  }
}

// Bytes to text for OFX: the encoding comes from the file's own header, which is ASCII and comes
// before the first element, so the bytes are held until `<OFX` has arrived, the header is read,
// and then everything is decoded with the encoding it names (the held bytes too, so line numbers
// count from the start of the file).
//
//   const d = new OfxDecoder(opts.encoding);
//   text = d.push(bytes); ...; text = d.end();   d.report (the DecodeReport statementResult() takes)
//   d.header                                     (what the header said, once read)
//
// Order of evidence:
//   1. the `encoding` option;
//   2. a byte order mark (UTF-8, UTF-16): the generic decoder (decode/decoder.ts) takes over;
//   3. the header: OFX 1.x `ENCODING:USASCII` with `CHARSET:1252 | ISO-8859-1 | NONE` (a code
//      page), `ENCODING:UTF-8` (the OFX 1.x header; older servers write `UNICODE`); OFX 2.x the XML
//      declaration's `encoding`, UTF-8 when it names none (XML 1.0, §4.3.3). `US-ASCII` and
//      `CHARSET:NONE` decode as windows-1252, as the WHATWG Encoding Standard maps the `us-ascii`
//      label: an ASCII file reads the same, and a stray accented byte still reads as a letter;
//   4. no header before `<OFX`: the generic decoder's detection.
// The header is checked against the bytes, because banks mislabel: from the first non-ASCII byte a
// 64 KiB window is held; a header that names a code page over bytes that are valid UTF-8 (several
// banks write UTF-8 under `CHARSET:1252`) reads as UTF-8, and one that says UTF-8 over bytes that
// are not reads as the code page the generic guess finds. The result says which, and why.

import { chooseSingleByte, StreamDecoder, type DecodeReport } from '../decode/decoder.ts';
import { normalizeEncoding } from '../options.ts';
import { platform } from '../platform.ts';

/** How far the bytes are held looking for `<OFX` (the header is a few hundred bytes). */
const HEAD_LIMIT = 64 * 1024;
/** The bytes from the first non-ASCII one that decide whether the header's encoding is right. */
const WINDOW = 64 * 1024;

export interface OfxHeader {
  /** 1 for the SGML `KEY:VALUE` header, 2 for the XML one. */
  major: 1 | 2;
  /** VERSION as written (`102`, `220`), or null. */
  version: string | null;
  /** The encoding the header names (WHATWG name), and how it says so. */
  encoding: string;
  evidence: string;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b.slice();
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

const LATIN1 = new TextDecoder('latin1');
const upper = (b: number) => (b >= 97 && b <= 122 ? b - 32 : b);

/** Index of `<OFX` followed by `>`, `/` or a blank, at or after `from`; -1 when it has not arrived. */
function findOfxTag(bytes: Uint8Array, from: number): number {
  for (let i = bytes.indexOf(60, from); i >= 0 && i + 4 < bytes.length; i = bytes.indexOf(60, i + 1)) {
    if (upper(bytes[i + 1]!) !== 79 || upper(bytes[i + 2]!) !== 70 || upper(bytes[i + 3]!) !== 88) continue;
    const next = bytes[i + 4]!;
    if (next === 62 || next === 47 || next === 32 || next === 9 || next === 10 || next === 13) return i;
  }
  return -1;
}

/** A single-byte or UTF-8 encoding a header label names, or null. */
function labelEncoding(label: string): string | null {
  const l = label.trim().toLowerCase();
  if (l === 'usascii' || l === 'us-ascii' || l === 'ascii' || l === 'none' || l === '') return 'windows-1252';
  if (l === 'unicode' || l === 'utf8' || l === 'utf-8') return 'utf-8';
  const digits = /^\d{3,4}$/.test(l) ? normalizeEncoding(`windows-${l}`) ?? normalizeEncoding(`cp${l}`) : null;
  const iso = /^8859-\d{1,2}$/.test(l) ? normalizeEncoding(`iso-${l}`) : null;
  const name = digits ?? iso ?? normalizeEncoding(l);
  return name === null || name.startsWith('utf-16') ? null : name;
}

/** What the header before `<OFX` says, or null when there is none. */
export function readHeader(text: string): OfxHeader | null {
  const ofxPi = /<\?OFX\b([^?]*)\?>/i.exec(text);
  const xmlDecl = /<\?xml\b([^?]*)\?>/i.exec(text);
  if (ofxPi !== null || xmlDecl !== null) {
    const attr = (s: string | undefined, key: string) => (s === undefined ? null : new RegExp(`\\b${key}\\s*=\\s*["']([^"']*)["']`, 'i').exec(s)?.[1] ?? null);
    const declared = attr(xmlDecl?.[1], 'encoding');
    const encoding = declared === null ? 'utf-8' : labelEncoding(declared);
    return {
      major: 2, version: attr(ofxPi?.[1], 'VERSION'),
      encoding: encoding ?? 'utf-8',
      evidence: declared === null ? 'the OFX 2 XML header names no encoding (XML is then UTF-8)'
        : encoding === null ? `the XML declaration names encoding="${declared}", which is not one sluice reads; UTF-8 was used`
        : `the XML declaration (encoding="${declared}")`,
    };
  }
  // KEY:VALUE pairs, one a line (blank lines between them happen), or several on one line as a
  // few servers write them: no value holds a blank.
  const fields = new Map<string, string>();
  for (const m of text.matchAll(/([A-Za-z]+)[ \t]*:[ \t]*(\S*)/g)) {
    if (!fields.has(m[1]!.toUpperCase())) fields.set(m[1]!.toUpperCase(), m[2]!);
  }
  if (!fields.has('OFXHEADER') && !fields.has('ENCODING') && !fields.has('CHARSET')) return null;
  const enc = fields.get('ENCODING') ?? null;
  const charset = fields.get('CHARSET') ?? null;
  const said = [enc === null ? null : `ENCODING:${enc}`, charset === null ? null : `CHARSET:${charset}`].filter((s) => s !== null).join(', ');
  // ENCODING:UTF-8 leaves CHARSET meaningless (the OFX 1.x header's rule); USASCII needs the code page.
  const byEncoding = enc === null ? null : labelEncoding(enc);
  const byCharset = charset === null ? null : labelEncoding(charset);
  const encoding = byEncoding === 'utf-8' ? 'utf-8' : byCharset ?? byEncoding ?? 'windows-1252';
  const unknown = charset !== null && byCharset === null && byEncoding !== 'utf-8';
  return {
    major: 1, version: fields.get('VERSION') ?? null, encoding,
    evidence: `the OFX header (${said || 'no ENCODING or CHARSET'})${unknown ? `, whose CHARSET sluice does not know; ${encoding} was used` : ''}`,
  };
}

/** Strict UTF-8, or UTF-8 with a few damaged bytes (valid sequences outnumber them four to one), as decode/decoder.ts judges. */
function readsAsUtf8(window: Uint8Array, truncated: boolean): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(window, { stream: truncated });
    return true;
  } catch {
    let valid = 0, invalid = 0;
    for (const ch of new TextDecoder('utf-8').decode(window, { stream: truncated })) {
      if (ch === '\uFFFD') invalid++;
      else if (ch.codePointAt(0)! > 0x7f) valid++;
    }
    return valid >= 4 * invalid;
  }
}

function firstNonAscii(bytes: Uint8Array): number {
  if (platform.isAscii(bytes)) return -1;
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! > 0x7f) return i;
  return -1;
}

export class OfxDecoder {
  private state: 'head' | 'ascii' | 'window' | 'decided' = 'head';
  private held: Uint8Array = new Uint8Array(0);
  private searchFrom = 0;
  private inner: StreamDecoder | null = null;
  /** How the encoding was chosen when the header chose it (null when the inner decoder's own report says it). */
  private chosen: { encoding: string; evidence: string; guessed: boolean; runnerUp: string | null } | null = null;
  header: OfxHeader | null = null;

  constructor(encoding: string | null) {
    if (encoding !== null) this.decide(new StreamDecoder(encoding));
  }

  get report(): DecodeReport {
    const inner = this.inner?.report ?? null;
    const c = this.chosen;
    if (c === null && inner !== null) return inner;
    return {
      encoding: c?.encoding ?? 'utf-8', detected: true, guessed: c?.guessed ?? false, evidence: c?.evidence ?? 'the file is empty',
      runnerUp: c?.runnerUp ?? null, bom: false, replacements: inner?.replacements ?? 0,
    };
  }

  push(bytes: Uint8Array): string {
    return this.feed(bytes, false);
  }

  end(): string {
    return this.feed(new Uint8Array(0), true);
  }

  private decide(inner: StreamDecoder): void {
    this.inner = inner;
    this.state = 'decided';
  }

  private feed(bytes: Uint8Array, last: boolean): string {
    switch (this.state) {
      case 'decided':
        return this.inner!.push(bytes) + (last ? this.inner!.end() : '');
      case 'head':
        return this.head(bytes, last);
      case 'ascii': {
        const at = firstNonAscii(bytes);
        if (at < 0) return platform.asciiText(bytes);
        this.state = 'window';
        return platform.asciiText(bytes.subarray(0, at)) + this.feed(bytes.subarray(at), last);
      }
      case 'window': {
        this.held = concat(this.held, bytes);
        if (this.held.length < WINDOW && !last) return '';
        const all = this.held;
        this.held = new Uint8Array(0);
        this.chooseByWindow(all.subarray(0, WINDOW), all.length > WINDOW || !last);
        return this.feed(all, last);
      }
    }
  }

  /** Holds the bytes until `<OFX` (or the limit, or the end), then reads the header and decides. */
  private head(bytes: Uint8Array, last: boolean): string {
    this.held = concat(this.held, bytes);
    const b = this.held;
    if (b.length < 3 && !last) return '';
    const bom = (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) || (b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff);
    const at = bom ? -1 : findOfxTag(b, this.searchFrom);
    if (!bom && at < 0 && b.length < HEAD_LIMIT && !last) {
      this.searchFrom = Math.max(0, b.length - 4);
      return '';
    }
    this.held = new Uint8Array(0);
    this.header = at < 0 ? null : readHeader(LATIN1.decode(b.subarray(0, at)));
    if (this.header === null) {
      // A BOM decides (SPEC §2.1); with no header the generic detection reads the file.
      this.decide(new StreamDecoder(null));
    } else {
      this.chosen = { encoding: this.header.encoding, evidence: this.header.evidence, guessed: false, runnerUp: null };
      this.state = 'ascii';
    }
    return this.feed(b, last);
  }

  /** Checks the header's encoding against the first non-ASCII bytes, and creates the decoder. */
  private chooseByWindow(window: Uint8Array, truncated: boolean): void {
    const c = this.chosen!;
    const utf8 = readsAsUtf8(window, truncated);
    if (c.encoding === 'utf-8' && !utf8) {
      const page = chooseSingleByte(window);
      this.chosen = {
        encoding: page.encoding, guessed: page.guessed, runnerUp: page.runnerUp,
        evidence: `${c.evidence} says UTF-8, but the bytes are not UTF-8; ${page.evidence}`,
      };
    } else if (c.encoding !== 'utf-8' && utf8) {
      this.chosen = { encoding: 'utf-8', guessed: false, runnerUp: c.encoding, evidence: `${c.evidence} names ${c.encoding}, but the bytes are valid UTF-8` };
    }
    this.inner = new StreamDecoder(this.chosen!.encoding);
    this.state = 'decided';
  }
}

// Physical lines of decoded text, for the line-based formats (NDJSON, QIF): LF, CRLF and lone CR
// each end a line, also when a CR ends one chunk and its LF starts the next. Each line is handed
// on with its 1-based number; the unfinished last line waits for more text or for end().

import { platform } from '../platform.ts';

const LF = 10, CR = 13;

export type LineSink = (text: string, line: number) => void;

export class LineSplitter {
  private carry = '';
  private line = 1;
  private skipLF = false;

  /** Lines seen so far (the number the next line will have, minus one). */
  get linesSeen(): number {
    return this.line - 1;
  }

  push(text: string, emit: LineSink): void {
    let s = text;
    let i = 0;
    if (this.skipLF && s.length > 0) {
      this.skipLF = false;
      if (s.charCodeAt(0) === LF) i = 1;
    }
    if (this.carry !== '') {
      s = this.carry + s.slice(i);
      i = 0;
      this.carry = '';
    }
    const n = s.length;
    let nLF = -1, nCR = -1;
    while (i < n) {
      if (nLF < i) { nLF = s.indexOf('\n', i); if (nLF < 0) nLF = n; }
      if (nCR < i) { nCR = s.indexOf('\r', i); if (nCR < 0) nCR = n; }
      const j = nLF < nCR ? nLF : nCR;
      if (j === n) break;
      emit(s.slice(i, j), this.line++);
      i = j + 1;
      if (s.charCodeAt(j) === CR) {
        if (j + 1 < n) { if (s.charCodeAt(j + 1) === LF) i++; } else this.skipLF = true;
      }
    }
    if (i < n) this.carry = s.slice(i);
  }

  end(emit: LineSink): void {
    if (this.carry !== '') emit(this.carry, this.line++);
    this.carry = '';
  }
}

/** A line's text, number, and whether its bytes were valid UTF-8 (if not, U+FFFD stands in). */
export type Utf8LineSink = (text: string, line: number, validUtf8: boolean) => void;

const EMPTY = new Uint8Array(0);

/** A copy (not Buffer#slice, which is a view). */
function copy(bytes: Uint8Array): Uint8Array {
  const out = platform.view(new Uint8Array(bytes.length));
  out.set(bytes);
  return out;
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  let n = 0;
  for (const p of parts) n += p.length;
  const out = platform.view(new Uint8Array(n));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * Physical lines of UTF-8 bytes, cut on the bytes and decoded one line at a time (LF, CRLF and lone
 * CR, as LineSplitter; a UTF-8 BOM at the start is dropped). The line-based formats read this way
 * because it is faster than decoding chunks to text and cutting the text: a line of ASCII becomes a
 * one-byte string, which JSON.parse reads faster, and whole chunks are checked as UTF-8 in one
 * native call. A line ending never falls inside a UTF-8 character (0x0A and 0x0D are never part of
 * one), so cutting bytes is exact. Invalid bytes become U+FFFD and the line says so.
 */
export class Utf8LineSplitter {
  /** The unfinished last line: its pieces, joined once it ends (a long line costs no re-copying). */
  private carry: Uint8Array[] = [];
  private line = 1;
  private skipLF = false;
  private head: Uint8Array | null = EMPTY;
  /** A UTF-8 BOM was dropped from the start. */
  bom = false;
  /** Lines that held bytes that are not UTF-8. */
  invalidLines = 0;

  get linesSeen(): number {
    return this.line - 1;
  }

  push(bytes: Uint8Array, emit: Utf8LineSink): void {
    let buf = platform.view(bytes);
    if (this.head !== null) {
      // The first three bytes decide whether there is a BOM.
      buf = this.head.length === 0 ? buf : concat([this.head, buf]);
      if (buf.length < 3) {
        this.head = copy(buf);
        return;
      }
      this.head = null;
      if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
        this.bom = true;
        buf = buf.subarray(3);
      }
    }
    this.split(buf, emit);
  }

  end(emit: Utf8LineSink): void {
    if (this.head !== null) {
      // Fewer than three bytes in all: no room for a BOM.
      const head = this.head;
      this.head = null;
      this.split(head, emit);
    }
    if (this.carry.length > 0) {
      const whole = concat(this.carry);
      this.carry = [];
      this.emitLine(whole, 0, whole.length, platform.isUtf8(whole), emit);
    }
  }

  private split(buf: Uint8Array, emit: Utf8LineSink): void {
    const n = buf.length;
    let i = 0;
    if (this.skipLF && n > 0) {
      this.skipLF = false;
      if (buf[0] === LF) i = 1;
    }
    let nLF = -1, nCR = -1;
    const next = (from: number): number => {
      if (nLF < from) { nLF = buf.indexOf(LF, from); if (nLF < 0) nLF = n; }
      if (nCR < from) { nCR = buf.indexOf(CR, from); if (nCR < 0) nCR = n; }
      return nLF < nCR ? nLF : nCR;
    };
    let j = next(i);
    if (this.carry.length > 0) {
      // The line left over from the last push ends in this one, or not yet.
      if (j === n) {
        if (i < n) this.carry.push(copy(buf.subarray(i)));
        return;
      }
      this.carry.push(buf.subarray(i, j));
      const whole = concat(this.carry);
      this.carry = [];
      this.emitLine(whole, 0, whole.length, platform.isUtf8(whole), emit);
      i = this.after(buf, j);
      j = next(i);
    }
    if (j < n) {
      // The lines that end in this push, checked as UTF-8 in one call up to the last line end.
      const valid = platform.isUtf8(buf.subarray(i, Math.max(buf.lastIndexOf(LF), buf.lastIndexOf(CR))));
      while (j < n) {
        this.emitLine(buf, i, j, valid, emit);
        i = this.after(buf, j);
        j = next(i);
      }
    }
    // Copied: the caller may reuse its buffer.
    if (i < n) this.carry.push(copy(buf.subarray(i)));
  }

  /** Where the next line starts after the line end at `j`. */
  private after(buf: Uint8Array, j: number): number {
    if (buf[j] !== CR) return j + 1;
    if (j + 1 < buf.length) return buf[j + 1] === LF ? j + 2 : j + 1;
    this.skipLF = true;
    return j + 1;
  }

  private emitLine(buf: Uint8Array, start: number, end: number, chunkValid: boolean, emit: Utf8LineSink): void {
    const valid = chunkValid || platform.isUtf8(buf.subarray(start, end));
    if (!valid) this.invalidLines++;
    emit(platform.utf8Slice(buf, start, end), this.line++, valid);
  }
}

// A resumable CSV tokenizer over decoded text (RFC 4180 with the edge rules of SPEC §2.2, §2.13).
// Feed text with push(text, emit) as it arrives and finish with end(emit); emit receives each
// record's fields (as written, or trimmed of Unicode whitespace when made with `trim`: SPEC §2.2),
// the physical line it starts on and the indexes of fields that had text after their closing
// quote. It does not map or judge rows; blank records are emitted like any other (the caller
// drops them).
//
// Why trim here: whether a field needs it is told from its first and last characters, which this
// reads in the decoded chunk (one flat string) at a few instructions each; read from the field's
// own string (a slice of the chunk, a copy, or joined pieces) by the row reader, the same two
// characters cost ~50 instructions each (clean() there was ~6% of the bench file's instructions;
// trimming here saved 2.5–3.3% net).
//
// Rules: LF, CRLF and lone CR end a record (a CR at the end of one chunk and an LF at the start of
// the next are one line break). Quoted fields may hold separators, doubled quotes and line breaks,
// which count as physical lines. A quote inside an unquoted field is text. Whitespace before an
// opening quote is ignored (`a, "b, c"`). Text after a closing quote is appended to the field and
// reported. An unterminated quote is a CSV_UNTERMINATED_QUOTE error at the line where it opened; a
// record larger than the limit (or of more than MAX_RECORD_FIELDS fields) is CSV_RECORD_TOO_LARGE, so a stray quote in a 1 GB file fails
// fast in bounded memory instead of swallowing the rest of it.
//
// State survives chunk boundaries without re-scanning: text of a field that is cut by a chunk end
// is kept in `partial` and scanning resumes where it stopped.

import { SluiceError } from '../errors.ts';
import { untidy } from '../parse/text.ts';

export type RecordSink = (fields: string[], line: number, trailing: number[] | null) => void;

const enum S {
  Skip, // dropping physical lines before the table (rows_to_skip, preamble)
  Start, // at the start of a field
  LeadingSpace, // whitespace at the start of a field: quoted or not is still open
  Unquoted,
  Quoted,
  QuoteSeen, // a quote inside a quoted field was the last character of a chunk
  AfterQuote, // right after a closing quote
}

const LF = 10, CR = 13, QUOTE = 34, SPACE = 32, TAB = 9;

export const DEFAULT_MAX_RECORD_CHARS = 4 * 1024 * 1024;
/** Fields one record may hold (a spreadsheet's column limit): more is CSV_RECORD_TOO_LARGE. */
export const MAX_RECORD_FIELDS = 16_384;

/** Doubled quotes made one by slicing; past this many, the rest of the text goes through split + join. */
const UNDOUBLE_BY_SLICES = 8;

/**
 * Quoted text with each doubled quote made one (`doubled`: whether it holds any; every quote in it
 * is one of a pair). A name holds one or two pairs: sliced around them (about twice as fast as
 * split + join); a text of many goes through split + join, linear in the matches (replaceAll grew
 * faster than them in V8 here, and thousands of slices joined one by one make a deep string).
 */
export function undouble(text: string, doubled: boolean): string {
  if (!doubled) return text;
  let out = '';
  let from = 0;
  for (let j = text.indexOf('""'), n = 0; j >= 0; j = text.indexOf('""', from)) {
    out += text.slice(from, j + 1);
    from = j + 2;
    if (++n === UNDOUBLE_BY_SLICES) return out + text.slice(from).split('""').join('"');
  }
  return out + text.slice(from);
}

export class CsvTokenizer {
  private readonly sep: number;
  private readonly sepChar: string;
  private readonly maxRecordChars: number;
  private state: S;
  private skipLeft: number;
  private fields: string[] = [];
  private partial = '';
  private line = 1;
  private recordLine = 1;
  private quoteLine = 0;
  private quotedLength = -1; // length of the quoted value when text follows its closing quote
  private trailing: number[] | null = null;
  private skipLF = false; // the previous chunk ended with a CR that ended a line
  private crLast = false; // inside quoted text, the previous character was a CR
  private nextLF = -1; // breakAt()'s memory for the current chunk, reset by push()
  private nextCR = -1;
  /** Fields are trimmed of Unicode whitespace (String.prototype.trim) before they are emitted. */
  private readonly trim: boolean;

  /** `skipLines` physical lines are dropped before the first record; numbering continues. */
  constructor(sep: string, skipLines = 0, maxRecordChars = DEFAULT_MAX_RECORD_CHARS, trim = false) {
    this.trim = trim;
    this.sep = sep.charCodeAt(0);
    this.sepChar = sep;
    this.maxRecordChars = maxRecordChars;
    this.skipLeft = skipLines;
    this.state = skipLines > 0 ? S.Skip : S.Start;
  }

  /** The physical line the tokenizer has reached (1-based). */
  get currentLine(): number {
    return this.line;
  }

  push(s: string, emit: RecordSink): void {
    const n = s.length;
    const sep = this.sep;
    const sepChar = this.sepChar;
    let i = 0;
    // Next positions of the separator, LF and CR at or after the scan point (n: none in this
    // chunk), found with indexOf (memchr-fast) and remembered, so each character is scanned once
    // per kind whatever the field lengths.
    let nSep = -1, nLF = -1, nCR = -1;
    this.nextLF = this.nextCR = -1;
    if (this.skipLF && n > 0) {
      this.skipLF = false;
      if (s.charCodeAt(0) === LF) i = 1;
    }
    while (i < n) {
      let state = this.state;
      if (state === S.Start) {
        const c = s.charCodeAt(i);
        if (c === QUOTE) {
          // Quoted fields go through resume(). (An inline fast path for them here made TurboFan's
          // code for this function 40× slower than Maglev's on the bench file; measured, not guessed.)
          this.state = S.Quoted;
          this.quoteLine = this.line;
          this.crLast = false;
          i++;
          continue;
        }
        // An empty field (common: unused tag and note columns) needs no search and no slice.
        if (c === sep) {
          this.addField('');
          i++;
          continue;
        }
        if (c === LF || c === CR) {
          this.addField('');
          i = this.endRecord(s, i, emit);
          continue;
        }
        if (c === SPACE || c === TAB) {
          this.state = S.LeadingSpace;
          continue;
        }
        state = this.state = S.Unquoted;
      }
      if (state === S.Unquoted) {
        if (nSep < i) { nSep = s.indexOf(sepChar, i); if (nSep < 0) nSep = n; }
        if (nLF < i) { nLF = s.indexOf('\n', i); if (nLF < 0) nLF = n; }
        if (nCR < i) { nCR = s.indexOf('\r', i); if (nCR < 0) nCR = n; }
        const j = nSep < nLF ? (nSep < nCR ? nSep : nCR) : nLF < nCR ? nLF : nCR;
        if (j === n) {
          this.partial += s.slice(i);
          i = n;
          continue;
        }
        const whole = this.partial === '';
        let value = whole ? s.slice(i, j) : this.partial + s.slice(i, j);
        this.partial = '';
        if (this.quotedLength >= 0) value = this.afterQuoteValue(value);
        if (this.trim && (!whole || untidy(s.charCodeAt(i)) || untidy(s.charCodeAt(j - 1)))) value = value.trim();
        this.addField(value);
        if (j === nSep) {
          this.state = S.Start;
          i = j + 1;
        } else {
          i = this.endRecord(s, j, emit);
        }
        continue;
      }
      i = this.resume(s, i, emit);
    }
    this.checkSize();
  }

  /**
   * The states the hot loop in push() leaves to this method: skipped lines, whitespace before a
   * possible quote, quoted text cut by a chunk end, a quote at a chunk end, text after a closing
   * quote. Kept apart so that push() stays small and stays optimized (V8 deoptimizes a hot
   * function when a branch it has not seen runs). Returns where scanning continues.
   */
  private resume(s: string, i: number, emit: RecordSink): number {
    const n = s.length;
    const sep = this.sep;
    switch (this.state) {
      case S.Skip: {
        for (; i < n && this.skipLeft > 0; i++) {
          const c = s.charCodeAt(i);
          if (c === LF || c === CR) {
            this.line++;
            this.skipLeft--;
            if (c === CR) {
              if (i + 1 < n) { if (s.charCodeAt(i + 1) === LF) i++; } else this.skipLF = true;
            }
          }
        }
        if (this.skipLeft === 0) {
          this.state = S.Start;
          this.recordLine = this.line;
        }
        break;
      }
      case S.LeadingSpace: {
        let j = i;
        for (; j < n; j++) {
          const c = s.charCodeAt(j);
          if ((c !== SPACE && c !== TAB) || c === sep) break;
        }
        if (j === n) {
          this.partial += s.slice(i);
          i = n;
        } else if (s.charCodeAt(j) === QUOTE) {
          this.partial = '';
          this.state = S.Quoted;
          this.quoteLine = this.line;
          this.crLast = false;
          i = j + 1;
        } else {
          this.state = S.Unquoted;
        }
        break;
      }
      case S.Quoted: {
        // Doubled quotes are skipped over and replaced once, in the slice that holds them: a
        // value of many doubled quotes is never built piece by piece (linear, SPEC §3.12).
        const from = i;
        let doubled = false;
        for (;;) {
          const j = s.indexOf('"', i);
          const stop = j < 0 ? n : j;
          if (this.breakAt(s, i) < stop) this.countLines(s, i, stop);
          else this.crLast = false;
          if (j < 0) {
            this.partial += undouble(s.slice(from), doubled);
            i = n;
            break;
          }
          if (j + 1 === n) {
            this.partial += undouble(s.slice(from, j), doubled);
            this.state = S.QuoteSeen;
            i = n;
            break;
          }
          if (s.charCodeAt(j + 1) === QUOTE) {
            doubled = true;
            this.crLast = false;
            i = j + 2;
            continue;
          }
          // The value is usually the slice alone (nothing carried over); it goes into `partial`
          // only when text follows the quote, which spares a concatenation and a store per field.
          const text = undouble(s.slice(from, j), doubled);
          const whole = this.partial === '';
          let value = whole ? text : this.partial + text;
          this.crLast = false;
          // A separator or line break right after the closing quote (the usual case) ends the
          // field here, as AfterQuote would on the next call, saving that call.
          const after = s.charCodeAt(j + 1);
          if (this.trim && (after === sep || after === LF || after === CR) && (!whole || untidy(s.charCodeAt(from)) || untidy(s.charCodeAt(j - 1)))) {
            value = value.trim();
          }
          if (after === sep) {
            this.partial = '';
            this.addField(value);
            this.state = S.Start;
            i = j + 2;
          } else if (after === LF || after === CR) {
            this.partial = '';
            this.addField(value);
            i = this.endRecord(s, j + 1, emit);
          } else {
            this.partial = value;
            this.state = S.AfterQuote;
            i = j + 1;
          }
          break;
        }
        break;
      }
      case S.QuoteSeen: {
        if (s.charCodeAt(i) === QUOTE) {
          this.partial += '"';
          this.state = S.Quoted;
          i++;
        } else {
          this.state = S.AfterQuote;
        }
        break;
      }
      case S.AfterQuote: {
        const c = s.charCodeAt(i);
        if (c === sep) {
          this.addField(this.tidy(this.partial));
          this.partial = '';
          this.state = S.Start;
          i++;
        } else if (c === LF || c === CR) {
          this.addField(this.tidy(this.partial));
          this.partial = '';
          i = this.endRecord(s, i, emit);
        } else {
          // Text after the closing quote: read on as unquoted text appended to the value.
          this.quotedLength = this.partial.length;
          this.state = S.Unquoted;
        }
        break;
      }
    }
    return i;
  }

  end(emit: RecordSink): void {
    switch (this.state) {
      case S.Skip:
        return;
      case S.Quoted:
        throw new SluiceError('CSV_UNTERMINATED_QUOTE', `a quote opened on line ${this.quoteLine} is never closed`, this.quoteLine);
      case S.Start:
        if (this.fields.length === 0) return;
        this.addField('');
        break;
      case S.LeadingSpace:
      case S.Unquoted: {
        let value = this.partial;
        if (this.quotedLength >= 0) value = this.afterQuoteValue(value);
        this.addField(this.tidy(value));
        break;
      }
      case S.QuoteSeen:
      case S.AfterQuote:
        this.addField(this.tidy(this.partial));
        break;
    }
    this.partial = '';
    if (this.fields.length > MAX_RECORD_FIELDS) this.tooManyFields();
    emit(this.fields, this.recordLine, this.trailing);
    this.fields = [];
    this.trailing = null;
    this.state = S.Start;
  }

  /**
   * Appends a field to the record. An indexed store, not push(): each record's array starts empty
   * (small-integer elements) and turns to string elements on its first field, a transition that
   * kept TurboFan from inlining push() (a builtin call per field); the store handles it inline.
   */
  private addField(value: string): void {
    const fields = this.fields;
    fields[fields.length] = value;
  }

  /** A field's value as emitted: trimmed when the tokenizer trims (the paths off the hot loop). */
  private tidy(value: string): string {
    return this.trim ? value.trim() : value;
  }

  /** Emits the record ended by the line break at `j`; returns the index after the break. */
  private endRecord(s: string, j: number, emit: RecordSink): number {
    if (this.fields.length > MAX_RECORD_FIELDS) this.tooManyFields();
    emit(this.fields, this.recordLine, this.trailing);
    this.fields = [];
    this.trailing = null;
    this.state = S.Start;
    this.line++;
    this.recordLine = this.line;
    if (s.charCodeAt(j) === CR) {
      if (j + 1 < s.length) {
        if (s.charCodeAt(j + 1) === LF) j++;
      } else {
        this.skipLF = true;
      }
    }
    return j + 1;
  }

  /** The value of a quoted field followed by unquoted text; whitespace alone is not reported. */
  private afterQuoteValue(value: string): string {
    const quoted = this.quotedLength;
    this.quotedLength = -1;
    if (value.slice(quoted).trim() === '') return value.slice(0, quoted);
    (this.trailing ??= []).push(this.fields.length);
    return value;
  }

  /**
   * Position of the next CR or LF at or after `from` in the chunk push() is reading (s.length when
   * none). LF and CR are looked up and remembered separately, so a file without CRs is searched
   * for one once per chunk.
   */
  private breakAt(s: string, from: number): number {
    if (this.nextLF < from) { this.nextLF = s.indexOf('\n', from); if (this.nextLF < 0) this.nextLF = s.length; }
    if (this.nextCR < from) { this.nextCR = s.indexOf('\r', from); if (this.nextCR < 0) this.nextCR = s.length; }
    return this.nextLF < this.nextCR ? this.nextLF : this.nextCR;
  }

  private countLines(s: string, from: number, to: number): void {
    for (let k = from; k < to; k++) {
      const c = s.charCodeAt(k);
      if (c === LF) {
        if (!this.crLast) this.line++;
        this.crLast = false;
      } else if (c === CR) {
        this.line++;
        this.crLast = true;
      } else {
        this.crLast = false;
      }
    }
  }

  private tooManyFields(): never {
    throw new SluiceError(
      'CSV_RECORD_TOO_LARGE',
      `the record on line ${this.recordLine} has more than ${MAX_RECORD_FIELDS} fields, the most a table row may hold`,
      this.recordLine,
    );
  }

  private checkSize(): void {
    if (this.fields.length > MAX_RECORD_FIELDS) this.tooManyFields();
    if (this.state === S.Skip || (this.fields.length === 0 && this.partial.length < this.maxRecordChars)) return;
    let size = this.partial.length;
    for (const f of this.fields) size += f.length + 1;
    if (size > this.maxRecordChars) {
      const quoted = this.state === S.Quoted || this.state === S.QuoteSeen;
      throw new SluiceError(
        'CSV_RECORD_TOO_LARGE',
        `the record starting on line ${this.recordLine} is larger than ${this.maxRecordChars} characters` +
          (quoted ? `; the quote opened on line ${this.quoteLine} is probably never closed` : ''),
        quoted ? this.quoteLine : this.recordLine,
      );
    }
  }
}

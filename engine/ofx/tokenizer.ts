// One tokenizer for OFX 1.x (SGML) and 2.x (XML): decoded text in, element events out, with the
// physical line of each element's start tag. It knows no OFX element but which ones are leaves
// that may be empty; the reader (pipeline.ts) gives the events their meaning.
//
//   const t = new OfxTokenizer(sink);   // sink: { open(name, line), leaf(name, value, line), close(name) }
//   t.push(text); ...; const open = t.end();   // the aggregates still open when the text ended
//
// OFX 1.x is SGML whose DTD leaves the end tags of elements with data ("leaves") out
// (the OFX 1.x specification's SGML rules): `<TRNAMT>-12.50` ends at the next tag, and some servers write the end tag all
// the same. Aggregates always have end tags. Without a DTD the tokenizer tells the two apart by
// what follows a start tag:
//   - text, then a tag: a leaf whose value is that text (trimmed; character references replaced;
//     a raw `&` kept as written, values.ts);
//   - its own end tag with nothing between: an empty element (a leaf when its name is a known leaf,
//     else an empty aggregate);
//   - another start tag: an aggregate, unless its name is a known leaf (an empty value some
//     servers write as `<NAME>` alone);
//   - an end tag of an enclosing element: the open elements above it are closed (missing end tags).
// An end tag that closes nothing open is ignored. XML 2.x is the same stream with every end tag
// present. Processing instructions (`<?xml …?>`, `<?OFX …?>`), comments, `<!DOCTYPE …>` are
// skipped; CDATA sections are text. A `<` that starts no tag (followed by a space or digit) is text.
//
// Streaming: the text is scanned where it arrives; only an unfinished tag or value waits for the
// next push, so memory holds one element at a time (a value longer than MAX_PENDING chars is a
// broken file, not a value). Line numbers count LF, CRLF and lone CR, also when a CR ends one push
// and its LF starts the next.

import { SluiceError } from '../errors.ts';
import { decodeEntities } from './values.ts';

export interface OfxSink {
  /** An aggregate starts (its start tag is on `line`). */
  open(name: string, line: number): void;
  /** A leaf and its value (trimmed, references replaced; '' when empty). */
  leaf(name: string, value: string, line: number): void;
  /** An aggregate ends (by its end tag, or an enclosing one's). */
  close(name: string): void;
}

/** Leaves that may be written empty, so that `<NAME>` then another start tag is not read as an aggregate. */
export const KNOWN_LEAVES = new Set([
  'CODE', 'SEVERITY', 'MESSAGE', 'DTSERVER', 'LANGUAGE', 'DTPROFUP', 'DTACCTUP', 'ORG', 'FID', 'SESSCOOKIE', 'TRNUID',
  'CLTCOOKIE', 'CURDEF', 'BANKID', 'BRANCHID', 'ACCTID', 'ACCTTYPE', 'ACCTKEY', 'BROKERID', 'DTSTART', 'DTEND', 'TRNTYPE',
  'DTPOSTED', 'DTUSER', 'DTAVAIL', 'TRNAMT', 'FITID', 'CORRECTFITID', 'CORRECTACTION', 'SRVRTID', 'CHECKNUM', 'REFNUM', 'SIC',
  'PAYEEID', 'NAME', 'EXTDNAME', 'MEMO', 'CURSYM', 'CURRATE', 'BALAMT', 'DTASOF', 'MKTGINFO', 'UNIQUEID', 'UNIQUEIDTYPE',
  'SECNAME', 'TICKER', 'FIID', 'UNITS', 'UNITPRICE', 'TOTAL', 'COMMISSION', 'FEES', 'TAXES', 'MARKUP', 'MARKDOWN', 'LOAD',
  'WITHHOLDING', 'TAXEXEMPT', 'GAIN', 'DTTRADE', 'DTSETTLE', 'SUBACCTSEC', 'SUBACCTFUND', 'BUYTYPE', 'SELLTYPE', 'INCOMETYPE',
  'OPTBUYTYPE', 'OPTSELLTYPE', 'TFERACTION', 'POSTYPE', 'INTU.BID', 'INTU.USERID', 'ADDR1', 'ADDR2', 'ADDR3', 'CITY', 'STATE',
  'POSTALCODE', 'COUNTRY', 'PHONE', 'INV401KSOURCE', 'OLDUNITS', 'NEWUNITS', 'NUMERATOR', 'DENOMINATOR', 'AVGCOSTBASIS',
]);

/** The longest unfinished tag or value held between pushes (1 MiB of text). */
const MAX_PENDING = 1 << 20;

const SLASH = 47, BANG = 33, QUESTION = 63, LF = 10;

/** Whether a character can start a tag name (a letter or `_`; OFX names are upper-case letters, digits, `.`). */
function startsName(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

const isBlankChar = (c: number) => c === 32 || c === 10 || c === 13 || c === 9 || c === 12;

function isBlank(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (!isBlankChar(s.charCodeAt(i))) return false;
  return true;
}

/**
 * The name in a tag's inside `s[from, to)` (`TRNAMT`, `STMTTRN attr="x"`, `NAME/`): up to a blank
 * or `/`, upper-cased (XML is case-sensitive, but no OFX server means two elements by two cases).
 */
function tagName(s: string, from: number, to: number): string {
  let end = from;
  let lower = false;
  for (; end < to; end++) {
    const c = s.charCodeAt(end);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === SLASH) break;
    if (c >= 97 && c <= 122) lower = true;
  }
  const name = s.slice(from, end);
  return lower ? name.toUpperCase() : name;
}

export class OfxTokenizer {
  private readonly sink: OfxSink;
  /** Unconsumed text: what the last push left plus the new text. */
  private buf = '';
  private pos = 0;
  /** Line number at offset lineAt of buf. */
  private line = 1;
  private lineAt = 0;
  /** Next LF / CR at or after lineAt in buf (buf.length when none; -1 when not looked for yet). */
  private nextLF = -1;
  private nextCR = -1;
  /** Open aggregates, outermost first. */
  private readonly stack: string[] = [];
  /** The element whose start tag came last and whose kind (leaf or aggregate) is not known yet. */
  private pendingName: string | null = null;
  private pendingLine = 0;
  private pendingText = '';
  /** Characters dropped from the front of buf so far (charsSeen counts them). */
  private consumed = 0;

  constructor(sink: OfxSink) {
    this.sink = sink;
  }

  /** Text scanned so far, in characters. */
  get charsSeen(): number {
    return this.consumed + this.pos;
  }

  push(text: string): void {
    if (text === '') return;
    this.rebase();
    this.buf = this.buf.length === 0 ? text : this.buf + text;
    // The line-break positions were looked for in the shorter text: look again.
    this.nextLF = -1;
    this.nextCR = -1;
    this.scan(false);
  }

  /** Ends the text; returns the aggregates still open (outermost first), which the caller judges. */
  end(): string[] {
    this.scan(true);
    const rest = this.buf.slice(this.pos);
    if (this.pendingName !== null) {
      // A value the text ends in (no tag follows): the leaf ends with the text.
      this.pendingText += rest;
      this.settlePending(false);
    }
    this.buf = '';
    this.pos = 0;
    return this.stack.slice();
  }

  /** The line of offset `p` of buf (p ≥ lineAt): counts the line breaks since the last call. */
  private lineOf(p: number): number {
    const buf = this.buf;
    for (;;) {
      if (this.nextLF < this.lineAt) { const j = buf.indexOf('\n', this.lineAt); this.nextLF = j < 0 ? buf.length : j; }
      if (this.nextCR < this.lineAt) { const j = buf.indexOf('\r', this.lineAt); this.nextCR = j < 0 ? buf.length : j; }
      const j = this.nextLF < this.nextCR ? this.nextLF : this.nextCR;
      if (j >= p) {
        this.lineAt = p;
        return this.line;
      }
      if (j === this.nextCR) {
        // CRLF counts once, at its LF; a CR at the very end waits to see what follows it.
        if (j + 1 >= buf.length) {
          this.lineAt = j;
          return this.line;
        }
        if (buf.charCodeAt(j + 1) !== LF) this.line++;
      } else {
        this.line++;
      }
      this.lineAt = j + 1;
    }
  }

  /** Drops the consumed text before a push: keeps buf from pos (or from an uncounted CR before it). */
  private rebase(): void {
    if (this.pos === 0) return;
    this.lineOf(this.pos);
    const cut = Math.min(this.lineAt, this.pos);
    this.buf = this.buf.slice(cut);
    this.consumed += cut;
    this.pos -= cut;
    this.lineAt -= cut;
  }

  private scan(last: boolean): void {
    const buf = this.buf;
    const n = buf.length;
    let pos = this.pos;
    let textFrom = pos;
    for (;;) {
      const lt = buf.indexOf('<', pos);
      if (lt < 0 || lt + 1 >= n) {
        // No tag starts in what has arrived (or its second character has not): wait for more.
        if (!last && n - textFrom > MAX_PENDING) this.tooLong(textFrom);
        break;
      }
      const c = buf.charCodeAt(lt + 1);
      if (c !== SLASH && c !== BANG && c !== QUESTION && !startsName(c)) {
        // A `<` that starts no tag is text (`a < b`); keep looking for the tag that ends it.
        pos = lt + 1;
        continue;
      }
      let end: number;
      if (c === BANG && buf.startsWith('<!--', lt)) end = this.endOf(buf, '-->', lt + 4);
      else if (c === BANG && buf.startsWith('<![CDATA[', lt)) end = this.endOf(buf, ']]>', lt + 9);
      else if (c === QUESTION) end = this.endOf(buf, '?>', lt + 2);
      else end = this.endOf(buf, '>', lt + 1);
      if (end < 0) {
        if (!last && n - textFrom > MAX_PENDING) this.tooLong(textFrom);
        break;
      }
      // The text before the tag belongs to the element whose start tag came last, if any.
      if (this.pendingName !== null && lt > textFrom) this.addText(buf, textFrom, lt);
      if (c === SLASH) {
        let from = lt + 2;
        while (from < end - 1 && isBlankChar(buf.charCodeAt(from))) from++;
        this.endTag(tagName(buf, from, end - 1));
      } else if (startsName(c)) {
        const name = tagName(buf, lt + 1, end - 1);
        this.startTag(name, this.lineOf(lt));
        if (buf.charCodeAt(end - 2) === SLASH) this.endTag(name); // <NAME/>
      } else if (c === BANG && buf.startsWith('<![CDATA[', lt) && this.pendingName !== null) {
        this.pendingText += buf.slice(lt + 9, end - 3);
      }
      pos = end;
      textFrom = end;
    }
    this.pos = textFrom;
  }

  /**
   * Adds text to the pending element's. The first piece is trimmed where it lies, so a value costs
   * one slice (the text after a value runs to the next line's indentation); later pieces (after a
   * comment or a CDATA section) are added as they are and the whole is trimmed when it settles.
   */
  private addText(buf: string, from: number, to: number): void {
    if (this.pendingText !== '') {
      this.pendingText += buf.slice(from, to);
      return;
    }
    while (from < to && isBlankChar(buf.charCodeAt(from))) from++;
    while (to > from && isBlankChar(buf.charCodeAt(to - 1))) to--;
    if (to > from) this.pendingText = buf.slice(from, to);
  }

  /** The index just past `close` at or after `from`, or -1 when it has not arrived. */
  private endOf(buf: string, close: string, from: number): number {
    const j = buf.indexOf(close, from);
    return j < 0 ? -1 : j + close.length;
  }

  private tooLong(from: number): never {
    throw new SluiceError('STATEMENT_MALFORMED', `a value or tag runs over ${MAX_PENDING} characters without the tag that ends it`, this.lineOf(from));
  }

  private startTag(name: string, line: number): void {
    if (this.pendingName !== null) this.settlePending(true);
    this.pendingName = name;
    this.pendingLine = line;
    this.pendingText = '';
  }

  /**
   * Decides what the pending element was, now that a tag follows it: a leaf when text came before
   * the tag (or its name is a known leaf), else (`childFollows`) an aggregate that is now open.
   */
  private settlePending(childFollows: boolean): void {
    const name = this.pendingName!;
    this.pendingName = null;
    const text = this.pendingText;
    this.pendingText = '';
    if (!isBlank(text)) {
      this.sink.leaf(name, decodeEntities(text.trim()), this.pendingLine);
    } else if (KNOWN_LEAVES.has(name) || !childFollows) {
      this.sink.leaf(name, '', this.pendingLine);
    } else {
      this.stack.push(name);
      this.sink.open(name, this.pendingLine);
    }
  }

  private endTag(name: string): void {
    if (this.pendingName !== null) {
      if (this.pendingName === name) {
        const empty = isBlank(this.pendingText) && !KNOWN_LEAVES.has(name);
        if (empty) {
          // `<BANKTRANLIST></BANKTRANLIST>`: an aggregate with nothing in it.
          this.pendingName = null;
          this.sink.open(name, this.pendingLine);
          this.sink.close(name);
        } else {
          this.settlePending(false);
        }
        return;
      }
      // An unclosed leaf, ended by an enclosing element's end tag.
      this.settlePending(false);
    }
    const at = this.stack.lastIndexOf(name);
    if (at < 0) return; // closes nothing open (a leaf's end tag after the leaf was settled)
    while (this.stack.length > at) this.sink.close(this.stack.pop()!);
  }
}

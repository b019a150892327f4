// One tokenizer for OFX 1.x (SGML) and 2.x (XML): decoded text in, element events out, with the
// physical line of each element's start tag. It knows no OFX element but which ones are leaves
// that may be empty; the reader (pipeline.ts) gives the events their meaning.
//
//   const t = new OfxTokenizer(sink);   // sink: { open(name, line), leaf(name, value), close(name), flatRecord, flatEnd }
//   t.push(text); ...; const open = t.end();   // the aggregates still open when the text ended
//   new OfxTokenizer(sink, 'STMTTRN')    // the same events, but a plain STMTTRN may be taken whole (below)
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
//
// Cost: this is the reader's hot loop (a 50 MB statement is some 1.8 million tags). Per tag, two
// indexOf calls find the `<` and the `>`; a known name comes from the name table (two characters
// read, one substring compared), so the reader's comparisons and switches meet one string per
// name; a value is one slice of the text between its start tag and the next tag, trimmed natively
// when the next tag settles its element (no copy of the text is kept in between); whether a value
// holds an `&` is known from one indexOf per `&` in the text, not one per value; and a line is
// counted only for a start tag that turns out to open an aggregate (the reader asks for no leaf's
// line), by one indexOf per line break since the last one counted. Native string calls rather
// than loops over characters wherever the two compete: a character loop in JavaScript costs
// several times the builtin here, and far more while the code is still cold.
//
// Records taken whole: given a `flat` name (the reader's STMTTRN), a start tag `<STMTTRN>` whose
// record the sink takes there (flatRecord) is read as one unit when it is plain: known leaves only,
// with or without their end tags, up to `</STMTTRN>` in the text at hand (readFlat). The leaves go
// straight into the sink's record with the values events would carry, and the sink gets the
// record and its start tag's line (flatEnd); no pending element, stack, open/leaf/close calls.
// Anything else in the record (a nested aggregate, an unknown name, a comment, …) leaves it to the
// events, from its start tag, as if the fast path did not exist. A plain record split across
// pushes waits for the next one (up to FLAT_WAIT characters) and is then read whole; at the end
// of the text, or when longer, it too is read as events.

import { SluiceError } from '../errors.ts';
import { decodeEntities } from './values.ts';

export interface OfxSink {
  /** An aggregate starts (its start tag is on `line`). */
  open(name: string, line: number): void;
  /** A leaf and its value (trimmed, references replaced; '' when empty). */
  leaf(name: string, value: string): void;
  /** An aggregate ends (by its end tag, or an enclosing one's). */
  close(name: string): void;
  /**
   * At a start tag of the tokenizer's `flat` name: the record to fill with the aggregate's leaves
   * when the sink can take it whole here, else null (it is then read as events).
   */
  flatRecord(name: string): FlatRecord | null;
  /** The record flatRecord() gave is complete: its leaves were given in order, its start tag is on `line`. */
  flatEnd(record: FlatRecord, line: number): void;
}

/** What a record taken whole (readFlat) is given: its leaves, in order. */
export interface FlatRecord {
  leaf(name: string, value: string): void;
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

/**
 * The aggregates the reader reads or steps through, besides the leaves: their names come from the
 * name table too (tagName). A name missing here still reads the same, only as a new string.
 */
const KNOWN_AGGREGATES = [
  'OFX', 'SIGNONMSGSRSV1', 'SONRS', 'STATUS', 'FI', 'BANKMSGSRSV1', 'STMTTRNRS', 'CREDITCARDMSGSRSV1', 'CCSTMTTRNRS',
  'INVSTMTMSGSRSV1', 'INVSTMTTRNRS', 'SECLISTMSGSRSV1', 'SECLIST', 'STMTRS', 'CCSTMTRS', 'INVSTMTRS', 'BANKACCTFROM',
  'CCACCTFROM', 'INVACCTFROM', 'BANKTRANLIST', 'INVTRANLIST', 'STMTTRN', 'PAYEE', 'BANKACCTTO', 'CCACCTTO', 'CURRENCY',
  'ORIGCURRENCY', 'LEDGERBAL', 'AVAILBAL', 'BALLIST', 'BAL', 'INVBAL', 'INVPOSLIST', 'INVBANKTRAN', 'INVBUY', 'INVSELL',
  'INVTRAN', 'SECID', 'SECINFO', 'STOCKINFO', 'MFINFO', 'DEBTINFO', 'OPTINFO', 'OTHERINFO', 'BUYDEBT', 'BUYMF', 'BUYOPT',
  'BUYOTHER', 'BUYSTOCK', 'SELLDEBT', 'SELLMF', 'SELLOPT', 'SELLOTHER', 'SELLSTOCK', 'REINVEST', 'INCOME', 'INVEXPENSE',
  'MARGININTEREST', 'RETOFCAP', 'TRANSFER', 'SPLIT', 'JRNLFUND', 'JRNLSEC', 'CLOSUREOPT', 'POSSTOCK', 'POSMF', 'POSDEBT',
  'POSOPT', 'POSOTHER', 'INVPOS',
];

/**
 * The name table: every known leaf and aggregate, by its length and its first and last
 * characters (open addressing, linear probing). A tag whose inside is exactly a known name is
 * found by reading those two characters and comparing one substring (knownIn), and the one
 * string per name makes the reader's `===` and `switch` a pointer compare.
 */
const NAME_SLOTS = 1024;
const NAMES: (string | undefined)[] = new Array<string | undefined>(NAME_SLOTS).fill(undefined);

const nameSlot = (length: number, first: number, last: number) => (length * 61 + first * 31 + last) & (NAME_SLOTS - 1);

/** The known leaves alone, in a table of the same shape (knownIn). */
const LEAF_NAMES: (string | undefined)[] = new Array<string | undefined>(NAME_SLOTS).fill(undefined);

function addName(table: (string | undefined)[], name: string): void {
  let k = nameSlot(name.length, name.charCodeAt(0), name.charCodeAt(name.length - 1));
  while (table[k] !== undefined && table[k] !== name) k = (k + 1) & (NAME_SLOTS - 1);
  table[k] = name;
}

for (const name of [...KNOWN_LEAVES, ...KNOWN_AGGREGATES]) addName(NAMES, name);
// The same strings as NAMES holds, so that a leaf's name compares by pointer whichever table gave it.
for (const name of KNOWN_LEAVES) addName(LEAF_NAMES, name);

/** The longest unfinished tag or value held between pushes (1 MiB of text). */
const MAX_PENDING = 1 << 20;

/**
 * How much of a push is read together with what the last one left (push()): enough for the rest
 * of a record or two.
 */
const BRIDGE = 4096;

/** readFlat()'s answer when the record was plain up to the end of the text at hand. */
const UNFINISHED = -2;

/** The longest record whose end has not arrived that waits for the next push to be read whole (scan()). */
const FLAT_WAIT = 1 << 16;

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

/** isBlank() of `s[from, to)`, without the slice. */
function isBlankRange(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (!isBlankChar(s.charCodeAt(i))) return false;
  return true;
}

/**
 * The name of `table` (NAMES: every known name; LEAF_NAMES: the known leaves) that is the whole of
 * `s[from, to)`, or undefined: a name in lower case, with attributes, or unknown is left to
 * tagName(). A substring and `===` compare natively, faster here than a loop over the characters
 * or startsWith().
 */
function knownIn(table: readonly (string | undefined)[], s: string, from: number, to: number): string | undefined {
  const length = to - from;
  if (length <= 0) return undefined;
  for (let k = nameSlot(length, s.charCodeAt(from), s.charCodeAt(to - 1)); ; k = (k + 1) & (NAME_SLOTS - 1)) {
    const known = table[k];
    if (known === undefined) return undefined;
    if (known.length === length && s.substring(from, to) === known) return known;
  }
}

/** The name table's string equal to `name`, or `name` itself. */
function interned(name: string): string {
  if (name === '') return name;
  for (let k = nameSlot(name.length, name.charCodeAt(0), name.charCodeAt(name.length - 1)); ; k = (k + 1) & (NAME_SLOTS - 1)) {
    const known = NAMES[k];
    if (known === undefined) return name;
    if (known === name) return known;
  }
}

/**
 * The name in a tag's inside `s[from, to)` (`TRNAMT`, `STMTTRN attr="x"`, `NAME/`): up to a blank
 * or `/`, upper-cased (XML is case-sensitive, but no OFX server means two elements by two cases).
 */
function tagName(s: string, from: number, to: number): string {
  const known = knownIn(NAMES, s, from, to);
  if (known !== undefined) return known;
  let end = from;
  let lower = false;
  for (; end < to; end++) {
    const c = s.charCodeAt(end);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === SLASH) break;
    if (c >= 97 && c <= 122) lower = true;
  }
  const name = s.slice(from, end);
  return interned(lower ? name.toUpperCase() : name);
}

/** `s` without the blanks at either end (a piece of text that another piece follows). */
function trimBlanks(s: string): string {
  let from = 0;
  let to = s.length;
  while (to > from && isBlankChar(s.charCodeAt(to - 1))) to--;
  while (from < to && isBlankChar(s.charCodeAt(from))) from++;
  return s.slice(from, to);
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
  /** Next `&` at or after the last value's start in buf (buf.length when none; -1 when not looked for yet). */
  private nextAmp = -1;
  /** Open aggregates, outermost first. */
  private readonly stack: string[] = [];
  /** The element whose start tag came last and whose kind (leaf or aggregate) is not known yet. */
  private pendingName: string | null = null;
  /** Where its start tag is in buf, and its line once counted (0: not yet; see pendingLine()). */
  private pendingAt = 0;
  private pendingLineNo = 0;
  /**
   * Its text so far when a comment, a processing instruction or a CDATA section split it (else '':
   * the text between its start tag and the next tag is read where it lies, settle()).
   */
  private pendingText = '';
  /** Whether pendingText is one piece as it lies in the text (untrimmed), else pieces joined (see addText). */
  private pendingRaw = false;
  /** Whether pendingText may hold an `&` (and so a character reference to replace). */
  private pendingAmp = false;
  /** Characters dropped from the front of buf so far (charsSeen counts them). */
  private consumed = 0;
  /** The blanks between the last record taken whole's start tag and its first leaf (readFlat). */
  private flatGap = '';
  /**
   * The blanks before a record taken whole (`\n        ` before `<STMTTRN>`), as scan() last saw
   * them (flatRun); null until scan() has seen one.
   */
  private flatBlanks: string | null = null;
  /** The aggregate the sink may take whole (readFlat), or null: every element is read as events. */
  private readonly flat: string | null;
  /** Its start tag without the `>` (`<STMTTRN`). */
  private readonly flatOpen: string;

  constructor(sink: OfxSink, flat: string | null = null) {
    this.sink = sink;
    this.flat = flat === null ? null : interned(flat);
    this.flatOpen = `<${flat ?? ''}`;
  }

  /** Text scanned so far, in characters. */
  get charsSeen(): number {
    return this.consumed + this.pos;
  }

  push(text: string): void {
    if (text === '') return;
    this.rebase();
    const carried = this.buf.length;
    if (carried === 0 || text.length <= BRIDGE) {
      this.extend(text);
      return;
    }
    // What the last push left (most often the start of a record) is read with the start of the
    // new text, and once it has been read the scan goes on in the new text itself: one short
    // string joined instead of a copy of the whole text at every push.
    this.extend(text.slice(0, BRIDGE));
    if (this.pos < carried) {
      // An element longer than the bridge is still unread: the rest of the text joins it.
      this.extend(text.slice(BRIDGE));
      return;
    }
    if (this.pendingName !== null) this.pendingLine();
    this.lineOf(this.pos); // lineAt ≥ carried from here: the dropped text's lines are counted
    this.buf = text;
    this.consumed += carried;
    this.pos -= carried;
    this.lineAt -= carried;
    this.resetSearches();
    this.scan(false);
  }

  /** Adds text to buf and scans it. */
  private extend(text: string): void {
    // join() makes one flat string where `+` makes a rope, which V8 flattens at the first indexOf
    // but then reads through one more hop at every access (the scan took about 10% longer).
    this.buf = this.buf.length === 0 ? text : [this.buf, text].join('');
    this.resetSearches();
    this.scan(false);
  }

  /** The positions of the next line breaks and `&` were looked for in another text: look again. */
  private resetSearches(): void {
    this.nextLF = -1;
    this.nextCR = -1;
    this.nextAmp = -1;
  }

  /** Ends the text; returns the aggregates still open (outermost first), which the caller judges. */
  end(): string[] {
    this.scan(true);
    const rest = this.buf.slice(this.pos);
    if (this.pendingName !== null) {
      // A value the text ends in (no tag follows): the leaf ends with the text.
      this.appendText(rest);
      this.settlePending(false);
    }
    this.buf = '';
    this.pos = 0;
    return this.stack.slice();
  }

  /** The line of offset `p` of buf (p ≥ lineAt): counts the line breaks since the last call. */
  private lineOf(p: number): number {
    const buf = this.buf;
    let line = this.line, at = this.lineAt, lf = this.nextLF, cr = this.nextCR;
    if (cr < at) { cr = buf.indexOf('\r', at); if (cr < 0) cr = buf.length; }
    if (cr >= p) {
      // No CR before p (LF line ends, the usual case): one indexOf a line and nothing else.
      if (lf < at) { lf = buf.indexOf('\n', at); if (lf < 0) lf = buf.length; }
      while (lf < p) {
        line++;
        lf = buf.indexOf('\n', lf + 1);
        if (lf < 0) lf = buf.length;
      }
      this.line = line;
      this.lineAt = p;
      this.nextLF = lf;
      this.nextCR = cr;
      return line;
    }
    for (;;) {
      if (lf < at) { lf = buf.indexOf('\n', at); if (lf < 0) lf = buf.length; }
      if (cr < at) { cr = buf.indexOf('\r', at); if (cr < 0) cr = buf.length; }
      const j = lf < cr ? lf : cr;
      if (j >= p) {
        at = p;
        break;
      }
      if (j === cr) {
        // CRLF counts once, at its LF; a CR at the very end waits to see what follows it.
        if (j + 1 >= buf.length) {
          at = j;
          break;
        }
        if (buf.charCodeAt(j + 1) !== LF) line++;
      } else {
        line++;
      }
      at = j + 1;
    }
    this.line = line;
    this.lineAt = at;
    this.nextLF = lf;
    this.nextCR = cr;
    return line;
  }

  /** The line of the pending element's start tag, counted the first time it is asked for. */
  private pendingLine(): number {
    if (this.pendingLineNo === 0) this.pendingLineNo = this.lineOf(this.pendingAt);
    return this.pendingLineNo;
  }

  /** Drops the consumed text before a push: keeps buf from pos (or from an uncounted CR before it). */
  private rebase(): void {
    if (this.pos === 0) return;
    // The pending start tag may be in the text dropped: its line is counted while it is there.
    if (this.pendingName !== null) this.pendingLine();
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
      // No tag starts in what has arrived (or its second character has not): wait for more.
      const lt = buf.indexOf('<', pos);
      if (lt < 0 || lt + 1 >= n) break;
      const c = buf.charCodeAt(lt + 1);
      if (startsName(c) || c === SLASH) {
        const gt = buf.indexOf('>', lt + 2);
        if (gt < 0) break;
        if (c !== SLASH) {
          // The text before a start tag belongs to the element whose start tag came last, if any.
          if (this.pendingName !== null) this.settle(textFrom, lt, true);
          const tag = tagName(buf, lt + 1, gt);
          if (tag === this.flat) {
            const end = this.flatAt(buf, lt, gt, tag);
            if (end >= 0) {
              // The blanks before it and its start tag, which the next records likely repeat
              // (flatRun; scan() comes here only for a list's first record, the first after a push,
              // or one laid out otherwise).
              if (isBlankRange(buf, textFrom, lt)) this.flatBlanks = buf.substring(textFrom, lt);
              pos = this.flatRun(buf, end, tag);
              textFrom = pos;
              continue;
            }
            // A record plain so far whose end has not arrived: read whole once it has (the next
            // push starts at its start tag; the text before the tag was settled above). Else a
            // record that each push splits went the events' way, whose code a cold run then
            // compiled too. Only a record of up to FLAT_WAIT characters waits, so that what is
            // held stays small and a long one reads (and fails) as events do.
            if (end === UNFINISHED && !last && n - lt <= FLAT_WAIT) {
              textFrom = lt;
              break;
            }
          }
          this.pendingName = tag;
          this.pendingAt = lt;
          this.pendingLineNo = 0;
          if (buf.charCodeAt(gt - 1) === SLASH) this.endTag(tag, gt, gt); // <NAME/>
        } else {
          let from = lt + 2;
          while (from < gt && isBlankChar(buf.charCodeAt(from))) from++;
          this.endTag(tagName(buf, from, gt), textFrom, lt);
        }
        pos = gt + 1;
        textFrom = pos;
        continue;
      }
      if (c !== BANG && c !== QUESTION) {
        // A `<` that starts no tag is text (`a < b`); keep looking for the tag that ends it.
        pos = lt + 1;
        continue;
      }
      let end: number;
      if (c === QUESTION) end = this.endOf(buf, '?>', lt + 2);
      else if (buf.startsWith('<!--', lt)) end = this.endOf(buf, '-->', lt + 4);
      else if (buf.startsWith('<![CDATA[', lt)) end = this.endOf(buf, ']]>', lt + 9);
      else end = this.endOf(buf, '>', lt + 1);
      if (end < 0) break;
      // A comment, processing instruction, declaration or CDATA section: the text before it is a
      // piece of the pending element's text, and so is a CDATA section's.
      if (this.pendingName !== null && lt > textFrom) this.addText(buf, textFrom, lt);
      if (c === BANG && this.pendingName !== null && buf.startsWith('<![CDATA[', lt)) {
        this.appendText(buf.slice(lt + 9, end - 3));
      }
      pos = end;
      textFrom = end;
    }
    // Every way out of the loop above waits for more text: one check here, which every push
    // reaches (three of them inside the loop, some first reached after the loop was optimized,
    // each threw the optimized loop away once).
    if (!last && n - textFrom > MAX_PENDING) this.tooLong(textFrom);
    this.pos = textFrom;
  }

  /**
   * A start tag of the `flat` aggregate at `lt`, its `>` at `gt`: when the sink takes the record
   * here and readFlat() reads all of it, the record is handed over whole and the index past its
   * end tag returned; else -1 with nothing changed, and the element is read as events, or
   * UNFINISHED when the record is plain up to the end of the text at hand. Only the tag as written
   * `<STMTTRN>` (no attributes, no `/`, upper case) is taken.
   */
  private flatAt(buf: string, lt: number, gt: number, name: string): number {
    if (gt !== lt + 1 + name.length) return -1;
    const record = this.sink.flatRecord(name);
    if (record === null) return -1;
    const end = this.readFlat(buf, gt + 1, name, record);
    if (end >= 0) this.sink.flatEnd(record, this.lineOf(lt));
    return end;
  }

  /**
   * The records taken whole that follow the one ending at `end`, each where the text after the
   * last is flatBlanks (the blanks scan() saw before a record) and then its start tag: two short
   * substrings and `===` in place of the search for the tag and the lookup of its name. (One
   * substring of both was a sliced string of 13 characters or more, which `===` compares through
   * the runtime's slow path.) Returns the index past the last record read; scan() goes on from
   * there as usual (a record that is not plain or not complete is then read again there, as if
   * this had not looked).
   */
  private flatRun(buf: string, end: number, name: string): number {
    const blanks = this.flatBlanks;
    if (blanks === null) return end;
    const n = buf.length;
    const open = this.flatOpen;
    for (;;) {
      const lt = end + blanks.length;
      const gt = lt + open.length;
      if (gt >= n || buf.charCodeAt(gt) !== 62 || buf.substring(lt, gt) !== open || buf.substring(end, lt) !== blanks) return end;
      const after = this.flatAt(buf, lt, gt, name);
      if (after < 0) return end;
      end = after;
    }
  }

  /**
   * Reads the aggregate `name` whose start tag ends at `from` as one unit: its leaves, found by
   * position up to its end tag, go to `record` with the values the events would carry, and the
   * index past the end tag is returned. Only the plain shape is read here: blanks before the first
   * tag, then known leaves (`<TRNAMT>-12.50`, with or without `</TRNAMT>`) and the end tag. Anything
   * else returns -1 (and the record is dropped): a nested aggregate (PAYEE, CURRENCY), an unknown
   * or lower-case name, a comment, CDATA or processing instruction, a `<` that starts no tag, or an
   * end tag of something else; UNFINISHED when the text ends first (a record split across pushes,
   * which scan() reads whole at the next push or as events).
   *
   * Why: a bank statement is nearly all STMTTRN records, and read as events each leaf paid the
   * settle/leaf/dispatch chain (pending element, sink.leaf, the pipeline's state checks); here a
   * leaf costs what the plain tag scan pays (two indexOf, the name, the text) plus trim().
   */
  private readFlat(buf: string, from: number, name: string, record: FlatRecord): number {
    const n = buf.length;
    let lt = buf.indexOf('<', from);
    // Text before the first tag: blanks make it an aggregate (settle()); anything else is a value.
    // Records are laid out alike: the blanks are compared with the last record's in one go.
    if (lt < 0) return UNFINISHED;
    const gap = this.flatGap;
    if (lt - from !== gap.length || buf.substring(from, lt) !== gap) {
      if (!isBlankRange(buf, from, lt)) return -1;
      this.flatGap = buf.substring(from, lt);
    }
    let amp = this.nextAmp;
    /** The leaf whose start tag came last and whose value (buf from textFrom to the next tag) is not given yet. */
    let pending: string | null = null;
    let textFrom = from;
    for (;;) {
      if (lt < 0 || lt + 1 >= n) return UNFINISHED;
      const c = buf.charCodeAt(lt + 1);
      if (c !== SLASH && !startsName(c)) return -1;
      const gt = buf.indexOf('>', lt + 2);
      if (gt < 0) return UNFINISHED;
      // The tag: a known leaf, the record's end tag, or the end tag of the leaf just read.
      let leaf: string | undefined;
      let ends = false;
      if (c === SLASH) {
        // One substring and `===` (startsWith() here: 1.4% more instructions for the tokenizer).
        const closed = gt - lt - 2 === name.length || (pending !== null && gt - lt - 2 === pending.length) ? buf.substring(lt + 2, gt) : '';
        ends = closed === name;
        if (!ends && (pending === null || closed !== pending)) return -1;
      } else {
        leaf = knownIn(LEAF_NAMES, buf, lt + 1, gt);
        if (leaf === undefined) return -1;
      }
      const after = gt + 1;
      if (pending !== null) {
        // As settle() gives a known leaf's value: trimmed, references replaced when an `&` is in it.
        // (Finding the value's end by its line break and checking the next line's indentation
        // instead of trim() was slower, 31 against 24 ms a 10 MB pass.)
        const value = buf.slice(textFrom, lt).trim();
        if (value === '') {
          record.leaf(pending, '');
        } else {
          if (amp < textFrom) {
            const j = buf.indexOf('&', textFrom);
            amp = j < 0 ? n : j;
          }
          record.leaf(pending, amp < lt ? decodeEntities(value) : value);
        }
      }
      if (ends) {
        this.nextAmp = amp;
        return after;
      }
      // After a leaf's end tag none is pending: the text up to the next tag belongs to no element
      // (as in scan()), and is skipped.
      pending = leaf ?? null;
      textFrom = after;
      lt = buf.indexOf('<', textFrom);
    }
  }

  /**
   * Settles the pending element, now that a tag follows it at `to` (`childFollows`: a start tag),
   * with `buf[from, to)` the last piece of its text: a leaf when the text holds more than blanks
   * (or its name is a known leaf), else an aggregate that is now open. Most elements have that one
   * piece only: a value, the line break after it and the next line's indentation, one slice
   * trimmed natively (a loop over the blanks here cost more than the slice and trim() it saves).
   */
  private settle(from: number, to: number, childFollows: boolean): void {
    if (this.pendingText !== '') {
      // Pieces before this one (a comment or a CDATA section came between): joined.
      if (to > from) this.addText(this.buf, from, to);
      this.settlePending(childFollows);
      return;
    }
    const name = this.pendingName!;
    this.pendingName = null;
    const buf = this.buf;
    const text = buf.slice(from, to);
    // trim() removes the blanks and also U+00A0, U+FEFF and the Unicode spaces: text of those
    // alone is an empty value, not the blank between an aggregate's tags.
    const value = text.trim();
    if (value !== '') {
      if (this.nextAmp < from) {
        const j = buf.indexOf('&', from);
        this.nextAmp = j < 0 ? buf.length : j;
      }
      this.sink.leaf(name, this.nextAmp < to ? decodeEntities(value) : value);
    } else if (!isBlank(text) || !childFollows || KNOWN_LEAVES.has(name)) {
      this.sink.leaf(name, '');
    } else {
      this.stack.push(name);
      this.sink.open(name, this.pendingLine());
    }
  }

  /**
   * Adds the text before a comment, a processing instruction or a CDATA section to the pending
   * element's. The first piece is kept as it lies (trimmed when the element settles); a second
   * piece is added as it is to the first trimmed of its blanks, and the whole is trimmed when it
   * settles; a first piece that is all blanks counts as none.
   */
  private addText(buf: string, from: number, to: number): void {
    if (this.pendingText === '' || (this.pendingRaw && isBlank(this.pendingText))) {
      this.pendingText = buf.slice(from, to);
      this.pendingRaw = true;
      if (this.nextAmp < from) {
        const j = buf.indexOf('&', from);
        this.nextAmp = j < 0 ? buf.length : j;
      }
      this.pendingAmp = this.nextAmp < to;
    } else {
      this.appendText(buf.slice(from, to));
    }
  }

  /** Adds a piece as it is (a CDATA section's text, text after a comment, the text's end). */
  private appendText(piece: string): void {
    this.pendingText = (this.pendingRaw ? trimBlanks(this.pendingText) : this.pendingText) + piece;
    this.pendingRaw = false;
    this.pendingAmp = true;
  }

  /** The index just past `close` at or after `from`, or -1 when it has not arrived. */
  private endOf(buf: string, close: string, from: number): number {
    const j = buf.indexOf(close, from);
    return j < 0 ? -1 : j + close.length;
  }

  private tooLong(from: number): never {
    throw new SluiceError('STATEMENT_MALFORMED', `a value or tag runs over ${MAX_PENDING} characters without the tag that ends it`, this.lineOf(from));
  }

  /** Settles the pending element from its joined pieces (pendingText), as settle() does from one. */
  private settlePending(childFollows: boolean): void {
    const name = this.pendingName!;
    this.pendingName = null;
    const text = this.pendingText;
    this.pendingText = '';
    const value = text.trim();
    if (value !== '' || !isBlank(text)) {
      this.sink.leaf(name, this.pendingAmp ? decodeEntities(value) : value);
    } else if (KNOWN_LEAVES.has(name) || !childFollows) {
      this.sink.leaf(name, '');
    } else {
      this.stack.push(name);
      this.sink.open(name, this.pendingLine());
    }
  }

  /** An end tag at `to` in buf, with `buf[from, to)` the text before it. */
  private endTag(name: string, from: number, to: number): void {
    if (this.pendingName !== null) {
      if (this.pendingName === name) {
        if (isBlank(this.pendingText) && isBlankRange(this.buf, from, to) && !KNOWN_LEAVES.has(name)) {
          // `<BANKTRANLIST></BANKTRANLIST>`: an aggregate with nothing in it.
          this.pendingName = null;
          this.pendingText = '';
          this.sink.open(name, this.pendingLine());
          this.sink.close(name);
        } else {
          this.settle(from, to, false);
        }
        return;
      }
      // An unclosed leaf, ended by an enclosing element's end tag.
      this.settle(from, to, false);
    }
    // The innermost open aggregate of that name: nearly always the top of the stack.
    const stack = this.stack;
    let at = stack.length - 1;
    while (at >= 0 && stack[at] !== name) at--;
    if (at < 0) return; // closes nothing open (a leaf's end tag after the leaf was settled)
    while (stack.length > at) this.sink.close(stack.pop()!);
  }
}

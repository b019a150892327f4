// A lean XML scanner for the large parts of a workbook (the sheet and the shared strings), in place
// of saxes there: the sheet is tens of MB of `<row><c r="A2" s="1"><v>45366</v></c>…`, and saxes was
// the largest single cost of an XLSX read. It finds markup with indexOf and character codes, makes
// strings only for text and for the attribute values a handler asks for (element and attribute
// names are interned: a part has a handful of them), and gives the same events as saxes for the
// XML 1.0 those parts hold (§2.4 character data and references, §2.5 comments, §2.6 processing
// instructions, §2.7 CDATA, §2.11 line ends, §3.1 tags, §3.3.3 attribute values);
// test/xlsx.test.ts compares the two on every chunking. The small parts (workbook, relationships,
// styles) stay with saxes.
//
// A start tag's attributes are not turned into an object: the handler is given the tag (StartTag,
// valid during the call) and asks it for the attributes it needs, by name; xml.ts builds records
// from it for handlers written for saxes.
//
// What it does not do: validate names and characters, read a DTD (OOXML forbids them, ECMA-376
// Part 2 §8.1.4: a DOCTYPE is refused), or normalize whitespace in attribute values (the sheet's
// attributes are references, numbers and type codes). Tags must nest: a close tag that does not
// match, unclosed elements at the end, text that cannot be read (`&` without an entity) throw.
//
//   const scan = new XmlScanner({ openTag(name, tag) { tag.attribute('r') ... }, close(name) {...} });
//   scan.write(text); ...; scan.close();

export type Attributes = Readonly<Record<string, string>>;

/** A start tag as it is being opened: the scanner's own object, valid during the openTag() call only. */
export interface StartTag {
  /** The value of the attribute written `name` (a prefix is part of the name), or undefined. */
  attribute(name: string): string | undefined;
  /** Every attribute, by its name as written. */
  attributes(): Attributes;
}

/** The events of the lean scanner. */
export interface TagHandlers {
  openTag(name: string, tag: StartTag): void;
  close(name: string): void;
  /** Character data (text and CDATA), possibly in several pieces. */
  text?(text: string): void;
}

/** `x:row` → `row`. */
export const localName = (name: string): string => {
  const i = name.indexOf(':');
  return i < 0 ? name : name.slice(i + 1);
};

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const LT = 60, GT = 62, SLASH = 47, BANG = 33, QUESTION = 63, DQUOTE = 34, SQUOTE = 39, EQUALS = 61;

const REFERENCE = /&(?:(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z_][\w.-]*);)?/g;

function reference(_m: string, ref: string | undefined): string {
  if (ref === undefined) throw new Error('an & that starts no entity or character reference');
  if (ref.charCodeAt(0) === 35) {
    const code = ref.charCodeAt(1) === 120 ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    if (!(code >= 0 && code <= 0x10ffff)) throw new Error(`bad character reference &${ref};`);
    return String.fromCodePoint(code);
  }
  const v = ENTITIES[ref];
  if (v === undefined) throw new Error(`undefined entity &${ref};`);
  return v;
}

/** Character data as it reads: line ends as `\n` (§2.11), then entity and character references replaced. */
export function xmlText(raw: string): string {
  const t = raw.indexOf('\r') >= 0 ? raw.replace(/\r\n?/g, '\n') : raw;
  return t.indexOf('&') < 0 ? t : t.replace(REFERENCE, reference);
}

/** An attribute value as it reads (§3.3.3): each literal white space character a space, then references replaced. */
function attributeValue(raw: string): string {
  let plain = true;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c < 32 || c === 38) { plain = false; break; }
  }
  if (plain) return raw;
  const t = raw.replace(/\r\n|[\t\n\r]/g, ' ');
  return t.indexOf('&') < 0 ? t : t.replace(REFERENCE, reference);
}

/** Whether `s` holds `name` at `at` (a one-character name without a call). */
const holds = (s: string, at: number, name: string): boolean =>
  name.length === 1 ? s.charCodeAt(at) === name.charCodeAt(0) : s.startsWith(name, at);

/** An element name as written and its local name. */
interface Name {
  readonly written: string;
  readonly local: string;
}

/** Distinct names remembered (element names, attribute names); a part with more still reads, making strings for the rest. */
const MAX_NAMES = 64;

export class XmlScanner implements StartTag {
  private readonly handlers: TagHandlers;
  /** Text not yet scanned: an unfinished construct (or trailing text) carried to the next write. */
  private rest = '';
  /** Open elements. */
  private readonly stack: Name[] = [];
  private depth = 0;
  private rootSeen = false;
  private readonly names: Name[] = [];
  private readonly attributeNames: string[] = [];
  /** The attributes of the tag being opened: name start, name end, value start, value end, in `source`. */
  private ranges = new Int32Array(32);
  private count = 0;
  private source = '';

  constructor(handlers: TagHandlers) {
    this.handlers = handlers;
  }

  write(chunk: string): void {
    const s = this.rest === '' ? chunk : this.rest + chunk;
    const n = s.length;
    let i = 0;
    while (i < n) {
      // Markup usually follows markup: no search then.
      const lt = s.charCodeAt(i) === LT ? i : s.indexOf('<', i);
      // Text up to the end: kept, as a reference or a line end may be split across writes.
      if (lt < 0) break;
      if (lt > i) this.text(s.slice(i, lt));
      if (lt + 1 >= n) { i = lt; break; }
      const c = s.charCodeAt(lt + 1);
      const end = c === SLASH ? this.endTag(s, lt) : c === BANG ? this.special(s, lt) : c === QUESTION ? this.instruction(s, lt) : this.startTag(s, lt);
      if (end < 0) { i = lt; break; }
      i = end;
    }
    this.rest = i === 0 ? s : i >= n ? '' : s.slice(i);
    this.source = '';
  }

  close(): void {
    const rest = this.rest;
    this.rest = '';
    if (rest.trim() !== '') throw new Error(rest.indexOf('<') >= 0 ? 'the XML ends inside markup' : 'text after the root element');
    if (this.depth > 0) throw new Error(`unclosed element <${this.stack[this.depth - 1]!.written}>`);
    if (!this.rootSeen) throw new Error('no root element');
  }

  attribute(name: string): string | undefined {
    const r = this.ranges, s = this.source;
    // From the last: a repeated attribute reads as its last value, as in a record.
    for (let k = 4 * this.count - 4; k >= 0; k -= 4) {
      if (r[k + 1]! - r[k]! === name.length && holds(s, r[k]!, name)) return attributeValue(s.slice(r[k + 2]!, r[k + 3]!));
    }
    return undefined;
  }

  attributes(): Attributes {
    const out: Record<string, string> = {};
    const r = this.ranges, s = this.source;
    for (let k = 0; k < 4 * this.count; k += 4) out[this.attributeName(s, r[k]!, r[k + 1]!)] = attributeValue(s.slice(r[k + 2]!, r[k + 3]!));
    return out;
  }

  private text(raw: string): void {
    if (this.depth === 0) {
      if (raw.trim() !== '') throw new Error('text outside the root element');
      return;
    }
    if (this.handlers.text !== undefined) this.handlers.text(xmlText(raw));
  }

  private instruction(s: string, lt: number): number {
    const e = s.indexOf('?>', lt + 2);
    return e < 0 ? -1 : e + 2;
  }

  private endTag(s: string, lt: number): number {
    const top = this.depth > 0 ? this.stack[this.depth - 1]! : null;
    // The usual case, `</c>` closing `<c>`, without a search or a string.
    const w = top === null ? '' : top.written;
    let gt = lt + 2 + w.length;
    if (top === null || gt >= s.length || s.charCodeAt(gt) !== GT || !holds(s, lt + 2, w)) {
      gt = s.indexOf('>', lt + 2);
      if (gt < 0) return -1;
      const name = s.slice(lt + 2, gt).trim();
      if (top === null || name !== w) throw new Error(`</${name}> closes <${top === null ? 'nothing' : w}>`);
    }
    this.depth--;
    this.handlers.close(top.local);
    return gt + 1;
  }

  /** A comment, a CDATA section, or a DOCTYPE (refused). */
  private special(s: string, lt: number): number {
    if (s.startsWith('<!--', lt)) {
      const e = s.indexOf('-->', lt + 4);
      return e < 0 ? -1 : e + 3;
    }
    const head = s.slice(lt, lt + 9);
    if (head !== '<![CDATA[') {
      if ('<![CDATA['.startsWith(head) || '<!--'.startsWith(head)) return -1;
      throw new Error('a DOCTYPE or other declaration, which OOXML parts may not hold');
    }
    const e = s.indexOf(']]>', lt + 9);
    if (e < 0) return -1;
    if (this.depth === 0) throw new Error('CDATA outside the root element');
    const raw = s.slice(lt + 9, e);
    if (this.handlers.text !== undefined) this.handlers.text(raw.indexOf('\r') >= 0 ? raw.replace(/\r\n?/g, '\n') : raw);
    return e + 3;
  }

  /** The element name written at start…end, interned. */
  private name(s: string, start: number, end: number): Name {
    const names = this.names, len = end - start;
    for (let k = 0; k < names.length; k++) {
      const name = names[k]!;
      if (name.written.length === len && holds(s, start, name.written)) return name;
    }
    const written = s.slice(start, end);
    const name = { written, local: localName(written) };
    if (names.length < MAX_NAMES) names.push(name);
    return name;
  }

  /** The attribute name written at start…end, interned. */
  private attributeName(s: string, start: number, end: number): string {
    const names = this.attributeNames, len = end - start;
    for (let k = 0; k < names.length; k++) {
      const name = names[k]!;
      if (name.length === len && holds(s, start, name)) return name;
    }
    const name = s.slice(start, end);
    if (names.length < MAX_NAMES) names.push(name);
    return name;
  }

  /** A start tag (or an empty-element tag): its name, and where its attributes are; -1 when it is not complete yet. */
  private startTag(s: string, lt: number): number {
    const n = s.length;
    let j = lt + 1;
    let c = 0;
    for (; j < n; j++) {
      c = s.charCodeAt(j);
      if (c <= 32 || c === SLASH || c === GT) break;
    }
    if (j >= n) return -1;
    if (j === lt + 1) throw new Error('a tag without a name');
    const name = this.name(s, lt + 1, j);
    let count = 0;
    let selfClosing = false;
    for (;;) {
      while (c <= 32) {
        if (++j >= n) return -1;
        c = s.charCodeAt(j);
      }
      if (c === GT) break;
      if (c === SLASH) {
        if (j + 1 >= n) return -1;
        if (s.charCodeAt(j + 1) !== GT) throw new Error(`a / inside the tag <${name.written}>`);
        selfClosing = true;
        j++;
        break;
      }
      // name = "value" (or 'value'); a value may hold `>`.
      const a = j;
      while (c > 32 && c !== EQUALS && c !== GT && c !== SLASH) {
        if (++j >= n) return -1;
        c = s.charCodeAt(j);
      }
      const ae = j;
      while (c <= 32) {
        if (++j >= n) return -1;
        c = s.charCodeAt(j);
      }
      if (c !== EQUALS) throw new Error(`an attribute without a value in <${name.written}>`);
      if (ae === a) throw new Error(`an attribute without a name in <${name.written}>`);
      do {
        if (++j >= n) return -1;
        c = s.charCodeAt(j);
      } while (c <= 32);
      if (c !== DQUOTE && c !== SQUOTE) throw new Error(`an attribute value without quotes in <${name.written}>`);
      // Values are short (references, numbers, type codes): looked for here rather than by a call.
      let close = j + 1;
      while (close < n && s.charCodeAt(close) !== c) close++;
      if (close >= n) return -1;
      let r = this.ranges;
      if (4 * count + 4 > r.length) {
        r = new Int32Array(2 * r.length);
        r.set(this.ranges);
        this.ranges = r;
      }
      r[4 * count] = a;
      r[4 * count + 1] = ae;
      r[4 * count + 2] = j + 1;
      r[4 * count + 3] = close;
      count++;
      j = close + 1;
      if (j >= n) return -1;
      c = s.charCodeAt(j);
    }
    if (this.depth === 0 && this.rootSeen) throw new Error('a second root element');
    this.rootSeen = true;
    this.count = count;
    this.source = s;
    this.handlers.openTag(name.local, this);
    if (selfClosing) this.handlers.close(name.local);
    else this.stack[this.depth++] = name;
    return j + 1;
  }
}

// A lean XML scanner for the sheet part, in place of saxes there: the sheet is the one large part
// of a workbook (tens of MB of `<row><c r="A2" s="1"><v>45366</v></c>…`), and saxes was the largest
// single cost of an XLSX read. On the 200,000-row bench workbook (37 MB of sheet XML), unzipping and
// turning the sheet into CSV text took 2.6–3.1 s with saxes and 1.7–2.4 s with this scanner
// (engine/xlsx/README.md). It finds markup with indexOf, makes strings only for element names, the
// attributes asked for and text, and gives the same events as saxes for the XML 1.0 a sheet holds
// (§2.4 character data and references, §2.5 comments, §2.6 processing instructions, §2.7 CDATA,
// §2.11 line ends, §3.1 tags, §3.3.3 attribute values); test/xlsx.test.ts compares the two on
// every chunking. The small parts (workbook, relationships, strings, styles) stay with saxes.
//
// What it does not do: validate names and characters, read a DTD (OOXML forbids them, ECMA-376
// Part 2 §8.1.4: a DOCTYPE is refused), or normalize whitespace in attribute values (the sheet's
// attributes are references, numbers and type codes). Tags must nest: a close tag that does not
// match, unclosed elements at the end, text that cannot be read (`&` without an entity) throw.
//
//   const scan = new XmlScanner(handlers, (name) => name === 'c' || name === 'row');
//   scan.write(text); ...; scan.close();

export type Attributes = Readonly<Record<string, string>>;

export interface XmlHandlers {
  open(name: string, attrs: Attributes): void;
  close(name: string): void;
  /** Character data (text and CDATA), possibly in several pieces. */
  text?(text: string): void;
}

/** `x:row` → `row`. */
export const localName = (name: string): string => {
  const i = name.indexOf(':');
  return i < 0 ? name : name.slice(i + 1);
};

const NO_ATTRIBUTES: Attributes = Object.freeze({});
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const GT = 62, SLASH = 47, BANG = 33, QUESTION = 63, DQUOTE = 34, SQUOTE = 39;

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

export class XmlScanner {
  private readonly handlers: XmlHandlers;
  private readonly wantsAttributes: (name: string) => boolean;
  /** Text not yet scanned: an unfinished construct (or trailing text) carried to the next write. */
  private rest = '';
  /** Open elements: their names as written, and their local names. */
  private readonly open: string[] = [];
  private readonly locals: string[] = [];
  private rootSeen = false;

  /** `wantsAttributes(localName)`: whether an element's attributes are read (others get none). */
  constructor(handlers: XmlHandlers, wantsAttributes: (name: string) => boolean) {
    this.handlers = handlers;
    this.wantsAttributes = wantsAttributes;
  }

  write(chunk: string): void {
    this.rest = this.rest === '' ? chunk : this.rest + chunk;
    this.scan();
  }

  close(): void {
    const rest = this.rest;
    this.rest = '';
    if (rest.trim() !== '') throw new Error(rest.indexOf('<') >= 0 ? 'the XML ends inside markup' : 'text after the root element');
    if (this.open.length > 0) throw new Error(`unclosed element <${this.open[this.open.length - 1]}>`);
    if (!this.rootSeen) throw new Error('no root element');
  }

  private text(raw: string): void {
    if (this.open.length === 0) {
      if (raw.trim() !== '') throw new Error('text outside the root element');
      return;
    }
    if (this.handlers.text !== undefined) this.handlers.text(xmlText(raw));
  }

  /** Scans what is complete; keeps the rest. */
  private scan(): void {
    const s = this.rest;
    const n = s.length;
    let i = 0;
    while (i < n) {
      const lt = s.indexOf('<', i);
      // Text up to the end: kept, as a reference or a line end may be split across writes.
      if (lt < 0) break;
      if (lt > i) this.text(s.slice(i, lt));
      const end = this.markup(s, lt);
      if (end < 0) { i = lt; break; }
      i = end;
    }
    this.rest = i === 0 ? s : s.slice(i);
  }

  /** Reads the markup at `lt`; returns the index after it, or -1 when it is not complete yet. */
  private markup(s: string, lt: number): number {
    const c = s.charCodeAt(lt + 1);
    if (Number.isNaN(c)) return -1;
    if (c === SLASH) return this.endTag(s, lt);
    if (c === BANG) return this.special(s, lt);
    if (c === QUESTION) {
      const e = s.indexOf('?>', lt + 2);
      return e < 0 ? -1 : e + 2;
    }
    return this.startTag(s, lt);
  }

  private endTag(s: string, lt: number): number {
    const gt = s.indexOf('>', lt + 2);
    if (gt < 0) return -1;
    const top = this.open.pop();
    // The usual case, `</c>` closing `<c>`, without making a string of the name.
    if (top === undefined || gt - lt - 2 !== top.length || !s.startsWith(top, lt + 2)) {
      const name = s.slice(lt + 2, gt).trim();
      if (name !== top) throw new Error(`</${name}> closes <${top ?? 'nothing'}>`);
    }
    this.handlers.close(this.locals.pop()!);
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
    if (this.open.length === 0) throw new Error('CDATA outside the root element');
    const raw = s.slice(lt + 9, e);
    if (this.handlers.text !== undefined) this.handlers.text(raw.indexOf('\r') >= 0 ? raw.replace(/\r\n?/g, '\n') : raw);
    return e + 3;
  }

  /** A start tag (or an empty-element tag) and its attributes, in one pass. */
  private startTag(s: string, lt: number): number {
    const n = s.length;
    let j = lt + 1;
    while (j < n) {
      const c = s.charCodeAt(j);
      if (c <= 32 || c === SLASH || c === GT) break;
      j++;
    }
    if (j >= n) return -1;
    const name = s.slice(lt + 1, j);
    if (name === '') throw new Error('a tag without a name');
    const local = localName(name);
    const wanted = this.wantsAttributes(local);
    let attrs: Record<string, string> | null = null;
    let selfClosing = false;
    for (;;) {
      while (j < n && s.charCodeAt(j) <= 32) j++;
      if (j >= n) return -1;
      const c = s.charCodeAt(j);
      if (c === GT) break;
      if (c === SLASH) {
        if (j + 1 >= n) return -1;
        if (s.charCodeAt(j + 1) !== GT) throw new Error(`a / inside the tag <${name}>`);
        selfClosing = true;
        j++;
        break;
      }
      // name = "value" (or 'value'); a value may hold `>`.
      const eq = s.indexOf('=', j);
      const gt = s.indexOf('>', j);
      if (eq < 0 || gt < 0) return -1;
      if (gt < eq) throw new Error(`an attribute without a value in <${name}>`);
      let v = eq + 1;
      while (v < n && s.charCodeAt(v) <= 32) v++;
      if (v >= n) return -1;
      const q = s.charCodeAt(v);
      if (q !== DQUOTE && q !== SQUOTE) throw new Error(`an attribute value without quotes in <${name}>`);
      const close = s.indexOf(q === DQUOTE ? '"' : "'", v + 1);
      if (close < 0) return -1;
      if (wanted) (attrs ??= {})[s.slice(j, eq).trim()] = attributeValue(s.slice(v + 1, close));
      j = close + 1;
    }
    if (this.open.length === 0 && this.rootSeen) throw new Error('a second root element');
    this.rootSeen = true;
    this.handlers.open(local, attrs ?? NO_ATTRIBUTES);
    if (selfClosing) this.handlers.close(local);
    else {
      this.open.push(name);
      this.locals.push(local);
    }
    return j + 1;
  }
}

// One XML part of a workbook read as it inflates: bytes → text (UTF-8, or UTF-16 by its byte
// order mark: the two encodings ECMA-376 Part 2 §8.1.4 allows) → saxes (or, for the large parts,
// the lean scanner of xml-scan.ts), whose events reach the part's handlers with local element names
// (a prefix such as `x:` in `<x:row>` is dropped: some writers bind the SpreadsheetML namespace to a
// prefix). Handlers of the small parts take a start tag's attributes as a record (XmlHandlers, as
// saxes gives them); those of the large parts (sheet, shared strings) ask the lean scanner's tag
// for the ones they need (TagHandlers). Malformed XML stops the file as XLSX_UNREADABLE naming the
// part; a SluiceError a handler throws passes through unchanged.
//
//   const part = new XmlPart('xl/workbook.xml', { open(name, attrs) {...}, close(name) {...}, text(t) {...} });
//   part.push(bytes); ...; part.end();

import { SaxesParser } from 'saxes';
import { SluiceError } from '../errors.ts';
import { localName, XmlScanner, type Attributes, type StartTag, type TagHandlers } from './xml-scan.ts';

export { localName, type Attributes, type StartTag, type TagHandlers };

/** Handlers given each start tag's attributes as a record. */
export interface XmlHandlers {
  open(name: string, attrs: Attributes): void;
  close(name: string): void;
  /** Character data (text and CDATA), possibly in several pieces. */
  text?(text: string): void;
}

const NO_ATTRIBUTES: Attributes = Object.freeze({});

/** The value of an attribute whatever its prefix (`r:id` and `id` in another namespace both answer `id`). */
export function attr(attrs: Attributes, local: string): string | undefined {
  const v = attrs[local];
  if (v !== undefined) return v;
  for (const k in attrs) if (localName(k) === local) return attrs[k];
  return undefined;
}

export function unreadable(part: string, e: unknown): SluiceError {
  if (e instanceof SluiceError) return e;
  const message = e instanceof Error ? e.message : String(e);
  return new SluiceError('XLSX_UNREADABLE', `the workbook part ${part} cannot be read: ${message}`, null, { part });
}

/** What turns a part's text into events: saxes, or the lean scanner (xml-scan.ts). */
interface TextParser {
  write(text: string): void;
  close(): void;
}

const isTagHandlers = (h: XmlHandlers | TagHandlers): h is TagHandlers => 'openTag' in h;

function saxes(handlers: XmlHandlers): TextParser {
  const parser = new SaxesParser({ position: false });
  parser.on('opentag', (tag) => handlers.open(localName(tag.name), tag.attributes as Attributes));
  parser.on('closetag', (tag) => handlers.close(localName(tag.name)));
  if (handlers.text !== undefined) {
    parser.on('text', (t) => handlers.text!(t));
    parser.on('cdata', (t) => handlers.text!(t));
  }
  return { write: (t) => { parser.write(t); }, close: () => { parser.close(); } };
}

export class XmlPart {
  readonly name: string;
  private readonly parser: TextParser;
  private decoder: InstanceType<typeof TextDecoder> | null = null;
  /** The first byte, held until the second tells whether a UTF-16 byte order mark starts the part. */
  private first: Uint8Array | null = null;

  /**
   * Tag handlers are read by the lean scanner (xml-scan.ts). Record handlers are read by saxes, or,
   * given `lean`, by the lean scanner, which gives them the attributes of the elements `lean` names
   * only (test/xlsx.test.ts compares the two parsers so).
   */
  constructor(name: string, handlers: XmlHandlers | TagHandlers, lean: ((name: string) => boolean) | null = null) {
    this.name = name;
    if (isTagHandlers(handlers)) this.parser = new XmlScanner(handlers);
    else if (lean === null) this.parser = saxes(handlers);
    else {
      const h = handlers;
      this.parser = new XmlScanner({
        openTag: (element, tag) => h.open(element, lean(element) ? tag.attributes() : NO_ATTRIBUTES),
        close: (element) => h.close(element),
        text: h.text === undefined ? undefined : (t) => h.text!(t),
      });
    }
  }

  push(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    let data = bytes;
    if (this.decoder === null) {
      if (this.first !== null) {
        data = new Uint8Array(1 + bytes.length);
        data[0] = this.first[0]!;
        data.set(bytes, 1);
        this.first = null;
      }
      if (data.length < 2) {
        this.first = data.slice();
        return;
      }
      this.decoder = new TextDecoder(data[0] === 0xff && data[1] === 0xfe ? 'utf-16le' : data[0] === 0xfe && data[1] === 0xff ? 'utf-16be' : 'utf-8');
    }
    this.write(this.decoder.decode(data, { stream: true }));
  }

  end(): void {
    if (this.decoder === null) this.decoder = new TextDecoder('utf-8');
    const rest = this.decoder.decode(this.first ?? new Uint8Array(0));
    this.first = null;
    if (rest !== '') this.write(rest);
    try {
      this.parser.close();
    } catch (e) {
      throw unreadable(this.name, e);
    }
  }

  private write(text: string): void {
    try {
      this.parser.write(text);
    } catch (e) {
      throw unreadable(this.name, e);
    }
  }
}

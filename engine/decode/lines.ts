// Physical lines of decoded text, for the line-based formats (NDJSON, QIF): LF, CRLF and lone CR
// each end a line, also when a CR ends one chunk and its LF starts the next. Each line is handed
// on with its 1-based number; the unfinished last line waits for more text or for end().

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

// The async shell around a push pipeline: pulls byte chunks from a source, pushes them through,
// and hands out the results as batches (one per input chunk), as single rows, or only as the
// whole-file result. One reader reads its source once.
//
//   const reader = readImport({ path: 'bank.csv' }, { date_format: '%d/%m/%Y' });
//   for await (const row of reader) { ... }
//   const result = await reader.result();

import { byteChunks, type Source } from './source.ts';

export interface PushPipeline<R, F> {
  /**
   * push() keeps nothing of the bytes it is given once it returns (it copies what it carries over):
   * a file source may then be read into the same buffers over and over (source.ts).
   */
  readonly copiesInput?: boolean;
  push(bytes: Uint8Array): R[];
  end(): R[];
  /**
   * end() in slices, for a pipeline that may hold many rows when the input ends (an XLSX workbook
   * whose sheet came before the strings it needs): each call returns some; [] once all are out.
   */
  endSlice?(): R[];
  result(): F;
}

/** Hands the rows end() leaves to `take`: in slices when the pipeline gives them so (endSlice()), else at once. */
export function endInSlices<R>(pipeline: { end(): R[]; endSlice?(): R[] }, take: (rows: R[]) => void): void {
  if (pipeline.endSlice === undefined) {
    take(pipeline.end());
    return;
  }
  for (let rows = pipeline.endSlice(); rows.length > 0; rows = pipeline.endSlice()) take(rows);
}

export class PipelineReader<R, F> implements AsyncIterable<R> {
  private readonly source: Source;
  private readonly pipeline: PushPipeline<R, F>;
  private started = false;
  private done = false;

  constructor(source: Source, pipeline: PushPipeline<R, F>) {
    this.source = source;
    this.pipeline = pipeline;
  }

  /** Rows in file order, a batch per input chunk (the fast way to consume a large file). */
  async *batches(): AsyncGenerator<R[], void, undefined> {
    if (this.started) throw new Error('this reader has already been read; create a new one for another pass');
    this.started = true;
    // The batches are handed on, not kept: a variable holding the last one through the end would
    // keep it alive while the end slices are read (an async generator saves its locals).
    for await (const chunk of byteChunks(this.source, { reuse: this.pipeline.copiesInput === true })) {
      let rows: R[] | null = this.pipeline.push(chunk);
      if (rows.length > 0) yield rows;
      rows = null;
    }
    const pipeline = this.pipeline;
    if (pipeline.endSlice !== undefined) {
      for (let rows = pipeline.endSlice(); rows.length > 0; rows = pipeline.endSlice()) yield rows;
    } else {
      const rows = pipeline.end();
      if (rows.length > 0) yield rows;
    }
    this.done = true;
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<R, void, undefined> {
    for await (const batch of this.batches()) yield* batch;
  }

  /** The whole-file result; reads what is left of the source first (discarding its rows). */
  async result(): Promise<F> {
    if (!this.started) for await (const _ of this.batches());
    if (!this.done) throw new Error('result() was called while the rows are still being read; finish reading them first');
    return this.pipeline.result();
  }
}

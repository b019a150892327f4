// The first `max` problems of a file by line, whatever order they were found in (SPEC §2.12: a
// result does not depend on how the input was cut into chunks). A pipeline finds some problems
// when a line is read and others when a batch of lines is checked, so the order they arrive in
// moves with the chunk boundaries; keeping "the first `max` to arrive" would too. Kept in at most
// twice `max` entries: past that the list is sorted and cut back. Ties keep their arrival order
// (problems of one line arrive in the same order however the input is cut).

export class FirstByLine<T extends { line: number | null }> {
  private items: T[] = [];
  private cut = false;

  constructor(private readonly max: number) {}

  add(item: T): void {
    this.items.push(item);
    if (this.items.length >= 2 * this.max && this.items.length > this.max) this.trim();
  }

  /** The kept problems in line order (problems of no line last). */
  list(): T[] {
    this.trim();
    return this.items.slice();
  }

  /** Whether problems were left out of list(). */
  get truncated(): boolean {
    return this.cut || this.items.length > this.max;
  }

  private trim(): void {
    this.items.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
    if (this.items.length > this.max) {
      this.items.length = this.max;
      this.cut = true;
    }
  }
}

/** Counts keyed by code in code order: the same object however the problems arrived. */
export function sortedCounts<K extends string>(counts: Partial<Record<K, number>> | Map<K, number>): Partial<Record<K, number>> {
  const entries = counts instanceof Map ? [...counts] : (Object.entries(counts) as [K, number][]);
  return Object.fromEntries(entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) as Partial<Record<K, number>>;
}

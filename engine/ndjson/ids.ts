// Maps of source ids that stay small for large files: the reference index is the one part of
// NDJSON preflight that grows with the file (SPEC §2.10), so canonical UUIDs, which the reference
// exporter writes, are packed from 36 characters into 8 UTF-16 code units (16 bits each: exact,
// no hashing). Other ids are kept as written, in a map of their own so the two forms never collide.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function pack(uuid: string): string {
  let out = '';
  for (const [a, b] of [[0, 4], [4, 8], [9, 13], [14, 18], [19, 23], [24, 28], [28, 32], [32, 36]] as const) {
    out += String.fromCharCode(parseInt(uuid.slice(a, b), 16));
  }
  return out;
}

/** Source id → the line it was first seen on. */
export class IdIndex {
  private readonly packed = new Map<string, number>();
  private readonly plain = new Map<string, number>();

  get size(): number {
    return this.packed.size + this.plain.size;
  }

  /** The line the id was first seen on, or undefined. */
  line(id: string): number | undefined {
    return UUID.test(id) ? this.packed.get(pack(id)) : this.plain.get(id);
  }

  has(id: string): boolean {
    return this.line(id) !== undefined;
  }

  /** Records the id at `line`; returns the earlier line when the id was already there. */
  add(id: string, line: number): number | undefined {
    const [map, key] = UUID.test(id) ? [this.packed, pack(id)] : [this.plain, id];
    const first = map.get(key);
    if (first === undefined) map.set(key, line);
    return first;
  }
}

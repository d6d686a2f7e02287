/**
 * Running options of one symbol ordered by expiry: a binary min-heap keyed by (expireAtMs, id).
 * A tick pops only the orders it makes due - O(k log n) for k due orders, nothing for the rest.
 */
export interface ExpiryEntry {
  id: string;
  expireAtMs: number;
}

function before(a: ExpiryEntry, b: ExpiryEntry): boolean {
  if (a.expireAtMs !== b.expireAtMs) return a.expireAtMs < b.expireAtMs;
  // Same expiry: the older order first (ids are increasing); compare as numbers of any length.
  return a.id.length !== b.id.length ? a.id.length < b.id.length : a.id < b.id;
}

export class ExpiryHeap<T extends ExpiryEntry> {
  private readonly items: T[] = [];

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    const a = this.items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(a[i]!, a[parent]!)) break;
      [a[i], a[parent]] = [a[parent]!, a[i]!];
      i = parent;
    }
  }

  pop(): T | undefined {
    const a = this.items;
    if (a.length === 0) return undefined;
    const top = a[0]!;
    const last = a.pop()!;
    if (a.length > 0) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && before(a[l]!, a[m]!)) m = l;
        if (r < a.length && before(a[r]!, a[m]!)) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m]!, a[i]!];
        i = m;
      }
    }
    return top;
  }

  /** Pops every entry due at or before `atMs`, in expiry order. */
  popDue(atMs: number): T[] {
    const out: T[] = [];
    while (this.items.length > 0 && this.items[0]!.expireAtMs <= atMs) out.push(this.pop()!);
    return out;
  }
}

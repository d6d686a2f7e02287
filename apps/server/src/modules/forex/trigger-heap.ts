/**
 * A binary min-heap of trigger entries in flat typed arrays: a million open positions cost a few
 * tens of megabytes and no per-entry objects. Each entry is (key, ref, ver, kind): `ref` is an
 * order or user id, `ver` the version of the thing it was indexed for - an entry whose version no
 * longer matches is stale and skipped when popped (lazy deletion: removing or moving a trigger
 * is O(1), the stale entry costs one pop later). A max-heap stores negated keys.
 */
export class TriggerHeap {
  private keys: Float64Array;
  private refs: Int32Array;
  private vers: Int32Array;
  private kinds: Uint8Array;
  private n = 0;
  /** The entry the last pop() removed. */
  key = 0;
  ref = 0;
  ver = 0;
  kind = 0;

  constructor(capacity = 64) {
    this.keys = new Float64Array(capacity);
    this.refs = new Int32Array(capacity);
    this.vers = new Int32Array(capacity);
    this.kinds = new Uint8Array(capacity);
  }

  get size(): number {
    return this.n;
  }

  /** The smallest key, or +Infinity when empty. */
  peek(): number {
    return this.n > 0 ? this.keys[0]! : Infinity;
  }

  push(key: number, ref: number, ver: number, kind: number): void {
    if (this.n === this.keys.length) this.grow();
    let i = this.n++;
    const { keys, refs, vers, kinds } = this;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent]! <= key) break;
      keys[i] = keys[parent]!;
      refs[i] = refs[parent]!;
      vers[i] = vers[parent]!;
      kinds[i] = kinds[parent]!;
      i = parent;
    }
    keys[i] = key;
    refs[i] = ref;
    vers[i] = ver;
    kinds[i] = kind;
  }

  /** Removes the smallest entry into (key, ref, ver, kind). */
  pop(): void {
    const { keys, refs, vers, kinds } = this;
    this.key = keys[0]!;
    this.ref = refs[0]!;
    this.ver = vers[0]!;
    this.kind = kinds[0]!;
    const last = --this.n;
    if (last === 0) return;
    const key = keys[last]!;
    const ref = refs[last]!;
    const ver = vers[last]!;
    const kind = kinds[last]!;
    let i = 0;
    for (;;) {
      let child = 2 * i + 1;
      if (child >= last) break;
      if (child + 1 < last && keys[child + 1]! < keys[child]!) child += 1;
      if (keys[child]! >= key) break;
      keys[i] = keys[child]!;
      refs[i] = refs[child]!;
      vers[i] = vers[child]!;
      kinds[i] = kinds[child]!;
      i = child;
    }
    keys[i] = key;
    refs[i] = ref;
    vers[i] = ver;
    kinds[i] = kind;
  }

  private grow(): void {
    const cap = this.keys.length * 2;
    const keys = new Float64Array(cap);
    keys.set(this.keys);
    const refs = new Int32Array(cap);
    refs.set(this.refs);
    const vers = new Int32Array(cap);
    vers.set(this.vers);
    const kinds = new Uint8Array(cap);
    kinds.set(this.kinds);
    this.keys = keys;
    this.refs = refs;
    this.vers = vers;
    this.kinds = kinds;
  }
}

/**
 * Values loaded once per key and kept until {@link clear} (issue 12: hot reads from memory). Concurrent
 * misses of one key share one load; a failed load is forgotten so the next call tries again.
 */
export class MemoCache<K, V> {
  private readonly entries = new Map<K, Promise<V>>();

  /** @param load reads the value of a key (from the database) */
  constructor(private readonly load: (key: K) => Promise<V>) {}

  /** The value of `key`, loaded on the first call after construction or {@link clear}. */
  get(key: K): Promise<V> {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = this.load(key);
      this.entries.set(key, entry);
      entry.catch(() => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      });
    }
    return entry;
  }

  /** Forgets every value (their data changed). */
  clear(): void {
    this.entries.clear();
  }
}

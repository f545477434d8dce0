/**
 * A few seconds of memory for answers that many shoppers ask for alike (a search, a category's page), bounded in
 * entries: search addresses are as many as shoppers can type, so the least recently used go first. Concurrent
 * misses of one key share one computation; a failure is not kept.
 */
export class ResponseMemory<T> {
  private readonly entries = new Map<string, { expires: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const value = compute();
    this.entries.delete(key);
    this.entries.set(key, { expires: this.now() + this.ttlMs, value });
    while (this.entries.size > this.maxEntries)
      this.entries.delete(this.entries.keys().next().value as string);
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * A few seconds of memory for the catalogue's heaviest public answers (every category with every product). Home
 * pages ask for the same thing thousands of times a minute; prices and stock may show up to `ttlMs` late in
 * lists, while product detail, cart and orders always read the database.
 */
export class ResponseCache<T> {
  private readonly entries = new Map<string, { expires: number; value: Promise<T> }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) return hit.value;
    // Concurrent misses share one computation; a failure is not remembered.
    const value = compute();
    this.entries.set(key, { expires: this.now() + this.ttlMs, value });
    value.catch(() => this.entries.delete(key));
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

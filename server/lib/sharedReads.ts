/**
 * Counts the write requests this server has answered. A read shared by SharedReads is only joined while the
 * count has not moved, so a shopper who just changed something never gets an answer read before the change.
 */
export class WriteCounter {
  private count = 0;

  get current(): number {
    return this.count;
  }

  /** Called as a write request's answer leaves (whatever its outcome: a refused one may have written too). */
  written(): void {
    this.count += 1;
  }
}

/**
 * One database read for identical requests that arrive while it runs (a popular product opened by many shoppers
 * at once): the later ones wait for the running read instead of queueing one more behind it. Nothing is kept
 * after it ends, and a write answered in between starts a new read, so an answer is never older than the
 * request that asked for it could have seen.
 */
export class SharedReads<T> {
  private readonly running = new Map<string, { writes: number; value: Promise<T> }>();

  constructor(private readonly writes: WriteCounter) {}

  get(key: string, read: () => Promise<T>): Promise<T> {
    const writes = this.writes.current;
    const joined = this.running.get(key);
    if (joined && joined.writes === writes) return joined.value;
    const entry = { writes, value: read() };
    this.running.set(key, entry);
    const forget = () => {
      if (this.running.get(key) === entry) this.running.delete(key);
    };
    entry.value.then(forget, forget);
    return entry.value;
  }
}

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
 * One database read for identical requests: the later ones wait for the running read instead of queueing one
 * more behind it (a popular product opened by many shoppers at once). A version that moves with every write that
 * matters (`version`) starts a new read, so an answer is never older than what the request asking for it could
 * have seen. Nothing is kept once a read ends: the next request reads again.
 */
export class SharedReads<T> {
  private readonly entries = new Map<string, { version: number; value: Promise<T> }>();
  private seenVersion: number | undefined;

  constructor(private readonly version: () => number) {}

  get(key: string, read: () => Promise<T>): Promise<T> {
    const version = this.version();
    // Entries of an older version are never answered again: dropped at once, so they do not pile up.
    if (version !== this.seenVersion) {
      this.seenVersion = version;
      this.entries.clear();
    }
    const found = this.entries.get(key);
    if (found && found.version === version) return found.value;
    const entry = { version, value: read() };
    this.entries.set(key, entry);
    const forget = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    entry.value.then(forget, forget);
    return entry.value;
  }
}

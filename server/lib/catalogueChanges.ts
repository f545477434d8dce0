/**
 * How long another writer's catalogue change may go unseen by this process: a cached catalogue answer is only
 * answered while the database's catalogue version was read less than this long ago (plus the time that read takes).
 * Half a second: a shopper never notices it, and it costs each busy instance two tiny reads a second (none when
 * idle). The stock shown may lag by that much; the order's own transaction checks the stock it takes.
 */
export const CATALOGUE_CHECK_MS = 500;

export interface CatalogueWatch {
  /** The database's catalogue version (db/queries/catalogueVersion: moved by every committed catalogue write). */
  readVersion: () => Promise<string>;
  /** See CATALOGUE_CHECK_MS. */
  intervalMs: number;
  now: () => number;
  /** The version could not be read (the first failure after a success): nothing cached is answered meanwhile. */
  onError?: (error: unknown) => void;
}

/**
 * The catalogue changed: every answer this process caches of it (product detail, lib/catalogueResponses; the list
 * answers of routes/catalog; the rendered pages of plugins/pageRenderer) is dropped.
 *
 * - This process's own staff changes call `changed()` once committed: the next request shows them.
 * - Every other change (another instance's staff, orders taking or returning stock on any instance, background
 *   jobs, SQL written straight into the tables) moves the database's catalogue version (migration 015). A cache
 *   asks `fresh()` before answering: when the version was read `intervalMs` ago or longer, it is read again (one
 *   read shared by the requests that ask meanwhile) and a moved version drops everything first.
 */
export class CatalogueChanges {
  private readonly listeners = new Set<() => void>();
  /** The version last read; undefined before the first read and after a failed one. */
  private seen: string | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<void> | undefined;
  private failing = false;

  /** Without a watch (unit tests of other parts) only `changed()` drops anything. */
  constructor(private readonly watch?: CatalogueWatch) {}

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changed(): void {
    for (const listener of this.listeners) listener();
  }

  /**
   * Undefined when the version was read less than `intervalMs` ago: cached answers may be used as they are.
   * Otherwise a promise that settles once it has been read again (never rejects: a failed read drops what was
   * cached, so the caller reads the database itself).
   */
  fresh(): Promise<void> | undefined {
    const watch = this.watch;
    if (!watch || watch.now() - this.checkedAt < watch.intervalMs) return undefined;
    this.checking ??= this.check(watch).finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  private async check(watch: CatalogueWatch): Promise<void> {
    // The read's snapshot is taken after this moment: every change committed before it is in the version read.
    const startedAt = watch.now();
    let version: string;
    try {
      version = await watch.readVersion();
    } catch (error) {
      // Unknown: answers cached so far are dropped and the next request asks again.
      this.seen = undefined;
      this.changed();
      if (!this.failing) watch.onError?.(error);
      this.failing = true;
      return;
    }
    this.failing = false;
    // No version to compare with (the first read, or the first after a failure): whatever was cached meanwhile was
    // read without one, so it goes too.
    if (version !== this.seen) this.changed();
    this.seen = version;
    this.checkedAt = startedAt;
  }
}

/**
 * How long another writer's catalogue change may go unseen by this process: a cached catalogue answer is only
 * answered while the database's catalogue version was read less than this long ago (plus the time that read takes).
 * Half a second: a shopper never notices it, and it costs each busy instance two tiny reads a second (none when
 * idle). The stock shown may lag by that much; the order's own transaction checks the stock it takes.
 */
export const CATALOGUE_CHECK_MS = 500;

/**
 * The database's versions (db/queries/catalogueVersion): `catalogue` moves with every committed catalogue write but
 * a change of stock alone, which moves `stock`; `content` moves with the coupons, slides and content pages (migration
 * 025), left out where a watch has none. A plain string is one version for every change.
 */
export type WatchedVersion = string | { catalogue: string; stock: string; content?: string };

/** What a listener's kept answers show, so a move of one version drops only what shows it. */
export interface ChangeListenerOptions {
  /** Nothing of stock or sales (the search's facet groups): an order taking stock leaves it be. */
  ignoresStock?: boolean;
  /** The coupons, slides or content pages (the rendered pages): their own version drops it too. */
  showsContent?: boolean;
}

interface Listener {
  run: () => void;
  stock: boolean;
  content: boolean;
}

export interface CatalogueWatch {
  readVersion: () => Promise<WatchedVersion>;
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
 *   jobs, SQL written straight into the tables) moves the database's catalogue version (migration 015), or its
 *   stock version when only stock or sales changed (migration 023: listeners `ignoresStock` keep theirs), or its
 *   content version for coupons, slides and content pages (migration 025: only listeners `showsContent` hear it). A cache
 *   asks `fresh()` before answering: when the version was read `intervalMs` ago or longer, it is read again (one
 *   read shared by the requests that ask meanwhile) and a moved version drops everything first.
 */
export class CatalogueChanges {
  private readonly listeners = new Set<Listener>();
  /** The versions last read; undefined before the first read and after a failed one. */
  private seen: { catalogue: string; stock: string; content: string } | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private checking: Promise<void> | undefined;
  private failing = false;

  /** Without a watch (unit tests of other parts) only `changed()` drops anything. */
  constructor(private readonly watch?: CatalogueWatch) {}

  /**
   * Every listener hears a catalogue change and this process's own `changed()`; a move of stock alone reaches those
   * that show stock (all but `ignoresStock`), a move of the content version those that `showsContent`.
   */
  onChange(run: () => void, options: ChangeListenerOptions = {}): () => void {
    const listener: Listener = { run, stock: !options.ignoresStock, content: !!options.showsContent };
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changed(): void {
    this.tell(() => true);
  }

  /** This process's own change of coupons (or other content): what shows content goes, the catalogue's answers stay. */
  contentChanged(): void {
    this.tell((listener) => listener.content);
  }

  private tell(hears: (listener: Listener) => boolean): void {
    for (const listener of [...this.listeners]) if (hears(listener)) listener.run();
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
    let version: { catalogue: string; stock: string; content: string };
    try {
      const read = await watch.readVersion();
      version =
        typeof read === 'string'
          ? { catalogue: read, stock: read, content: read }
          : { ...read, content: read.content ?? '' };
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
    const seen = this.seen;
    if (version.catalogue !== seen?.catalogue) this.changed();
    else {
      const stock = version.stock !== seen.stock;
      const content = version.content !== seen.content;
      if (stock || content)
        this.tell((listener) => (stock && listener.stock) || (content && listener.content));
    }
    this.seen = version;
    this.checkedAt = startedAt;
  }
}

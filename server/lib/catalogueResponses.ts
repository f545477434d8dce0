import type { CatalogueChanges } from './catalogueChanges';

/**
 * Answers read from the catalogue (a product's detail), kept until the catalogue changes: this process's own
 * changes drop them at once, any other writer's within CatalogueChanges' interval (see lib/catalogueChanges). The
 * same on PGlite and PostgreSQL.
 *
 * Requests asking for a key that is being read wait for that read. At most `maxEntries` keys are kept (ids and
 * currencies are the client's to choose): past it, the least recently asked for goes.
 */
export class CatalogueResponses<T> {
  private readonly entries = new Map<string, Promise<T>>();

  constructor(
    private readonly catalogue: CatalogueChanges,
    private readonly maxEntries: number,
  ) {
    // A read still running when the catalogue changes may have seen the old rows: it leaves with the rest, and
    // the requests that ask after the change read again.
    catalogue.onChange(() => this.entries.clear());
  }

  get(key: string, read: () => Promise<T>): Promise<T> {
    const checking = this.catalogue.fresh();
    return checking ? checking.then(() => this.kept(key, read)) : this.kept(key, read);
  }

  get size(): number {
    return this.entries.size;
  }

  private kept(key: string, read: () => Promise<T>): Promise<T> {
    const found = this.entries.get(key);
    if (found) {
      // Most recently asked for last: the Map's order is the order of eviction.
      this.entries.delete(key);
      this.entries.set(key, found);
      return found;
    }
    const value = read();
    this.entries.set(key, value);
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    // A failure is not kept.
    value.catch(() => {
      if (this.entries.get(key) === value) this.entries.delete(key);
    });
    return value;
  }
}

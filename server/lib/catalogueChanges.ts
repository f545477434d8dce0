/**
 * Staff changed what the shop shows (stock, prices, a new product, an approved review): every answer this process
 * caches of the catalogue (the list answers of routes/catalog, the rendered pages of plugins/pageRenderer) is
 * dropped at once, so the shop shows it on the next request instead of after the caches' few seconds. Product
 * detail needs no call: it is not cached (identical reads running at once are shared, lib/sharedReads.ts).
 */
export class CatalogueChanges {
  private readonly listeners = new Set<() => void>();

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changed(): void {
    for (const listener of this.listeners) listener();
  }
}

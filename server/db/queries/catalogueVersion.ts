// The catalogue's versions (migrations 015 and 023): they move with every committed write to the tables product
// answers are read from, whoever writes them; a change of stock alone moves the stock version only.
import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '../client';

/** The sums of the version slots, as text (bigint sums): compare them, never count with them. */
export interface CatalogueVersion {
  /** Moved by every catalogue write but an update of stock columns alone. */
  catalogue: string;
  /** Moved by an update of a product's stock, stock warnings or sold count. */
  stock: string;
}

export async function readCatalogueVersion(db: Db): Promise<CatalogueVersion> {
  const [row] = await executeRows<{ catalogue: string | null; stock: string | null }>(
    db,
    sql`SELECT (SELECT sum(version) FROM catalogue_versions)::text AS catalogue,
               (SELECT sum(version) FROM catalogue_stock_versions)::text AS stock`,
  );
  return { catalogue: row?.catalogue ?? '', stock: row?.stock ?? '' };
}

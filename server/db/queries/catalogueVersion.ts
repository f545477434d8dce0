// The catalogue's versions (migrations 015, 023 and 025): they move with every committed write to the tables product
// answers are read from, whoever writes them; a change of stock alone moves the stock version only; the coupons,
// slides and content pages a rendered page also shows move the content version.
import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '../client';

/** The sums of the version slots, as text (bigint sums): compare them, never count with them. */
export interface CatalogueVersion {
  /** Moved by every catalogue write but an update of stock columns alone. */
  catalogue: string;
  /** Moved by an update of a product's stock, stock warnings or sold count. */
  stock: string;
  /** Moved by a write to the coupons, slides, about texts, policy pages or shipping notes. */
  content: string;
}

export async function readCatalogueVersion(db: Db): Promise<CatalogueVersion> {
  const [row] = await executeRows<{ catalogue: string | null; stock: string | null; content: string | null }>(
    db,
    sql`SELECT (SELECT sum(version) FROM catalogue_versions)::text AS catalogue,
               (SELECT sum(version) FROM catalogue_stock_versions)::text AS stock,
               (SELECT sum(version) FROM content_versions)::text AS content`,
  );
  return { catalogue: row?.catalogue ?? '', stock: row?.stock ?? '', content: row?.content ?? '' };
}

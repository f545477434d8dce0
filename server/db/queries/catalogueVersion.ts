// The catalogue's version (migration 015): moves with every committed write to the tables product answers are read
// from, whoever writes them.
import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '../client';

/** The sum of the version slots, as text (a bigint sum): compare it, never count with it. */
export async function readCatalogueVersion(db: Db): Promise<string> {
  const [row] = await executeRows<{ version: string }>(
    db,
    sql`SELECT sum(version)::text AS version FROM catalogue_versions`,
  );
  return row?.version ?? '';
}

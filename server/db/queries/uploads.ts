// Which uploaded pictures the shop still points at: every column that holds an /uploads/… address.
import { inArray } from 'drizzle-orm';
import type { Db } from '../client';
import { abouts, categories, productImages, sliders, users } from '../schema';

/** Of `paths` (public /uploads/… addresses), those some row refers to. */
export async function referencedUploads(db: Db, paths: string[]): Promise<Set<string>> {
  if (paths.length === 0) return new Set();
  const columns = [
    users.profileImage,
    productImages.image,
    categories.image,
    sliders.image,
    sliders.image2,
    abouts.image,
  ] as const;
  const found = new Set<string>();
  for (const column of columns) {
    const rows = await db.select({ path: column }).from(column.table).where(inArray(column, paths));
    for (const row of rows) if (row.path) found.add(row.path);
  }
  return found;
}

// Where the shop delivers: countries, governorates and their areas.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { areas, countries, governorates } from '../schema';

export function countryRows(db: Db) {
  return db.select().from(countries).orderBy(asc(countries.sortOrder), asc(countries.id));
}

export function governorateRows(db: Db) {
  return db.select().from(governorates).orderBy(asc(governorates.sortOrder), asc(governorates.id));
}

/** How many areas each governorate has. */
export async function areaCounts(db: Db): Promise<Map<number, number>> {
  const rows = await db
    .select({ governorateId: areas.governorateId, count: sql<number>`count(*)::int` })
    .from(areas)
    .groupBy(areas.governorateId);
  return new Map(rows.map((row) => [row.governorateId, row.count]));
}

export async function governorateExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: governorates.id }).from(governorates).where(eq(governorates.id, id));
  return row !== undefined;
}

export function areaRows(db: Db, governorateId: number) {
  return db.select().from(areas).where(eq(areas.governorateId, governorateId)).orderBy(asc(areas.id));
}

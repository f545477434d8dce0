// Where the shop delivers: countries, governorates and their areas.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { areas, countries, governorates } from '../schema';

export function countryRows(db: Db) {
  return db.select().from(countries).orderBy(asc(countries.sortOrder), asc(countries.id));
}

/** Whether a country with this ISO 3166 alpha-3 code is one the shop knows (codes are stored upper case). */
export async function countryCodeExists(db: Db, iso3: string): Promise<boolean> {
  const [row] = await db
    .select({ id: countries.id })
    .from(countries)
    .where(eq(countries.iso3, iso3))
    .limit(1);
  return row !== undefined;
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

/** The delivery price (KWD) of the named area, by its English (any case) or Arabic names; null when none matches. */
export async function areaShippingPrice(
  db: Db,
  governorateName: string,
  areaName: string,
): Promise<number | null> {
  const [row] = await db
    .select({ price: areas.shippingPrice })
    .from(areas)
    .innerJoin(governorates, eq(governorates.id, areas.governorateId))
    .where(
      and(
        sql`(lower(${governorates.nameEn}) = lower(${governorateName}) or ${governorates.nameAr} = ${governorateName})`,
        sql`(lower(${areas.nameEn}) = lower(${areaName}) or ${areas.nameAr} = ${areaName})`,
      ),
    )
    .limit(1);
  return row ? row.price : null;
}

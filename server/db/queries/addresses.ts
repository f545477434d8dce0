// The addresses table.
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { addresses } from '../schema';

export type AddressRow = typeof addresses.$inferSelect;
export type NewAddressRow = typeof addresses.$inferInsert;

export function addressRows(db: Db, userId: number): Promise<AddressRow[]> {
  return db.select().from(addresses).where(eq(addresses.userId, userId)).orderBy(desc(addresses.id));
}

export async function insertAddress(db: Db, values: NewAddressRow): Promise<AddressRow | undefined> {
  const [row] = await db.insert(addresses).values(values).returning();
  return row;
}

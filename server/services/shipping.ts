// Countries (currency and dial code), governorates and their areas with the shipping price.
import type { Area, Country, Governorate } from '../../contract/shipping';
import type { Db } from '../db/client';
import {
  areaCounts,
  areaRows,
  countryRows,
  governorateExists,
  governorateRows,
} from '../db/queries/locations';
import { parseId } from './catalog';
import { NotFound } from './errors';

export async function listCountries(db: Db): Promise<Country[]> {
  return (await countryRows(db)).map((row) => ({
    id: row.id,
    name: { ar: row.nameAr, en: row.nameEn },
    currency_code: row.currencyCode,
    code: row.iso3,
    dial_code: row.dialCode,
  }));
}

export async function listGovernorates(db: Db): Promise<Governorate[]> {
  const [rows, counts] = await Promise.all([governorateRows(db), areaCounts(db)]);
  return rows.map((row) => ({
    id: row.id,
    name_ar: row.nameAr,
    name_en: row.nameEn,
    areas_count: counts.get(row.id) ?? 0,
  }));
}

/** A governorate's areas; an id that is malformed or unknown is NotFound. */
export async function listAreas(db: Db, governorateIdText: string): Promise<Area[]> {
  const id = parseId(governorateIdText);
  if (id === null || !(await governorateExists(db, id))) throw new NotFound('Governorate not found');
  return (await areaRows(db, id)).map((row) => ({
    id: row.id,
    name_ar: row.nameAr,
    name_en: row.nameEn,
    shipping_price: row.shippingPrice,
  }));
}

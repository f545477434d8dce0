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
import { parseId } from '../lib/ids';
import { convert, requestedRate } from './rates';
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

/**
 * A governorate's areas, their shipping prices in the asked currency as the checkout charges them (KWD without
 * one); an id that is malformed or unknown is NotFound, a currency the shop does not price in Invalid.
 */
export async function listAreas(db: Db, governorateIdText: string, currencyCode?: string): Promise<Area[]> {
  const id = parseId(governorateIdText);
  if (id === null || !(await governorateExists(db, id))) throw new NotFound('Governorate not found');
  const rate = await requestedRate(db, currencyCode);
  return (await areaRows(db, id)).map((row) => ({
    id: row.id,
    name_ar: row.nameAr,
    name_en: row.nameEn,
    shipping_price: rate ? convert(row.shippingPrice, rate) : row.shippingPrice,
  }));
}

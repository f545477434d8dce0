// Where the shop delivers: countries (with currency and dial code), Kuwait's governorates and their areas.
import { Type, type Static } from 'typebox';
import { ResponseObject, Bilingual, endpoints, IdText } from './common';
import { CatalogQuery } from './catalog';

export const Country = ResponseObject({
  id: Type.Integer(),
  name: Bilingual,
  currency_code: Type.String(),
  /** ISO 3166-1 alpha-3 */
  code: Type.String(),
  dial_code: Type.String(),
});
export type Country = Static<typeof Country>;

export const CountriesResponse = ResponseObject({ countries: Type.Array(Country) });
export type CountriesResponse = Static<typeof CountriesResponse>;

export const Governorate = ResponseObject({
  id: Type.Integer(),
  name_ar: Type.String(),
  name_en: Type.String(),
  areas_count: Type.Integer(),
});
export type Governorate = Static<typeof Governorate>;

export const GovernoratesResponse = ResponseObject({ data: Type.Array(Governorate) });
export type GovernoratesResponse = Static<typeof GovernoratesResponse>;

export const Area = ResponseObject({
  id: Type.Integer(),
  name_ar: Type.String(),
  name_en: Type.String(),
  shipping_price: Type.Number(),
});
export type Area = Static<typeof Area>;

export const AreasResponse = ResponseObject({ areas: Type.Array(Area) });
export type AreasResponse = Static<typeof AreasResponse>;

export const GovernorateParams = Type.Object({ id: IdText });

export const Shipping = endpoints({
  countries: {
    method: 'GET',
    url: '/countries',
    schema: { querystring: CatalogQuery, response: { 200: CountriesResponse } },
  },
  governorates: {
    method: 'GET',
    url: '/governorates',
    schema: { querystring: CatalogQuery, response: { 200: GovernoratesResponse } },
  },
  areas: {
    method: 'GET',
    url: '/governorates/:id/areas',
    notes:
      "shipping prices in `currency_code` (KWD without one; unknown code 422); unknown governorate 404 `{message:'Governorate not found'}`",
    schema: { params: GovernorateParams, querystring: CatalogQuery, response: { 200: AreasResponse } },
  },
});

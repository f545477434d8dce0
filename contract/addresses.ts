// Saved delivery addresses of the signed-in shopper.
import { Type, type Static } from 'typebox';
import { ResponseObject, CheckedByService, endpoints, Nullable } from './common';

export const Address = ResponseObject({
  id: Type.Integer(),
  name: Type.String(),
  address: Type.String(),
  apartment_number: Type.String(),
  city: Type.String(),
  mobile_number: Type.String(),
  code_number: Type.String(),
  country_code: Type.String(),
});
export type Address = Static<typeof Address>;

/** Texts may come as numbers (a mobile number typed into a number field); the service trims and checks them. */
const Loose = (max: number) => Type.Union([Type.String({ maxLength: max }), Type.Number(), Type.Null()]);

export const AddressBody = CheckedByService(
  {
    name: Type.Optional(Loose(100)),
    address: Type.Optional(Loose(500)),
    mobile_number: Type.Optional(Loose(20)),
    apartment_number: Type.Optional(Loose(10)),
    city: Type.Optional(Loose(100)),
    /** default '+965' */
    code_number: Type.Optional(Loose(6)),
    /** default 'KWT'; the three-letter code of a country of GET /countries, else 422 */
    country_code: Type.Optional(Loose(6)),
  },
  ['name', 'address', 'mobile_number', 'apartment_number', 'city'],
);
export type AddressBody = Static<typeof AddressBody>;

export const AddressesResponse = ResponseObject({ addresses: Type.Array(Address) });
export type AddressesResponse = Static<typeof AddressesResponse>;

export const AddressAddedResponse = ResponseObject({ message: Type.String(), address: Nullable(Address) });
export type AddressAddedResponse = Static<typeof AddressAddedResponse>;

export const Addresses = endpoints({
  list: {
    method: 'GET',
    url: '/addresses',
    auth: 'bearer',
    schema: { response: { 200: AddressesResponse } },
  },
  add: {
    method: 'POST',
    url: '/addresses',
    auth: 'bearer',
    notes:
      'name, address, city, mobile_number (7–15 digits) and apartment_number (digits) required; country_code a known three-letter code (default KWT); 422 per field',
    schema: { body: AddressBody, response: { 201: AddressAddedResponse } },
  },
});

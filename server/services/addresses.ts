// Saved delivery addresses of the signed-in shopper, with the shop's rules for each field.
import type { Address, AddressBody } from '../../contract/addresses';
import type { Db } from '../db/client';
import { addressRows, insertAddress, type AddressRow } from '../db/queries/addresses';
import { countryCodeExists } from '../db/queries/locations';
import { Invalid, type FieldErrors } from './errors';

function addressJson(row: AddressRow): Address {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    apartment_number: row.apartmentNumber,
    city: row.city,
    mobile_number: row.mobileNumber,
    code_number: row.codeNumber,
    country_code: row.countryCode,
  };
}

function text(value: unknown): string {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? value.trim() : '';
}

export async function listAddresses(db: Db, userId: number): Promise<Address[]> {
  return (await addressRows(db, userId)).map(addressJson);
}

export async function addAddress(db: Db, userId: number, body: AddressBody): Promise<Address | null> {
  const input = {
    name: text(body.name),
    address: text(body.address),
    mobileNumber: text(body.mobile_number),
    apartmentNumber: text(body.apartment_number),
    city: text(body.city),
    codeNumber: text(body.code_number) || '+965',
    countryCode: (text(body.country_code) || 'KWT').toUpperCase(),
  };
  const errors: FieldErrors = {};
  const required = (field: string, value: string) => {
    if (!value) errors[field] = [`The ${field.replace(/_/g, ' ')} field is required.`];
    return !!value;
  };
  required('name', input.name);
  required('address', input.address);
  required('city', input.city);
  if (required('mobile_number', input.mobileNumber)) {
    if (!/^\d+$/.test(input.mobileNumber))
      errors.mobile_number = ['The mobile number field must contain only digits.'];
    else if (input.mobileNumber.length < 7 || input.mobileNumber.length > 15)
      errors.mobile_number = ['The mobile number field must be between 7 and 15 digits.'];
  }
  if (required('apartment_number', input.apartmentNumber) && !/^\d+$/.test(input.apartmentNumber)) {
    errors.apartment_number = ['The apartment number field must contain only digits.'];
  }
  if (!/^\+\d{1,4}$/.test(input.codeNumber))
    errors.code_number = ['The code number field format is invalid.'];
  // The three-letter code of a country the shop knows (GET /countries), as the spec's default KWT: a two-letter or
  // made-up code would be kept on orders that no one can deliver.
  if (!/^[A-Z]{3}$/.test(input.countryCode) || !(await countryCodeExists(db, input.countryCode)))
    errors.country_code = ['The selected country code is invalid.'];
  if (Object.keys(errors).length > 0) throw new Invalid(errors);
  const row = await insertAddress(db, { userId, ...input });
  return row ? addressJson(row) : null;
}

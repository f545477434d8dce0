// Saved delivery addresses of the signed-in shopper (spec 02 §5 rules, enforced here too).
import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Addresses } from '../../contract/addresses';
import { addresses } from '../db/schema';
import { type FieldErrors } from '../lib/errors';
import { Invalid } from '../services/errors';

type AddressRow = typeof addresses.$inferSelect;

function addressJson(row: AddressRow) {
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

function str(value: unknown): string {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? value.trim() : '';
}

const addressRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;
  const auth = { preValidation: app.requireUser };
  const userIdOf = (user: { id: number } | null) => (user as { id: number }).id;

  app.get(Addresses.list.url, { ...auth, schema: Addresses.list.schema }, async (request) => {
    const rows = await db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userIdOf(request.user)))
      .orderBy(desc(addresses.id));
    return { addresses: rows.map(addressJson) };
  });

  app.post(Addresses.add.url, { ...auth, schema: Addresses.add.schema }, async (request, reply) => {
    const body = request.body ?? {};
    const input = {
      name: str(body.name),
      address: str(body.address),
      mobileNumber: str(body.mobile_number),
      apartmentNumber: str(body.apartment_number),
      city: str(body.city),
      codeNumber: str(body.code_number) || '+965',
      countryCode: str(body.country_code) || 'KWT',
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
    if (!/^[A-Za-z]{2,3}$/.test(input.countryCode))
      errors.country_code = ['The country code field format is invalid.'];
    if (Object.keys(errors).length > 0) throw new Invalid(errors);
    const [row] = await db
      .insert(addresses)
      .values({ userId: userIdOf(request.user), ...input, countryCode: input.countryCode.toUpperCase() })
      .returning();
    return reply
      .status(201)
      .send({ message: 'Address added successfully', address: row ? addressJson(row) : null });
  });
};

export default addressRoutes;

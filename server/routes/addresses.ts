// Saved delivery addresses of the signed-in shopper (spec 02 §5 rules, enforced here too).
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { addresses } from '../db/schema';
import { validationError, type FieldErrors } from '../lib/errors';

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

const text = (max: number) => ({
  anyOf: [{ type: 'string', maxLength: max }, { type: 'number' }, { type: 'null' }],
});

interface AddressBody {
  name?: unknown;
  address?: unknown;
  mobile_number?: unknown;
  apartment_number?: unknown;
  city?: unknown;
  code_number?: unknown;
  country_code?: unknown;
}

function str(value: unknown): string {
  if (typeof value === 'number') return String(value);
  return typeof value === 'string' ? value.trim() : '';
}

export default async function addressRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps;
  const auth = { preHandler: app.requireUser };
  const userIdOf = (user: { id: number } | null) => (user as { id: number }).id;

  app.get('/addresses', auth, async (request) => {
    const rows = await db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, userIdOf(request.user)))
      .orderBy(desc(addresses.id));
    return { addresses: rows.map(addressJson) };
  });

  app.post<{ Body: AddressBody }>(
    '/addresses',
    {
      ...auth,
      schema: {
        body: {
          type: 'object',
          properties: {
            name: text(100),
            address: text(500),
            mobile_number: text(20),
            apartment_number: text(10),
            city: text(100),
            code_number: text(6),
            country_code: text(6),
          },
        },
      },
    },
    async (request, reply) => {
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
      if (Object.keys(errors).length > 0) throw validationError(errors);
      const [row] = await db
        .insert(addresses)
        .values({ userId: userIdOf(request.user), ...input, countryCode: input.countryCode.toUpperCase() })
        .returning();
      return reply
        .status(201)
        .send({ message: 'Address added successfully', address: row ? addressJson(row) : null });
    },
  );
}

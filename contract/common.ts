// Shapes every area shares, and the request-field rules that give the shop its Laravel-worded 422 messages.
import { Type, type Static, type TProperties, type TSchema } from 'typebox';

/** A response object: fields the contract does not name are a mistake, not a silent extra. */
export const ResponseObject = <P extends TProperties>(properties: P) =>
  Type.Object(properties, { additionalProperties: false });

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const MessageResponse = ResponseObject({ message: Type.String() });
export type MessageResponse = Static<typeof MessageResponse>;

/** Every error answer: 4xx/5xx `{ message }`, 422 also `{ errors: { field: [messages] } }`. */
export const ErrorResponse = ResponseObject({
  message: Type.String(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
  /** a stable word for a refusal the SPA translates (the back office's, e.g. 'order_not_cancelable') */
  code: Type.Optional(Type.String()),
});
export type ErrorResponse = Static<typeof ErrorResponse>;

export const Lang = Type.Unsafe<'en' | 'ar'>({ type: 'string', enum: ['en', 'ar'] });
export type Lang = Static<typeof Lang>;

/** `?lang=ar` answers Arabic; anything else (or nothing) English. */
export const LangQuery = Type.Object({ lang: Type.Optional(Type.String({ maxLength: 10 })) });
export type LangQuery = Static<typeof LangQuery>;

/** A text in both languages, for answers that carry both. */
export const Bilingual = ResponseObject({ ar: Type.String(), en: Type.String() });

/** A path id as sent; a malformed id answers the route's own 404, so it stays a string here. */
export const IdText = Type.String({ maxLength: 40 });

export const DatabaseId = Type.Integer({ minimum: 1, maximum: 2147483647 });

/**
 * The largest amount a client may send: money columns are numeric(12,3) (below 1e9), and 1e8 leaves room for a
 * service charge on top.
 */
export const MAX_AMOUNT = 100_000_000;

/** An amount a client sends: a finite JSON number, 0..MAX_AMOUNT (text, Infinity and NaN are refused). */
export const Money = Type.Number({ minimum: 0, maximum: MAX_AMOUNT });

/**
 * An amount the service checks with its own wording (`message`, e.g. 'Total price must be a number'): the schema
 * only turns away what is not a JSON number, text or null, with that same message.
 */
export const LooseAmount = (message: string) =>
  Type.Unsafe<string | number | null>({
    type: ['string', 'number', 'null'],
    maxLength: 64,
    errorMessage: { type: message },
  });

export const HealthResponse = ResponseObject({ status: Type.Literal('ok') });

// ---- request fields with Laravel's rules ----
//
// `bail: true` marks a field the way Laravel's `bail` rule does: a blank value (missing, null, only spaces) is
// reported as "The x field is required.", and only the field's first failing rule is reported, in the order of
// its `allOf` list. `errorMessage` replaces the formatter's wording for a keyword (`:attribute` = the field's
// name in words). Both keywords are read by the server's one error formatter (server/lib/errors.ts).

type Messages = Record<string, string> | string;

const human = (field: string) => field.replace(/[_.]+/g, ' ').trim();

const rule = (schema: Record<string, unknown>, errorMessage?: Messages) => ({
  ...schema,
  bail: true,
  ...(errorMessage === undefined ? {} : { errorMessage }),
});

const BLANK = { anyOf: [{ type: 'null' }, { type: 'string', pattern: '^\\s*$' }] };

/**
 * A form's body: a body that is not a JSON object (null, a number, an array) reads as an empty one, so the
 * answer names the missing fields instead of complaining about the body.
 */
export const Form = <P extends TProperties>(properties: P) => Type.Object(properties, { bail: true });

/** Required, any type, not blank (a code may come as a number or a string). */
export const Filled = () => Type.Unsafe<string | number>(rule({ not: BLANK }));

/** A required text of at most `max` characters, not only spaces. */
export const Text = (max: number) => Type.String(rule({ pattern: '\\S', maxLength: max }));

/** A required text, any length, not only spaces. */
export const Secret = () => Type.String(rule({ pattern: '\\S' }));

/** Deliberately plain: one @, no spaces, a dot in the domain. Deliverability is proven by the mailed code. */
export const EMAIL_PATTERN = '^\\s*[^\\s@]+@[^\\s@.]+(\\.[^\\s@.]+)+\\s*$';

export const Email = () =>
  Type.String(
    rule(
      { pattern: EMAIL_PATTERN, maxLength: 255 },
      { pattern: 'The :attribute field must be a valid email address.' },
    ),
  );

/** One of the given words. */
export const OneOf = <const T extends readonly string[]>(choices: T) =>
  Type.Unsafe<T[number]>(rule({ type: 'string', enum: [...choices] }));

/** A text matching `pattern` ("format is invalid" otherwise). */
export const Matching = (pattern: string) => Type.String(rule({ pattern }));

/** Like Matching, but blank and null pass (the stored value stays). */
export const OptionalMatching = (pattern: string) =>
  Type.Unsafe<string | null>(rule({ type: ['string', 'null'], pattern: `^\\s*$|${pattern}` }));

const orBlank = (pattern: string, optional: boolean) => (optional ? `^\\s*$|${pattern}` : pattern);

/** Digits as a string or a JSON number, `min`..`max` of them; `optional`: blank and null pass. */
export const Digits = (min: number, max: number, options: { optional?: boolean } = {}) => {
  const optional = options.optional ?? false;
  const digitsOnly = 'The :attribute field must contain digits only.';
  return Type.Unsafe<string | number>(
    rule(
      {
        type: optional ? ['string', 'integer', 'null'] : ['string', 'integer'],
        allOf: [
          rule({ pattern: orBlank('^\\s*\\d+\\s*$', optional), minimum: 0 }, digitsOnly),
          rule(
            {
              pattern: orBlank(`^\\s*\\d{${min},${max}}\\s*$`, optional),
              minimum: 10 ** (min - 1),
              maximum: 10 ** max - 1,
            },
            `The :attribute field must be between ${min} and ${max} digits.`,
          ),
        ],
      },
      { type: digitsOnly },
    ),
  );
};

/** An integer as a JSON number or a numeric string, `min`..`max` (a short range); `optional`: blank and null pass. */
export const IntegerBetween = (min: number, max: number, options: { optional?: boolean } = {}) => {
  const optional = options.optional ?? false;
  const notInteger = 'The :attribute field must be an integer.';
  const values = Array.from({ length: max - min + 1 }, (_, index) => String(min + index)).join('|');
  return Type.Unsafe<string | number>(
    rule(
      {
        type: optional ? ['integer', 'string', 'null'] : ['integer', 'string'],
        allOf: [
          rule({ pattern: orBlank('^\\s*-?\\d{1,15}\\s*$', optional) }, notInteger),
          rule(
            { pattern: orBlank(`^\\s*0*(${values})\\s*$`, optional), minimum: min, maximum: max },
            `The :attribute field must be between ${min} and ${max}.`,
          ),
        ],
      },
      { type: notInteger },
    ),
  );
};

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 72;

/** Letters, digits and @$!%*?& only, with an upper, a lower, a digit and a symbol. */
export const StrongPassword = () =>
  Type.String(
    rule({
      allOf: [
        rule({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }),
        rule(
          { pattern: '^[A-Za-z\\d@$!%*?&]+$' },
          'The :attribute field may only contain letters, numbers and the symbols @$!%*?&.',
        ),
        rule(
          { pattern: '^(?=.*[a-z])(?=.*[A-Z])' },
          'The :attribute field must contain at least one uppercase and one lowercase letter.',
        ),
        rule({ pattern: '\\d' }, 'The :attribute field must contain at least one number.'),
        rule({ pattern: '[@$!%*?&]' }, 'The :attribute field must contain at least one symbol.'),
      ],
    }),
  );

/**
 * A body whose required fields the service checks itself, in its own words ('Area name is required'): the schema
 * leaves them optional so those words are the ones a shopper reads, and names them in `requiredByService` (an
 * annotation registered with the server's validator), which the published document (contract/openapi.ts) lists as
 * `required`.
 */
export const CheckedByService = <P extends TProperties>(
  properties: P,
  required: readonly (keyof P & string)[],
) => Type.Object(properties, { requiredByService: [...required] });

/** Required and equal to the sibling field `other` (a password confirmation). */
export const SameAs = (other: string) =>
  Type.Unsafe<string>(
    rule({
      allOf: [
        rule({ not: BLANK }),
        rule({ const: { $data: `1/${other}` } }, `The :attribute field must match ${human(other)}.`),
      ],
    }),
  );

// ---- endpoints ----

/** A request body that Fastify does not validate, as the published document describes it. */
export interface ReadBody {
  mediaType: 'multipart/form-data' | 'text/csv' | 'application/json';
  required: boolean;
  schema: TSchema;
  /** multipart: the content types each part may have */
  partTypes?: Record<string, string>;
}

/** A picture upload: one multipart part, `image`, a png, jpeg or webp of at most 5 MB. */
export const PictureUpload: ReadBody = {
  mediaType: 'multipart/form-data',
  required: true,
  schema: Type.Object({
    image: Type.Unsafe<unknown>({ type: 'string', contentMediaType: 'application/octet-stream' }),
  }),
  partTypes: { image: 'image/png, image/jpeg, image/webp' },
};

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One call the server serves under /api: its Fastify route schema (requests validated, answers serialized with
 * it) and what the generated docs/api-contract.md says about it beyond the schemas.
 */
export interface Endpoint {
  method: Method;
  /** Fastify's path syntax, under /api. */
  url: string;
  /**
   * bearer: a verified account's token is required; optional: used when sent; staff: a staff member's or the
   * owner's token (signed out 401, a shopper 403); owner: the owner's only.
   */
  auth?: 'bearer' | 'optional' | 'staff' | 'owner';
  /** Shown in the contract's answer column after the shape: other statuses, rules a schema cannot say. */
  notes?: string;
  /** When the request is not JSON (multipart uploads). */
  bodyNote?: string;
  /**
   * A body the route reads itself, not through `schema.body` (an upload, a CSV file, a DELETE's optional JSON):
   * described for the published document only.
   */
  readBody?: ReadBody;
  schema: {
    body?: TSchema;
    querystring?: TSchema;
    params?: TSchema;
    response: Partial<Record<200 | 201, TSchema>>;
  };
}

/** Keeps the literal types of an endpoint map, so Fastify's type provider infers each route's types. */
export const endpoints = <const E extends Record<string, Endpoint>>(map: E): E => map;

// Request generators for the fuzz suite (server/fuzz.test.ts): every route of the app, hostile values in every
// place a client controls. Bodies are produced as JSON text, so they can carry what JSON.stringify cannot write
// (1e309, -0, "__proto__" keys, 40-digit literals).
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';

export interface RouteEntry {
  /** The registered path, e.g. /api/cart/update/:product_id or /* */
  path: string;
  methods: string[];
}

/**
 * Every route of the app, read from its route tree, so a route added tomorrow is fuzzed without touching the
 * suite. printRoutes draws a tree whose lines carry a path fragment (appended to the parent's path) and the
 * route's methods.
 */
export function routesOf(app: FastifyInstance): RouteEntry[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const pathAtDepth: string[] = [];
  const routes = new Map<string, Set<string>>();
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const fragment = match[2] ?? '';
    const path = (depth > 0 ? (pathAtDepth[depth - 1] ?? '') : '') + fragment;
    pathAtDepth[depth] = path;
    pathAtDepth.length = depth + 1;
    if (!match[3]) continue;
    const methods = routes.get(path) ?? new Set<string>();
    for (const method of match[3].split(',')) methods.add(method.trim());
    routes.set(path, methods);
  }
  return [...routes].map(([path, methods]) => ({
    path: path.startsWith('/') ? path : `/${path}`,
    methods: [...methods],
  }));
}

/** The named parameters (and a trailing wildcard) of a route path. */
export function paramsOf(path: string): string[] {
  const names = [...path.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1] ?? '');
  if (path.endsWith('*')) names.push('*');
  return names;
}

/** Numbers written as text, in every form a form field, a URL or a careless client produces. */
export const NUMBER_TEXTS = [
  '1e309',
  '-1e309',
  '1E400',
  '１٢',
  '１２',
  '١٢٣',
  '۱۲',
  '𝟙𝟚',
  '½',
  ' 12 ',
  '\t1\n',
  '0x10',
  '0b11',
  '0o7',
  '-0',
  '+5',
  '9'.repeat(40),
  '-' + '9'.repeat(40),
  'NaN',
  'Infinity',
  '-Infinity',
  '1.5',
  '0.001',
  '0.0000001',
  '-1',
  '0',
  '00001',
  '2147483647',
  '2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740993',
  '99999999999',
  '999999999.999',
  '1000000000',
  '100000000.0001',
  '1e3',
  '1E-7',
  '1_000',
  '1,5',
  '12abc',
  '.5',
  '5.',
  '1e',
  '--1',
  '',
  ' ',
];

/** Numeric JSON literals, written as they arrive on the wire. */
const NUMBER_LITERALS = [
  '1e309',
  '-1e309',
  '1E400',
  '-0',
  '-0.0',
  '1e-400',
  '0.0000000000000000001',
  '123456789012345678901234567890',
  '2147483647',
  '2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740993',
  '99999999999.999',
  '999999999.9999',
  '100000000.0001',
  '1e21',
  '1.0',
  '0.5',
  '-1',
  '0',
];

const SPECIAL_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff\ud800',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '👨‍👩‍👧‍👦',
  'ﷺ',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '%00',
  '%',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}',
  '__proto__',
  'constructor',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  'KWD',
  'kwd',
  'XXX',
  'en',
  'ar',
  'google',
  'facebook',
  'pay',
  'decline',
];

/** Body and query keys the API knows, so generated input lands on real fields as well as unknown ones. */
export const FIELD_NAMES = [
  'product_id',
  'quantity',
  'size',
  'color',
  'currency',
  'currency_code',
  'currency_iso',
  'guest_token',
  'coupon_code',
  'cart_total',
  'invoice_value',
  'payment_method_id',
  'order_id',
  'country_code',
  'email',
  'password',
  'password_confirmation',
  'current_password',
  'name',
  'phone_code',
  'phone_number',
  'nationality',
  'code',
  'token',
  'provider',
  'rating',
  'review',
  'user_id',
  'governorate_name',
  'area_name',
  'address',
  'payment_method',
  'shipping_cost',
  'total_price',
  'guest_phone',
  'guest_email',
  'guest_country_code',
  'mobile_number',
  'apartment_number',
  'city',
  'code_number',
  'action',
  'lang',
  'to',
  'id',
  'image',
];

const ODD_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '',
  ' ',
  'a.b',
  '\u0645',
  'toString',
  'hasOwnProperty',
];

export interface Pools {
  ids: number[];
  strings: string[];
}

const json = (value: unknown) => JSON.stringify(value);

/** A number as JSON text. */
export const jsonNumber: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NUMBER_LITERALS), weight: 4 },
  { arbitrary: fc.integer({ min: -(2 ** 31) - 10, max: 2 ** 31 + 10 }).map(json), weight: 2 },
  { arbitrary: fc.integer({ min: -5, max: 30 }).map(json), weight: 2 },
  { arbitrary: fc.maxSafeInteger().map(json), weight: 1 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }).map(json), weight: 2 },
);

/**
 * Any code points, lone surrogates included. (fc.string's full-unicode unit spends seconds building a reverse
 * map of all 1.1 million characters; this has nothing to shrink and needs none.)
 */
const anyCodePoints = fc
  .array(fc.integer({ min: 0, max: 0x10ffff }), { maxLength: 20 })
  .map((points) => points.map((point) => String.fromCodePoint(point)).join(''));

/** A string as it is typed, pasted or forged. */
export function textValue(pools: Pools): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...NUMBER_TEXTS), weight: 6 },
    { arbitrary: fc.constantFrom(...SPECIAL_STRINGS), weight: 3 },
    { arbitrary: fc.constantFrom(...pools.strings), weight: 2 },
    { arbitrary: fc.constantFrom(...pools.ids).map(String), weight: 2 },
    { arbitrary: fc.string({ maxLength: 30 }), weight: 2 },
    { arbitrary: anyCodePoints, weight: 2 },
    {
      arbitrary: fc
        .tuple(fc.constantFrom('x', '9', 'ا', '😀', ' '), fc.integer({ min: 100, max: 70_000 }))
        .map(([unit, count]) => unit.repeat(count)),
      weight: 1,
    },
  );
}

/** Any JSON value as text: leaves biased towards hostile numbers, plus arrays, objects and deep nesting. */
export function jsonValue(pools: Pools): fc.Arbitrary<string> {
  const leaf = fc.oneof(
    { arbitrary: jsonNumber, weight: 5 },
    { arbitrary: textValue(pools).map(json), weight: 5 },
    { arbitrary: fc.constantFrom(...pools.ids).map(json), weight: 2 },
    { arbitrary: fc.constantFrom('null', 'true', 'false', '[]', '{}'), weight: 2 },
  );
  const { value } = fc.letrec<{ value: string; array: string; object: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      { arbitrary: leaf, weight: 8 },
      { arbitrary: tie('array'), weight: 1 },
      { arbitrary: tie('object'), weight: 1 },
    ),
    array: fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    object: fc
      .array(fc.tuple(fieldName, tie('value')), { maxLength: 4 })
      .map((entries) => objectText(entries)),
  }));
  return fc.oneof(
    { arbitrary: value, weight: 20 },
    {
      arbitrary: fc
        .tuple(fc.constantFrom('[', '{"a":'), fc.integer({ min: 50, max: 3000 }))
        .map(([open, depth]) => open.repeat(depth) + '1' + (open === '[' ? ']' : '}').repeat(depth)),
      weight: 1,
    },
  );
}

const fieldName: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...FIELD_NAMES), weight: 8 },
  { arbitrary: fc.constantFrom(...ODD_KEYS), weight: 1 },
  { arbitrary: fc.string({ maxLength: 12 }), weight: 1 },
);

export function objectText(entries: readonly (readonly [string, string])[]): string {
  return `{${entries.map(([key, value]) => `${json(key)}:${value}`).join(',')}}`;
}

/** A request's body, as sent. */
export type FuzzBody =
  | { kind: 'none' }
  /** A JSON object body as entries (key, JSON text), so guest tokens can be added at send time. */
  | { kind: 'object'; entries: [string, string][] }
  | { kind: 'raw'; contentType: string; text: string }
  | { kind: 'multipart'; boundary: string; bytes: Buffer; declaredBoundary: string };

export interface FuzzRequest {
  route: RouteEntry;
  method: string;
  params: string[];
  query: string;
  auth: 'none' | 'user' | 'guest' | 'bad';
  badAuthorization: string;
  /** The client's address: per-address rate limits would otherwise answer most auth requests with a 429. */
  remoteAddress: string;
  headers: Record<string, string>;
  body: FuzzBody;
}

/** Valid bodies of the routes that take one; the fuzzer breaks a few fields of them at a time. */
export type Templates = Record<string, Record<string, unknown>>;

const MULTIPART_BOUNDARY = 'fuzzBoundary7MA4YWxkTrZu0gW';

function multipartBytes(
  parts: { name: string; filename: string | null; contentType: string; data: Uint8Array }[],
  cut: number,
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === null ? '' : `; filename="${part.filename}"`}`;
    chunks.push(
      Buffer.from(
        `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: ${disposition}\r\nContent-Type: ${part.contentType}\r\n\r\n`,
      ),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${MULTIPART_BOUNDARY}--\r\n`));
  const whole = Buffer.concat(chunks);
  return cut > 0 ? whole.subarray(0, Math.max(0, whole.length - cut)) : whole;
}

const IMAGE_STARTS = [
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  [0xff, 0xd8, 0xff, 0xe0],
  [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
  [],
];

const multipartBody: fc.Arbitrary<FuzzBody> = fc
  .record({
    parts: fc.array(
      fc.record({
        name: fc.constantFrom('image', 'file', 'name', '', '__proto__', 'image[]'),
        filename: fc.constantFrom(null, 'a.png', '../../x.png', '', 'ملف.jpg', 'x'.repeat(300)),
        contentType: fc.constantFrom('image/png', 'image/jpeg', 'text/plain', 'application/octet-stream', ''),
        start: fc.constantFrom(...IMAGE_STARTS),
        rest: fc.uint8Array({ maxLength: 600 }),
      }),
      { maxLength: 4 },
    ),
    cut: fc.oneof(
      { arbitrary: fc.constant(0), weight: 4 },
      { arbitrary: fc.integer({ min: 1, max: 80 }), weight: 1 },
    ),
    declaredBoundary: fc.constantFrom(
      MULTIPART_BOUNDARY,
      MULTIPART_BOUNDARY,
      MULTIPART_BOUNDARY,
      '',
      'other',
      '"',
    ),
  })
  .map(({ parts, cut, declaredBoundary }) => ({
    kind: 'multipart' as const,
    boundary: MULTIPART_BOUNDARY,
    declaredBoundary,
    bytes: multipartBytes(
      parts.map((part) => ({
        name: part.name,
        filename: part.filename,
        contentType: part.contentType,
        data: Uint8Array.from([...part.start, ...part.rest]),
      })),
      cut,
    ),
  }));

const RAW_BODIES = [
  '',
  '{',
  '{"a":}',
  '[1,2',
  'null',
  '"text"',
  '42',
  '1e309',
  'true',
  '[]',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"product_id":1,"product_id":"1e309"}',
  '\ufeff{"a":1}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  'action=pay',
  'action=pay&action=decline',
  'a=%&b=%E0%A4%A',
  '<xml/>',
];

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
  'APPLICATION/JSON',
  'application/jsonx',
  'text/plain',
  'text/json',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/xml',
  '*/*',
  ';;;',
  'application/json; boundary=x',
];

/** encodeURIComponent, except that a lone surrogate goes out as the bytes a careless encoder would write. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80';
  }
}

function queryString(pools: Pools): fc.Arbitrary<string> {
  const encoded = fc
    .tuple(
      fc.oneof(fieldName, fc.constantFrom('lang', 'currency_code', 'guest_token', 'product_id')),
      textValue(pools),
    )
    .map(([key, value]) => `${encode(key)}=${encode(value.slice(0, 1000))}`);
  const raw = fc.constantFrom(
    '%',
    'a=%',
    'a=%E0%A4%A',
    'product_id=%C0%AF',
    'a[b]=1',
    'a[]=1&a[]=2',
    'lang[]=en',
    'currency_code=KWD&currency_code=USD',
    'product_id=1&product_id=2',
    '__proto__[x]=1',
    'constructor=1',
    '=',
    '&&&',
    'lang=' + 'a'.repeat(5000),
  );
  return fc
    .array(fc.oneof({ arbitrary: encoded, weight: 5 }, { arbitrary: raw, weight: 1 }), { maxLength: 4 })
    .map((parts) => parts.join('&'));
}

function paramValue(pools: Pools): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...pools.ids).map(String), weight: 4 },
    { arbitrary: fc.constantFrom(...pools.strings).map(encode), weight: 1 },
    { arbitrary: textValue(pools).map((text) => encode(text.slice(0, 1000))), weight: 5 },
    {
      arbitrary: fc.constantFrom(
        '%',
        '%zz',
        '%C0%AF',
        '..',
        '%2e%2e%2f',
        '.',
        '~',
        '%00',
        'a%2Fb',
        '%F0%9F%98%80',
      ),
      weight: 1,
    },
  );
}

const headerText = fc.string({ unit: 'grapheme-ascii', maxLength: 60 });

/** Percent-encoding no decoder takes, and the kinds decoders disagree on. */
export const BAD_PERCENT = [
  '%',
  '%%',
  '%E0%A4%A',
  '%zz',
  '%C0%AF',
  '%ED%A0%80',
  '%FF%FE',
  '%u0041',
  '%0',
  '%00',
  '%F0%9F%98',
  'a%',
];

/** What a header can carry on the wire: printable ASCII, tab and Latin-1 (no line breaks). */
function wireText(maxLength: number): fc.Arbitrary<string> {
  return fc
    .array(
      fc.oneof(
        { arbitrary: fc.integer({ min: 0x20, max: 0x7e }), weight: 8 },
        { arbitrary: fc.constant(0x09), weight: 1 },
        { arbitrary: fc.integer({ min: 0xa0, max: 0xff }), weight: 1 },
      ),
      { maxLength },
    )
    .map((codes) => String.fromCharCode(...codes));
}

const longRun = (units: string[], max: number) =>
  fc
    .tuple(fc.constantFrom(...units), fc.integer({ min: 100, max }))
    .map(([unit, count]) => unit.repeat(count));

const COOKIE_NAMES = [
  'i18next',
  'i18next',
  'shop_personal',
  ' i18next',
  'i18next ',
  'I18NEXT',
  '__proto__',
  '',
];

/** A Cookie header as a careless script, an old browser or an attacker writes it. */
export const hostileCookie: fc.Arbitrary<string> = fc
  .tuple(
    fc.array(
      fc.tuple(
        fc.constantFrom(...COOKIE_NAMES),
        fc.oneof(
          { arbitrary: fc.constantFrom(...BAD_PERCENT), weight: 4 },
          {
            arbitrary: fc.constantFrom('ar', 'en', '1', '0', '', '"ar"', '%61r', 'ar%', '=ar', 'ar,en'),
            weight: 3,
          },
          { arbitrary: wireText(40), weight: 3 },
          { arbitrary: longRun(['%', 'x', '%E0', '=', ';'], 20_000), weight: 1 },
        ),
        fc.boolean(),
      ),
      { minLength: 1, maxLength: 6 },
    ),
    fc.constantFrom('; ', ';', ',', ';;', ' ; '),
  )
  .map(([pairs, separator]) =>
    pairs.map(([name, value, bare]) => (bare ? value : `${name}=${value}`)).join(separator),
  );

const LANGUAGE_TAGS = ['ar', 'en', 'ar-KW', 'en-GB', '*', '', ' ', 'xx', ...BAD_PERCENT];
const QUALITIES = [
  '',
  ';q=',
  ';q=abc',
  ';q=1e309',
  ';q=-1',
  ';q=0',
  ';q=NaN',
  ';q=0.5',
  ';;q=1',
  ';q=1;q=2',
  ';Q=1',
  ';q=0.8.1',
];

/** An Accept-Language header with odd tags and qualities, or thousands of entries. */
export const hostileAcceptLanguage: fc.Arbitrary<string> = fc.oneof(
  {
    arbitrary: fc
      .array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...LANGUAGE_TAGS), wireText(12), longRun(['a', '-'], 5_000)),
          fc.constantFrom(...QUALITIES),
        ),
        { maxLength: 8 },
      )
      .map((parts) => parts.map(([tag, quality]) => tag + quality).join(',')),
    weight: 9,
  },
  {
    arbitrary: fc
      .integer({ min: 500, max: 5_000 })
      .map((count) => Array.from({ length: count }, (_, index) => `x${index};q=0.${index % 10}`).join(',')),
    weight: 1,
  },
);

/** Parameters the pages read (and a few they do not), plain, as arrays and as objects. */
const PAGE_PARAMS = [
  'q',
  'q',
  'category',
  'brands',
  'collections',
  'maxPrice',
  'minRating',
  'page',
  'sort',
  'lng',
  'guest_token',
  'utm_source',
  'q[]',
  'q[a]',
  'lng[]',
  '__proto__',
  'constructor',
  '',
];

/** A page's query string: bad percent-encoding, repeats, arrays, very long values. */
export function hostilePageQuery(pools: Pools): fc.Arbitrary<string> {
  const value = fc.oneof(
    { arbitrary: textValue(pools).map((text) => encode(text.slice(0, 2000))), weight: 5 },
    { arbitrary: fc.constantFrom(...BAD_PERCENT), weight: 3 },
    { arbitrary: fc.constantFrom('ar', 'en', 'AR', ' ar ', '1e309', 'NaN', '-1', ',,,'), weight: 2 },
    { arbitrary: longRun(['q', '%20', '%', 'ا'], 100_000).map(encode), weight: 1 },
  );
  const pair = fc
    .tuple(fc.constantFrom(...PAGE_PARAMS), value, fc.boolean())
    .map(([name, text, bare]) => (bare ? name : `${name}=${text}`));
  const raw = fc.constantFrom(...BAD_PERCENT, '=', '&&', '?', 'q=%&q=%E0', 'q=1&q=2&q=3', 'lng=ar&lng=en');
  return fc
    .array(fc.oneof({ arbitrary: pair, weight: 5 }, { arbitrary: raw, weight: 1 }), { maxLength: 8 })
    .map((parts) => parts.join('&'));
}

/** The shop's pages (public, personal, other spellings, none) and a sample of the API and the server's files. */
export const PAGE_PATHS = [
  '/',
  '/search',
  '/search',
  '/all-categories',
  '/product/1',
  '/product/999999',
  '/product/%E0%A4%A',
  '/product/abc',
  '/cart',
  '/policy',
  '/privacy',
  '/who-we-are',
  '/checkout',
  '/payment',
  '/orders',
  '/profile',
  '/search/',
  '/Search',
  '/no/such/page',
  '/__proto__',
  '/constructor',
  '/%',
  '/%E0%A4%A',
  '//search',
  '/.',
  `/product/${'x'.repeat(5000)}`,
  '/api/categories',
  '/api/best_selling_products',
  '/api/products/1',
  '/api/reviews',
  '/api/guest/cart',
  '/api/cart',
  '/api/users',
  '/api/orders',
  '/api/coupons',
  '/api/countries',
  '/api/governorates',
  '/api/governorates/1/areas',
  '/api/sliders',
  '/api/nationalities',
  '/api/payments/x/status',
  '/api/health',
  '/api',
  '/config.js',
  '/favicon.ico',
  '/uploads/profile/1-0123456789abcdef.png',
];

export interface PageRequest {
  method: 'GET' | 'HEAD';
  url: string;
  remoteAddress: string;
  headers: Record<string, string>;
}

/** Requests for the pages and a sample of the API with hostile cookies, Accept-Language and query strings. */
export function pageRequests(pools: Pools): fc.Arbitrary<PageRequest> {
  return fc
    .record({
      method: fc.constantFrom<PageRequest['method']>('GET', 'GET', 'GET', 'HEAD'),
      path: fc.constantFrom(...PAGE_PATHS),
      query: fc.oneof(
        { arbitrary: fc.constant(''), weight: 1 },
        { arbitrary: hostilePageQuery(pools), weight: 3 },
      ),
      remoteAddress: fc.oneof(fc.constant('127.0.0.1'), fc.ipV4(), fc.ipV6()),
      headers: fc.record(
        {
          cookie: fc.oneof({ arbitrary: hostileCookie, weight: 4 }, { arbitrary: headerText, weight: 1 }),
          'accept-language': hostileAcceptLanguage,
          accept: fc.constantFrom('text/html', '*/*', '', 'application/json', 'text/html;q=0'),
          'accept-encoding': fc.constantFrom('br', 'gzip', 'identity', '*', 'gzip;q=nan'),
          authorization: fc.constantFrom(...BAD_AUTHORIZATIONS),
        },
        { requiredKeys: [] },
      ),
    })
    .map(({ method, path, query, remoteAddress, headers }) => ({
      method,
      url: query ? `${path}?${query}` : path,
      remoteAddress,
      headers,
    }));
}

function headers(pools: Pools): fc.Arbitrary<Record<string, string>> {
  return fc.record(
    {
      'content-type': fc.constantFrom(...CONTENT_TYPES),
      'accept-language': fc.oneof(
        headerText,
        fc.constantFrom('ar', 'en', 'ar-KW,ar;q=0.9', '*', 'xx;q=nan'),
        hostileAcceptLanguage,
      ),
      'idempotency-key': fc.oneof(headerText, fc.constantFrom('x'.repeat(500), ' ')),
      'x-forwarded-for': fc.oneof(headerText, fc.constantFrom('1.2.3.4, 5.6.7.8', '::1', '999.999.1.1')),
      'accept-encoding': fc.constantFrom('br', 'gzip', 'deflate', '*', 'identity;q=0', 'gzip;q=nan'),
      range: fc.constantFrom('bytes=0-0', 'bytes=99999999-', 'bytes=-1', 'bytes=a-b', 'bytes=0-1,2-3,4-5'),
      'if-none-match': headerText,
      'if-modified-since': fc.oneof(headerText, fc.constantFrom('Thu, 01 Jan 1970 00:00:00 GMT')),
      origin: fc.oneof(headerText, fc.constantFrom('null', 'http://evil.example')),
      cookie: fc.oneof(headerText, hostileCookie),
      accept: fc.constantFrom('*/*', 'text/html', 'application/json', 'image/*', ''),
      'x-lang': fc.constantFrom(...pools.strings.slice(0, 3), 'ar', 'en'),
    },
    { requiredKeys: [] },
  );
}

const BAD_AUTHORIZATIONS = [
  'Bearer',
  'Bearer ',
  'Bearer ' + 'a'.repeat(9000),
  'Basic Zm9vOmJhcg==',
  'Bearer x y z',
  'Bearer 1e309',
  'Bearer null',
  'bearer 0123456789abcdef',
  'Bearer ../../etc/passwd',
  'Token abc',
  '',
];

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

/**
 * Generated requests over the given routes. Every arbitrary is built once here (building them per request
 * costs more than the request itself).
 */
export function requestsOver(
  routes: RouteEntry[],
  pools: Pools,
  templates: Templates,
): fc.Arbitrary<FuzzRequest> {
  const value = jsonValue(pools);
  // A broken field of a valid body gets a number in disguise most of the time: that is where input reaches
  // the database.
  const brokenValue = fc.oneof(
    { arbitrary: fc.constantFrom(...NUMBER_TEXTS).map(json), weight: 6 },
    { arbitrary: jsonNumber, weight: 4 },
    { arbitrary: fc.constantFrom(...NUMBER_TEXTS).map((text) => `[${json(text)}]`), weight: 1 },
    { arbitrary: value, weight: 4 },
  );
  const param = paramValue(pools);
  const query = fc.oneof(
    { arbitrary: fc.constant(''), weight: 2 },
    { arbitrary: queryString(pools), weight: 3 },
  );
  const headerSet = fc.oneof(
    { arbitrary: fc.constant({}), weight: 3 },
    { arbitrary: headers(pools), weight: 1 },
  );
  const auth = fc.constantFrom<FuzzRequest['auth']>('none', 'user', 'user', 'user', 'guest', 'guest', 'bad');
  const badAuthorization = fc.constantFrom(...BAD_AUTHORIZATIONS);
  const remoteAddress = fc.oneof(fc.constant('127.0.0.1'), fc.ipV4(), fc.ipV6());
  const randomObject = fc
    .array(fc.tuple(fieldName, value), { maxLength: 6 })
    .map((entries): FuzzBody => ({ kind: 'object', entries }));
  const raw = fc
    .record({
      contentType: fc.constantFrom(...CONTENT_TYPES),
      text: fc.oneof(fc.constantFrom(...RAW_BODIES), value),
    })
    .map((parts): FuzzBody => ({ kind: 'raw', ...parts }));
  const none = fc.constant<FuzzBody>({ kind: 'none' });
  const queryBody = fc.oneof({ arbitrary: none, weight: 9 }, { arbitrary: raw, weight: 1 });

  function mutationOf(template: Record<string, unknown>): fc.Arbitrary<FuzzBody> {
    return fc
      .record({
        broken: fc.uniqueArray(fc.constantFrom(...Object.keys(template)), { minLength: 1, maxLength: 3 }),
        removed: fc.boolean(),
        extra: fc.array(fc.tuple(fieldName, value), { maxLength: 2 }),
        values: fc.array(brokenValue, { minLength: 3, maxLength: 3 }),
      })
      .map(({ broken, removed, extra, values }): FuzzBody => {
        const entries: [string, string][] = [];
        for (const [key, valid] of Object.entries(template)) {
          const index = broken.indexOf(key);
          if (index === -1) entries.push([key, json(valid)]);
          else if (!(removed && index === 0)) entries.push([key, values[index] ?? 'null']);
        }
        for (const [key, extraValue] of extra) entries.push([key, extraValue]);
        return { kind: 'object', entries };
      });
  }

  function bodyFor(route: RouteEntry, method: string): fc.Arbitrary<FuzzBody> {
    if (method === 'GET' || method === 'HEAD') return queryBody;
    const template = templates[`${method} ${route.path}`];
    return fc.oneof(
      ...(template ? [{ arbitrary: mutationOf(template), weight: 12 }] : []),
      { arbitrary: randomObject, weight: 5 },
      { arbitrary: raw, weight: 2 },
      { arbitrary: multipartBody, weight: route.path.includes('picture') ? 12 : 1 },
      { arbitrary: none, weight: 1 },
    );
  }

  const perRoute = routes.map((route) => {
    // Routes that take a body get more of the requests: that is where most of the input is.
    const takesInput = route.methods.some((method) => templates[`${method} ${route.path}`]);
    const params = fc.tuple(...paramsOf(route.path).map(() => param));
    // Mostly the route's own methods; now and then one it does not take.
    const methods = [
      ...route.methods.map((method) => ({ method, weight: 9 })),
      ...METHODS.map((method) => ({ method, weight: 1 })),
    ];
    const arbitrary = fc.oneof(
      ...methods.map(({ method, weight }) => ({
        weight,
        arbitrary: fc.record({
          route: fc.constant(route),
          method: fc.constant(method),
          params,
          query,
          auth,
          badAuthorization,
          remoteAddress,
          headers: headerSet,
          body: bodyFor(route, method),
        }),
      })),
    );
    return { arbitrary, weight: takesInput ? 3 : 1 };
  });
  return fc.oneof(...perRoute);
}

/** The URL of a generated request: its parameters put into the route path, then its query string. */
export function urlOf(request: FuzzRequest, extraQuery: string): string {
  let index = 0;
  const path = request.route.path
    .replace(/:[A-Za-z_]\w*/g, () => request.params[index++] ?? '')
    .replace(/\*$/, () => request.params[index++] ?? '');
  const query = [request.query, extraQuery].filter((part) => part !== '').join('&');
  return query ? `${path}?${query}` : path;
}

/** What an answer must never show: stack frames, SQL and database wording, server file paths. */
export const LEAK_PATTERNS: RegExp[] = [
  /\bat [\w.<>$]+ \(.*:\d+:\d+\)/,
  /\.(?:ts|js|cjs|mjs):\d+:\d+/,
  /node_modules/,
  /\/(?:work|home|tmp|usr|var)\/[\w.-]+\//,
  /\bselect\b[^"]{0,200}\bfrom\s+"/i,
  /\binsert\s+into\s+"/i,
  /\bdelete\s+from\s+"/i,
  /\bupdate\s+"\w+"\s+set\b/i,
  /\bsyntax error at\b/i,
  /\bviolates [\w ]*constraint\b/i,
  /\bout of range for type\b/i,
  /\bnumeric field overflow\b/i,
  /\binvalid input syntax\b/i,
  /\brelation "\w+"/i,
  /\bFailed query\b/i,
  /\bSQLSTATE\b/i,
  /\bdrizzle\b/i,
  /\bpglite\b/i,
];

/** Money in answers: always a finite number (JSON writes Infinity and NaN as null, so null is the tell). */
const MONEY_KEYS = new Set([
  'price',
  'total_price',
  'subtotal',
  'discount_amount',
  'shipping_cost',
  'shipping_price',
  'new_total',
  'discount',
  'amount',
  'invoice_value',
  'ServiceCharge',
  'TotalAmount',
  'InvoiceValue',
]);
/** null here means "no discount" in the API contract. */
const NULLABLE_MONEY_KEYS = new Set(['discounted_price', 'discount_offer']);

/** Dotted paths of money fields in a JSON answer that are not finite numbers. */
export function badMoneyFields(answer: unknown): string[] {
  const bad: string[] = [];
  const pending: { value: unknown; path: string }[] = [{ value: answer, path: '' }];
  while (pending.length > 0 && bad.length < 10) {
    const { value, path } = pending.pop() as { value: unknown; path: string };
    if (typeof value !== 'object' || value === null) continue;
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      const money = MONEY_KEYS.has(key) || NULLABLE_MONEY_KEYS.has(key);
      if (money && !(typeof item === 'number' && Number.isFinite(item))) {
        const allowedNull = item === null && NULLABLE_MONEY_KEYS.has(key);
        // Order lines carry their total per language ({ en: 1.5 }).
        const perLanguage =
          typeof item === 'object' &&
          item !== null &&
          !Array.isArray(item) &&
          Object.values(item).every((inner) => typeof inner === 'number' && Number.isFinite(inner));
        if (!allowedNull && !perLanguage) bad.push(`${at}=${JSON.stringify(item)}`);
      }
      pending.push({ value: item, path: at });
    }
  }
  return bad;
}

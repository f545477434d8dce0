import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { MAX_QUANTITY } from '../contract/cart';
import { MAX_IMPORT_BYTES } from '../contract/catalogueImport';

export type AppEnv = 'production' | 'development' | 'test';

export interface Config {
  env: AppEnv;
  port: number;
  host: string;
  /** PGlite data folder; uploads live under `<dataDir>/uploads`. */
  dataDir: string;
  /** When set, PostgreSQL through node-postgres instead of PGlite. */
  databaseUrl?: string;
  /** Public origin of this server (links in mails, payment return URLs). */
  publicUrl: string;
  /** Built SPA (webpack output). */
  spaDir: string;
  corsOrigins: string[];
  /**
   * Whether X-Forwarded-For is believed (TRUST_PROXY: true, a hop count, or addresses/CIDRs). Off by default:
   * rate limits key on the client address, and a forged header must not buy fresh limits.
   */
  trustProxy: boolean | number | string;
  smtpUrl?: string;
  mailFrom: string;
  googleClientId?: string;
  facebookAppId?: string;
  facebookAppSecret?: string;
  /** Base URL the SPA calls, published through /config.js. */
  apiBaseUrl: string;
  /** The shop's contact address shown in the footer (published through /config.js). */
  contactEmail?: string;
  /** The shop's name in each language, as its mails sign (SHOP_NAME, SHOP_NAME_AR). */
  shopName: { en: string; ar: string };
  /** HMAC key for verification codes. */
  tokenSecret: string;
  /** bcrypt cost; tests lower it to stay fast. */
  bcryptCost: number;
  /**
   * The built-in sandbox gateway (simulated payments: anyone can mark an order paid). Off unless PAYMENTS_SANDBOX
   * switches it on (`npm start`'s demo shop does); without it and without a real gateway, payments answer 503.
   */
  paymentsSandbox: boolean;
  /**
   * DEMO_SHOP=on: an empty database gets the demo shop, whose accounts have the README's published passwords
   * (`npm start` and `npm run dev` ask for it). Off: only the starter data; a production start then refuses to
   * serve while any account signs in with a published password.
   */
  demoShop: boolean;
  /** ALLOW_SANDBOX_IN_PRODUCTION=yes: the operator means to run simulated payments in production (a staging copy). */
  allowSandboxInProduction: boolean;
  /**
   * The owner must use an authenticator app to open the back office: always in production without DEMO_SHOP=on (a
   * real shop), elsewhere when OWNER_SECOND_FACTOR=on. The demo shop's owner may go without (the back office says so).
   */
  ownerSecondFactor: boolean;
  /** A session ends this long after its sign-in, however much it is used (TOKEN_MAX_AGE_DAYS). */
  tokenMaxAgeMs: number;
  /** How long a new order (or a new payment attempt) holds its stock unpaid before the expiry job frees it. */
  unpaidOrderTtlMs: number;
  /** The same for a guest's order: shorter, since a guest is anyone (never longer than unpaidOrderTtlMs). */
  guestUnpaidOrderTtlMs: number;
  /** What one shopper or one client address may hold and order (see OrderLimits). */
  orderLimits: OrderLimits;
  /** The background jobs (order expiry, payment reconciliation, counter cleanup) run every this many ms. */
  jobsIntervalMs: number;
  /** false: no timers; tests run the jobs' tick themselves. */
  backgroundJobs: boolean;
  /** Mail older than this leaves the outbox (it holds codes in clear text): OUTBOX_RETENTION_DAYS. */
  outboxRetentionMs: number;
  /**
   * How long the stock an export's file set is remembered after an import last wrote it (an export imported again
   * within it changes stock only by its correction): EXPORT_STOCK_RETENTION_DAYS.
   */
  exportStockRetentionMs: number;
  /** When set, rate-limit counters live in Redis instead of the database. */
  redisUrl?: string;
  /** MyFatoorah's API token and base URL: both set, payments go to MyFatoorah instead of the sandbox. */
  myFatoorahApiKey?: string;
  myFatoorahBaseUrl?: string;
  /** Requests a minute from one client address, whatever the e-mails; tests that register many users raise them. */
  perIpLimits: PerIpLimits;
  /** The largest catalogue file the back office reads (MAX_IMPORT_BYTES); a test of the refusal sets less. */
  catalogueImportMaxBytes: number;
  /** The clock; tests replace it to move time forward (code expiry, resend windows). */
  now: () => Date;
  /** "Send me a code" mails an hour over the whole shop (CODE_MAILS_PER_HOUR; lib/codes capCodeSends). */
  codeSendsPerHour: number;
}

type Env = Record<string, string | undefined>;

export interface PerIpLimits {
  register: number;
  login: number;
  /** New guest carts (a first add without a guest token). */
  guestCart: number;
  /** Pages rendered on the server (a page kept in memory is not counted); beyond, pages render in the browser. */
  pageRenders: number;
  /** Payment status checks (each may ask the gateway); 60 when left out. */
  paymentStatus?: number;
  /** The spec's GET /categories (every category with every product: routes/catalog.ts); 60 when left out. */
  specCatalogue?: number;
  /** "Send me a code" mails asked from one address in an HOUR (lib/codes capCodeSends); 10 when left out. */
  codeSends?: number;
  /** Sign-ins a minute for one address AND e-mail, against guessing one password; 10 when left out. */
  loginPerEmail?: number;
}

/**
 * A shopper starts one guest cart per browser; 20 a minute leaves room for many shoppers behind one carrier-grade
 * NAT (common on Gulf mobile networks) while a script gets no more than that. A shopper loads a whole page once and
 * moves on inside the SPA, and popular pages come from memory: 30 renders a minute is a crowd's worth.
 */
export const DEFAULT_PER_IP_LIMITS: PerIpLimits = {
  register: 30,
  login: 100,
  guestCart: 20,
  pageRenders: 30,
  paymentStatus: 60,
};

/** Sign-ins a minute per address and e-mail (LOGIN_PER_EMAIL_PER_MINUTE overrides it): one password is not guessed. */
export const LOGIN_PER_EMAIL_PER_MINUTE = 10;

/** An unpaid order keeps its pieces off sale this long (UNPAID_ORDER_MINUTES overrides it). */
export const UNPAID_ORDER_TTL_MS = 30 * 60 * 1000;
/** A guest's unpaid order, shorter: a guest costs nothing to become (GUEST_UNPAID_ORDER_MINUTES overrides it). */
export const GUEST_UNPAID_ORDER_TTL_MS = 15 * 60 * 1000;

/**
 * A session's absolute lifetime beside its 30 idle days (plugins/auth.ts): a token stolen once and kept in use still
 * ends (TOKEN_MAX_AGE_DAYS overrides it).
 */
export const TOKEN_MAX_AGE_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * Bounds on the stock one shopper can keep off sale with unpaid orders. Unpaid (pending) orders are counted per
 * owner (a signed-in shopper, or a guest cart) and per client address, since new guest carts cost nothing.
 */
export interface OrderLimits {
  /** Unpaid orders holding stock, per signed-in shopper or guest cart (MAX_PENDING_ORDERS). */
  maxPendingPerOwner: number;
  /** Unpaid orders holding stock placed from one client address (MAX_PENDING_ORDERS_PER_ADDRESS). */
  maxPendingPerAddress: number;
  /** Pieces of one product in one order, summed over its sizes and colours; also a cart's cap (MAX_QUANTITY_PER_PRODUCT). */
  maxQuantityPerProduct: number;
  /** Order creations per client address in a window, counted in the shared rate-limit store (ORDER_RATE_LIMIT). */
  createPerAddress: { max: number; windowMs: number };
}

export const DEFAULT_ORDER_LIMITS: OrderLimits = {
  maxPendingPerOwner: 3,
  maxPendingPerAddress: 3,
  maxQuantityPerProduct: 10,
  createPerAddress: { max: 10, windowMs: 10 * 60 * 1000 },
};
/** How often the background jobs run (JOBS_INTERVAL_SECONDS overrides it). */
export const JOBS_INTERVAL_MS = 60 * 1000;
/** How long the outbox keeps a mail (OUTBOX_RETENTION_DAYS overrides it). */
export const OUTBOX_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** How long an export's stock figures are kept (EXPORT_STOCK_RETENTION_DAYS overrides it). */
export const EXPORT_STOCK_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * Missing or unknown means production: the dev mailbox (live codes for any address) must never be switched on by
 * forgetting a variable. `npm run dev` and the e2e run set development explicitly.
 */
function parseEnv(value: string | undefined): AppEnv {
  if (value === 'development' || value === 'test') return value;
  return 'production';
}

function parseSwitch(value: string | undefined, fallback: boolean): boolean {
  const normalized = value?.trim().toLowerCase() ?? '';
  if (['0', 'false', 'off', 'no'].includes(normalized)) return false;
  if (['1', 'true', 'on', 'yes'].includes(normalized)) return true;
  return fallback;
}

/** A whole number (of `unit` ms for a duration) between min and max, else the fallback. */
function parseDuration(value: string | undefined, unit: number, min: number, max: number, fallback: number) {
  const count = Number(value?.trim() || Number.NaN);
  return Number.isInteger(count) && count >= min && count <= max ? count * unit : fallback;
}

/** A whole number between min and max, else the fallback. */
function parseCount(value: string | undefined, min: number, max: number, fallback: number): number {
  const count = Number(value?.trim() || Number.NaN);
  return Number.isInteger(count) && count >= min && count <= max ? count : fallback;
}

const RATE_UNITS: Record<string, number> = { s: 1000, m: 60_000, h: 60 * 60_000 };

/** `<count>/<window>` with the window in s, m or h (minutes when bare): "10/10m" is ten per ten minutes. */
function parseRate(
  value: string | undefined,
  fallback: { max: number; windowMs: number },
): { max: number; windowMs: number } {
  const match = /^\s*(\d{1,6})\s*\/\s*(\d{1,5})\s*([smh]?)\s*$/i.exec(value ?? '');
  if (!match) return fallback;
  const max = Number(match[1]);
  const windowMs = Number(match[2]) * (RATE_UNITS[(match[3] || 'm').toLowerCase()] ?? 60_000);
  if (max < 1 || windowMs < 1000 || windowMs > 24 * 60 * 60_000) return fallback;
  return { max, windowMs };
}

function parsePort(value: string | undefined): number {
  const port = Number(value);
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : 8080;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '' || trimmed === 'false' || trimmed === '0') return false;
  if (trimmed === 'true') return true;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed;
}

export function loadConfig(env: Env = process.env): Config {
  const port = parsePort(env.PORT);
  const appEnv = parseEnv(env.NODE_ENV);
  const bcryptCost = Number(env.BCRYPT_COST);
  const unpaidOrderTtlMs = parseDuration(
    env.UNPAID_ORDER_MINUTES,
    60_000,
    1,
    7 * 24 * 60,
    UNPAID_ORDER_TTL_MS,
  );
  const guestTtl = parseDuration(
    env.GUEST_UNPAID_ORDER_MINUTES,
    60_000,
    1,
    7 * 24 * 60,
    GUEST_UNPAID_ORDER_TTL_MS,
  );
  return {
    env: appEnv,
    port,
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    dataDir: path.resolve(nonEmpty(env.DATA_DIR) ?? 'data'),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    publicUrl: (nonEmpty(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    spaDir: path.resolve(nonEmpty(env.SPA_DIR) ?? 'dist'),
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? 'Gulf Storefront <no-reply@localhost>',
    googleClientId: nonEmpty(env.GOOGLE_CLIENT_ID),
    facebookAppId: nonEmpty(env.FACEBOOK_APP_ID),
    facebookAppSecret: nonEmpty(env.FACEBOOK_APP_SECRET),
    apiBaseUrl: nonEmpty(env.API_BASE_URL) ?? '/api',
    contactEmail: nonEmpty(env.CONTACT_EMAIL),
    shopName: {
      en: nonEmpty(env.SHOP_NAME) ?? 'Gulf Store',
      ar: nonEmpty(env.SHOP_NAME_AR) ?? 'متجر الخليج',
    },
    // Without a configured secret, codes issued before a restart stop working; they live 15 minutes anyway.
    tokenSecret: nonEmpty(env.TOKEN_SECRET) ?? randomBytes(32).toString('hex'),
    bcryptCost: Number.isInteger(bcryptCost) && bcryptCost >= 4 && bcryptCost <= 15 ? bcryptCost : 10,
    paymentsSandbox: parseSwitch(env.PAYMENTS_SANDBOX, false),
    demoShop: parseSwitch(env.DEMO_SHOP, false),
    allowSandboxInProduction: parseSwitch(env.ALLOW_SANDBOX_IN_PRODUCTION, false),
    ownerSecondFactor:
      (appEnv === 'production' && !parseSwitch(env.DEMO_SHOP, false)) ||
      parseSwitch(env.OWNER_SECOND_FACTOR, false),
    tokenMaxAgeMs: parseDuration(env.TOKEN_MAX_AGE_DAYS, 24 * 60 * 60 * 1000, 1, 3650, TOKEN_MAX_AGE_MS),
    unpaidOrderTtlMs,
    guestUnpaidOrderTtlMs: Math.min(guestTtl, unpaidOrderTtlMs),
    catalogueImportMaxBytes: MAX_IMPORT_BYTES,
    orderLimits: {
      maxPendingPerOwner: parseCount(
        env.MAX_PENDING_ORDERS,
        1,
        1000,
        DEFAULT_ORDER_LIMITS.maxPendingPerOwner,
      ),
      maxPendingPerAddress: parseCount(
        env.MAX_PENDING_ORDERS_PER_ADDRESS,
        1,
        100_000,
        DEFAULT_ORDER_LIMITS.maxPendingPerAddress,
      ),
      maxQuantityPerProduct: parseCount(
        env.MAX_QUANTITY_PER_PRODUCT,
        1,
        MAX_QUANTITY,
        DEFAULT_ORDER_LIMITS.maxQuantityPerProduct,
      ),
      createPerAddress: parseRate(env.ORDER_RATE_LIMIT, DEFAULT_ORDER_LIMITS.createPerAddress),
    },
    jobsIntervalMs: parseDuration(env.JOBS_INTERVAL_SECONDS, 1000, 1, 24 * 60 * 60, JOBS_INTERVAL_MS),
    backgroundJobs: parseSwitch(env.BACKGROUND_JOBS, true),
    outboxRetentionMs: parseDuration(
      env.OUTBOX_RETENTION_DAYS,
      24 * 60 * 60 * 1000,
      1,
      3650,
      OUTBOX_RETENTION_MS,
    ),
    exportStockRetentionMs: parseDuration(
      env.EXPORT_STOCK_RETENTION_DAYS,
      24 * 60 * 60 * 1000,
      1,
      3650,
      EXPORT_STOCK_RETENTION_MS,
    ),
    redisUrl: nonEmpty(env.REDIS_URL),
    myFatoorahApiKey: nonEmpty(env.MYFATOORAH_API_KEY),
    myFatoorahBaseUrl: nonEmpty(env.MYFATOORAH_BASE_URL),
    perIpLimits: {
      ...DEFAULT_PER_IP_LIMITS,
      pageRenders: parseDuration(
        env.PAGE_RENDERS_PER_MINUTE,
        1,
        1,
        1_000_000,
        DEFAULT_PER_IP_LIMITS.pageRenders,
      ),
      // The spec's every-product list (routes/catalog.ts): the end-to-end run asks for it from one address.
      specCatalogue: parseDuration(env.SPEC_CATALOGUE_PER_MINUTE, 1, 1, 1_000_000, 60),
      // The end-to-end run signs the demo owner in from one address many times a minute; a shop keeps 10.
      loginPerEmail: parseDuration(
        env.LOGIN_PER_EMAIL_PER_MINUTE,
        1,
        1,
        1_000_000,
        LOGIN_PER_EMAIL_PER_MINUTE,
      ),
    },
    // A shop sends a few codes an hour; 300 leaves room for a busy day and stops a flood within the hour.
    codeSendsPerHour: parseCount(env.CODE_MAILS_PER_HOUR, 1, 1_000_000, 300),
    now: () => new Date(),
  };
}

/** What an operator must hear at start: settings that are fine for a demo and wrong for a real shop. */
export function startupWarnings(config: Config, env: Env = process.env): string[] {
  if (config.env !== 'production') return [];
  const warnings: string[] = [];
  if (!nonEmpty(env.TOKEN_SECRET)) {
    warnings.push('TOKEN_SECRET is not set: e-mail codes issued before a restart will stop working');
  }
  // The demo shop is meant for this machine's own address; a real shop's links must name its public one.
  if (!nonEmpty(env.PUBLIC_URL) && !config.demoShop) {
    warnings.push(
      `PUBLIC_URL is not set: the links in mails (pay, orders, rate), the payment gateway's way back, the sitemaps, ` +
        `canonical addresses and share previews all name ${config.publicUrl}. Set it to the shop's public address.`,
    );
  }
  if (paymentsMode(config) === 'sandbox') {
    warnings.push(
      'Payments are SIMULATED by the built-in sandbox gateway: orders can be "paid" without any money moving. ' +
        'Remove PAYMENTS_SANDBOX to switch it off until a real gateway is configured.',
    );
  }
  return warnings;
}

/**
 * Why a production start must not serve, read from its settings alone: simulated payments (anyone marks an order
 * paid), unless the operator said so explicitly (DEMO_SHOP=on runs the demo shop; ALLOW_SANDBOX_IN_PRODUCTION=yes
 * keeps the sandbox in a real shop's staging copy). Checked before the data folder is opened, so a start refused for
 * its settings creates no database. Empty: go on.
 */
export function settingsRefusals(config: Config): string[] {
  if (config.env !== 'production' || config.demoShop) return [];
  if (paymentsMode(config) === 'sandbox' && !config.allowSandboxInProduction) {
    return [
      'PAYMENTS_SANDBOX=on simulates payments (anyone can mark an order paid). Configure a real gateway ' +
        '(MYFATOORAH_API_KEY and MYFATOORAH_BASE_URL) and remove PAYMENTS_SANDBOX, or set ' +
        'ALLOW_SANDBOX_IN_PRODUCTION=yes if this production server is meant to take no real money (DEMO_SHOP=on does too).',
    ];
  }
  return [];
}

/**
 * Why a production start must not serve, read from its database: a published password that still signs in (anyone
 * opens /admin with it), unless DEMO_SHOP=on says this is the demo shop. Empty: start.
 */
export function demoAccountRefusals(config: Config, openDemoAccounts: DemoAccount[]): string[] {
  if (config.env !== 'production' || config.demoShop) return [];
  return openDemoAccounts.map(
    (account) =>
      `the ${account.role} account ${account.email} signs in with the demo shop's published password. ` +
      `Run \`npm run staff -- retire-demo\` to take the published passwords away, or set DEMO_SHOP=on if this is the demo shop.`,
  );
}

export type PaymentsMode = 'myfatoorah' | 'sandbox' | 'off';

/** A configured real gateway wins over the sandbox switch. */
export function paymentsMode(config: Config): PaymentsMode {
  if (config.myFatoorahApiKey && config.myFatoorahBaseUrl) return 'myfatoorah';
  return config.paymentsSandbox ? 'sandbox' : 'off';
}

const PAYMENT_LINES: Record<PaymentsMode, string> = {
  myfatoorah: 'payments: MyFatoorah',
  sandbox:
    'payments: SANDBOX (switched on by PAYMENTS_SANDBOX): simulated, no money moves; pay pages at /pay/sandbox/…',
  off: 'payments: OFF (no gateway configured, PAYMENTS_SANDBOX not set): checkout answers 503',
};

/** A demo account that still signs in with its published password. */
export interface DemoAccount {
  role: 'shopper' | 'owner';
  email: string;
  password: string;
}

/**
 * The lines printed once the server listens: where it is, how it takes money, and the demo accounts that still
 * have their published passwords (the owner's opens the back office at /admin).
 */
export function startBanner(
  config: Config,
  address: string,
  demoAccounts: DemoAccount[] = [],
  hasOwner = true,
): string[] {
  const demo = demoAccounts.map(
    (account) =>
      `demo ${account.role}: ${account.email} / ${account.password}${account.role === 'owner' ? ' (back office at /admin)' : ''}`,
  );
  return [
    `Gulf Storefront listening on ${address} (${config.env})`,
    `database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded, ${config.dataDir}`}`,
    PAYMENT_LINES[paymentsMode(config)],
    `unpaid orders expire after ${Math.round(config.unpaidOrderTtlMs / 60_000)} min (a guest's after ${Math.round(config.guestUnpaidOrderTtlMs / 60_000)}); rate limits in ${config.redisUrl ? 'Redis' : 'the database'}`,
    ...demo,
    ...(demo.length > 0 && config.env === 'production'
      ? [
          'warning: demo accounts with published passwords are open (DEMO_SHOP=on): this is a demo, not a shop',
        ]
      : []),
    ...(hasOwner
      ? []
      : [
          "no owner yet: `npm run staff -- add you@example.com` makes the shop's first owner (back office at /admin)",
        ]),
  ];
}

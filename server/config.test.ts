import path from 'node:path';
import { loadConfig, startBanner, startupWarnings } from './config';

test('defaults: production on 0.0.0.0:8080, ./data, ./dist, no CORS origins, bcrypt cost 10', () => {
  const config = loadConfig({});
  expect(config).toMatchObject({
    env: 'production',
    port: 8080,
    host: '0.0.0.0',
    dataDir: path.resolve('data'),
    spaDir: path.resolve('dist'),
    publicUrl: 'http://localhost:8080',
    corsOrigins: [],
    trustProxy: false,
    apiBaseUrl: '/api',
    bcryptCost: 10,
    // A catalogue file of up to 20 MB (the route test refuses files over a smaller limit of its own).
    catalogueImportMaxBytes: 20 * 1024 * 1024,
  });
  expect(config.databaseUrl).toBeUndefined();
  expect(config.tokenSecret).toMatch(/^[0-9a-f]{64}$/);
  expect(config.now()).toBeInstanceOf(Date);
});

test('reads the environment', () => {
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '3000',
    HOST: '127.0.0.1',
    DATA_DIR: '/srv/shop',
    DATABASE_URL: 'postgres://u:p@db/shop',
    PUBLIC_URL: 'https://shop.example.com/',
    CORS_ORIGINS: 'https://a.example.com, https://b.example.com,',
    SMTP_URL: 'smtp://mail:25',
    GOOGLE_CLIENT_ID: 'gid',
    FACEBOOK_APP_ID: 'fid',
    FACEBOOK_APP_SECRET: 'fsecret',
    API_BASE_URL: 'https://api.example.com/api',
    CONTACT_EMAIL: 'hello@shop.example.com',
    TOKEN_SECRET: 'secret',
    BCRYPT_COST: '12',
    TRUST_PROXY: '1',
  });
  expect(config).toMatchObject({
    env: 'production',
    port: 3000,
    host: '127.0.0.1',
    dataDir: '/srv/shop',
    databaseUrl: 'postgres://u:p@db/shop',
    publicUrl: 'https://shop.example.com',
    corsOrigins: ['https://a.example.com', 'https://b.example.com'],
    smtpUrl: 'smtp://mail:25',
    googleClientId: 'gid',
    facebookAppId: 'fid',
    facebookAppSecret: 'fsecret',
    apiBaseUrl: 'https://api.example.com/api',
    contactEmail: 'hello@shop.example.com',
    tokenSecret: 'secret',
    bcryptCost: 12,
    trustProxy: 1,
  });
  expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
});

test('nonsense falls back to safe defaults', () => {
  const config = loadConfig({ PORT: 'eighty', NODE_ENV: 'staging', BCRYPT_COST: '99', DATABASE_URL: '  ' });
  expect(config.port).toBe(8080);
  // An unknown environment must not switch the dev mailbox on.
  expect(config.env).toBe('production');
  expect(config.bcryptCost).toBe(10);
  expect(config.databaseUrl).toBeUndefined();
});

test('development and test are only ever chosen explicitly', () => {
  expect(loadConfig({ NODE_ENV: 'development' }).env).toBe('development');
  expect(loadConfig({ NODE_ENV: 'test' }).env).toBe('test');
  expect(loadConfig({ NODE_ENV: '' }).env).toBe('production');
  expect(loadConfig({ NODE_ENV: 'dev' }).env).toBe('production');
});

test('the payment sandbox is off unless PAYMENTS_SANDBOX switches it on, in every environment', () => {
  expect(loadConfig({}).paymentsSandbox).toBe(false);
  expect(loadConfig({ NODE_ENV: 'development' }).paymentsSandbox).toBe(false);
  expect(loadConfig({ PAYMENTS_SANDBOX: 'on' }).paymentsSandbox).toBe(true);
  expect(loadConfig({ PAYMENTS_SANDBOX: '1' }).paymentsSandbox).toBe(true);
  expect(loadConfig({ PAYMENTS_SANDBOX: '0' }).paymentsSandbox).toBe(false);
  expect(loadConfig({ PAYMENTS_SANDBOX: 'maybe' }).paymentsSandbox).toBe(false);
});

test('production warns at start that payments are simulated while the sandbox is switched on', () => {
  const site = { PUBLIC_URL: 'https://shop.example' };
  const env = { NODE_ENV: 'production', TOKEN_SECRET: 'secret', PAYMENTS_SANDBOX: 'on', ...site };
  const warnings = startupWarnings(loadConfig(env), env);
  expect(warnings).toEqual([expect.stringMatching(/Payments are SIMULATED.*PAYMENTS_SANDBOX/)]);
  const off = { NODE_ENV: 'production', TOKEN_SECRET: 'secret', ...site };
  expect(startupWarnings(loadConfig(off), off)).toEqual([]);
  const noSecret = { NODE_ENV: 'production', ...site };
  expect(startupWarnings(loadConfig(noSecret), noSecret)).toEqual([expect.stringMatching(/TOKEN_SECRET/)]);
  const dev = { NODE_ENV: 'development', PAYMENTS_SANDBOX: 'on' };
  expect(startupWarnings(loadConfig(dev), dev)).toEqual([]);
});

test('a production shop without PUBLIC_URL is warned that its mails and pages name localhost (not the demo shop)', () => {
  const shop = { NODE_ENV: 'production', TOKEN_SECRET: 'secret' };
  expect(startupWarnings(loadConfig(shop), shop)).toEqual([
    expect.stringMatching(/PUBLIC_URL is not set: .*http:\/\/localhost:8080/),
  ]);
  const demo = { ...shop, DEMO_SHOP: 'on' };
  expect(startupWarnings(loadConfig(demo), demo)).toEqual([]);
});

test('the start banner says how payments are taken', () => {
  const banner = (env: Record<string, string>) =>
    startBanner(loadConfig(env), 'http://127.0.0.1:8080').join('\n');
  expect(banner({ PAYMENTS_SANDBOX: 'on' })).toMatch(/payments: SANDBOX .*no money moves/);
  expect(banner({})).toMatch(/payments: OFF .*503/);
  expect(
    banner({ PAYMENTS_SANDBOX: 'on', MYFATOORAH_API_KEY: 'k', MYFATOORAH_BASE_URL: 'https://mf.example' }),
  ).toMatch(/payments: MyFatoorah/);
  expect(banner({})).toMatch(/unpaid orders expire after 30 min/);
});

test("a guest's unpaid order holds its stock 15 minutes, never longer than a signed-in shopper's", () => {
  expect(loadConfig({}).guestUnpaidOrderTtlMs).toBe(15 * 60 * 1000);
  expect(loadConfig({ GUEST_UNPAID_ORDER_MINUTES: '5' }).guestUnpaidOrderTtlMs).toBe(5 * 60 * 1000);
  expect(loadConfig({ GUEST_UNPAID_ORDER_MINUTES: 'soon' }).guestUnpaidOrderTtlMs).toBe(15 * 60 * 1000);
  expect(loadConfig({ GUEST_UNPAID_ORDER_MINUTES: '0' }).guestUnpaidOrderTtlMs).toBe(15 * 60 * 1000);
  expect(
    loadConfig({ UNPAID_ORDER_MINUTES: '10', GUEST_UNPAID_ORDER_MINUTES: '20' }).guestUnpaidOrderTtlMs,
  ).toBe(10 * 60 * 1000);
  expect(startBanner(loadConfig({}), 'http://127.0.0.1:8080').join('\n')).toMatch(/a guest's after 15/);
});

test('order limits: 3 pending per shopper and per address, 10 pieces a product, 10 orders in 10 minutes', () => {
  expect(loadConfig({}).orderLimits).toEqual({
    maxPendingPerOwner: 3,
    maxPendingPerAddress: 3,
    maxQuantityPerProduct: 10,
    createPerAddress: { max: 10, windowMs: 10 * 60 * 1000 },
  });
  const set = loadConfig({
    MAX_PENDING_ORDERS: '5',
    MAX_PENDING_ORDERS_PER_ADDRESS: '50',
    MAX_QUANTITY_PER_PRODUCT: '24',
    ORDER_RATE_LIMIT: '20/1h',
  }).orderLimits;
  expect(set).toEqual({
    maxPendingPerOwner: 5,
    maxPendingPerAddress: 50,
    maxQuantityPerProduct: 24,
    createPerAddress: { max: 20, windowMs: 60 * 60 * 1000 },
  });
  expect(loadConfig({ ORDER_RATE_LIMIT: '30/90s' }).orderLimits.createPerAddress).toEqual({
    max: 30,
    windowMs: 90_000,
  });
  // A bare window is in minutes.
  expect(loadConfig({ ORDER_RATE_LIMIT: '4/2' }).orderLimits.createPerAddress.windowMs).toBe(120_000);
  // Nonsense keeps the defaults rather than switching a limit off.
  const nonsense = loadConfig({
    MAX_PENDING_ORDERS: '0',
    MAX_PENDING_ORDERS_PER_ADDRESS: '-1',
    MAX_QUANTITY_PER_PRODUCT: '2.5',
    ORDER_RATE_LIMIT: 'many',
  }).orderLimits;
  expect(nonsense).toEqual(loadConfig({}).orderLimits);
  expect(loadConfig({ MAX_QUANTITY_PER_PRODUCT: '1000000' }).orderLimits.maxQuantityPerProduct).toBe(10);
  expect(loadConfig({ ORDER_RATE_LIMIT: '0/10m' }).orderLimits.createPerAddress.max).toBe(10);
  expect(loadConfig({ ORDER_RATE_LIMIT: '5/2d' }).orderLimits.createPerAddress.max).toBe(10);
});

test('the start banner names the demo shopper and the demo owner while their published passwords work', () => {
  const config = loadConfig({ NODE_ENV: 'development' });
  const lines = startBanner(config, 'http://127.0.0.1:8080', [
    { role: 'shopper', email: 'demo@shop.test', password: 'Demo@12345' },
    { role: 'owner', email: 'owner@shop.test', password: 'Owner@12345' },
  ]);
  expect(lines).toContain('demo shopper: demo@shop.test / Demo@12345');
  expect(lines).toContain('demo owner: owner@shop.test / Owner@12345 (back office at /admin)');
  expect(startBanner(config, 'http://127.0.0.1:8080').join('\n')).not.toMatch(/demo/);
  const production = startBanner(loadConfig({}), 'http://127.0.0.1:8080', [
    { role: 'owner', email: 'owner@shop.test', password: 'Owner@12345' },
  ]);
  expect(production.join('\n')).toMatch(/warning: demo accounts/);
});

test('unpaid orders hold their stock 30 minutes unless UNPAID_ORDER_MINUTES says otherwise', () => {
  expect(loadConfig({}).unpaidOrderTtlMs).toBe(30 * 60 * 1000);
  expect(loadConfig({ UNPAID_ORDER_MINUTES: '10' }).unpaidOrderTtlMs).toBe(10 * 60 * 1000);
  expect(loadConfig({ UNPAID_ORDER_MINUTES: '-5' }).unpaidOrderTtlMs).toBe(30 * 60 * 1000);
  expect(loadConfig({ JOBS_INTERVAL_SECONDS: '15' }).jobsIntervalMs).toBe(15_000);
  expect(loadConfig({ BACKGROUND_JOBS: 'off' }).backgroundJobs).toBe(false);
  expect(loadConfig({ REDIS_URL: 'redis://cache:6379' }).redisUrl).toBe('redis://cache:6379');
});

test('a client address gets 30 server renders a minute unless PAGE_RENDERS_PER_MINUTE says otherwise', () => {
  expect(loadConfig({}).perIpLimits.pageRenders).toBe(30);
  expect(loadConfig({ PAGE_RENDERS_PER_MINUTE: '600' }).perIpLimits.pageRenders).toBe(600);
  for (const wrong of ['0', '-3', '2.5', 'lots'])
    expect(loadConfig({ PAGE_RENDERS_PER_MINUTE: wrong }).perIpLimits.pageRenders).toBe(30);
});

test('one address and e-mail get 10 sign-ins a minute unless LOGIN_PER_EMAIL_PER_MINUTE says otherwise', () => {
  expect(loadConfig({}).perIpLimits.loginPerEmail).toBe(10);
  expect(loadConfig({ LOGIN_PER_EMAIL_PER_MINUTE: '1000' }).perIpLimits.loginPerEmail).toBe(1000);
  for (const wrong of ['0', '-3', '2.5', 'lots'])
    expect(loadConfig({ LOGIN_PER_EMAIL_PER_MINUTE: wrong }).perIpLimits.loginPerEmail).toBe(10);
});

test('an export’s stock figures are kept 90 days unless EXPORT_STOCK_RETENTION_DAYS says otherwise', () => {
  const day = 24 * 60 * 60 * 1000;
  expect(loadConfig({}).exportStockRetentionMs).toBe(90 * day);
  expect(loadConfig({ EXPORT_STOCK_RETENTION_DAYS: '365' }).exportStockRetentionMs).toBe(365 * day);
  expect(loadConfig({ EXPORT_STOCK_RETENTION_DAYS: '0' }).exportStockRetentionMs).toBe(90 * day);
});

test('the outbox keeps mail 7 days unless OUTBOX_RETENTION_DAYS says otherwise', () => {
  const day = 24 * 60 * 60 * 1000;
  expect(loadConfig({}).outboxRetentionMs).toBe(7 * day);
  expect(loadConfig({ OUTBOX_RETENTION_DAYS: '2' }).outboxRetentionMs).toBe(2 * day);
  expect(loadConfig({ OUTBOX_RETENTION_DAYS: '0' }).outboxRetentionMs).toBe(7 * day);
  expect(loadConfig({ OUTBOX_RETENTION_DAYS: 'soon' }).outboxRetentionMs).toBe(7 * day);
});

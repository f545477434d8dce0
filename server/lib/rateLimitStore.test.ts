import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { createTestApp, manualClock, registerVerifiedUser, type TestApp } from '../testing/testApp';
import { databaseCounter, redisCounter } from './rateLimitStore';

jest.setTimeout(60_000);

const clock = manualClock();
// Two server processes behind one load balancer: each its own app, both on one database.
let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await createTestApp({ config: { now: clock.now } });
  second = await createTestApp({ config: { now: clock.now }, sharedWith: first });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

const post = (app: TestApp, url: string, payload: object) =>
  app.app.inject({ method: 'POST', url: `/api${url}`, payload });

test('the sign-in limit (10 a minute per address and e-mail) holds across two server processes', async () => {
  const victim = await registerVerifiedUser(first.app);
  const attempt = { email: victim.email, password: 'Wrong@1234' };
  const right = { email: victim.email, password: victim.password };
  const statuses: number[] = [];
  // Wrong and right in turn, so the account's lockout (ten wrong passwords) is not what answers.
  for (let index = 0; index < 12; index += 1) {
    const app = index % 2 === 0 ? first : second;
    statuses.push((await post(app, '/login', index % 4 === 3 ? right : attempt)).statusCode);
  }
  // Each process alone has seen 6: only a shared count reaches 11.
  expect(statuses.slice(0, 10)).toEqual([422, 422, 422, 200, 422, 422, 422, 200, 422, 422]);
  expect(statuses.slice(10)).toEqual([429, 429]);
  clock.advance(60_000);
  expect((await post(second, '/login', attempt)).statusCode).toBe(422);
});

test('one code a minute per address and purpose holds across two server processes', async () => {
  const user = await registerVerifiedUser(first.app);
  clock.advance(60_000);
  expect((await post(first, '/send-verification-code', { email: user.email })).statusCode).toBe(200);
  expect((await post(second, '/send-verification-code', { email: user.email })).statusCode).toBe(429);
});

test('database counters: fixed windows on the app clock, concurrent hits all counted', async () => {
  const counter = databaseCounter(first.db, clock.now);
  const hits = await Promise.all(Array.from({ length: 20 }, () => counter.hit('burst', 60_000)));
  expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
    Array.from({ length: 20 }, (_, index) => index + 1),
  );
  expect(hits[0]?.ttlMs).toBe(60_000);
  clock.advance(59_999);
  expect(await counter.hit('burst', 60_000)).toEqual({ count: 21, ttlMs: 1 });
  clock.advance(1);
  expect(await counter.hit('burst', 60_000)).toEqual({ count: 1, ttlMs: 60_000 });
});

test('a key of any length is counted (a 10 KB e-mail is still one key, not a 500)', async () => {
  const counter = databaseCounter(first.db, clock.now);
  // Text that does not compress: an index entry holds about 2.7 KB after compression.
  const huge = `verify-code|10.0.0.1|${randomBytes(5000).toString('hex')}`;
  expect((await counter.hit(huge, 60_000)).count).toBe(1);
  expect((await counter.hit(huge, 60_000)).count).toBe(2);
  expect((await counter.hit(`${huge}x`, 60_000)).count).toBe(1);
  const response = await post(first, '/verify-code', {
    email: randomBytes(5000).toString('base64'),
    code: '1',
  });
  expect(response.statusCode).toBe(422);
});

const redisUrl = process.env.TEST_REDIS_URL;
(redisUrl ? describe : describe.skip)('Redis counters (TEST_REDIS_URL)', () => {
  test('count per key in a window that ends by itself', async () => {
    const redis = new Redis(redisUrl ?? '');
    try {
      const counter = redisCounter(redis, `storefront-test:${Date.now()}:`);
      const hits = await Promise.all(Array.from({ length: 10 }, () => counter.hit('key', 60_000)));
      expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 10 }, (_, index) => index + 1),
      );
      for (const hit of hits) expect(hit.ttlMs).toBeGreaterThan(0);
      expect((await counter.hit('other', 60_000)).count).toBe(1);
    } finally {
      redis.disconnect();
    }
  });

  test('two server processes with REDIS_URL share the sign-in limit', async () => {
    const a = await createTestApp({ config: { redisUrl } });
    const b = await createTestApp({ config: { redisUrl }, sharedWith: a });
    try {
      const attempt = { email: `redis-${Date.now()}@example.com`, password: 'Wrong@1234' };
      const statuses: number[] = [];
      for (let index = 0; index < 11; index += 1) {
        statuses.push((await post(index % 2 === 0 ? a : b, '/login', attempt)).statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
      expect(statuses[10]).toBe(429);
    } finally {
      await b.close();
      await a.close();
    }
  });
});

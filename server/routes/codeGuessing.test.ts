// Guessing e-mailed codes and asking for them (issue 47, finding 5): wrong guesses lock an address out for a time
// that doubles with each further lockout, shared by every server process; code mails are capped per client address
// and over the whole shop.
import {
  authHeader,
  createTestApp,
  lastMailedCode,
  manualClock,
  registerVerifiedUser,
  type TestApp,
} from '../testing/testApp';

const MINUTE = 60 * 1000;
const clock = manualClock();
let t: TestApp;
let other: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { now: clock.now } });
  other = await createTestApp({ config: { now: clock.now }, sharedWith: t });
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const askCode = (email: string, remoteAddress = '198.51.100.7', app = t.app) =>
  app.inject({ method: 'POST', url: '/api/send-verification-code', payload: { email }, remoteAddress });
const reset = (email: string, code: string, app = t.app) =>
  app.inject({
    method: 'POST',
    url: '/api/password/reset',
    payload: { email, code, password: 'Fresh@12345', password_confirmation: 'Fresh@12345' },
  });
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

/** The route's own per-minute limit (5 per address and e-mail) is not what is under test: each guess its minute. */
async function guess(email: string, code: string, app = t.app) {
  clock.advance(MINUTE + 1000);
  return reset(email, code, app);
}

const lockedFor = (minutes: number) => ({
  message: `Too many attempts. Try again in ${minutes} minutes.`,
});

test('five wrong guesses lock the address out for 15 minutes, the right code included; then a right guess works and starts the count again', async () => {
  const shopper = await registerVerifiedUser(t.app);
  expect((await askCode(shopper.email)).statusCode).toBe(200);
  const code = await lastMailedCode(t.db, shopper.email);
  for (let i = 0; i < 4; i += 1) expect((await guess(shopper.email, otherThan(code))).statusCode).toBe(422);
  const fifth = await guess(shopper.email, otherThan(code));
  expect(fifth.statusCode).toBe(429);
  expect(fifth.json()).toEqual(lockedFor(15));
  expect(Number(fifth.headers['retry-after'])).toBe(15 * 60);

  // Locked: even the right digits wait.
  const right = await guess(shopper.email, code);
  expect(right.statusCode).toBe(429);
  expect(right.json<{ message: string }>().message).toMatch(
    /^Too many attempts\. Try again in 1[34] minutes\.$/,
  );

  clock.advance(15 * MINUTE);
  expect((await askCode(shopper.email)).statusCode).toBe(200);
  const fresh = await lastMailedCode(t.db, shopper.email);
  expect((await guess(shopper.email, fresh)).statusCode).toBe(200);

  // The success reset the growth: the next lockout is 15 minutes again, not 30.
  expect((await askCode(shopper.email)).statusCode).toBe(200);
  const next = await lastMailedCode(t.db, shopper.email);
  for (let i = 0; i < 4; i += 1) await guess(shopper.email, otherThan(next));
  expect((await guess(shopper.email, otherThan(next))).json()).toEqual(lockedFor(15));
});

test('each further lockout lasts twice as long', async () => {
  const shopper = await registerVerifiedUser(t.app);
  for (const minutes of [15, 30, 60]) {
    for (let i = 0; i < 4; i += 1) expect((await guess(shopper.email, '123456')).statusCode).toBe(422);
    const locking = await guess(shopper.email, '123456');
    expect(locking.statusCode).toBe(429);
    expect(locking.json()).toEqual(lockedFor(minutes));
    clock.advance(minutes * MINUTE);
  }
});

test('verify-code and password/reset share one count, and the wrong guesses of two server processes add up', async () => {
  const shopper = await registerVerifiedUser(t.app);
  for (const app of [t.app, other.app, t.app, other.app]) {
    clock.advance(MINUTE + 1000);
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/verify-code',
      payload: { email: shopper.email, code: '123456' },
    });
    expect(wrong.statusCode).toBe(422);
  }
  const fifth = await guess(shopper.email, '123456', other.app);
  expect(fifth.json()).toEqual(lockedFor(15));
  expect((await guess(shopper.email, '123456', t.app)).statusCode).toBe(429);
});

test('an address no account has is answered exactly as a known one, lockout included (no enumeration)', async () => {
  const known = await registerVerifiedUser(t.app);
  const unknown = `nobody.${Date.now()}@example.com`;
  const answers = async (email: string) => {
    const seen: Array<[number, unknown]> = [];
    for (let i = 0; i < 6; i += 1) {
      const response = await guess(email, '123456');
      const body = response.json<{ message: string }>();
      seen.push([
        response.statusCode,
        { ...body, message: body.message.replace(/\d+ minutes/, 'N minutes') },
      ]);
    }
    return seen;
  };
  expect(await answers(unknown)).toEqual(await answers(known.email));
});

test('a wrong e-mail change code counts against the account the same way', async () => {
  const shopper = await registerVerifiedUser(t.app);
  const asked = await t.app.inject({
    method: 'PUT',
    url: '/api/profile_update',
    headers: authHeader(shopper.token),
    payload: {
      name: shopper.name,
      email: `moved.${Date.now()}@example.com`,
      current_password: shopper.password,
    },
  });
  expect(asked.statusCode).toBe(200);
  const statuses: number[] = [];
  for (let i = 0; i < 6; i += 1) {
    clock.advance(MINUTE + 1000);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/profile/email/confirm',
      headers: authHeader(shopper.token),
      payload: { code: '123456' },
    });
    statuses.push(response.statusCode);
  }
  expect(statuses).toEqual([422, 422, 422, 422, 429, 429]);
});

describe('code mails are capped per client address and over the whole shop, an hour at a time', () => {
  let capped: TestApp;
  beforeAll(async () => {
    capped = await createTestApp({
      config: {
        now: clock.now,
        perIpLimits: {
          register: 10_000,
          login: 10_000,
          guestCart: 10_000,
          pageRenders: 10_000,
          codeSends: 3,
        },
        codeSendsPerHour: 7,
      },
    });
  });
  afterAll(async () => {
    await capped.close();
  });

  test('a fourth request from one address (any e-mails, known or not) is refused for the hour; other addresses go on until the shop-wide cap', async () => {
    const shopper = await registerVerifiedUser(capped.app);
    clock.advance(MINUTE + 1000);
    const fromOne = [shopper.email, 'a@example.com', 'b@example.com', 'c@example.com'];
    const statuses: number[] = [];
    for (const email of fromOne) statuses.push((await askCode(email, '203.0.113.1', capped.app)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);

    // An IPv6 client counts by its /64: a new address inside it is the same client.
    const six: number[] = [];
    for (const [index, address] of [
      '2001:db8:1:2::1',
      '2001:db8:1:2::2',
      '2001:db8:1:2::3',
      '2001:db8:1:2::4',
    ].entries())
      six.push((await askCode(`six${index}@example.com`, address, capped.app)).statusCode);
    expect(six).toEqual([200, 200, 200, 429]);

    // Six sends passed the per-address caps (the refused ones did not count): one more, then the shop's hourly cap
    // holds, whoever asks.
    expect((await askCode('d@example.com', '192.0.2.50', capped.app)).statusCode).toBe(200);
    expect((await askCode('e@example.com', '192.0.2.51', capped.app)).statusCode).toBe(429);
    clock.advance(60 * MINUTE);
    expect((await askCode('e@example.com', '192.0.2.51', capped.app)).statusCode).toBe(200);
  });
});

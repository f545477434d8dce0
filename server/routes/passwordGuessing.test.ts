// Guessing one account's password from many client addresses: the per-address limits alone let a stranger with many
// addresses guess without end. Ten wrong passwords for one typed address, whoever sends them, lock it out for 15
// minutes, twice as long after each further ten, shared by every server process. The addresses its holder signed in
// or reset the password from are not held by it, so a stranger cannot keep the owner out.
import { PASSWORDS_BEFORE_LOCKOUT, PASSWORDS_FROM_KNOWN_BEFORE_LOCKOUT } from '../lib/guessLockout';
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

let addressCounter = 0;
/** Each attempt from an address of its own: the per-address limits are not what is under test. */
const logIn = (email: string, password: string, app = t.app, remoteAddress?: string) => {
  addressCounter += 1;
  return app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    remoteAddress:
      remoteAddress ?? `203.0.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`,
  });
};

const lockedFor = (minutes: number) => ({ message: `Too many attempts. Try again in ${minutes} minutes.` });

async function wrongPasswords(email: string, count: number, app = t.app) {
  for (let i = 0; i < count; i += 1) expect((await logIn(email, `Wrong@${i}pass`, app)).statusCode).toBe(422);
}

test('ten wrong passwords from ten addresses lock the address out for 15 minutes, the right one included; then it signs in and the count starts again', async () => {
  const shopper = await registerVerifiedUser(t.app);
  await wrongPasswords(shopper.email, PASSWORDS_BEFORE_LOCKOUT - 1);
  const tenth = await logIn(shopper.email, 'Wrong@last');
  expect(tenth.statusCode).toBe(429);
  expect(tenth.json()).toEqual(lockedFor(15));
  expect(Number(tenth.headers['retry-after'])).toBe(15 * 60);

  // Locked: the right password waits too, typed in other capitals or not.
  const right = await logIn(shopper.email.toUpperCase(), shopper.password);
  expect(right.statusCode).toBe(429);
  expect(right.json<{ message: string }>().message).toMatch(
    /^Too many attempts\. Try again in 15 minutes\.$/,
  );

  clock.advance(15 * MINUTE);
  expect((await logIn(shopper.email, shopper.password)).statusCode).toBe(200);
  // The sign-in cleared the count and its growth: nine more wrong ones leave it open, the tenth locks for 15 again.
  await wrongPasswords(shopper.email, PASSWORDS_BEFORE_LOCKOUT - 1);
  expect((await logIn(shopper.email, shopper.password)).statusCode).toBe(200);
  await wrongPasswords(shopper.email, PASSWORDS_BEFORE_LOCKOUT - 1);
  expect((await logIn(shopper.email, 'Wrong@again')).json()).toEqual(lockedFor(15));
  clock.advance(15 * MINUTE);
});

test('each further lockout lasts twice as long, and two server processes count together', async () => {
  const shopper = await registerVerifiedUser(t.app);
  for (const minutes of [15, 30]) {
    for (let i = 0; i < PASSWORDS_BEFORE_LOCKOUT - 1; i += 1)
      expect((await logIn(shopper.email, 'Wrong@123', i % 2 ? other.app : t.app)).statusCode).toBe(422);
    expect((await logIn(shopper.email, 'Wrong@123', other.app)).json()).toEqual(lockedFor(minutes));
    clock.advance(minutes * MINUTE);
  }
});

test("the holder's own address is not held by the lockout strangers set; a stranger's new address is", async () => {
  const shopper = await registerVerifiedUser(t.app);
  const home = '198.51.100.50';
  expect((await logIn(shopper.email, shopper.password, t.app, home)).statusCode).toBe(200);
  await wrongPasswords(shopper.email, PASSWORDS_BEFORE_LOCKOUT - 1);
  expect((await logIn(shopper.email, 'Wrong@last')).statusCode).toBe(429);
  // From home, on another server process too: a wrong password is told as such, the right one signs in.
  expect((await logIn(shopper.email, 'Wrong@home', other.app, home)).statusCode).toBe(422);
  expect((await logIn(shopper.email, shopper.password, other.app, home)).statusCode).toBe(200);
  // Signing in from home does not lift the strangers' lockout.
  expect((await logIn(shopper.email, shopper.password)).statusCode).toBe(429);
  // An address remembered 90 days ago is a stranger's again.
  clock.advance(90 * 24 * 60 * MINUTE);
  await wrongPasswords(shopper.email, PASSWORDS_BEFORE_LOCKOUT - 1);
  expect((await logIn(shopper.email, 'Wrong@last')).statusCode).toBe(429);
  expect((await logIn(shopper.email, shopper.password, t.app, home)).statusCode).toBe(429);
  clock.advance(60 * MINUTE);
});

test("wrong passwords from the holder's own address count too, apart: fifty lock that address out as well", async () => {
  const shopper = await registerVerifiedUser(t.app);
  const home = '198.51.100.60';
  expect((await logIn(shopper.email, shopper.password, t.app, home)).statusCode).toBe(200);
  for (let i = 0; i < PASSWORDS_FROM_KNOWN_BEFORE_LOCKOUT - 1; i += 1) {
    // The route's own limit (10 a minute per address and e-mail) is not what is under test.
    if (i % 9 === 8) clock.advance(MINUTE + 1000);
    expect((await logIn(shopper.email, 'Wrong@home', t.app, home)).statusCode).toBe(422);
  }
  clock.advance(MINUTE + 1000);
  expect((await logIn(shopper.email, 'Wrong@home', t.app, home)).json()).toEqual(lockedFor(15));
  expect((await logIn(shopper.email, shopper.password, t.app, home)).statusCode).toBe(429);
  // Strangers' count is its own: elsewhere the right password still signs in.
  expect((await logIn(shopper.email, shopper.password)).statusCode).toBe(200);
  clock.advance(15 * MINUTE);
});

test('a lockout that ended more than a day ago no longer makes the next one longer', async () => {
  const shopper = await registerVerifiedUser(t.app);
  await wrongPasswords(shopper.email, PASSWORDS_BEFORE_LOCKOUT - 1);
  expect((await logIn(shopper.email, 'Wrong@last')).json()).toEqual(lockedFor(15));
  clock.advance(15 * MINUTE + 25 * 60 * MINUTE);
  await wrongPasswords(shopper.email, PASSWORDS_BEFORE_LOCKOUT - 1);
  expect((await logIn(shopper.email, 'Wrong@last')).json()).toEqual(lockedFor(15));
  clock.advance(15 * MINUTE);
});

test('guesses sent at once are counted before they are checked: no more than ten are', async () => {
  const shopper = await registerVerifiedUser(t.app);
  const answers = await Promise.all(
    Array.from({ length: 2 * PASSWORDS_BEFORE_LOCKOUT }, (_, i) =>
      logIn(shopper.email, `Wrong@${i}pass`, i % 2 ? other.app : t.app),
    ),
  );
  const statuses = answers.map((answer) => answer.statusCode);
  expect(statuses.filter((status) => status === 422)).toHaveLength(PASSWORDS_BEFORE_LOCKOUT - 1);
  expect(statuses.filter((status) => status === 429)).toHaveLength(PASSWORDS_BEFORE_LOCKOUT + 1);
  clock.advance(15 * MINUTE);
});

test('a password recovery by the e-mailed code ends the lockout, and its address stays open to the owner', async () => {
  const shopper = await registerVerifiedUser(t.app);
  await wrongPasswords(shopper.email, PASSWORDS_BEFORE_LOCKOUT - 1);
  expect((await logIn(shopper.email, 'Wrong@last')).statusCode).toBe(429);

  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/send-verification-code',
    payload: { email: shopper.email },
    remoteAddress: '198.51.100.40',
  });
  expect(asked.statusCode).toBe(200);
  const code = await lastMailedCode(t.db, shopper.email);
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/password/reset',
    payload: { email: shopper.email, code, password: 'Fresh@12345', password_confirmation: 'Fresh@12345' },
    remoteAddress: '198.51.100.40',
  });
  expect(reset.statusCode).toBe(200);
  expect((await logIn(shopper.email, 'Fresh@12345')).statusCode).toBe(200);
  // A stranger locks the address again before the owner signs in: the address the reset came from still signs in.
  await wrongPasswords(shopper.email, PASSWORDS_BEFORE_LOCKOUT - 1);
  expect((await logIn(shopper.email, 'Wrong@last')).statusCode).toBe(429);
  expect((await logIn(shopper.email, 'Fresh@12345', t.app, '198.51.100.40')).statusCode).toBe(200);
  clock.advance(15 * MINUTE);
});

test("the holder of a session who changes the password ends the lockout of the account's address", async () => {
  const shopper = await registerVerifiedUser(t.app);
  await wrongPasswords(shopper.email, PASSWORDS_BEFORE_LOCKOUT - 1);
  expect((await logIn(shopper.email, 'Wrong@last')).statusCode).toBe(429);
  const changed = await t.app.inject({
    method: 'POST',
    url: '/api/password/change',
    headers: authHeader(shopper.token),
    payload: {
      current_password: shopper.password,
      password: 'Newpass@456',
      password_confirmation: 'Newpass@456',
    },
  });
  expect(changed.statusCode).toBe(200);
  expect((await logIn(shopper.email, 'Newpass@456')).statusCode).toBe(200);
});

test('an address no account has is answered exactly as a known one, lockout included (no enumeration)', async () => {
  const known = await registerVerifiedUser(t.app);
  const unknown = `nobody.${Date.now()}@example.com`;
  const answers = async (email: string) => {
    const seen: Array<[number, unknown]> = [];
    for (let i = 0; i < PASSWORDS_BEFORE_LOCKOUT + 1; i += 1) {
      const response = await logIn(email, 'Wrong@123');
      seen.push([response.statusCode, response.json()]);
    }
    return seen;
  };
  expect(await answers(unknown)).toEqual(await answers(known.email));
  clock.advance(15 * MINUTE);
});

// A session's absolute lifetime beside its idle one (issue 47, finding 12): however often it is used, a token ends
// TOKEN_MAX_AGE_DAYS (90 by default) after its sign-in.
import { loadConfig, TOKEN_MAX_AGE_MS } from '../config';
import {
  authHeader,
  createTestApp,
  manualClock,
  registerVerifiedUser,
  type TestApp,
} from '../testing/testApp';

const DAY = 24 * 60 * 60 * 1000;
const clock = manualClock(new Date('2026-03-01T09:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { now: clock.now } });
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/users', headers: authHeader(token) });

it('is 90 days unless TOKEN_MAX_AGE_DAYS says otherwise', () => {
  expect(TOKEN_MAX_AGE_MS).toBe(90 * DAY);
  expect(loadConfig({}).tokenMaxAgeMs).toBe(90 * DAY);
  expect(loadConfig({ TOKEN_MAX_AGE_DAYS: '7' }).tokenMaxAgeMs).toBe(7 * DAY);
  expect(loadConfig({ TOKEN_MAX_AGE_DAYS: '0' }).tokenMaxAgeMs).toBe(90 * DAY);
});

it('ends a token used every day once it is older than that', async () => {
  const { token } = await registerVerifiedUser(t.app);
  // Used every 10 days: never idle for long.
  for (let day = 10; day <= 90; day += 10) {
    clock.advance(10 * DAY);
    expect((await me(token)).statusCode).toBe(200);
  }
  clock.advance(1000);
  const ended = await me(token);
  expect(ended.statusCode).toBe(401);
  // Signing in again gives a new session.
  const fresh = await registerVerifiedUser(t.app);
  expect((await me(fresh.token)).statusCode).toBe(200);
});

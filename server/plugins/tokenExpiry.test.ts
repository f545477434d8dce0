import { eq } from 'drizzle-orm';

import { apiTokens } from '../db/schema';
import { sha256Hex } from '../lib/tokens';
import {
  authHeader,
  createTestApp,
  manualClock,
  registerVerifiedUser,
  type TestApp,
} from '../testing/testApp';
import { TOKEN_IDLE_LIMIT_MS } from './auth';

const DAY = 24 * 60 * 60 * 1000;
const clock = manualClock(new Date('2026-03-01T09:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { now: clock.now } });
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/users', headers: authHeader(token) });

describe('bearer token lifetime', () => {
  it('is 30 days', () => {
    expect(TOKEN_IDLE_LIMIT_MS).toBe(30 * DAY);
  });

  it('slides with use and ends after 30 idle days', async () => {
    const { token } = await registerVerifiedUser(t.app);
    expect((await me(token)).statusCode).toBe(200);

    clock.advance(29 * DAY);
    expect((await me(token)).statusCode).toBe(200);
    // Used on day 29, so it lives 30 days from then.
    clock.advance(29 * DAY);
    expect((await me(token)).statusCode).toBe(200);

    clock.advance(TOKEN_IDLE_LIMIT_MS + 1000);
    const expired = await me(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('forgets an expired token for good', async () => {
    const { token } = await registerVerifiedUser(t.app);
    const rowsOf = () =>
      t.db
        .select()
        .from(apiTokens)
        .where(eq(apiTokens.tokenHash, sha256Hex(token)));
    expect(await rowsOf()).toHaveLength(1);
    clock.advance(31 * DAY);
    expect((await me(token)).statusCode).toBe(401);
    expect(await rowsOf()).toEqual([]);
  });
});

// Every way a token or its account can change must be seen by the very next request (plugins/auth.ts looks tokens up
// in rounds, never answering from a lookup sent before the request arrived). Each case uses the token first, then
// changes it. The same on PostgreSQL (TEST_DATABASE_URL), and across two instances of one database at the end.
import { eq, sql } from 'drizzle-orm';
import { apiTokens, users } from '../db/schema';
import { sha256Hex } from '../lib/tokens';
import { authHeader, createTestApp, registerVerifiedUser, type TestApp } from '../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/users', headers: authHeader(token) });

async function signedIn() {
  const shopper = await registerVerifiedUser(t.app);
  expect((await me(shopper.token)).statusCode).toBe(200);
  expect((await me(shopper.token)).statusCode).toBe(200);
  return shopper;
}

describe('a bearer token used a moment ago', () => {
  it('is refused right after sign-out', async () => {
    const { token } = await signedIn();
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: authHeader(token) });
    expect(out.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('of another session is refused right after a password change', async () => {
    const shopper = await signedIn();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: shopper.email, password: shopper.password },
    });
    const other = login.json<{ token: string }>().token;
    expect((await me(other)).statusCode).toBe(200);
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
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(shopper.token)).statusCode).toBe(200);
  });

  it('is refused once its row is deleted straight in the database, by the query builder or by raw SQL', async () => {
    const first = await signedIn();
    await t.db.delete(apiTokens).where(eq(apiTokens.tokenHash, sha256Hex(first.token)));
    expect((await me(first.token)).statusCode).toBe(401);

    const second = await signedIn();
    await t.db.execute(sql`DELETE FROM api_tokens WHERE token_hash = ${sha256Hex(second.token)}`);
    expect((await me(second.token)).statusCode).toBe(401);
  });

  it('is refused once deleted inside a transaction', async () => {
    const { token } = await signedIn();
    await t.db.transaction(async (tx) => {
      await tx.delete(apiTokens).where(eq(apiTokens.tokenHash, sha256Hex(token)));
    });
    expect((await me(token)).statusCode).toBe(401);
  });

  it('is refused once its account is deleted', async () => {
    const shopper = await signedIn();
    await t.db.delete(users).where(eq(users.id, shopper.id));
    expect((await me(shopper.token)).statusCode).toBe(401);
  });

  it("follows its account's e-mail verification", async () => {
    const shopper = await signedIn();
    await t.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, shopper.id));
    expect((await me(shopper.token)).statusCode).toBe(403);
    await t.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, shopper.id));
    expect((await me(shopper.token)).statusCode).toBe(200);
  });

  it('does not let a refused lookup outlive a new token with that value', async () => {
    const token = 'a'.repeat(64);
    expect((await me(token)).statusCode).toBe(401);
    const shopper = await signedIn();
    await t.db
      .update(apiTokens)
      .set({ tokenHash: sha256Hex(token) })
      .where(eq(apiTokens.tokenHash, sha256Hex(shopper.token)));
    expect((await me(token)).statusCode).toBe(200);
  });
});

describe('two instances of one database', () => {
  let b: TestApp;
  beforeAll(async () => {
    b = await createTestApp({ sharedWith: t });
  });
  afterAll(() => b.close());

  const meOn = (on: TestApp, token: string) =>
    on.app.inject({ method: 'GET', url: '/api/users', headers: authHeader(token) });

  it('a session signed out on one is refused at once on the other', async () => {
    const { token } = await signedIn();
    // Many requests at once, on both: each is answered, however the lookups were grouped.
    const crowd = await Promise.all(Array.from({ length: 20 }, (_, index) => meOn(index % 2 ? b : t, token)));
    expect(crowd.map((response) => response.statusCode)).toEqual(Array<number>(20).fill(200));
    const out = await b.app.inject({ method: 'POST', url: '/api/logout', headers: authHeader(token) });
    expect(out.statusCode).toBe(200);
    expect((await meOn(t, token)).statusCode).toBe(401);
    expect((await meOn(b, token)).statusCode).toBe(401);
  });

  it("a password changed on one ends the account's other sessions at once on the other", async () => {
    const shopper = await signedIn();
    const login = await b.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: shopper.email, password: shopper.password },
    });
    const other = login.json<{ token: string }>().token;
    expect((await meOn(t, other)).statusCode).toBe(200);
    const changed = await b.app.inject({
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
    expect((await meOn(t, other)).statusCode).toBe(401);
    expect((await meOn(t, shopper.token)).statusCode).toBe(200);
  });
});

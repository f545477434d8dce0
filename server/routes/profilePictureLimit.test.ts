// Profile picture uploads are rate-limited per account and per client address (issue 47, finding 12).
import sharp from 'sharp';
import { authHeader, createTestApp, registerVerifiedUser, type TestApp } from '../testing/testApp';
import { PICTURES_PER_ACCOUNT, PICTURES_PER_ADDRESS } from './profile';

let t: TestApp;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
});
afterAll(() => t.close());

function upload(token: string, remoteAddress: string) {
  const boundary = '----picture-limit';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/profile_update/picture',
    remoteAddress,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...authHeader(token) },
  });
}

test('an account uploads so many an hour, from any address', async () => {
  const { token } = await registerVerifiedUser(t.app);
  for (let n = 0; n < PICTURES_PER_ACCOUNT; n += 1) {
    expect((await upload(token, `10.1.0.${n + 1}`)).statusCode).toBe(200);
  }
  const refused = await upload(token, '10.1.1.1');
  expect(refused.statusCode).toBe(429);
  expect(refused.headers['retry-after']).toBeDefined();
});

test('an address uploads so many an hour, whatever the accounts', async () => {
  let accepted = 0;
  let last = 0;
  let current: { token: string } | null = null;
  for (let n = 0; n <= PICTURES_PER_ADDRESS; n += 1) {
    // A new account every few uploads, so only the address's limit can stop them.
    const token: string = n % 5 === 0 || !current ? (await registerVerifiedUser(t.app)).token : current.token;
    current = { token };
    last = (await upload(token, '10.2.0.1')).statusCode;
    if (last === 200) accepted += 1;
  }
  expect(accepted).toBe(PICTURES_PER_ADDRESS);
  expect(last).toBe(429);
});

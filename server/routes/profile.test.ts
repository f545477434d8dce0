import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { apiTokens, outbox, users } from '../db/schema';
import {
  authHeader,
  createTestApp,
  lastMailedCode,
  registerVerifiedUser,
  type RegisteredUser,
  type TestApp,
} from '../testing/testApp';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A real picture: a red-to-blue gradient, so a truncated copy really misses pixel data. */
function picture(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < width * height; index += 1) {
    pixels[index * 3] = index % 256;
    pixels[index * 3 + 2] = 255 - (index % 256);
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

let PNG: Buffer;
let JPEG: Buffer;
let WEBP: Buffer;
beforeAll(async () => {
  [PNG, JPEG, WEBP] = await Promise.all([
    picture(40, 30).png().toBuffer(),
    picture(40, 30).jpeg().toBuffer(),
    picture(40, 30).webp({ lossless: true }).toBuffer(),
  ]);
});

function multipart(fieldName: string, fileName: string, contentType: string, bytes: Buffer) {
  const boundary = '----storefront-test-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\n` +
        `Content-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(
  user: RegisteredUser,
  fieldName: string,
  fileName: string,
  type: string,
  bytes: Buffer,
) {
  const { payload, headers } = multipart(fieldName, fileName, type, bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/profile_update/picture',
    payload,
    headers: { ...headers, ...authHeader(user.token) },
  });
}

describe('GET /users', () => {
  test('answers the signed-in user', async () => {
    const shopper = await registerVerifiedUser(t.app, {
      name: 'Noura',
      phone_number: '99887766',
      nationality: 3,
    });
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: authHeader(shopper.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: {
        id: shopper.id,
        name: 'Noura',
        email: shopper.email,
        phone_code: '+965',
        phone_number: '99887766',
        nationality: 3,
        profile_image: null,
        pending_email: null,
        role: 'shopper',
        has_password: true,
      },
    });
  });

  test('without a token is 401', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/users' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('PUT /profile_update', () => {
  test('updates name and phone number; a new e-mail waits for its code', async () => {
    const shopper = await registerVerifiedUser(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/profile_update',
      headers: authHeader(shopper.token),
      payload: {
        name: ' New Name ',
        email: 'New.Address@Example.com',
        phone_number: '12345678',
        current_password: shopper.password,
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Profile updated successfully. Please enter the code we sent to your new email to confirm it.',
      user: expect.objectContaining({
        id: shopper.id,
        name: 'New Name',
        email: shopper.email,
        pending_email: 'new.address@example.com',
        phone_number: '12345678',
      }),
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, shopper.id));
    expect(row?.emailVerifiedAt).not.toBeNull();
    // The registration's verify code does not confirm the change, nor does the change's code verify anything.
    const code = await lastMailedCode(t.db, 'new.address@example.com');
    const viaVerify = await t.app.inject({
      method: 'POST',
      url: '/api/verify-code',
      payload: { email: 'new.address@example.com', code },
    });
    expect(viaVerify.statusCode).toBe(422);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/profile/email/confirm',
      headers: authHeader(shopper.token),
      payload: { code },
    });
    expect(confirmed.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'new.address@example.com', password: shopper.password },
    });
    expect(login.statusCode).toBe(200);
  });

  test('keeping the same e-mail (in any case) keeps the account verified and mails nothing', async () => {
    const shopper = await registerVerifiedUser(t.app);
    const before = await t.db.select().from(outbox).where(eq(outbox.recipient, shopper.email));
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/profile_update',
      headers: authHeader(shopper.token),
      payload: { name: 'Same Mail', email: shopper.email.toUpperCase() },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Profile updated successfully.');
    const [row] = await t.db.select().from(users).where(eq(users.id, shopper.id));
    expect(row?.emailVerifiedAt).not.toBeNull();
    const after = await t.db.select().from(outbox).where(eq(outbox.recipient, shopper.email));
    expect(after).toHaveLength(before.length);
  });

  test("another account's e-mail waits for its code like any new one (no 'taken': issue 47, finding 8); keeping one's own is fine", async () => {
    const one = await registerVerifiedUser(t.app);
    const two = await registerVerifiedUser(t.app);
    const taken = await t.app.inject({
      method: 'PUT',
      url: '/api/profile_update',
      headers: authHeader(one.token),
      payload: { name: 'One', email: two.email.toUpperCase(), current_password: one.password },
    });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ user: { email: one.email, pending_email: two.email } });
    const same = await t.app.inject({
      method: 'PUT',
      url: '/api/profile_update',
      headers: authHeader(one.token),
      payload: { name: 'One', email: one.email },
    });
    expect(same.statusCode).toBe(200);
  });

  test('validation: name required, e-mail valid, phone digits only', async () => {
    const shopper = await registerVerifiedUser(t.app);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/profile_update',
      headers: authHeader(shopper.token),
      payload: { name: '', email: 'nope', phone_number: '+965 5551' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: ['The name field is required.'],
      email: ['The email field must be a valid email address.'],
      phone_number: ['The phone number field must contain digits only.'],
    });
  });

  test('without a token is 401', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/profile_update',
      payload: { name: 'x' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /profile_update/picture', () => {
  test.each([
    ['png', 'me.png', 'image/png', () => PNG],
    ['jpeg', 'me.jpg', 'image/jpeg', () => JPEG],
    ['webp', 'me.webp', 'image/webp', () => WEBP],
  ])(
    'decodes a %s, stores it re-encoded under the data folder and serves it as an image',
    async (_kind, name, type, bytes) => {
      const shopper = await registerVerifiedUser(t.app);
      const response = await upload(shopper, 'image', name, type, bytes());
      expect(response.statusCode).toBe(200);
      const { user, message } = response.json();
      expect(message).toBe('Profile picture updated successfully.');
      expect(user.profile_image).toMatch(new RegExp(`^/uploads/profile/${shopper.id}-[0-9a-f]{16}\\.webp$`));
      const served = await t.app.inject({ method: 'GET', url: user.profile_image });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      // What is served is the server's own WebP of the same picture, not the uploaded bytes.
      expect(served.rawPayload.equals(bytes())).toBe(false);
      const stored = await sharp(served.rawPayload).metadata();
      expect([stored.format, stored.width, stored.height]).toEqual(['webp', 40, 30]);
    },
  );

  test('a large picture is stored shrunk, upright and without its metadata', async () => {
    const shopper = await registerVerifiedUser(t.app);
    // EXIF orientation 6: the camera was turned, the picture is shown rotated a quarter turn.
    const photo = await picture(1600, 1200)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'GPS here' } } })
      .toBuffer();
    const response = await upload(shopper, 'image', 'photo.jpg', 'image/jpeg', photo);
    expect(response.statusCode).toBe(200);
    const served = await t.app.inject({ method: 'GET', url: response.json().user.profile_image });
    const stored = await sharp(served.rawPayload).metadata();
    expect([stored.width, stored.height]).toEqual([384, 512]);
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
  });

  test.each([
    ['a truncated PNG', () => PNG.subarray(0, PNG.length - 40)],
    [
      'a PNG header followed by garbage',
      () => Buffer.concat([PNG.subarray(0, 33), Buffer.from('<html>garbage</html>')]),
    ],
    ['a JPEG cut in half', () => JPEG.subarray(0, Math.floor(JPEG.length / 2))],
    ['a WebP header over a PNG body', () => Buffer.concat([WEBP.subarray(0, 12), PNG])],
  ])('%s does not decode: 422, nothing stored', async (_label, bytes) => {
    const shopper = await registerVerifiedUser(t.app);
    const response = await upload(shopper, 'image', 'me.png', 'image/png', bytes());
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The image field must be an image.',
      errors: { image: ['The image field must be an image.'] },
    });
    const [user] = await t.db.select().from(users).where(eq(users.id, shopper.id));
    expect(user?.profileImage).toBeNull();
  });

  test('a decompression bomb is refused from its header, before any pixel is decoded', async () => {
    const shopper = await registerVerifiedUser(t.app);
    // A small PNG whose header claims 20000 × 20000: a decoder that believed it would allocate 1.2 GB.
    const bomb = Buffer.from(PNG);
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    const response = await upload(shopper, 'image', 'bomb.png', 'image/png', bomb);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ image: ['The image field has invalid image dimensions.'] });
  });

  test('a strip thinner than the pixel limit but longer than any picture is refused', async () => {
    const shopper = await registerVerifiedUser(t.app);
    const strip = await picture(9000, 1).png().toBuffer();
    const response = await upload(shopper, 'image', 'strip.png', 'image/png', strip);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ image: ['The image field has invalid image dimensions.'] });
  });

  test('only the pictures the server wrote are served from /uploads', async () => {
    const folder = path.join(t.app.deps.config.dataDir, 'uploads', 'profile');
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'page.html'), '<script>alert(1)</script>');
    writeFileSync(path.join(folder, '1-0123456789abcdef.svg'), '<svg/>');
    for (const name of ['page.html', '1-0123456789abcdef.svg']) {
      const response = await t.app.inject({ method: 'GET', url: `/uploads/profile/${name}` });
      expect(response.statusCode).toBe(404);
    }
  });

  test('a new picture replaces the old file', async () => {
    const shopper = await registerVerifiedUser(t.app);
    const first = (await upload(shopper, 'image', 'a.png', 'image/png', PNG)).json().user
      .profile_image as string;
    const firstFile = path.join(t.app.deps.config.dataDir, first);
    expect(existsSync(firstFile)).toBe(true);
    await upload(shopper, 'image', 'b.jpg', 'image/jpeg', JPEG);
    expect(existsSync(firstFile)).toBe(false);
  });

  test('a file that is not png/jpeg/webp is 422, whatever it claims to be', async () => {
    const shopper = await registerVerifiedUser(t.app);
    const response = await upload(
      shopper,
      'image',
      'evil.png',
      'image/png',
      Buffer.from('<html><script>1</script>'),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      image: ['The image field must be a file of type: png, jpeg, webp.'],
    });
  });

  test('no image part is 422', async () => {
    const shopper = await registerVerifiedUser(t.app);
    const wrongField = await upload(shopper, 'avatar', 'a.png', 'image/png', PNG);
    expect(wrongField.statusCode).toBe(422);
    expect(wrongField.json().errors).toEqual({ image: ['The image field is required.'] });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/profile_update/picture',
      headers: authHeader(shopper.token),
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(422);
  });

  test.each([
    [
      'a body cut off mid-part',
      'multipart/form-data; boundary=cut',
      '--cut\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG',
    ],
    ['no boundary in the content type', 'multipart/form-data', 'whatever'],
    ['a boundary that never appears', 'multipart/form-data; boundary=absent', 'no parts here at all'],
    ['garbage part headers', 'multipart/form-data; boundary=b', '--b\r\n\u0001\u0002\r\n\r\n--b--'],
  ])('a malformed multipart body (%s) is 422 image required, not 500', async (_label, type, body) => {
    const shopper = await registerVerifiedUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/profile_update/picture',
      payload: Buffer.from(body, 'latin1'),
      headers: { 'content-type': type, ...authHeader(shopper.token) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The image field is required.',
      errors: { image: ['The image field is required.'] },
    });
  });

  test('more than 5 MB is refused with 413, not stored', async () => {
    const shopper = await registerVerifiedUser(t.app);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const response = await upload(shopper, 'image', 'big.png', 'image/png', big);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The image field must not be greater than 5120 kilobytes.');
    const [user] = await t.db.select().from(users).where(eq(users.id, shopper.id));
    expect(user?.profileImage).toBeNull();
  });

  test('without a token is 401', async () => {
    const { payload, headers } = multipart('image', 'a.png', 'image/png', PNG);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/profile_update/picture',
      payload,
      headers,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('DELETE /profile_delete', () => {
  test('deletes the account and its tokens', async () => {
    const shopper = await registerVerifiedUser(t.app);
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/profile_delete',
      headers: authHeader(shopper.token),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Account deleted successfully.' });
    expect(await t.db.select().from(users).where(eq(users.id, shopper.id))).toEqual([]);
    expect(await t.db.select().from(apiTokens).where(eq(apiTokens.userId, shopper.id))).toEqual([]);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: authHeader(shopper.token),
    });
    expect(after.statusCode).toBe(401);
    // The address is free again.
    const again = await registerVerifiedUser(t.app, { email: shopper.email });
    expect(again.id).not.toBe(shopper.id);
  });

  test('without a token is 401', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/profile_delete' });
    expect(response.statusCode).toBe(401);
  });
});

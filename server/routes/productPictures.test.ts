import { mkdtempSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { productPictureSrcSet } from '../../shared/productPictures';
import { storeProductPicture } from '../services/backOffice/pictures';
import { createTestApp, type TestApp } from '../testing/testApp';

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'product-pictures-'));
  t = await createTestApp({ config: { dataDir } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A photograph-like picture: noise does not compress, as a real photograph hardly does. */
async function photograph(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + (i >> 5) * 104729) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg()
    .toBuffer();
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

test("a stored product picture is served at the grids' narrower widths, each smaller than the picture", async () => {
  const { image } = await storeProductPicture(dataDir, await photograph(1600, 1200));
  const stored = await get(image);
  expect(stored.statusCode).toBe(200);
  const srcSet = productPictureSrcSet(image) ?? '';
  const copies = srcSet.split(', ').map((entry) => entry.split(' ') as [string, string]);
  expect(copies.map(([, width]) => width)).toEqual(['200w', '400w', '800w']);
  for (const [url, width] of copies) {
    const answer = await get(url);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/webp');
    expect(answer.headers['cache-control']).toBe('public, max-age=3600');
    const metadata = await sharp(answer.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(`${metadata.width}w`).toBe(width);
    expect(answer.rawPayload.length).toBeLessThan(stored.rawPayload.length);
  }
});

test('a picture stored before the copies existed gets them drawn on its first request, and kept', async () => {
  const name = '0123456789abcdef';
  const dir = path.join(dataDir, 'uploads', 'products');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    path.join(dir, `${name}.webp`),
    await sharp(await photograph(900, 900))
      .webp()
      .toBuffer(),
  );
  expect(existsSync(path.join(dir, '400', `${name}.webp`))).toBe(false);
  // A crowd asking at once gets the same picture.
  const answers = await Promise.all([1, 2, 3].map(() => get(`/uploads/products/400/${name}.webp`)));
  for (const answer of answers) expect(answer.statusCode).toBe(200);
  expect((await sharp(answers[0]?.rawPayload).metadata()).width).toBe(400);
  expect(existsSync(path.join(dir, '400', `${name}.webp`))).toBe(true);
  // A copy is never wider than the picture it is drawn from.
  expect((await sharp((await get(`/uploads/products/800/${name}.webp`)).rawPayload).metadata()).width).toBe(
    800,
  );
  writeFileSync(
    path.join(dir, 'fedcba9876543210.webp'),
    await sharp(await photograph(300, 300))
      .webp()
      .toBuffer(),
  );
  expect(
    (await sharp((await get('/uploads/products/800/fedcba9876543210.webp')).rawPayload).metadata()).width,
  ).toBe(300);
});

test('no other width, name or file is answered', async () => {
  const { image } = await storeProductPicture(dataDir, await photograph(600, 600));
  const name = path.basename(image, '.webp');
  for (const url of [
    `/uploads/products/300/${name}.webp`,
    `/uploads/products/4000/${name}.webp`,
    `/uploads/products/400/${name}.png`,
    `/uploads/products/400/${name}`,
    '/uploads/products/400/0000000000000000.webp',
    '/uploads/products/400/..%2F..%2Fsecret.webp',
    `/uploads/products/400/${name.toUpperCase()}.webp`,
  ]) {
    expect({ url, status: (await get(url)).statusCode }).toEqual({ url, status: 404 });
  }
});

test('only pictures stored here have copies to choose from', () => {
  expect(productPictureSrcSet('/media/products/p001-1.svg')).toBeUndefined();
  expect(
    productPictureSrcSet('https://cdn.example.com/uploads/products/0123456789abcdef.webp'),
  ).toBeUndefined();
  expect(productPictureSrcSet('')).toBeUndefined();
  expect(productPictureSrcSet('/media/products/p001-1.svg', { withStored: true })).toBeUndefined();
  expect(productPictureSrcSet('/uploads/products/0123456789abcdef.webp')).toBe(
    '/uploads/products/200/0123456789abcdef.webp 200w, /uploads/products/400/0123456789abcdef.webp 400w, ' +
      '/uploads/products/800/0123456789abcdef.webp 800w',
  );
  // The product page's main picture: the stored one too, as wide as it may be.
  expect(productPictureSrcSet('/uploads/products/0123456789abcdef.webp', { withStored: true })).toMatch(
    /800w, \/uploads\/products\/0123456789abcdef\.webp 1200w$/,
  );
});

test('a copy is revalidated as the stored picture is: a phone that has it gets 304 and no bytes', async () => {
  const { image } = await storeProductPicture(dataDir, await photograph(800, 600));
  const url = image.replace('/uploads/products/', '/uploads/products/400/');
  const first = await get(url);
  expect(first.statusCode).toBe(200);
  const etag = first.headers.etag;
  const lastModified = first.headers['last-modified'];
  expect(etag).toEqual(expect.any(String));
  expect(lastModified).toEqual(expect.any(String));
  for (const headers of [{ 'if-none-match': String(etag) }, { 'if-modified-since': String(lastModified) }]) {
    const again = await t.app.inject({ method: 'GET', url, headers });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  }
  // The stored picture itself, through the uploads' static serving, behaves the same.
  const stored = await get(image);
  expect(
    (
      await t.app.inject({
        method: 'GET',
        url: image,
        headers: { 'if-none-match': String(stored.headers.etag) },
      })
    ).statusCode,
  ).toBe(304);
});

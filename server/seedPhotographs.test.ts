import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { PRODUCT_PICTURE_WIDTHS } from '../shared/productPictures';
import { MEDIA_DIR } from './lib/mediaDir';
import { PRODUCT_PICTURE_PATH } from './services/backOffice/pictures';
import { photographedGalleries } from './seedPhotographs';

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'photographs-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const stored = (image: string) => path.join(dataDir, image.replace(/^\/uploads\//, 'uploads/'));

test("the galleries' drawings become stored pictures with a photograph's weight, and their copies", async () => {
  const drawings = ['/media/products/p001-1.svg', '/media/products/p001-2.svg', '/media/products/p002-1.svg'];
  const galleries = new Map([
    [
      'perfumes',
      [
        [drawings[0] as string, drawings[1] as string],
        [drawings[2] as string, drawings[0] as string],
        ['/media/products/p003-1.svg'],
      ],
    ],
  ]);
  const progress: string[] = [];
  const photographed = await photographedGalleries(dataDir, galleries, 2, (done, total) =>
    progress.push(`${done}/${total}`),
  );
  // The first two galleries only; a drawing in both is stored once.
  const [first, second] = photographed.get('perfumes') ?? [];
  expect(photographed.get('perfumes')).toHaveLength(2);
  expect(progress).toEqual(['1/3', '2/3', '3/3']);
  expect(first?.[0]).toBe(second?.[1]);
  expect(new Set([...(first ?? []), ...(second ?? [])]).size).toBe(3);

  for (const image of [...(first ?? []), ...(second ?? [])]) {
    expect(image).toMatch(PRODUCT_PICTURE_PATH);
    const file = stored(image);
    const metadata = await sharp(readFileSync(file)).metadata();
    expect([metadata.format, metadata.width]).toEqual(['webp', 1200]);
    // A photograph's weight, not a drawing's: tens of KB stored, several KB even at a card's 400 px.
    const drawing = statSync(path.join(MEDIA_DIR, 'products', 'p001-1.svg')).size;
    expect(statSync(file).size).toBeGreaterThan(Math.max(40_000, 10 * drawing));
    expect(statSync(path.join(path.dirname(file), '400', path.basename(file))).size).toBeGreaterThan(3_000);
    for (const width of PRODUCT_PICTURE_WIDTHS)
      expect(existsSync(path.join(path.dirname(file), String(width), path.basename(file)))).toBe(true);
  }
});

// `npm run seed -- --photographs`: the bulk catalogue's pictures with a photograph's weight. The demo's pictures
// are drawings of a few KB; a merchant's are photographs (60–120 KB stored, 5–15 KB at a card's 400 px), and a
// benchmark on drawings misses what those bytes cost a phone. Each demo drawing the run uses is drawn at the
// stored size with a photograph's grain at three scales (what keeps a photograph's weight when its copies are
// drawn narrower), then stored as a staff upload is (services/backOffice/pictures: WebP, the narrower copies).
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { MEDIA_DIR } from './lib/mediaDir';
import { PRODUCT_PICTURE_SIDE, storeProductPicture } from './services/backOffice/pictures';

/** Galleries of each demo category given photographs: products pick among them, as they pick among drawings. */
export const PHOTOGRAPHED_GALLERIES_PER_CATEGORY = 3;

const SIDE = PRODUCT_PICTURE_SIDE;

async function grainAt(scale: number, sigma: number): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width: scale,
      height: scale,
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma },
    },
  })
    .greyscale()
    .png()
    .toBuffer();
  return sharp(noise).resize(SIDE, SIDE, { kernel: 'cubic' }).png().toBuffer();
}

/** Light grain from the sensor, and the coarser texture of cloth, glass and skin under a lamp. */
async function photographGrain(): Promise<Buffer> {
  const [fine, medium, coarse] = await Promise.all([grainAt(SIDE, 26), grainAt(400, 48), grainAt(150, 56)]);
  return sharp(fine)
    .composite([
      { input: medium, blend: 'soft-light' },
      { input: coarse, blend: 'soft-light' },
    ])
    .greyscale()
    .toColourspace('srgb')
    .png()
    .toBuffer();
}

/** A demo drawing (`/media/products/…svg`) as a JPEG photograph of it, as a merchant's camera would hand it over. */
async function photographOf(image: string, grain: Buffer): Promise<Buffer> {
  const file = path.join(MEDIA_DIR, path.relative('/media', image));
  const drawing = await sharp(await readFile(file), { density: 300 })
    .resize(SIDE, SIDE, { fit: 'cover' })
    .removeAlpha()
    .toBuffer();
  return sharp(drawing)
    .composite([{ input: grain, blend: 'soft-light' }])
    .blur(0.6)
    .jpeg({ quality: 90 })
    .toBuffer();
}

/**
 * The first `perCategory` galleries of each category, every picture in them photographed and stored under
 * `dataDir` (the server's DATA_DIR, which serves them): the same galleries with the stored pictures' addresses.
 */
export async function photographedGalleries(
  dataDir: string,
  galleries: ReadonlyMap<string, string[][]>,
  perCategory = PHOTOGRAPHED_GALLERIES_PER_CATEGORY,
  onPicture?: (stored: number, total: number) => void,
): Promise<Map<string, string[][]>> {
  const chosen = new Map([...galleries].map(([slug, list]) => [slug, list.slice(0, perCategory)]));
  const drawings = [...new Set([...chosen.values()].flat(2))];
  const grain = await photographGrain();
  const stored = new Map<string, string>();
  for (const drawing of drawings) {
    const { image } = await storeProductPicture(dataDir, await photographOf(drawing, grain));
    stored.set(drawing, image);
    onPicture?.(stored.size, drawings.length);
  }
  return new Map(
    [...chosen].map(([slug, list]) => [
      slug,
      list.map((gallery) => gallery.map((drawing) => stored.get(drawing) as string)),
    ]),
  );
}

// Pictures staff upload for products: decoded, upright, at most 1200 px, WebP without metadata (services/pictures),
// kept under DATA_DIR/uploads/products/ and served under /uploads/products/.
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import {
  PRODUCT_PICTURE_WIDTHS,
  STORED_PRODUCT_PICTURE,
  STORED_PRODUCT_PICTURE_SIDE,
  type ProductPictureWidth,
} from '../../../shared/productPictures';
import type { PictureResponse } from '../../../contract/admin';
import { Invalid } from '../errors';
import { preparePicture } from '../pictures';
import { CATALOG_MESSAGES } from './catalog';

export const PRODUCT_PICTURES_DIR = 'products';
/** The address an uploaded product picture is served at (app.ts serves only these and profile pictures). */
export const PRODUCT_PICTURE_PATH = STORED_PRODUCT_PICTURE;
/** Where the stored product pictures are kept (and, in a folder per width, their narrower copies). */
export function productPicturesDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', PRODUCT_PICTURES_DIR);
}

/** Product pages show pictures large: 1200 px is enough for a dense phone screen at full width. */
export const PRODUCT_PICTURE_SIDE = STORED_PRODUCT_PICTURE_SIDE;

export async function storeProductPicture(dataDir: string, bytes: Buffer | null): Promise<PictureResponse> {
  if (!bytes || bytes.length === 0) throw new Invalid({ image: [CATALOG_MESSAGES.pictureRequired] });
  const picture = await preparePicture(bytes, PRODUCT_PICTURE_SIDE);
  const dir = productPicturesDir(dataDir);
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(8).toString('hex')}.${picture.extension}`;
  await writeFile(path.join(dir, name), picture.data);
  // The narrower copies now, so the first shopper to see the picture in a grid does not wait for them to be drawn.
  const stem = path.basename(name, '.webp');
  for (const width of PRODUCT_PICTURE_WIDTHS)
    await drawProductPictureCopy(dataDir, stem, width, picture.data);
  return { image: `/uploads/${PRODUCT_PICTURES_DIR}/${name}`, width: picture.width, height: picture.height };
}

/** Whether a product's picture address names a picture uploaded here (a new product may use only those). */
export async function uploadedHere(dataDir: string, image: string): Promise<boolean> {
  if (!PRODUCT_PICTURE_PATH.test(image)) return false;
  return stat(path.join(productPicturesDir(dataDir), path.basename(image))).then(
    (found) => found.isFile(),
    () => false,
  );
}

/** A stored picture's name without its extension: 16 hex characters (the only names a copy is drawn for). */
const STORED_NAME = /^[0-9a-f]{16}$/;

/** Copies being drawn, by file: a crowd asking for a new picture's copy at once draws it once. */
const drawing = new Map<string, Promise<boolean>>();

async function drawProductPictureCopy(
  dataDir: string,
  name: string,
  width: ProductPictureWidth,
  original?: Buffer,
): Promise<boolean> {
  const dir = productPicturesDir(dataDir);
  const source = original ?? (await readFile(path.join(dir, `${name}.webp`)).catch(() => null));
  if (!source) return false;
  // The stored picture is one this server drew itself (decoded, at most 1200 px): no limits to apply again.
  const data = await sharp(source)
    .resize({ width, withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  const copyDir = path.join(dir, String(width));
  await mkdir(copyDir, { recursive: true });
  // Written aside, then renamed: another server sharing the folder never serves half a file.
  const temporary = path.join(copyDir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
  await writeFile(temporary, data);
  await rename(temporary, path.join(copyDir, `${name}.webp`));
  return true;
}

/**
 * Where a stored product picture's copy at one of the narrower widths lies, relative to the product pictures'
 * folder: the kept copy, or drawn from the stored picture and kept (pictures stored before the copies existed, or
 * a folder restored without them); null when no such picture is here.
 */
export async function productPictureCopy(
  dataDir: string,
  name: string,
  width: number,
): Promise<string | null> {
  if (!STORED_NAME.test(name) || !(PRODUCT_PICTURE_WIDTHS as readonly number[]).includes(width)) return null;
  const relative = path.join(String(width), `${name}.webp`);
  const kept = await stat(path.join(productPicturesDir(dataDir), relative)).then(
    (found) => found.isFile(),
    () => false,
  );
  if (kept) return relative;
  const key = `${width}/${name}`;
  let pending = drawing.get(key);
  if (!pending) {
    pending = drawProductPictureCopy(dataDir, name, width as ProductPictureWidth).finally(() =>
      drawing.delete(key),
    );
    drawing.set(key, pending);
  }
  return (await pending) ? relative : null;
}

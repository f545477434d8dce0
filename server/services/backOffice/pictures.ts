// Pictures staff upload for products: decoded, upright, at most 1200 px, WebP without metadata (services/pictures),
// kept under DATA_DIR/uploads/products/ and served under /uploads/products/.
import { randomBytes } from 'node:crypto';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PictureResponse } from '../../../contract/admin';
import { Invalid } from '../errors';
import { preparePicture } from '../pictures';
import { CATALOG_MESSAGES } from './catalog';

export const PRODUCT_PICTURES_DIR = 'products';
/** The address an uploaded product picture is served at (app.ts serves only these and profile pictures). */
export const PRODUCT_PICTURE_PATH = /^\/uploads\/products\/[0-9a-f]{16}\.webp$/;
/** Product pages show pictures large: 1200 px is enough for a dense phone screen at full width. */
export const PRODUCT_PICTURE_SIDE = 1200;

export async function storeProductPicture(dataDir: string, bytes: Buffer | null): Promise<PictureResponse> {
  if (!bytes || bytes.length === 0) throw new Invalid({ image: [CATALOG_MESSAGES.pictureRequired] });
  const picture = await preparePicture(bytes, PRODUCT_PICTURE_SIDE);
  const dir = path.join(dataDir, 'uploads', PRODUCT_PICTURES_DIR);
  await mkdir(dir, { recursive: true });
  const name = `${randomBytes(8).toString('hex')}.${picture.extension}`;
  await writeFile(path.join(dir, name), picture.data);
  return { image: `/uploads/${PRODUCT_PICTURES_DIR}/${name}`, width: picture.width, height: picture.height };
}

/** Whether a product's picture address names a picture uploaded here (a new product may use only those). */
export async function uploadedHere(dataDir: string, image: string): Promise<boolean> {
  if (!PRODUCT_PICTURE_PATH.test(image)) return false;
  return stat(path.join(dataDir, 'uploads', PRODUCT_PICTURES_DIR, path.basename(image))).then(
    (found) => found.isFile(),
    () => false,
  );
}

// A product's link-preview picture (issue 49): its main picture drawn on a 1200 × 630 JPEG, the size Open Graph and
// Twitter's large card show without cropping, in a format every preview bot reads (WhatsApp and others show no SVG
// and not always WebP). Drawn by sharp from the stored picture, kept in memory for the next bot.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { STORED_PRODUCT_PICTURE } from '../../shared/productPictures';
import type { Db } from '../db/client';
import { currentProduct } from './catalog';
import { MAX_PICTURE_PIXELS } from './pictures';

export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;
/** Pictures kept in memory at most (about 60 KB each). */
const KEPT = 100;
/** Pictures drawn at once at most (each holds a core for some tens of milliseconds): more wait for a later ask. */
const DRAWING_AT_ONCE = 2;

/** Too many pictures are being drawn: ask again shortly. */
export class SharePictureBusy extends Error {}

/** The asker has had its drawings for this minute (a picture already drawn is not counted). */
export class SharePictureLimited extends Error {}

export interface SharePictureFolders {
  /** Where `/media/…` pictures are (the generated demo pictures). */
  media: string;
  /** Where uploaded and imported pictures (`/uploads/products/…`) are: the data folder's `uploads`. */
  uploads: string;
}

/** The file behind a picture's URL, or null for one this server does not hold. */
export function pictureFile(url: string, folders: SharePictureFolders): string | null {
  const media = /^\/media\/((?:products|categories|sliders)\/[\w.-]+\.(?:svg|webp|png|jpe?g))$/.exec(url);
  if (media?.[1]) return path.join(folders.media, media[1]);
  const stored = STORED_PRODUCT_PICTURE.exec(url)?.[1];
  if (stored) return path.join(folders.uploads, 'products', `${stored}.webp`);
  return null;
}

/**
 * The product's preview JPEG, or null when the product or its picture is not there. `mayDraw` is asked before a
 * picture nobody asked for yet is drawn (a kept one costs nothing); false refuses with SharePictureLimited.
 */
export type SharePictures = (productId: number, mayDraw: () => Promise<boolean>) => Promise<Buffer | null>;

export function sharePictures(db: Db, folders: SharePictureFolders): SharePictures {
  const kept = new Map<string, Promise<Buffer | null>>();
  let drawing = 0;
  const draw = async (file: string): Promise<Buffer | null> => {
    const bytes = await readFile(file).catch(() => null);
    if (!bytes) return null;
    return sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS })
      .resize(SHARE_WIDTH, SHARE_HEIGHT, { fit: 'contain', background: '#ffffff' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer();
  };
  // Kept by file, not by product: a picture's file never changes (uploads get a new random name, the demo's are
  // fixed), so a catalogue change leaves every kept picture right; a product given another picture names another file.
  return async (productId, mayDraw) => {
    const product = await currentProduct(db, productId, 'en');
    const file = product?.image_temp ? pictureFile(product.image_temp, folders) : null;
    if (!file) return null;
    const ready = kept.get(file);
    if (ready) {
      // The most recently asked stay longest.
      kept.delete(file);
      kept.set(file, ready);
      return ready;
    }
    // Busy before counting: an answer that draws nothing costs the asker nothing.
    if (drawing >= DRAWING_AT_ONCE) throw new SharePictureBusy();
    if (!(await mayDraw())) throw new SharePictureLimited();
    // Another ask may have started it while this one was counted.
    let drawn = kept.get(file);
    if (!drawn) {
      if (drawing >= DRAWING_AT_ONCE) throw new SharePictureBusy();
      drawing += 1;
      const started = draw(file)
        .catch(() => null)
        .finally(() => {
          drawing -= 1;
        });
      drawn = started;
      kept.set(file, started);
      while (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
      // A file missing or unreadable now (a picture being imported) is looked at again next time.
      void started.then((result) => {
        if (result === null && kept.get(file) === started) kept.delete(file);
      });
    }
    return drawn;
  };
}

// What the back office's catalogue modules share (reviews.ts, products.ts, pictures.ts, coupons.ts): their messages
// and what a change needs. Every change writes its audit entry in its own transaction and tells the catalogue's
// caches (lib/catalogueChanges).
import type { Db } from '../../db/client';

export const CATALOG_MESSAGES = {
  approved: 'The review is approved and shown on its product.',
  rejected: 'The review is rejected and not shown.',
  productSaved: 'The product is saved.',
  productCreated: 'The product is created.',
  couponSaved: 'The coupon is saved.',
  couponCreated: 'The coupon is created.',
  unchanged: 'Nothing to change.',
  discountNotBelow: 'The discounted price must be below the price.',
  unknownCategory: 'The selected category id is invalid.',
  unknownPicture: 'Upload each picture first; this one was not uploaded here.',
  codeTaken: 'The code has already been taken.',
  percentRange: 'A percent coupon takes a value from 0 to 100.',
  freeOrdersUnconfirmed:
    'This coupon can make an order free. Confirm that it may, or lower its value (or raise its minimum).',
  endBeforeStart: 'The end date must be after the start date.',
  pictureRequired: 'The image field is required.',
} as const;

export interface CatalogDeps {
  db: Db;
  now: Date;
  /** the catalogue's cached answers are dropped (lib/catalogueChanges) */
  changed: () => void;
}

/** KWD has 3 decimals: what the money columns keep. */
export const money = (value: number) => Math.round(value * 1000) / 1000;

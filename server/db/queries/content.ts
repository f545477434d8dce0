// The content tables: sliders, about texts, policy pages, shipping notes.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { abouts, contentPages, shippings, sliders, type ContentPageKind } from '../schema';

export type { ContentPageKind };

export function sliderRows(db: Db) {
  return db.select().from(sliders).orderBy(asc(sliders.sortOrder), asc(sliders.id));
}

export function aboutRows(db: Db) {
  return db.select().from(abouts).orderBy(asc(abouts.id));
}

export function contentPageRows(db: Db, kind: ContentPageKind) {
  return db.select().from(contentPages).where(eq(contentPages.kind, kind)).orderBy(asc(contentPages.id));
}

export function shippingNoteRows(db: Db) {
  return db.select().from(shippings).orderBy(asc(shippings.id));
}

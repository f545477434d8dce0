// Content pages: home sliders, about texts, policies and shipping notes, in the shopper's language.
import type { About, ContentPage, ShippingNote, Slide } from '../../contract/content';
import type { Db } from '../db/client';
import {
  aboutRows,
  contentPageRows,
  shippingNoteRows,
  sliderRows,
  type ContentPageKind,
} from '../db/queries/content';
import { localized, type Lang } from '../lib/language';

export async function listSliders(db: Db, lang: Lang): Promise<Slide[]> {
  return (await sliderRows(db)).map((row) => ({
    id: row.id,
    title: localized(lang, row.titleEn, row.titleAr),
    image: row.image,
    image2: row.image2,
    status: row.status,
  }));
}

export async function listAbouts(db: Db, lang: Lang): Promise<About[]> {
  return (await aboutRows(db)).map((row) => ({
    id: row.id,
    title: localized(lang, row.titleEn, row.titleAr),
    body: localized(lang, row.bodyEn, row.bodyAr),
    image: row.image,
  }));
}

/** Both languages in every answer: the SPA picks one. */
export async function listContentPages(db: Db, kind: ContentPageKind): Promise<ContentPage[]> {
  return (await contentPageRows(db, kind)).map((row) => ({
    id: row.id,
    title: { ar: row.titleAr, en: row.titleEn },
    content: { ar: row.contentAr, en: row.contentEn },
  }));
}

export async function listShippingNotes(db: Db): Promise<ShippingNote[]> {
  return (await shippingNoteRows(db)).map((row) => ({
    id: row.id,
    created_at: row.createdAt.toISOString(),
    details_ar: row.detailsAr,
    details_en: row.detailsEn,
  }));
}

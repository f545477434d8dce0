// Content pages (sliders, about, policies, shipping notes) under /api, and the shop's generated pictures at /media.
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Content } from '../../contract/content';
import { abouts, contentPages, shippings, sliders, type ContentPageKind } from '../db/schema';
import { langOf, localized } from '../services/catalog';

export const MEDIA_DIR = path.join(__dirname, '..', 'assets');

const contentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;

  app.get(Content.sliders.url, { schema: Content.sliders.schema }, async (request) => {
    const lang = langOf(request);
    const rows = await db.select().from(sliders).orderBy(asc(sliders.sortOrder), asc(sliders.id));
    return {
      data: rows.map((row) => ({
        id: row.id,
        title: localized(lang, row.titleEn, row.titleAr),
        image: row.image,
        image2: row.image2,
        status: row.status,
      })),
    };
  });

  app.get(Content.abouts.url, { schema: Content.abouts.schema }, async (request) => {
    const lang = langOf(request);
    const rows = await db.select().from(abouts).orderBy(asc(abouts.id));
    return {
      data: rows.map((row) => ({
        id: row.id,
        title: localized(lang, row.titleEn, row.titleAr),
        body: localized(lang, row.bodyEn, row.bodyAr),
        image: row.image,
      })),
    };
  });

  const pagesOf = async (kind: ContentPageKind) => {
    const rows = await db
      .select()
      .from(contentPages)
      .where(eq(contentPages.kind, kind))
      .orderBy(asc(contentPages.id));
    // Both languages in every answer: the SPA picks one (spec 02 §3, title{ar,en} and content{ar,en}).
    return rows.map((row) => ({
      id: row.id,
      title: { ar: row.titleAr, en: row.titleEn },
      content: { ar: row.contentAr, en: row.contentEn },
    }));
  };
  app.get(Content.privacyPolicies.url, { schema: Content.privacyPolicies.schema }, async () =>
    pagesOf('privacy'),
  );
  app.get(Content.refunds.url, { schema: Content.refunds.schema }, async () => pagesOf('refund'));

  app.get(Content.shippings.url, { schema: Content.shippings.schema }, async () => {
    const rows = await db.select().from(shippings).orderBy(asc(shippings.id));
    return rows.map((row) => ({
      id: row.id,
      created_at: row.createdAt.toISOString(),
      details_ar: row.detailsAr,
      details_en: row.detailsEn,
    }));
  });
};

export default contentRoutes;

/** The generated pictures (categories, products, banners, payment logos); registered at the root by app.ts. */
export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, {
    root: MEDIA_DIR,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    cacheControl: true,
    maxAge: '1d',
  });
}

// Content pages (sliders, about, policies, shipping notes) under /api, and the shop's generated pictures at /media.
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Content } from '../../contract/content';
import { langOf } from '../services/catalog';
import { listAbouts, listContentPages, listShippingNotes, listSliders } from '../services/content';

export const MEDIA_DIR = path.join(__dirname, '..', 'assets');

const contentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;

  app.get(Content.sliders.url, { schema: Content.sliders.schema }, async (request) => ({
    data: await listSliders(db, langOf(request)),
  }));

  app.get(Content.abouts.url, { schema: Content.abouts.schema }, async (request) => ({
    data: await listAbouts(db, langOf(request)),
  }));

  app.get(Content.privacyPolicies.url, { schema: Content.privacyPolicies.schema }, async () =>
    listContentPages(db, 'privacy'),
  );
  app.get(Content.refunds.url, { schema: Content.refunds.schema }, async () =>
    listContentPages(db, 'refund'),
  );

  app.get(Content.shippings.url, { schema: Content.shippings.schema }, async () => listShippingNotes(db));
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

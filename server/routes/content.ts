// Content pages (sliders, about, policies, shipping notes) under /api, and the shop's generated pictures at /media.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Content } from '../../contract/content';
import { MEDIA_DIR } from '../lib/mediaDir';
import { langOf } from '../lib/language';
import { listAbouts, listContentPages, listShippingNotes, listSliders } from '../services/content';

export { MEDIA_DIR };

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

/**
 * Folders of pictures the build also writes as WebP (`scripts/rasterizeMedia.cjs`). A browser makes an SVG picture
 * a document of its own, parsed and laid out on the page's main thread (10-20 ms each on a phone, 70-220 ms of a
 * product list's first seconds, about 90 ms of home's for its banners); a WebP picture is decoded off it.
 */
export const RASTER_FOLDERS = ['products', 'categories', 'sliders'];

/** The SVG pictures (as URL paths) that have a WebP copy beside them in `root`; none when run from the sources. */
export function webpCopies(root: string = MEDIA_DIR): Set<string> {
  const copies = new Set<string>();
  for (const folder of RASTER_FOLDERS) {
    let names: string[];
    try {
      names = readdirSync(path.join(root, folder));
    } catch {
      continue;
    }
    for (const name of names)
      if (name.endsWith('.webp')) copies.add(`/media/${folder}/${name.slice(0, -'.webp'.length)}.svg`);
  }
  return copies;
}

/**
 * The URL a request is served from: a picture's WebP copy when the browser takes WebP and the copy exists, else the
 * URL as asked. The API's picture addresses stay the SVG ones (any client can show those).
 */
export function negotiatePicture(url: string, accept: string | undefined, copies: Set<string>): string {
  if (copies.size === 0 || !url.startsWith('/media/') || !accept?.includes('image/webp')) return url;
  const queryAt = url.indexOf('?');
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  if (!copies.has(pathname)) return url;
  return `${pathname.slice(0, -'.svg'.length)}.webp${queryAt === -1 ? '' : url.slice(queryAt)}`;
}

/**
 * The generated pictures (categories, products, banners, payment logos); registered at the root by app.ts, which
 * rewrites a picture's URL to its WebP copy where `negotiatePicture` says so.
 */
export async function mediaRoutes(app: FastifyInstance, options: { root?: string } = {}): Promise<void> {
  const root = options.root ?? MEDIA_DIR;
  const negotiated = new Set(RASTER_FOLDERS.map((folder) => path.join(root, folder)));
  await app.register(fastifyStatic, {
    root,
    prefix: '/media/',
    decorateReply: false,
    index: false,
    cacheControl: true,
    maxAge: '1d',
    // The same address answers SVG or WebP by the request's Accept header: caches must keep both apart.
    setHeaders: (reply, filePath) => {
      if (negotiated.has(path.dirname(filePath))) reply.header('Vary', 'Accept');
    },
  });
}

// robots.txt and the sitemaps (issue 49): HTTP only; server/services/sitemaps.ts makes them.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { TOO_MANY_ATTEMPTS } from '../lib/domainErrors';
import { parseId } from '../lib/ids';
import { perMinuteAllowance } from '../plugins/spa';
import { SharePictureBusy, SharePictureLimited, sharePictures } from '../services/sharePictures';
import { pagesSitemap, productsSitemap, robotsTxt, sitemapIndex } from '../services/sitemaps';
import { MEDIA_DIR } from './content';

const XML = 'application/xml; charset=utf-8';
/** Crawlers read these now and then; an hour keeps a burst of them off the database. */
const CACHE = 'public, max-age=3600';

export default async function seoRoutes(app: FastifyInstance): Promise<void> {
  const origin = app.deps.config.publicUrl;

  const pictures = sharePictures(app.deps.db, {
    media: MEDIA_DIR,
    uploads: path.join(app.deps.config.dataDir, 'uploads'),
  });
  // Drawing holds a core for some tens of milliseconds: an address (the bots together) draws as many pictures a
  // minute as it may have pages rendered, so a stream of product ids cannot buy the server's CPU.
  const drawAllowed = perMinuteAllowance(app, 'share-draw', app.deps.config.perIpLimits.pageRenders);

  // A product's link-preview picture, 1200 × 630 (services/sharePictures.ts); og:image names it.
  app.get<{ Params: { name: string } }>('/share/products/:name', async (request, reply) => {
    const id = parseId(/^(\d+)\.jpg$/.exec(request.params.name)?.[1]);
    let picture: Buffer | null;
    try {
      // Without its counter the server draws nothing (503, asked again shortly), as it renders no page.
      const mayDraw = () =>
        drawAllowed(request).catch((error: unknown) => {
          request.log.warn({ err: error }, 'the preview picture allowance could not be counted');
          throw new SharePictureBusy();
        });
      picture = id === null ? null : await pictures(id, mayDraw);
    } catch (error) {
      if (error instanceof SharePictureLimited) {
        return reply.status(429).header('Retry-After', '60').send({ message: TOO_MANY_ATTEMPTS });
      }
      if (!(error instanceof SharePictureBusy)) throw error;
      return reply.status(503).header('Retry-After', '2').send({ message: 'Busy, try again shortly.' });
    }
    if (!picture) return reply.status(404).send({ message: 'Not Found.' });
    return reply.type('image/jpeg').header('Cache-Control', 'public, max-age=86400').send(picture);
  });

  app.get('/robots.txt', (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('Cache-Control', CACHE).send(robotsTxt(origin)),
  );

  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .type(XML)
      .header('Cache-Control', CACHE)
      .send(await sitemapIndex(app.deps.db, origin)),
  );

  app.get<{ Params: { name: string } }>('/sitemaps/:name', async (request, reply) => {
    const pages = /^pages-(en|ar)\.xml$/.exec(request.params.name);
    const productPages = /^products-(en|ar)-([1-9]\d{0,5})\.xml$/.exec(request.params.name);
    const stream = pages
      ? await pagesSitemap(app.deps.db, origin, pages[1] as 'en' | 'ar')
      : productPages
        ? await productsSitemap(app.deps.db, origin, productPages[1] as 'en' | 'ar', Number(productPages[2]))
        : null;
    if (!stream) return reply.status(404).send({ message: 'Not Found.' });
    return reply.type(XML).header('Cache-Control', CACHE).send(stream);
  });
}

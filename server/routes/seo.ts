// robots.txt and the sitemaps (issue 49): HTTP only; server/services/sitemaps.ts makes them.
import type { FastifyInstance } from 'fastify';
import { pagesSitemap, productsSitemap, robotsTxt, sitemapIndex } from '../services/sitemaps';

const XML = 'application/xml; charset=utf-8';
/** Crawlers read these now and then; an hour keeps a burst of them off the database. */
const CACHE = 'public, max-age=3600';

export default async function seoRoutes(app: FastifyInstance): Promise<void> {
  const origin = app.deps.config.publicUrl;

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

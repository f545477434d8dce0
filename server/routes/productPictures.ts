// A stored product picture at a narrower width (shared/productPictures): what the grids' `srcset` asks for.
import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { productPictureCopy, productPicturesDir } from '../services/backOffice/pictures';

export function productPictureRoutes(dataDir: string) {
  return async (app: FastifyInstance): Promise<void> => {
    const root = productPicturesDir(dataDir);
    mkdirSync(root, { recursive: true });
    // Sent as the stored pictures are (app.ts): streamed, an hour's cache, then revalidated (ETag, Last-Modified)
    // so a phone that has a copy gets a 304 instead of the picture again. Only `reply.sendFile` in this plugin:
    // the route below decides which files exist to be sent.
    await app.register(fastifyStatic, { root, serve: false, cacheControl: true, maxAge: '1h' });
    app.get<{ Params: { width: string; file: string } }>(
      '/uploads/products/:width/:file',
      async (request, reply) => {
        const { width, file } = request.params;
        const name = file.endsWith('.webp') ? file.slice(0, -'.webp'.length) : '';
        const copy = /^\d{1,4}$/.test(width) ? await productPictureCopy(dataDir, name, Number(width)) : null;
        // (the app's own not-found answer would be the shop's page for an address without an extension)
        if (!copy) return reply.status(404).send({ message: 'Not Found.' });
        return reply.sendFile(copy);
      },
    );
  };
}

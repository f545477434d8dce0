// A stored product picture at a narrower width (shared/productPictures): what the grids' `srcset` asks for.
import type { FastifyInstance } from 'fastify';
import { productPictureCopy } from '../services/backOffice/pictures';

/** As long as the stored pictures themselves are kept (app.ts): a name is never reused for another picture. */
const COPY_CACHE_CONTROL = 'public, max-age=3600';

export function productPictureRoutes(dataDir: string) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get<{ Params: { width: string; file: string } }>(
      '/uploads/products/:width/:file',
      async (request, reply) => {
        const { width, file } = request.params;
        const name = file.endsWith('.webp') ? file.slice(0, -'.webp'.length) : '';
        const copy = /^\d{1,4}$/.test(width) ? await productPictureCopy(dataDir, name, Number(width)) : null;
        // (the app's own not-found answer would be the shop's page for an address without an extension)
        if (!copy) return reply.status(404).send({ message: 'Not Found.' });
        return reply.type('image/webp').header('cache-control', COPY_CACHE_CONTROL).send(copy);
      },
    );
  };
}

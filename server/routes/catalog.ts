// Catalogue: categories with products, best sellers, product detail, coupons, reviews, countries, governorates.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Catalog, type BestSellersResponse } from '../../contract/catalog';
import { Coupons } from '../../contract/coupons';
import { Shipping } from '../../contract/shipping';
import { CatalogueResponses } from '../lib/catalogueResponses';
import { clientAddressKey } from '../lib/clientAddress';
import {
  CompressedResponse,
  EncodedResponse,
  preferredEncoding,
  sendCompressed,
  sendEncoded,
} from '../lib/encodedResponse';
import { ResponseCache } from '../lib/responseCache';
import { serializedAnswer } from '../plugins/responseCheck';
import { bestSellers, categoriesWithProducts, loadProduct } from '../services/catalog';
import { langOf } from '../lib/language';
import { listCoupons } from '../services/coupons';
import { parseId } from '../lib/ids';
import { requestedRate } from '../services/rates';
import { NotFound, NotSignedIn } from '../services/errors';
import { addReview, listReviews, REVIEW_MESSAGES } from '../services/reviews';
import { listAreas, listCountries, listGovernorates } from '../services/shipping';

/** How long the best sellers' answer is reused; see lib/responseCache. */
const LIST_CACHE_MS = 10_000;
/**
 * The spec's GET /categories answers every category with every product: megabytes at a real catalogue's size (9.6 MB
 * gzip at 100 000 products) and seconds to build. No page of the shop asks for it (they use the paged calls), so a
 * client written to the spec gets it as the spec says, but it must not be a lever against the server: at most this
 * many a minute per client address, each answer kept (compressed only) until the catalogue changes, at most
 * SPEC_CATALOGUE_KEPT of them (language and currency), built one at a time.
 */
export const SPEC_CATALOGUE_PER_MINUTE = 60;
const SPEC_CATALOGUE_KEPT = 8;
const JSON_TYPE = 'application/json; charset=utf-8';

const catalogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db, config } = app.deps;

  // The best sellers are cached as the JSON text the route's serializer wrote: a hit sends it as it is, instead of
  // serializing them again for each request.
  const bestSellersCache = new ResponseCache<EncodedResponse>(LIST_CACHE_MS);
  // Staff changed stock, prices or products: the list shows it on the next request, not 10 s later.
  app.deps.catalogue.onChange(() => bestSellersCache.clear());
  const specCatalogue = new CatalogueResponses<CompressedResponse>(app.deps.catalogue, SPEC_CATALOGUE_KEPT);
  /** Builds of the spec's catalogue wait for each other: a flood of new keys takes one core, not all of them. */
  let specBuild: Promise<unknown> = Promise.resolve();
  // Product detail is kept serialized (and compressed) until the catalogue changes, on any instance: this one's
  // staff at once, anything else within lib/catalogueChanges' bound. Keyed by the rate too: a new rate reaches
  // the answer when it reaches shownRate.
  const productResponses = new CatalogueResponses<EncodedResponse | null>(app.deps.catalogue, 10_000);
  const checkAnswers = config.env !== 'production';

  /** The answer as the route's serializer writes it (checked against the contract outside production). */
  const serialized = (request: FastifyRequest, reply: FastifyReply, answer: unknown): Buffer =>
    serializedAnswer(request, reply, answer, checkAnswers);

  async function sendJson<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    cache: ResponseCache<EncodedResponse>,
    key: string,
    compute: () => Promise<T>,
  ): Promise<FastifyReply> {
    const answer = await cache.get(
      key,
      async () => new EncodedResponse(serialized(request, reply, await compute())),
    );
    // Compressed once per cached answer, not once per request (the compression plugin leaves an encoded body be).
    // HEAD answers go without a body, and so, as before, without an encoding.
    const encoding =
      request.method === 'HEAD' ? 'identity' : preferredEncoding(request.headers['accept-encoding']);
    reply.header('vary', 'accept-encoding');
    if (encoding === 'identity') return sendSerialized(reply, answer.body);
    return sendSerialized(reply.header('content-encoding', encoding), answer.encoded(encoding));
  }

  /** Sent as it is: fastify neither serializes a Buffer again nor runs the preSerialization hooks on it. */
  function sendSerialized(reply: FastifyReply, body: Buffer): FastifyReply {
    return reply.type(JSON_TYPE).send(body);
  }

  app.get(
    Catalog.categories.url,
    {
      schema: Catalog.categories.schema,
      config: {
        rateLimit: {
          max: config.perIpLimits.specCatalogue ?? SPEC_CATALOGUE_PER_MINUTE,
          timeWindow: 60_000,
          groupId: 'spec-catalogue',
          keyGenerator: (request: FastifyRequest) => `spec-catalogue|${clientAddressKey(request.ip)}`,
        },
      },
    },
    async (request, reply) => {
      const lang = langOf(request);
      const rate = await requestedRate(db, request.query.currency_code);
      const key = `${lang}:${rate?.currencyCode ?? ''}:${rate?.ratePerKwd ?? ''}`;
      const answer = await specCatalogue.get(key, () => {
        const build = specBuild.then(async () =>
          CompressedResponse.of(serialized(request, reply, await categoriesWithProducts(db, lang, rate))),
        );
        specBuild = build.catch(() => undefined);
        return build;
      });
      return sendCompressed(request, reply, answer);
    },
  );

  app.get(Catalog.bestSellers.url, { schema: Catalog.bestSellers.schema }, async (request, reply) => {
    // Another instance's change drops the kept list within the bound, as for every catalogue answer.
    await app.deps.catalogue.fresh();
    const lang = langOf(request);
    const rate = await requestedRate(db, request.query.currency_code);
    return sendJson(
      request,
      reply,
      bestSellersCache,
      `best:${lang}:${rate?.currencyCode ?? ''}`,
      async (): Promise<BestSellersResponse> => ({ bestSellingProducts: await bestSellers(db, lang, rate) }),
    );
  });

  app.get(Catalog.product.url, { schema: Catalog.product.schema }, async (request, reply) => {
    const id = parseId(request.params.id);
    const lang = langOf(request);
    const rate = await requestedRate(db, request.query.currency_code);
    const key = `${id}:${lang}:${rate?.currencyCode ?? ''}:${rate?.ratePerKwd ?? ''}`;
    const answer =
      id === null
        ? null
        : await productResponses.get(key, async () => {
            const product = await loadProduct(db, id, lang, rate);
            return product ? new EncodedResponse(serialized(request, reply, product)) : null;
          });
    if (!answer) throw new NotFound('Product not found');
    return sendEncoded(request, reply, answer);
  });

  app.get(Coupons.list.url, { schema: Coupons.list.schema }, async (request) =>
    listCoupons(db, await requestedRate(db, request.query.currency_code), config.now()),
  );

  app.get(Catalog.reviews.url, { schema: Catalog.reviews.schema }, async (request) =>
    listReviews(db, request.query.product_id),
  );

  app.post(
    Catalog.addReview.url,
    { preValidation: app.requireUser, schema: Catalog.addReview.schema },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw new NotSignedIn();
      const { product_id: productId, rating, review } = request.body;
      await addReview(
        db,
        user,
        { productId, rating, review },
        { mail: app.deps.mail, now: app.deps.config.now() },
      );
      return reply.status(201).send({ message: REVIEW_MESSAGES.thanks });
    },
  );

  app.get(Shipping.countries.url, { schema: Shipping.countries.schema }, async () => ({
    countries: await listCountries(db),
  }));

  app.get(Shipping.governorates.url, { schema: Shipping.governorates.schema }, async () => ({
    data: await listGovernorates(db),
  }));

  app.get(Shipping.areas.url, { schema: Shipping.areas.schema }, async (request) => ({
    areas: await listAreas(db, request.params.id, request.query.currency_code),
  }));
};

export default catalogRoutes;

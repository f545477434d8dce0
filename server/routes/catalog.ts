// Catalogue: categories with products, best sellers, product detail, coupons, reviews, countries, governorates.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Catalog, type BestSellersAnswer, type CategoriesAnswer } from '../../contract/catalog';
import { Coupons } from '../../contract/coupons';
import { Shipping } from '../../contract/shipping';
import { ResponseCache } from '../lib/responseCache';
import {
  bestSellers,
  categoriesWithProducts,
  langOf,
  listCoupons,
  loadProduct,
  parseId,
  requestedRate,
} from '../services/catalog';
import { NotFound, NotSignedIn } from '../services/errors';
import { addReview, listReviews, REVIEW_MESSAGES } from '../services/reviews';
import { listAreas, listCountries, listGovernorates } from '../services/shipping';

/** How long list answers (categories with products, best sellers) are reused; see lib/responseCache. */
const LIST_CACHE_MS = 10_000;

const catalogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;

  const categoriesCache = new ResponseCache<CategoriesAnswer>(LIST_CACHE_MS);
  const bestSellersCache = new ResponseCache<BestSellersAnswer>(LIST_CACHE_MS);

  app.get(Catalog.categories.url, { schema: Catalog.categories.schema }, async (request) => {
    const lang = langOf(request);
    const rate = await requestedRate(db, request.query.currency_code);
    return categoriesCache.get(`categories:${lang}:${rate?.currencyCode ?? ''}`, () =>
      categoriesWithProducts(db, lang, rate),
    );
  });

  app.get(Catalog.bestSellers.url, { schema: Catalog.bestSellers.schema }, async (request) => {
    const lang = langOf(request);
    const rate = await requestedRate(db, request.query.currency_code);
    return bestSellersCache.get(`best:${lang}:${rate?.currencyCode ?? ''}`, async () => ({
      bestSellingProducts: await bestSellers(db, lang, rate),
    }));
  });

  app.get(Catalog.product.url, { schema: Catalog.product.schema }, async (request) => {
    const id = parseId(request.params.id);
    const rate = await requestedRate(db, request.query.currency_code);
    const product = id === null ? null : await loadProduct(db, id, langOf(request), rate);
    if (!product) throw new NotFound('Product not found');
    return product;
  });

  app.get(Coupons.list.url, { schema: Coupons.list.schema }, async () => listCoupons(db));

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
      await addReview(db, user, { productId, rating, review });
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

// Catalogue: categories with products, best sellers, product detail, coupons, reviews, countries, governorates.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Catalog, type BestSellersAnswer, type CategoriesAnswer, type Product } from '../../contract/catalog';
import { Coupons } from '../../contract/coupons';
import { Shipping } from '../../contract/shipping';
import {
  areas,
  categories,
  countries,
  coupons,
  governorates,
  orderItems,
  orders,
  reviews,
} from '../db/schema';

import {
  findRate,
  langOf,
  loadProduct,
  loadProducts,
  localized,
  parseId,
  productExists,
  type Lang,
  type Rate,
} from '../services/catalog';
import { ResponseCache } from '../lib/responseCache';
import { Forbidden, Invalid, NotFound, NotSignedIn } from '../services/errors';

const BEST_SELLERS = 20;
/** How long list answers (categories with products, best sellers) are reused; see lib/responseCache. */
const LIST_CACHE_MS = 10_000;

const catalogRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps;

  /** The rate for ?currency_code=, 422 when the shop does not price in that currency. */
  const rateFor = async (code: string | undefined) => {
    if (!code) return null;
    const rate = await findRate(db, code);
    if (!rate) throw new Invalid({ currency_code: ['The selected currency code is invalid.'] });
    return rate;
  };

  const categoriesCache = new ResponseCache<CategoriesAnswer>(LIST_CACHE_MS);
  const bestSellersCache = new ResponseCache<BestSellersAnswer>(LIST_CACHE_MS);

  app.get(Catalog.categories.url, { schema: Catalog.categories.schema }, async (request) => {
    const lang = langOf(request);
    const rate = await rateFor(request.query.currency_code);
    return categoriesCache.get(`categories:${lang}:${rate?.currencyCode ?? ''}`, () =>
      categoriesWithProducts(lang, rate),
    );
  });

  async function categoriesWithProducts(lang: Lang, rate: Rate | null) {
    const [rows, allProducts] = await Promise.all([
      db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.id)),
      loadProducts(db, undefined, lang, { rate }),
    ]);
    const byCategory = new Map<number, Product[]>();
    for (const product of allProducts) {
      const list = byCategory.get(product.category_id) ?? [];
      list.push(product);
      byCategory.set(product.category_id, list);
    }
    return rows.map((row) => ({
      id: row.id,
      name: localized(lang, row.nameEn, row.nameAr),
      image: row.image,
      products: byCategory.get(row.id) ?? [],
    }));
  }

  app.get(Catalog.bestSellers.url, { schema: Catalog.bestSellers.schema }, async (request) => {
    const lang = langOf(request);
    const rate = await rateFor(request.query.currency_code);
    return bestSellersCache.get(`best:${lang}:${rate?.currencyCode ?? ''}`, async () => ({
      bestSellingProducts: await loadProducts(db, undefined, lang, {
        orderBy: 'best_selling',
        limit: BEST_SELLERS,
        rate,
      }),
    }));
  });

  app.get(Catalog.product.url, { schema: Catalog.product.schema }, async (request) => {
    const id = parseId(request.params.id);
    const rate = await rateFor(request.query.currency_code);
    const product = id === null ? null : await loadProduct(db, id, langOf(request), rate);
    if (!product) throw new NotFound('Product not found');
    return product;
  });

  app.get(Coupons.list.url, { schema: Coupons.list.schema }, async () => {
    const rows = await db.select().from(coupons).orderBy(asc(coupons.id));
    return rows.map((row) => ({
      id: row.id,
      code: row.code,
      is_active: row.isActive ? 1 : 0,
      end_date: row.endDate,
      discount: row.discount,
    }));
  });

  app.get(Catalog.reviews.url, { schema: Catalog.reviews.schema }, async (request) => {
    const raw = request.query.product_id;
    let where;
    if (raw !== undefined && raw !== '') {
      const productId = parseId(raw);
      // An id that cannot exist has no reviews.
      if (productId === null) return [];
      where = eq(reviews.productId, productId);
    }
    const rows = await db
      .select()
      .from(reviews)
      .where(where)
      .orderBy(desc(reviews.createdAt), desc(reviews.id));
    return rows.map((row) => ({
      id: row.id,
      product_id: row.productId,
      status: row.status,
      rating: row.rating,
      review: row.review,
      user_name: row.userName,
      created_at: row.createdAt.toISOString(),
    }));
  });

  app.post(
    Catalog.addReview.url,
    { preValidation: app.requireUser, schema: Catalog.addReview.schema },
    async (request, reply) => {
      const user = request.user;
      if (!user) throw new NotSignedIn();
      const { product_id: productId, rating } = request.body;
      const review = request.body.review.trim();
      if (!review) throw new Invalid({ review: ['The review field is required.'] });
      if (!(await productExists(db, productId))) throw new NotFound('Product not found');
      // The review's author is the bearer of the token; a user_id in the body is not trusted.
      const [purchase] = await db
        .select({ id: orderItems.id })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(
          and(
            eq(orders.userId, user.id),
            eq(orders.status, 'completed'),
            eq(orderItems.productId, productId),
          ),
        )
        .limit(1);
      if (!purchase) throw new Forbidden('You can only review products from your completed orders.');
      const [already] = await db
        .select({ id: reviews.id })
        .from(reviews)
        .where(and(eq(reviews.userId, user.id), eq(reviews.productId, productId)))
        .limit(1);
      if (already) throw new Invalid({ product_id: ['You have already reviewed this product.'] });
      await db
        .insert(reviews)
        .values({ productId, userId: user.id, userName: user.name, rating, review, status: 'pending' });
      return reply.status(201).send({ message: 'Thank you! Your review will appear once it is approved.' });
    },
  );

  app.get(Shipping.countries.url, { schema: Shipping.countries.schema }, async () => {
    const rows = await db.select().from(countries).orderBy(asc(countries.sortOrder), asc(countries.id));
    return {
      countries: rows.map((row) => ({
        id: row.id,
        name: { ar: row.nameAr, en: row.nameEn },
        currency_code: row.currencyCode,
        code: row.iso3,
        dial_code: row.dialCode,
      })),
    };
  });

  app.get(Shipping.governorates.url, { schema: Shipping.governorates.schema }, async () => {
    const [rows, counts] = await Promise.all([
      db.select().from(governorates).orderBy(asc(governorates.sortOrder), asc(governorates.id)),
      db
        .select({ governorateId: areas.governorateId, count: sql<number>`count(*)::int` })
        .from(areas)
        .groupBy(areas.governorateId),
    ]);
    const countOf = new Map(counts.map((row) => [row.governorateId, row.count]));
    return {
      data: rows.map((row) => ({
        id: row.id,
        name_ar: row.nameAr,
        name_en: row.nameEn,
        areas_count: countOf.get(row.id) ?? 0,
      })),
    };
  });

  app.get(Shipping.areas.url, { schema: Shipping.areas.schema }, async (request) => {
    const id = parseId(request.params.id);
    const [governorate] =
      id === null
        ? []
        : await db.select({ id: governorates.id }).from(governorates).where(eq(governorates.id, id));
    if (!governorate) throw new NotFound('Governorate not found');
    const rows = await db
      .select()
      .from(areas)
      .where(eq(areas.governorateId, governorate.id))
      .orderBy(asc(areas.id));
    return {
      areas: rows.map((row) => ({
        id: row.id,
        name_ar: row.nameAr,
        name_en: row.nameEn,
        shipping_price: row.shippingPrice,
      })),
    };
  });
};

export default catalogRoutes;

// The demo shop, written once into an empty database (no categories yet) so a fresh install has something to
// browse, buy and review. Everything is deterministic except the timestamps, which follow the seeding day.
import bcrypt from 'bcryptjs';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import {
  abouts,
  addresses,
  areas,
  categories,
  contentPages,
  countries,
  coupons,
  currencyRates,
  governorates,
  orderItems,
  orders,
  productAttributeValues,
  productImages,
  products,
  reviews,
  shippings,
  sliders,
  users,
  type OrderStatus,
} from '../schema';
import { buildCatalog, CATEGORY_TEMPLATES, type ProductSeed } from './catalog';
import { ABOUT, CONTENT_PAGES, COUPONS, REVIEWERS, REVIEW_TEXTS, SHIPPINGS, SLIDERS } from './content';
import { COUNTRIES, CURRENCY_RATES, GOVERNORATES } from './locations';
import { categoryImagePath, productImagePath, sliderImagePaths } from './media';
import { createRandom } from './random';

export const DEMO_USER = {
  name: 'Demo Shopper',
  email: 'demo@shop.test',
  password: 'Demo@12345',
  phoneCode: '+965',
  phoneNumber: '55501234',
  // Kuwait, the 16th of the nationalities list
  nationality: 16,
};

/** The demo shop's owner: signs in to the back office (/admin) at once; printed in the start banner. */
export const DEMO_OWNER = {
  name: 'Demo Owner',
  email: 'owner@shop.test',
  password: 'Owner@12345',
};

const DAY_MS = 24 * 60 * 60 * 1000;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

function daysAgo(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export async function isShopEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(categories);
  return (row?.count ?? 0) === 0;
}

async function hasLocations(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(countries);
  return (row?.count ?? 0) > 0;
}

async function hasOrdersOrAccounts(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(orders);
  const [account] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`${users.email} NOT IN (${DEMO_USER.email}, ${DEMO_OWNER.email})`);
  return (row?.count ?? 0) > 0 || (account?.count ?? 0) > 0;
}

/** Any fixed number (not the migrations' one); it only has to be the same for every process seeding this database. */
const SEED_LOCK_KEY = 48151624;

/**
 * What an empty database is given. `starter`: what every shop needs before its first product (countries, Kuwait's
 * governorates and areas, currency rates, the content pages and shipping texts the footer links to). `demo`: the
 * starter plus the demo shop (catalogue, sliders, coupons, the demo shopper with orders and the demo owner, both with
 * the README's published passwords), only where it is asked for (DEMO_SHOP=on, which `npm start` sets).
 */
export type SeedKind = 'starter' | 'demo';

export async function seedIfEmpty(db: Db, kind: SeedKind = 'demo', now: Date = new Date()): Promise<void> {
  const wantsDemo = kind === 'demo';
  if ((await hasLocations(db)) && (!wantsDemo || !(await isShopEmpty(db)))) return;
  const passwordHash = wantsDemo ? await bcrypt.hash(DEMO_USER.password, 10) : '';
  const ownerHash = wantsDemo ? await bcrypt.hash(DEMO_OWNER.password, 10) : '';
  await db.transaction(async (tx) => {
    // Instances behind a load balancer start together on one database: the first to take the lock seeds, the
    // others find the shop filled once it is theirs (without it, the second died on a duplicate key at start).
    await tx.execute(sql.raw(`SELECT pg_advisory_xact_lock(${SEED_LOCK_KEY})`));
    if (!(await hasLocations(tx))) {
      await seedLocations(tx);
      await seedStarterContent(tx, now);
    }
    // A real shop that was run without products, then started with DEMO_SHOP=on, keeps its customers to itself:
    // the demo accounts and their published passwords are never added beside real accounts or orders.
    if (!wantsDemo || !(await isShopEmpty(tx)) || (await hasOrdersOrAccounts(tx))) return;
    await seedDemoContent(tx, now);
    const productIds = await seedCatalog(tx, now);
    await seedDemoShopper(tx, now, passwordHash, productIds);
    await seedDemoOwner(tx, now, ownerHash);
  });
}

async function seedLocations(tx: Tx): Promise<void> {
  await tx.insert(currencyRates).values(CURRENCY_RATES);
  await tx.insert(countries).values(COUNTRIES.map((country, index) => ({ ...country, sortOrder: index })));
  for (const [index, governorate] of GOVERNORATES.entries()) {
    const [row] = await tx
      .insert(governorates)
      .values({ nameEn: governorate.nameEn, nameAr: governorate.nameAr, sortOrder: index })
      .returning({ id: governorates.id });
    if (!row) throw new Error('governorate insert returned nothing');
    await tx.insert(areas).values(governorate.areas.map((area) => ({ ...area, governorateId: row.id })));
  }
}

async function seedStarterContent(tx: Tx, now: Date): Promise<void> {
  await tx.insert(abouts).values({
    titleEn: ABOUT.titleEn,
    titleAr: ABOUT.titleAr,
    bodyEn: ABOUT.bodyEn,
    bodyAr: ABOUT.bodyAr,
    image: `/media/${ABOUT.file}`,
  });
  await tx.insert(contentPages).values(CONTENT_PAGES);
  await tx.insert(shippings).values(
    SHIPPINGS.map((entry) => ({
      detailsEn: entry.detailsEn,
      detailsAr: entry.detailsAr,
      createdAt: daysAgo(now, entry.daysAgo),
    })),
  );
}

async function seedDemoContent(tx: Tx, now: Date): Promise<void> {
  await tx.insert(sliders).values(
    SLIDERS.map((slider, index) => ({
      titleEn: slider.titleEn,
      titleAr: slider.titleAr,
      ...sliderImagePaths(slider.file),
      status: slider.status,
      sortOrder: index,
    })),
  );
  await tx.insert(coupons).values(
    COUPONS.map((coupon) => ({
      code: coupon.code,
      discount: coupon.discount,
      isActive: coupon.isActive,
      endDate: isoDate(new Date(now.getTime() + coupon.endsInDays * DAY_MS)),
    })),
  );
}

/** Inserts the catalogue; answers the database id of each seed product by its index. */
async function seedCatalog(tx: Tx, now: Date): Promise<Map<number, number>> {
  const categoryIds = new Map<string, number>();
  for (const [index, template] of CATEGORY_TEMPLATES.entries()) {
    const [row] = await tx
      .insert(categories)
      .values({
        nameEn: template.name.en,
        nameAr: template.name.ar,
        image: categoryImagePath(template.slug),
        sortOrder: index,
      })
      .returning({ id: categories.id });
    if (!row) throw new Error('category insert returned nothing');
    categoryIds.set(template.slug, row.id);
  }

  const catalog = buildCatalog();
  const seededReviews = buildReviews(catalog, now);
  const ratings = approvedAverages(seededReviews);
  const inserted = await tx
    .insert(products)
    .values(catalog.map((product) => productRow(product, ratings.get(product.index) ?? 0, categoryIds, now)))
    .returning({ id: products.id, nameEn: products.nameEn });
  const idByName = new Map(inserted.map((row) => [row.nameEn, row.id]));
  const productIds = new Map<number, number>();
  for (const product of catalog) {
    const id = idByName.get(product.name.en);
    if (id === undefined) throw new Error(`product ${product.name.en} was not inserted`);
    productIds.set(product.index, id);
  }
  const idOf = (product: ProductSeed) => productIds.get(product.index) as number;

  await tx.insert(productImages).values(
    catalog.flatMap((product) =>
      product.images.map((file, position) => ({
        productId: idOf(product),
        image: productImagePath(file),
        position,
      })),
    ),
  );
  await tx.insert(productAttributeValues).values(
    catalog.flatMap((product) => [
      ...product.sizes.map((size, position) => ({
        productId: idOf(product),
        kind: 'size' as const,
        nameEn: size.en,
        nameAr: size.ar,
        position,
      })),
      ...product.colors.map((color, position) => ({
        productId: idOf(product),
        kind: 'color' as const,
        nameEn: color.en,
        nameAr: color.ar,
        position,
      })),
    ]),
  );
  await tx
    .insert(reviews)
    .values(seededReviews.map(({ product, ...review }) => ({ ...review, productId: idOf(product) })));
  return productIds;
}

function productRow(product: ProductSeed, rating: number, categoryIds: Map<string, number>, now: Date) {
  const categoryId = categoryIds.get(product.categorySlug);
  if (categoryId === undefined) throw new Error(`unknown category ${product.categorySlug}`);
  return {
    categoryId,
    nameEn: product.name.en,
    nameAr: product.name.ar,
    descriptionEn: product.description.en,
    descriptionAr: product.description.ar,
    price: product.price,
    discountedPrice: product.discountedPrice,
    brand: product.brand,
    collectionEn: product.collection.en,
    collectionAr: product.collection.ar,
    rating,
    stockQuantity: product.stockQuantity,
    stockWarningEn: product.stockWarning?.en ?? null,
    stockWarningAr: product.stockWarning?.ar ?? null,
    offer: product.offer,
    sale: product.sale,
    soldCount: product.soldCount,
    createdAt: daysAgo(now, product.daysAgo),
  };
}

/**
 * One to five reviews per product by different reviewers with different texts; the first is approved, so every
 * product has a rating, the others are approved four times in five.
 */
function buildReviews(catalog: ProductSeed[], now: Date) {
  const random = createRandom(7741);
  return catalog.flatMap((product) => {
    const count = random.int(1, 5);
    const reviewers = random.sample(REVIEWERS, count);
    const unusedTexts = REVIEW_TEXTS.map((texts) => [...texts]);
    return Array.from({ length: count }, (_, position) => {
      // Ratings scatter around the product's target.
      const rating = Math.min(5, Math.max(1, Math.round(product.targetRating + (random.next() - 0.5) * 2)));
      const band = rating <= 2 ? 0 : rating === 3 ? 1 : 2;
      const texts = unusedTexts[band] ?? [];
      const review = texts.splice(random.int(0, texts.length - 1), 1)[0];
      if (review === undefined) throw new Error('more seeded reviews in one band than texts for it');
      return {
        product,
        userName: reviewers[position] as string,
        rating,
        review,
        status: position === 0 || random.chance(0.8) ? ('approved' as const) : ('pending' as const),
        createdAt: daysAgo(now, random.int(0, Math.max(0, product.daysAgo))),
      };
    });
  });
}

/** Each product's rating as the server computes it: the mean of its approved reviews, to one decimal. */
function approvedAverages(seeded: ReturnType<typeof buildReviews>): Map<number, number> {
  const totals = new Map<number, { sum: number; count: number }>();
  for (const review of seeded) {
    if (review.status !== 'approved') continue;
    const total = totals.get(review.product.index) ?? { sum: 0, count: 0 };
    totals.set(review.product.index, { sum: total.sum + review.rating, count: total.count + 1 });
  }
  return new Map([...totals].map(([index, { sum, count }]) => [index, Math.round((sum * 10) / count) / 10]));
}

interface DemoOrderPlan {
  status: OrderStatus;
  daysAgo: number;
  /** seed product index and quantity */
  items: [number, number][];
  paymentMethod: string;
}

const DEMO_ORDERS: DemoOrderPlan[] = [
  {
    status: 'completed',
    daysAgo: 30,
    items: [
      [1, 1],
      [17, 2],
    ],
    paymentMethod: 'KNET',
  },
  { status: 'completed', daysAgo: 21, items: [[46, 1]], paymentMethod: 'VISA/MASTER' },
  {
    status: 'paid',
    daysAgo: 2,
    items: [
      [61, 1],
      [92, 3],
    ],
    paymentMethod: 'Apple Pay',
  },
  { status: 'pending', daysAgo: 0, items: [[107, 1]], paymentMethod: 'online' },
  { status: 'canceled', daysAgo: 12, items: [[121, 2]], paymentMethod: 'KNET' },
  { status: 'failed', daysAgo: 6, items: [[136, 1]], paymentMethod: 'VISA/MASTER' },
];

async function seedDemoOwner(tx: Tx, now: Date, passwordHash: string): Promise<void> {
  // An account already on this address (seeded before the shop was wiped) becomes the owner; its password stays.
  await tx
    .insert(users)
    .values({
      name: DEMO_OWNER.name,
      email: DEMO_OWNER.email,
      passwordHash,
      role: 'owner',
      emailVerifiedAt: daysAgo(now, 60),
      createdAt: daysAgo(now, 60),
    })
    .onConflictDoUpdate({ target: users.email, set: { role: 'owner' } });
}

async function seedDemoShopper(
  tx: Tx,
  now: Date,
  passwordHash: string,
  productIds: Map<number, number>,
): Promise<void> {
  const existing = await tx
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} = ${DEMO_USER.email}`);
  // The accounts part may already hold this address (a database seeded before the shop was wiped).
  const userId =
    existing[0]?.id ??
    (
      await tx
        .insert(users)
        .values({
          name: DEMO_USER.name,
          email: DEMO_USER.email,
          passwordHash,
          phoneCode: DEMO_USER.phoneCode,
          phoneNumber: DEMO_USER.phoneNumber,
          nationality: DEMO_USER.nationality,
          emailVerifiedAt: daysAgo(now, 60),
          createdAt: daysAgo(now, 60),
        })
        .returning({ id: users.id })
    )[0]?.id;
  if (userId === undefined) throw new Error('demo user insert returned nothing');

  await tx.insert(addresses).values([
    {
      userId,
      name: 'Home',
      address: 'Block 10, Street 4, House 12',
      apartmentNumber: '3',
      city: 'Salmiya',
      mobileNumber: DEMO_USER.phoneNumber,
      codeNumber: '+965',
      countryCode: 'KWT',
    },
    {
      userId,
      name: 'Office',
      address: 'Sharq, Ahmad Al Jaber Street, Tower 2, Floor 14',
      apartmentNumber: '1402',
      city: 'Kuwait City',
      mobileNumber: '99887766',
      codeNumber: '+965',
      countryCode: 'KWT',
    },
  ]);

  const catalog = new Map(buildCatalog().map((product) => [product.index, product]));
  for (const plan of DEMO_ORDERS) {
    const lines = plan.items.map(([index, quantity]) => {
      const product = catalog.get(index);
      const productId = productIds.get(index);
      if (!product || productId === undefined) throw new Error(`demo order uses unknown product ${index}`);
      const unitPrice = product.discountedPrice ?? product.price;
      return {
        product,
        productId,
        quantity,
        unitPrice,
        total: Math.round(unitPrice * quantity * 1000) / 1000,
      };
    });
    const subtotal = Math.round(lines.reduce((sum, line) => sum + line.total, 0) * 1000) / 1000;
    const shippingCost = 0;
    const createdAt = daysAgo(now, plan.daysAgo);
    const [order] = await tx
      .insert(orders)
      .values({
        userId,
        status: plan.status,
        currency: 'KWD',
        governorateName: 'Hawalli',
        areaName: 'Salmiya',
        address: 'Block 10, Street 4, House 12, apartment 3',
        paymentMethod: plan.paymentMethod,
        contactEmail: DEMO_USER.email,
        contactPhone: DEMO_USER.phoneNumber,
        contactCountryCode: '+965',
        subtotal,
        shippingCost,
        totalPrice: subtotal + shippingCost,
        paidAt: plan.status === 'paid' || plan.status === 'completed' ? createdAt : null,
        // A failed order is payable again until the deadline it was placed with, then expires.
        reservedUntil: plan.status === 'failed' ? new Date(createdAt.getTime() + 30 * 60 * 1000) : null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('order insert returned nothing');
    await tx.insert(orderItems).values(
      lines.map((line) => ({
        orderId: order.id,
        productId: line.productId,
        productNameEn: line.product.name.en,
        productNameAr: line.product.name.ar,
        size: line.product.sizes[0]?.en ?? null,
        color: line.product.colors[0]?.en ?? null,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        totalPrice: line.total,
      })),
    );
  }
}

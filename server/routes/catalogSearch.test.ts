// The paged catalogue (issue 48) on the demo shop plus products written straight into the tables by SQL, as a
// merchant's migration script would: found at once, Arabic and English variants, facets, paging, suggestions.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { NoSuchSearchPage, SearchResponse, SuggestResponse } from '../../contract/catalogSearch';
import { commaList } from '../../shared/pageAddress';
import { executeRows } from '../db/client';
import { createTestApp, type TestApp } from '../testing/testApp';

jest.setTimeout(60_000);

let t: TestApp;
let categoryId: number;
beforeAll(async () => {
  t = await createTestApp({ seed: true });
  const [category] = await executeRows<{ id: number }>(
    t.db,
    sql`INSERT INTO categories (name_en, name_ar, image, sort_order)
        VALUES ('Oud & Incense', 'العود والبخور', '/media/categories/x.svg', 99) RETURNING id`,
  );
  categoryId = Number(category?.id);
  // Written by SQL, not through the application: search must find them at once.
  await executeRows(
    t.db,
    sql`INSERT INTO products (category_id, name_en, name_ar, price, discounted_price, brand, collection_en, collection_ar, stock_quantity, sold_count)
        VALUES (${categoryId}, 'Royal Oud Perfumes', 'العطور الملكية بالعود', 45.5, 39.9, 'Zzyzx Scents', 'Evening', 'المساء', 5, 90),
               (${categoryId}, 'Amber Incense Burner', 'مبخرة العنبر', 12, NULL, 'Zzyzx Scents', 'Home', 'المنزل', 3, 10),
               (${categoryId}, 'Oudwood Candle', 'شمعة خشبية', 3, NULL, 'Qasr Dates', 'Home', 'المنزل', 9, 5000),
               (${categoryId}, 'Saffron Dates Box 500g', 'علبة تمر بالزعفران ٥٠٠ غرام', 7.25, NULL, 'Qasr Dates', 'Home', 'المنزل', 0, 50)`,
  );
});
afterAll(async () => {
  await t.close();
});

async function search(query: string): Promise<SearchResponse> {
  const answer = await t.app.inject({ method: 'GET', url: `/api/catalog/search?${query}` });
  expect(answer.statusCode).toBe(200);
  return answer.json<SearchResponse>();
}

const namesOf = (answer: SearchResponse) => answer.data.map((product) => product.name);

test('products written by SQL are found at once, in English by plural or singular and in any word order', async () => {
  expect(namesOf(await search('q=royal%20oud%20perfume'))).toEqual(['Royal Oud Perfumes']);
  expect(namesOf(await search('q=PERFUMES%20oud%20royal'))).toEqual(['Royal Oud Perfumes']);
});

test('Arabic letter forms, the article, tatweel, diacritics and Arabic-Indic digits match', async () => {
  for (const q of ['عطور ملكيه', 'العطـــور', 'العُطور المَلكية', 'تمر ٥٠٠', 'تمر 500', 'الزعفران']) {
    const answer = await search(`q=${encodeURIComponent(q)}&lang=ar`);
    expect(answer.total).toBeGreaterThan(0);
  }
  const dates = await search(`q=${encodeURIComponent('تمر ٥٠٠')}&lang=ar`);
  expect(namesOf(dates)).toContain('علبة تمر بالزعفران ٥٠٠ غرام');
  // A hamza written as a mark of its own after its letter (ا + U+0654 for أ, و + U+0654 for ؤ), as some keyboards
  // and pasted text have it, reads as the letter that carries it.
  const [row] = await executeRows<{ marked: string; composed: string }>(
    t.db,
    sql`SELECT shop_search_normalize(${'ا\u0654حمد مسو\u0654ول ا\u0653ل'}) AS marked,
               shop_search_normalize(${'أحمد مسؤول آل'}) AS composed`,
  );
  expect(row?.marked).toBe(row?.composed);
});

test('one or two mistyped letters still find the product; whole words rank before partial and fuzzy', async () => {
  expect(namesOf(await search('q=saffrom'))).toContain('Saffron Dates Box 500g');
  expect(namesOf(await search('q=incence'))).toContain('Amber Incense Burner');
  // "oud" is a whole word of the perfume and only the start of "Oudwood", which sells far more.
  const ranked = namesOf(await search(`q=oud&category=${categoryId}`));
  expect(ranked.indexOf('Royal Oud Perfumes')).toBeLessThan(ranked.indexOf('Oudwood Candle'));
  expect(ranked.indexOf('Oudwood Candle')).toBeGreaterThan(-1);
});

test('a product renamed by SQL brings its new words: mistyped, they still find it', async () => {
  await executeRows(
    t.db,
    sql`UPDATE products SET name_en = 'Zanzibarine Kettle' WHERE name_en = 'Amber Incense Burner'`,
  );
  // Seen at once, as a staff change is (SQL alone shows within the version's bound: the products a page shows are
  // kept until the catalogue changes).
  t.app.deps.catalogue.changed();
  expect(namesOf(await search('q=zanzibarune'))).toContain('Zanzibarine Kettle');
  await executeRows(
    t.db,
    sql`UPDATE products SET name_en = 'Amber Incense Burner' WHERE name_en = 'Zanzibarine Kettle'`,
  );
  t.app.deps.catalogue.changed();
});

test('filters, facets and totals: a brand facet counts with the other filters, not its own', async () => {
  const answer = await search(`category=${categoryId}&brands=Zzyzx%20Scents`);
  expect(answer.total).toBe(2);
  expect(answer.facets.brands).toEqual(
    expect.arrayContaining([
      { value: 'Zzyzx Scents', count: 2 },
      { value: 'Qasr Dates', count: 2 },
    ]),
  );
  expect(answer.facets.categories).toEqual([{ id: categoryId, name: 'Oud & Incense', count: 2 }]);
  const byCollection = await search(`category=${encodeURIComponent('العود والبخور')}&collections=Home`);
  expect(byCollection.total).toBe(3);
  const cheap = await search(`category=${categoryId}&max_price=12`);
  expect(namesOf(cheap).sort()).toEqual(['Amber Incense Burner', 'Oudwood Candle', 'Saffron Dates Box 500g']);
  expect(cheap.facets.price).toEqual({ min: 3, max: 12 });
  // The discounted price is the one filtered on: 39.9, not 45.5.
  expect(namesOf(await search(`category=${categoryId}&min_price=39&max_price=40`))).toEqual([
    'Royal Oud Perfumes',
  ]);
});

test('a collection named in the other language finds the same products, and the answer names it in its own', async () => {
  const [pair] = await executeRows<{ en: string; ar: string }>(
    t.db,
    sql`SELECT collection_en AS en, collection_ar AS ar FROM products
        WHERE collection_en <> '' AND collection_ar <> '' AND collection_en <> collection_ar LIMIT 1`,
  );
  if (!pair) throw new Error('the shop has a collection named in both languages');
  const inArabic = await search(`collections=${encodeURIComponent(pair.ar)}&lang=ar`);
  expect(inArabic.total).toBeGreaterThan(0);
  // An English shopper's link opened in Arabic, and the other way round
  const shared = await search(`collections=${encodeURIComponent(pair.en)}&lang=ar`);
  expect(shared.total).toBe(inArabic.total);
  expect(shared.collections).toEqual([pair.ar]);
  expect(shared.facets.collections).toContainEqual({ value: pair.ar, count: inArabic.total });
  const back = await search(`collections=${encodeURIComponent(pair.ar)}&lang=en`);
  expect(back.total).toBe(inArabic.total);
  expect(back.collections).toEqual([pair.en]);
  expect((await search('collections=No%20such%20collection')).total).toBe(0);
  expect((await search('q=oud')).collections).toBeUndefined();
});

test('the rating facet counts every choice the filter panel offers, 5 stars included', async () => {
  // The filter panel has five rating choices: each gets the count of what it would leave.
  await executeRows(t.db, sql`UPDATE products SET rating = 5 WHERE name_en = 'Oudwood Candle'`);
  await executeRows(t.db, sql`UPDATE products SET rating = 4.5 WHERE name_en = 'Amber Incense Burner'`);
  // Seen at once, as a staff change is (SQL alone shows within the version's bound).
  t.app.deps.catalogue.changed();
  const answer = await search(`category=${categoryId}&n=ratings`);
  const counts = Object.fromEntries(answer.facets.ratings.map((facet) => [facet.min_rating, facet.count]));
  expect(Object.keys(counts).map(Number).sort()).toEqual([1, 2, 3, 4, 5]);
  expect(counts[5]).toBe(1);
  expect(counts[4]).toBe(2);
  // As many as the filter itself finds.
  expect((await search(`category=${categoryId}&min_rating=5`)).total).toBe(counts[5]);
  // Unrated again, as the later tests expect them.
  await executeRows(
    t.db,
    sql`UPDATE products SET rating = 0 WHERE name_en IN ('Oudwood Candle', 'Amber Incense Burner')`,
  );
  t.app.deps.catalogue.changed();
});

test('a price limit without words counts from kept price bands: the same totals and facets as counting every product', async () => {
  const limits: [string | null, string | null][] = [
    [null, '5'],
    ['3', '40'],
    ['10', null],
    ['12', '12'],
    ['0', '100000'],
  ];
  for (const [min, max] of limits) {
    const query = [min === null ? '' : `min_price=${min}`, max === null ? '' : `max_price=${max}`]
      .filter(Boolean)
      .join('&');
    const answer = await search(`${query}&min_rating=1`);
    const [expected] = await executeRows<{ n: number | string; brands: number | string }>(
      t.db,
      sql`SELECT count(*) AS n, count(DISTINCT brand) FILTER (WHERE brand <> '') AS brands FROM products
          WHERE effective_price >= ${min === null ? -1 : Number(min) - 0.0005}
            AND effective_price <= ${max === null ? 1e9 : Number(max) + 0.0005} AND rating >= 1`,
    );
    expect(answer.total).toBe(Number(expected?.n));
    expect(answer.facets.brands.filter((brand) => brand.count > 0)).toHaveLength(Number(expected?.brands));
  }
});

test('prices in the shown currency: the filter and the facets speak USD when asked for', async () => {
  const usd = await search(`category=${categoryId}&currency_code=USD&sort=price_asc`);
  expect(usd.data[0]?.converted_products?.currency_code).toBe('USD');
  expect(usd.facets.price.min).toBe(usd.data[0]?.converted_products?.price);
  // A price limit at a price as shown (rounded to the cent) keeps the product shown at it, on either side.
  const paid = (product: SearchResponse['data'][number]) =>
    product.converted_products?.discounted_price ?? product.converted_products?.price ?? 0;
  for (const shown of usd.data.map(paid)) {
    const at = `category=${categoryId}&currency_code=USD&min_price=${shown}&max_price=${shown}`;
    expect((await search(at)).data.map(paid)).toContain(shown);
  }
});

test('a price limit written in another currency (a link shared from it) is read in that one', async () => {
  const [sar] = await executeRows<{ rate: string }>(
    t.db,
    sql`SELECT rate_per_kwd AS rate FROM currency_rates WHERE currency_code = 'SAR'`,
  );
  const inRiyals = (12 * Number(sar?.rate)).toFixed(2);
  const cheap = ['Amber Incense Burner', 'Oudwood Candle', 'Saffron Dates Box 500g'];
  // 12 dinars written in riyals, answered in dinars: the same three.
  const fromRiyals = await search(`category=${categoryId}&max_price=${inRiyals}&price_currency=sar`);
  expect(namesOf(fromRiyals).sort()).toEqual(cheap);
  // 12 dinars, answered in riyals.
  const inDinars = await search(`category=${categoryId}&currency_code=SAR&max_price=12&price_currency=KWD`);
  expect(namesOf(inDinars).sort()).toEqual(cheap);
  expect(inDinars.data[0]?.converted_products?.currency_code).toBe('SAR');
  // Without it, the limit is in the answer's currency, as before: 12 riyals are less than a dinar.
  expect((await search(`category=${categoryId}&currency_code=SAR&max_price=12`)).total).toBe(0);
  // A currency the shop does not show: the answer's.
  expect(namesOf(await search(`category=${categoryId}&max_price=12&price_currency=XYZ`)).sort()).toEqual(
    cheap,
  );
  const malformed = await t.app.inject({
    method: 'GET',
    url: '/api/catalog/search?max_price=12&price_currency=12',
  });
  expect(malformed.statusCode).toBe(422);
  expect(malformed.json<{ errors: Record<string, string[]> }>().errors.price_currency).toBeDefined();
});

test('the answer names the category it read (by id, in any capitals or either language) in its own language', async () => {
  const arabic = { id: categoryId, name: 'العود والبخور' };
  expect((await search(`category=${categoryId}&lang=ar`)).category).toEqual(arabic);
  expect((await search(`category=${encodeURIComponent('oud & INCENSE')}&lang=ar`)).category).toEqual(arabic);
  expect((await search(`category=${encodeURIComponent('العود والبخور')}`)).category).toEqual({
    id: categoryId,
    name: 'Oud & Incense',
  });
  expect((await search('q=oud')).category).toBeNull();
  expect((await search('category=No%20such%20category')).category).toBeNull();
});

test('a category named as written comes before one whose name differs in capitals only', async () => {
  const [other] = await executeRows<{ id: number }>(
    t.db,
    sql`INSERT INTO categories (name_en, name_ar, image, sort_order)
        VALUES ('OUD & INCENSE', 'عود وبخور', '/media/categories/y.svg', 1) RETURNING id`,
  );
  try {
    expect((await search(`category=${encodeURIComponent('Oud & Incense')}`)).category?.id).toBe(categoryId);
    expect((await search(`category=${encodeURIComponent('OUD & INCENSE')}`)).category?.id).toBe(
      Number(other?.id),
    );
  } finally {
    await executeRows(t.db, sql`DELETE FROM categories WHERE id = ${Number(other?.id)}`);
  }
});

test('paging: 12 a page by default, a page past the end is a 404 that carries the last page, totals and page counts', async () => {
  const first = await search('');
  expect(first.per_page).toBe(12);
  expect(first.data).toHaveLength(12);
  expect(first.total).toBeGreaterThanOrEqual(154);
  for (const page of ['9999', String(first.page_count + 1)]) {
    const answer = await t.app.inject({ method: 'GET', url: `/api/catalog/search?page=${page}` });
    expect(answer.statusCode).toBe(404);
    const past = answer.json<NoSuchSearchPage>();
    expect(past).toMatchObject({ code: 'no_such_page', page: first.page_count, total: first.total });
    expect(past.message).toBe(`There is no page ${page} of these results: the last is ${first.page_count}.`);
    // The last page and the facets, so the client can link to it and keep the filters on screen.
    expect(past.data.length).toBeGreaterThan(0);
    expect(past.facets.categories.length).toBeGreaterThan(0);
  }
  // The last page itself, and a page past the end of no results at all.
  expect((await search(`page=${first.page_count}`)).page).toBe(first.page_count);
  const none = await t.app.inject({ method: 'GET', url: '/api/catalog/search?brands=None%20Such&page=2' });
  expect(none.statusCode).toBe(404);
  expect(none.json<NoSuchSearchPage>()).toMatchObject({ total: 0, page: 1, page_count: 1, data: [] });
  const second = await search('page=2');
  expect(second.data[0]?.id).not.toBe(first.data[0]?.id);
});

test('unknown names match nothing; bad values are 422 with the field named; over-long words are refused', async () => {
  expect((await search('brands=No%20Such%20Brand')).total).toBe(0);
  expect((await search('category=No%20Such%20Category')).total).toBe(0);
  for (const bad of ['sort=cheapest', 'min_rating=9', 'max_price=abc', 'page=-1', `q=${'x'.repeat(101)}`]) {
    const answer = await t.app.inject({ method: 'GET', url: `/api/catalog/search?${bad}` });
    expect(answer.statusCode).toBe(422);
    expect(Object.keys(answer.json<{ errors: object }>().errors).length).toBe(1);
  }
});

test('text that folds to no word of two letters (marks, one letter, tatweel) finds nothing and says why', async () => {
  for (const [q, lang] of [
    ['!!', 'en'],
    ['a', 'en'],
    ['  ?  ', 'en'],
    ['ـــ', 'ar'],
    ['؟ ب', 'ar'],
  ] as const) {
    const answer = await search(`q=${encodeURIComponent(q)}&lang=${lang}&brands=Zzyzx%20Scents`);
    expect({ q, total: answer.total, data: answer.data, words_too_short: answer.words_too_short }).toEqual({
      q,
      total: 0,
      data: [],
      words_too_short: true,
    });
    expect(answer.facets).toEqual({
      categories: [],
      brands: [],
      collections: [],
      ratings: [],
      price: { min: null, max: null },
    });
  }
  // words, or no text at all, search as before
  const words = await search('q=oud');
  expect(words.total).toBeGreaterThan(0);
  expect(words.words_too_short).toBeUndefined();
  const everything = await search('q=%20%20');
  expect(everything.total).toBeGreaterThan(0);
  expect(everything.words_too_short).toBeUndefined();
});

test('suggestions as the shopper types: products and categories, none for one letter', async () => {
  const answer = await t.app.inject({
    method: 'GET',
    url: `/api/catalog/suggestions?q=${encodeURIComponent('عود')}&lang=ar`,
  });
  const body = answer.json<SuggestResponse>();
  expect(body.products.map((product) => product.name)).toContain('العطور الملكية بالعود');
  expect(body.categories).toContainEqual({ id: categoryId, name: 'العود والبخور' });
  const one = await t.app.inject({ method: 'GET', url: '/api/catalog/suggestions?q=o' });
  expect(one.json<SuggestResponse>()).toEqual({ products: [], categories: [] });
});

test('categories a page at a time with their product counts; related lists; the bounded home lists', async () => {
  const page = await t.app.inject({ method: 'GET', url: '/api/catalog/categories?page=1' });
  const body = page.json<{
    data: { id: number; product_count: number }[];
    total: number;
    per_page: number;
  }>();
  expect(body.per_page).toBe(20);
  expect(body.data.find((category) => category.id === categoryId)?.product_count).toBe(4);

  const [product] = await executeRows<{ id: number }>(t.db, sql`SELECT id FROM products ORDER BY id LIMIT 1`);
  const related = await t.app.inject({ method: 'GET', url: `/api/products/${product?.id}/related` });
  const lists = related.json<{
    similar: { id: number; category_id: number }[];
    recommended: { rating: number }[];
  }>();
  expect(lists.similar.length).toBeGreaterThan(0);
  expect(lists.similar.every((item) => item.id !== product?.id)).toBe(true);
  expect(lists.recommended.every((item) => item.rating >= 3)).toBe(true);
  expect((await t.app.inject({ method: 'GET', url: '/api/products/99999999/related' })).statusCode).toBe(404);

  const home = await t.app.inject({ method: 'GET', url: '/api/catalog/home?lang=ar' });
  const homeBody = home.json<{
    best_sellers: unknown[];
    newly_added: unknown[];
    today_deals: unknown[];
    categories: unknown[];
  }>();
  expect(homeBody.best_sellers.length).toBeLessThanOrEqual(20);
  expect(homeBody.newly_added.length).toBeLessThanOrEqual(20);
  expect(homeBody.today_deals.length).toBeGreaterThan(0);
  expect(homeBody.categories.length).toBeLessThanOrEqual(6);
});

test('a review approved by SQL moves the product into a rating filter at once (the rating is kept by a trigger)', async () => {
  const [product] = await executeRows<{ id: number }>(
    t.db,
    sql`SELECT id FROM products WHERE name_en = 'Amber Incense Burner'`,
  );
  await executeRows(
    t.db,
    sql`INSERT INTO reviews (product_id, user_name, rating, review, status) VALUES (${product?.id}, 'Noura', 5, 'Lovely', 'approved')`,
  );
  t.app.deps.catalogue.changed();
  expect(namesOf(await search(`category=${categoryId}&min_rating=5`))).toEqual(['Amber Incense Burner']);
});

test("a search's answer goes as gzip to a browser that takes gzip and br (as small, half the work), as br to one that takes br only", async () => {
  const url = '/api/catalog/search?q=oud&lang=ar&n=encodings';
  const plain = await t.app.inject({ method: 'GET', url });
  const browser = await t.app.inject({
    method: 'GET',
    url,
    headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
  });
  expect(browser.headers['content-encoding']).toBe('gzip');
  expect(browser.headers.vary).toMatch(/accept-encoding/i);
  expect(gunzipSync(browser.rawPayload).equals(plain.rawPayload)).toBe(true);
  const brOnly = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
  expect(brOnly.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(brOnly.rawPayload).equals(plain.rawPayload)).toBe(true);
});

test('a price limit keeps the words as typed: spelled right, words whose products all cost more find none, not look-alikes', async () => {
  // Last in this file: two more products in the category the tests above count.
  await executeRows(
    t.db,
    sql`INSERT INTO products (category_id, name_en, name_ar, price, brand)
        VALUES (${categoryId}, 'Zarqonite Lamp', 'مصباح زرقونيت', 20, 'Qasr Dates'),
               (${categoryId}, 'Zarqonita Vase', 'مزهرية زرقونيتا', 5, 'Qasr Dates')`,
  );
  t.app.deps.catalogue.changed();
  expect(namesOf(await search('q=zarqonite'))).toEqual(['Zarqonite Lamp']);
  const withinLimit = await search('q=zarqonite&max_price=10');
  expect(withinLimit.total).toBe(0);
  expect(withinLimit.data).toEqual([]);
  expect((await search('q=zarqonite&min_price=1&max_price=10&sort=price_asc')).total).toBe(0);
  // A word that matches nothing at any price is still taken as mistyped: the look-alike within the limit is found.
  expect(namesOf(await search('q=zarqonitx&max_price=10'))).toEqual(['Zarqonita Vase']);
});

test('a singular and its plural find each other: hoodie and hoodies, size and sizes, body and bodies', async () => {
  await executeRows(
    t.db,
    sql`INSERT INTO products (category_id, name_en, name_ar, price, brand)
        VALUES (${categoryId}, 'Fleece Hoodies Pack', 'هوديز صوف', 8, 'Qasr Dates'),
               (${categoryId}, 'Zip Hoodie', 'هودي بسحاب', 9, 'Qasr Dates'),
               (${categoryId}, 'Ring Sizes Gauge', 'مقياس مقاسات الخواتم', 2, 'Qasr Dates'),
               (${categoryId}, 'Body Oil', 'زيت الجسم', 4, 'Qasr Dates')`,
  );
  t.app.deps.catalogue.changed();
  for (const q of ['hoodie', 'hoodies', 'HOODIE']) {
    expect(namesOf(await search(`q=${q}`)).sort()).toEqual(['Fleece Hoodies Pack', 'Zip Hoodie']);
  }
  for (const q of ['size', 'sizes'])
    expect(namesOf(await search(`q=ring%20${q}`))).toEqual(['Ring Sizes Gauge']);
  for (const q of ['body', 'bodies']) expect(namesOf(await search(`q=${q}%20oil`))).toEqual(['Body Oil']);
  // Each pair is one word to search, whichever the shopper types.
  const [row] = await executeRows<{ words: string }>(
    t.db,
    sql`SELECT shop_search_normalize('hoodie hoodies size sizes body bodies dress dresses box boxes perfume perfumes niche niches') AS words`,
  );
  const words = String(row?.words).split(' ');
  for (let index = 0; index < words.length; index += 2) expect(words[index + 1]).toBe(words[index]);
});

test('a brand or collection whose name has a comma is one choice: its facet count is what choosing it finds', async () => {
  await executeRows(
    t.db,
    sql`INSERT INTO products (category_id, name_en, name_ar, price, brand, collection_en, collection_ar)
        VALUES (${categoryId}, 'Comma Brand Scarf', 'وشاح', 6, 'Smith, Jones', 'Autumn, Winter', 'الخريف، الشتاء'),
               (${categoryId}, 'Plain Brand Scarf', 'وشاح عادي', 7, 'Smith', 'Autumn', 'الخريف')`,
  );
  t.app.deps.catalogue.changed();
  const all = await search(`category=${categoryId}`);
  const brand = all.facets.brands.find((facet) => facet.value === 'Smith, Jones');
  expect(brand?.count).toBe(1);
  // The list escapes a comma inside a name (shared/pageAddress `commaList`); a plain comma still separates names.
  const chosen = await search(
    `category=${categoryId}&brands=${encodeURIComponent(commaList(['Smith, Jones']))}`,
  );
  expect(namesOf(chosen)).toEqual(['Comma Brand Scarf']);
  const both = await search(
    `category=${categoryId}&brands=${encodeURIComponent(commaList(['Smith, Jones', 'Smith']))}`,
  );
  expect(namesOf(both).sort()).toEqual(['Comma Brand Scarf', 'Plain Brand Scarf']);
  const collection = await search(
    `category=${categoryId}&collections=${encodeURIComponent(commaList(['Autumn, Winter']))}`,
  );
  expect(namesOf(collection)).toEqual(['Comma Brand Scarf']);
});

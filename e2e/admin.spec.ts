// The back office in a real browser: the owner fulfils a shopper's paid order, the shopper rates it, the owner
// approves the review and the shop shows it; stock set to 0 by staff shows as out of stock at once. English and
// Arabic, phone and desktop. Also: a shopper's pages fetch none of the back office's code or texts.
import type { APIRequestContext, Browser, Page } from '@playwright/test';

import arAdmin from '../src/i18n/locales/ar/admin.json';
import arAuth from '../src/i18n/locales/ar/auth.json';
import arCatalog from '../src/i18n/locales/ar/catalog.json';
import arCommon from '../src/i18n/locales/ar/common.json';
import arOrders from '../src/i18n/locales/ar/orders.json';
import arProduct from '../src/i18n/locales/ar/product.json';
import arShell from '../src/i18n/locales/ar/shell.json';
import enAdmin from '../src/i18n/locales/en/admin.json';
import enAuth from '../src/i18n/locales/en/auth.json';
import enCatalog from '../src/i18n/locales/en/catalog.json';
import enCommon from '../src/i18n/locales/en/common.json';
import enOrders from '../src/i18n/locales/en/orders.json';
import enProduct from '../src/i18n/locales/en/product.json';
import enShell from '../src/i18n/locales/en/shell.json';
import {
  createAccount,
  expect,
  expectAccessible,
  fill,
  loadsUntilUsable,
  openIn,
  PASSWORD,
  plainProducts,
  test,
} from './fixtures';

type Language = 'en' | 'ar';
const TEXTS = {
  en: {
    admin: enAdmin,
    auth: enAuth,
    catalog: enCatalog,
    common: enCommon,
    orders: enOrders,
    product: enProduct,
    shell: enShell,
  },
  ar: {
    admin: arAdmin,
    auth: arAuth,
    catalog: arCatalog,
    common: arCommon,
    orders: arOrders,
    product: arProduct,
    shell: arShell,
  },
};
const OWNER = { email: 'owner@shop.test', password: 'Owner@12345' };
const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1280, height: 900 };

/** The account menu, behind the menu button on a phone. */
async function openAccountMenu(page: Page, language: Language) {
  const toggler = page.locator('.navbar-toggler');
  if (await toggler.isVisible()) await toggler.click();
  await page.getByRole('button', { name: TEXTS[language].shell.nav.account, exact: true }).click();
}

async function logIn(page: Page, language: Language, email: string, password: string) {
  const { shell, auth } = TEXTS[language];
  await openIn(page, '/', language);
  await openAccountMenu(page, language);
  await page.getByRole('button', { name: shell.nav.login, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(auth.fields.email, { exact: true }).fill(email);
  await dialog.getByLabel(auth.fields.password, { exact: true }).fill(password);
  await dialog.getByRole('button', { name: auth.login.submit, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** The product page's own out-of-stock line (cards of other products below say it too). */
const outOfStock = (page: Page, language: Language) =>
  page.locator('main p').filter({ hasText: new RegExp(`^${TEXTS[language].catalog.ui.out_of_stock}$`) });

async function newPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, baseURL: test.info().project.use.baseURL });
  return loadsUntilUsable(await context.newPage());
}

/** A new shopper's paid order of one piece of `productId` (cart, order, the sandbox's Pay), through the API. */
async function paidOrder(request: APIRequestContext, productId: number) {
  const email = await createAccount(request, 'rater', PASSWORD);
  const login = await request.post('/api/login', { data: { email, password: PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  expect(
    (await request.post('/api/cart/add', { data: { product_id: productId, quantity: 1 }, headers })).ok(),
  ).toBe(true);
  const created = await request.post('/api/create-order', {
    headers,
    data: {
      governorate_name: 'Ahmadi',
      area_name: 'Fahaheel',
      address: 'Block 5, Street 20, House 7',
      payment_method: 'online',
      // The server prices the order itself; these are the client's view, which it does not trust.
      shipping_cost: 2,
      total_price: 10,
      guest_phone: '55512345',
      guest_email: email,
      guest_country_code: '+965',
    },
  });
  expect(created.status()).toBe(201);
  const { order_id: orderId, payment_url: paymentUrl } = (await created.json()) as {
    order_id: number;
    payment_url: string;
  };
  const paid = await request.post(new URL(paymentUrl).pathname, { form: { action: 'pay' } });
  expect(paid.status()).toBeLessThan(400);
  return { email, orderId };
}

/** The plain product with the fewest approved reviews (its rating moves visibly with one more). */
async function quietProduct(request: APIRequestContext, language: Language, skip: number[]) {
  let best: { id: number; name: string; reviews: number } | null = null;
  for (const product of (await plainProducts(request, language))
    .filter((p) => !skip.includes(p.id))
    .slice(0, 12)) {
    const body = (await (await request.get(`/api/reviews?product_id=${product.id}`)).json()) as
      unknown[] | { data: unknown[] };
    const reviews = Array.isArray(body) ? body : body.data;
    if (!best || reviews.length < best.reviews)
      best = { id: product.id, name: product.name, reviews: reviews.length };
  }
  if (!best) throw new Error('no plain product in the seed');
  return best;
}

const used: number[] = [];

for (const [language, viewport, size] of [
  ['en', DESKTOP, 'desktop'],
  ['ar', PHONE, 'phone'],
] as const) {
  const t = TEXTS[language];

  test(`${language}, ${size}: the owner delivers a paid order, the shopper rates it, the owner approves, the shop shows it`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(viewport);
    const product = await quietProduct(request, language, used);
    used.push(product.id);
    const { email, orderId } = await paidOrder(request, product.id);

    // The owner: the back office from the account menu, the order on the dashboard page, marked delivered.
    await logIn(page, language, OWNER.email, OWNER.password);
    await openAccountMenu(page, language);
    await page.getByRole('link', { name: t.shell.nav.admin, exact: true }).click();
    await expect(page.getByRole('heading', { name: t.admin.dashboard.title })).toBeVisible();
    await expect(page.getByTestId('revenue-chart').locator('canvas')).toBeVisible();
    const toDeliver = page.getByTestId('orders-to-deliver');
    await toDeliver
      .getByRole('link', { name: fill(t.admin.order.title, { id: orderId }), exact: true })
      .click();
    await expect(
      page.getByRole('heading', { name: fill(t.admin.order.title, { id: orderId }) }),
    ).toBeVisible();
    await page.getByTestId('deliver-order').click();
    await expect(page.getByText(fill(t.admin.order.delivered, { id: orderId }))).toBeVisible();
    await expect(page.getByTestId('order-status')).toHaveText(t.admin.statuses.completed);
    await expect(page.getByTestId('audit-trail')).toContainText(t.admin.audit.actions.order_delivered);

    // The shopper: the order delivered, an item rated.
    const shopper = await newPage(browser, viewport);
    await logIn(shopper, language, email, PASSWORD);
    await openIn(shopper, '/orders', language);
    const card = shopper
      .locator('.card')
      .filter({ has: shopper.getByText(fill(t.orders.card.number, { id: orderId }), { exact: true }) })
      .first();
    await expect(card).toContainText(t.orders.status.completed);
    const details = card.getByRole('button', { name: t.orders.card.show_details });
    if (await details.count()) await details.click();
    await card.getByRole('button', { name: fill(t.orders.card.rate_item, { name: product.name }) }).click();
    const dialog = shopper.getByRole('dialog');
    await dialog.getByRole('radio', { name: fill(t.orders.rating.star_one, { count: 1 }) }).click();
    const words = `Arrived quickly ${Date.now()}`;
    await dialog.getByLabel(t.orders.rating.review, { exact: true }).fill(words);
    await dialog.getByRole('button', { name: t.orders.rating.submit, exact: true }).click();
    await expect(shopper.getByText(t.orders.rating.success)).toBeVisible();

    // The owner approves it from the queue.
    const before = (await (await request.get(`/api/products/${product.id}`)).json()) as { rating: number };
    await openIn(page, '/admin/reviews', language);
    // The queue lists the oldest first and the demo shop has many waiting: newest first finds the shopper's review.
    await page
      .getByRole('table')
      .getByRole('columnheader')
      .filter({ hasText: t.admin.reviews.date })
      .getByRole('button')
      .click();
    const row = page.getByRole('row').filter({ hasText: words });
    await row.getByTestId('approve-review').click();
    await expect(page.getByText(t.admin.reviews.approved_done)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: words })).toHaveCount(0);

    // The shop shows it with the new rating, in the shopper's browser and in the owner's.
    const after = (await (await request.get(`/api/products/${product.id}`)).json()) as { rating: number };
    if (product.reviews > 0) expect(after.rating).not.toBe(before.rating);
    for (const viewer of [shopper, page]) {
      await openIn(viewer, `/product/${product.id}`, language);
      await expect(viewer.getByText(words)).toBeVisible();
      await expect(viewer.getByTestId('rating-average')).toHaveText(after.rating.toFixed(1));
      await expect(viewer.getByTestId('rating-summary')).toContainText(
        fill(product.reviews + 1 === 1 ? t.product.reviews.count_one : t.product.reviews.count_other, {
          count: product.reviews + 1,
        }),
      );
    }
    await shopper.context().close();
  });
}

for (const [language, viewport, size] of [
  ['en', PHONE, 'phone'],
  ['ar', DESKTOP, 'desktop'],
] as const) {
  const t = TEXTS[language];

  test(`${language}, ${size}: stock set to 0 by staff shows as out of stock in the shop at once`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const [, , product] = (await plainProducts(request, language)).filter((p) => !used.includes(p.id));
    if (!product) throw new Error('no plain product in the seed');
    used.push(product.id);

    // A shopper has the product's page open before the change; the owner has looked at it in the shop too.
    const shopper = await newPage(browser, viewport);
    await openIn(shopper, `/product/${product.id}`, language);
    await expect(outOfStock(shopper, language)).toHaveCount(0);
    await logIn(page, language, OWNER.email, OWNER.password);
    await openIn(page, `/product/${product.id}`, language);
    await expect(outOfStock(page, language)).toHaveCount(0);

    await openIn(page, `/admin/products/${product.id}`, language);
    const stock = page.getByLabel(t.admin.product.stock, { exact: true });
    await stock.fill('0');
    await page.getByTestId('save-product').click();
    await expect(page.getByText(t.admin.product.saved)).toBeVisible();
    await expect(page.getByTestId('audit-trail')).toContainText(
      fill(t.admin.audit.change, { field: 'stock_quantity', before: product.stock_quantity, after: 0 }),
    );

    // The owner's own shop page (its cached answer made stale) and a shopper's next look.
    await page.getByRole('link', { name: t.admin.product.view_in_shop }).click();
    await expect(outOfStock(page, language)).toBeVisible();
    await shopper.reload();
    await expect(outOfStock(shopper, language)).toBeVisible();
    await shopper.context().close();
  });
}

test('a shopper’s pages fetch none of the back office’s code or texts, and /admin is the not-found page for them', async ({
  page,
  request,
}) => {
  const scripts: string[] = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('.js'))
      scripts.push(`${response.url()}\n${await response.text().catch(() => '')}`);
  });
  await openIn(page, '/', 'en');
  await openIn(page, '/', 'ar');
  await page.waitForLoadState('networkidle');
  const email = await createAccount(request, 'nosy', PASSWORD);
  await logIn(page, 'en', email, PASSWORD);
  await openIn(page, '/admin', 'en');
  await expect(page.getByRole('heading', { name: enCommon.not_found.title })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.length).toBeGreaterThan(3);
  const adminWords = [
    enAdmin.dashboard.title,
    arAdmin.dashboard.title,
    enAdmin.refusals.order_not_deliverable,
    'admin/dashboard',
    'admin/orders',
  ];
  for (const script of scripts) {
    expect(script.split('\n')[0]).not.toMatch(/admin/);
    for (const words of adminWords)
      expect(script.includes(words), `${script.split('\n')[0]} has "${words}"`).toBe(false);
  }
});

/** An API session of the demo owner. */
async function ownerHeaders(request: APIRequestContext) {
  const login = await request.post('/api/login', { data: OWNER });
  const { token } = (await login.json()) as { token: string };
  return { Authorization: `Bearer ${token}` };
}

for (const [language, viewport, size] of [
  ['en', DESKTOP, 'desktop'],
  ['ar', PHONE, 'phone'],
] as const) {
  const t = TEXTS[language];

  test(`${language}, ${size}: the owner makes an account staff and takes it back; the demoted member leaves the back office, told why`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const email = await createAccount(request, 'helper', PASSWORD);

    await logIn(page, language, OWNER.email, OWNER.password);
    await openIn(page, '/admin/staff', language);
    await page.getByLabel(t.admin.staff.email, { exact: true }).fill(email);
    await page.getByTestId('make-staff').click();
    await expect(page.getByText(fill(t.admin.staff.made, { email }))).toBeVisible();
    const row = page.getByTestId('staff-member').filter({ hasText: email });
    await expect(row).toContainText(t.admin.staff.roles.staff);
    // the owner's own row cannot be taken away
    await expect(
      page.getByTestId('staff-member').filter({ hasText: OWNER.email }).getByTestId('remove-staff'),
    ).toHaveCount(0);

    // The new staff member works in the back office.
    const member = await newPage(browser, viewport);
    await logIn(member, language, email, PASSWORD);
    await openIn(member, '/admin/orders', language);
    await expect(member.getByTestId('admin-area')).toBeVisible();

    await row.getByTestId('remove-staff').click();
    await row.getByTestId('remove-staff-confirm').click();
    await expect(page.getByText(fill(t.admin.staff.removed, { email }))).toBeVisible();
    await expect(page.getByTestId('staff-member').filter({ hasText: email })).toHaveCount(0);

    // Their next back office call is refused (403): the area says why and leaves for the shop.
    await member.reload();
    await expect(member.getByText(t.admin.refusals.access_lost)).toBeVisible();
    await expect(member.getByTestId('admin-area')).toHaveCount(0);
    await expect(member).toHaveURL(/\/$|\/\?/);
    await member.context().close();
  });

  test(`${language}, ${size}: an amount coupon made by staff reads as an amount in the shop, with its minimum`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const code = `AMT${language.toUpperCase()}${Date.now() % 1_000_000}`;
    const made = await request.post('/api/admin/coupons', {
      headers: await ownerHeaders(request),
      data: { code, kind: 'amount', value: 2.5, min_total: 20, end_date: '2099-01-01' },
    });
    expect(made.status()).toBe(201);

    await openIn(page, '/', language);
    await page.getByRole('tab', { name: t.catalog.home.tabs.gift_voucher, exact: true }).click();
    const card = page.getByTestId('coupon-card').filter({ hasText: code });
    await expect(card).toBeVisible();
    const before = (amount: string) => amount.split('{{amount}}')[0] ?? '';
    await expect(card).toContainText(before(t.catalog.coupons.amount_off) || '2.50');
    await expect(card).toContainText(/2[.,٫]50|٢[.,٫]٥٠/);
    await expect(card).toContainText(before(t.catalog.coupons.minimum));
    await expect(card).not.toContainText('%');
  });
}

const SHOPIFY_HEADER =
  'Handle,Title,Title (Arabic),Body (HTML),Vendor,Type,Type (Arabic),Tags,Published,Option1 Name,Option1 Value,Option1 Value (Arabic),Variant SKU,Variant Price,Variant Compare At Price,Variant Inventory Qty,Variant Grams';

for (const [language, viewport, size] of [
  ['en', DESKTOP, 'desktop'],
  ['ar', PHONE, 'phone'],
] as const) {
  const t = TEXTS[language];
  const words = t.admin.catalogue_csv;

  test(`${language}, ${size}: staff check a Shopify CSV (a dry run that writes nothing, its problems in words), then import it with a progress bar; the shop shows the product`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const headers = await ownerHeaders(request);
    const name = `Imported linen shirt ${language}`;
    const nameAr = `قميص كتان مستورد ${language}`;
    const good = [
      SHOPIFY_HEADER,
      `e2e-linen-${language},${name},${nameAr},<p>Cool linen</p>,Gulf Linen,E2E imports ${language},واردات ${language},sale,TRUE,Size,S,صغير,E2E-${language}-S,12.5,15,3,200`,
      `e2e-linen-${language},,,,,,,,,,M,وسط,E2E-${language}-M,12.5,15,4,200`,
    ].join('\n');
    const bad = good.replace('12.5,15,4', '12.5.1,15,4');
    const adminSearch = async () =>
      (
        (await (
          await request.get(`/api/admin/products?search=${encodeURIComponent(name)}`, { headers })
        ).json()) as { total: number; data: { id: number }[] }
      ).data;

    await logIn(page, language, OWNER.email, OWNER.password);
    await openIn(page, '/admin/import', language);
    const file = page.getByLabel(words.file, { exact: true });

    // a file with an error: said by line and column, nothing to import
    await file.setInputFiles({ name: 'shopify.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await page.getByTestId('check-file').click();
    await expect(page.getByTestId('import-invalid')).toHaveText(words.invalid);
    await expect(page.getByTestId('import-issue').filter({ hasText: 'Variant Price' })).toBeVisible();
    await expect(page.getByTestId('start-import')).toHaveCount(0);
    await expectAccessible(page);

    // the corrected file: its report, and still nothing written
    await file.setInputFiles({ name: 'shopify.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
    await page.getByTestId('check-file').click();
    const report = page.getByTestId('import-report');
    await expect(report).toContainText(fill(words.issues.category_new, { name: `E2E imports ${language}` }));
    expect(await adminSearch()).toEqual([]);

    await report.getByTestId('start-import').click();
    await expect(report.getByTestId('import-done')).toBeVisible();
    await expect(report.getByTestId('import-progress')).toHaveAttribute('aria-valuenow', '1');
    await expectAccessible(page);
    const [product] = await adminSearch();
    if (!product) throw new Error('the product was not imported');

    // a shopper finds it by searching for its name, in their language, and opens it
    const shown = language === 'ar' ? nameAr : name;
    await openIn(page, `/search?q=${encodeURIComponent(shown)}`, language);
    await page.getByTestId('product-card').getByRole('link', { name: shown }).first().click();
    await expect(page).toHaveURL(new RegExp(`/product/${product.id}$`));

    // the shop shows it in the shopper's language, with its sizes
    await openIn(page, `/product/${product.id}`, language);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(language === 'ar' ? nameAr : name);
    await expect(page.getByText(language === 'ar' ? 'صغير' : 'S', { exact: true }).first()).toBeVisible();
  });
}

import type { Page } from '@playwright/test';

import arAuth from '../src/i18n/locales/ar/auth.json';
import arCatalog from '../src/i18n/locales/ar/catalog.json';
import arCheckout from '../src/i18n/locales/ar/checkout.json';
import arOrders from '../src/i18n/locales/ar/orders.json';
import arShell from '../src/i18n/locales/ar/shell.json';
import arShop from '../src/i18n/locales/ar/shop.json';
import enAuth from '../src/i18n/locales/en/auth.json';
import enCatalog from '../src/i18n/locales/en/catalog.json';
import enCheckout from '../src/i18n/locales/en/checkout.json';
import enOrders from '../src/i18n/locales/en/orders.json';
import enShell from '../src/i18n/locales/en/shell.json';
import enShop from '../src/i18n/locales/en/shop.json';
import {
  createAccount,
  expect,
  openIn,
  test,
  PASSWORD,
  fill,
  type ApiProduct,
  plainProducts,
} from './fixtures';

type Language = 'en' | 'ar';
const TEXTS = {
  en: {
    auth: enAuth,
    catalog: enCatalog,
    checkout: enCheckout,
    orders: enOrders,
    shell: enShell,
    shop: enShop,
  },
  ar: {
    auth: arAuth,
    catalog: arCatalog,
    checkout: arCheckout,
    orders: arOrders,
    shell: arShell,
    shop: arShop,
  },
};

async function addToCart(page: Page, language: Language, product: ApiProduct) {
  await openIn(page, `/product/${product.id}`, language);
  await page.getByRole('button', { name: TEXTS[language].catalog.product.add_to_cart, exact: true }).click();
  await expect(page.getByTestId('cart-count')).toHaveText(/^[1-9]\d*$/);
}

/** In the cart: a governorate, an area and the detailed address, then on to checkout. */
async function chooseShippingAndCheckout(page: Page, language: Language) {
  const shipping = TEXTS[language].shop.shipping;
  await openIn(page, '/cart', language);
  const governorate = page.getByLabel(shipping.governorate, { exact: true });
  await expect(governorate.locator('option')).not.toHaveCount(1);
  await governorate.selectOption({ index: 1 });
  const area = page.getByLabel(shipping.area, { exact: true });
  await expect(area).toBeEnabled();
  await area.selectOption({ index: 1 });
  await page.getByLabel(shipping.address, { exact: true }).fill('Block 5, Street 20, House 7');
  await page.getByRole('link', { name: TEXTS[language].shop.cart.summary.checkout }).click();
  await expect(page).toHaveURL(/\/checkout$/);
}

async function confirmOrder(page: Page, language: Language) {
  await page.getByRole('button', { name: TEXTS[language].checkout.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/pay\/sandbox\//);
}

async function sandbox(page: Page, action: 'Pay' | 'Decline') {
  await page.getByRole('button', { name: action, exact: true }).click();
  await expect(page).toHaveURL(/\/payment\?paymentId=/);
}

async function logIn(page: Page, language: Language, email: string) {
  const { shell, auth } = TEXTS[language];
  await openIn(page, '/', language);
  await page.getByRole('button', { name: shell.nav.account, exact: true }).click();
  await page.getByRole('button', { name: shell.nav.login, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(auth.fields.email, { exact: true }).fill(email);
  await dialog.getByLabel(auth.fields.password, { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: auth.login.submit, exact: true }).click();
  await expect(dialog).toBeHidden();
}

for (const language of ['en', 'ar'] as const) {
  const t = TEXTS[language];

  test(`${language}: a guest checks out, pays in the sandbox and sees the paid outcome`, async ({
    page,
    request,
  }) => {
    const [product] = await plainProducts(request, language);
    if (!product) throw new Error('no plain product in the seed');
    await addToCart(page, language, product);
    await chooseShippingAndCheckout(page, language);

    await page.getByLabel(t.checkout.guest.email, { exact: true }).fill(`guest.${language}@example.com`);
    // Arabic-Indic digits count as digits.
    await page.getByRole('textbox', { name: t.checkout.guest.phone, exact: true }).fill('٥٥٥١٢٣٤٥');
    await confirmOrder(page, language);
    await sandbox(page, 'Pay');
    await expect(page.getByRole('heading', { name: t.checkout.result.paid_title })).toBeVisible();
    // docs/spec/02-shopping.md §9: the 'order placed' modal closes by itself after 2 seconds; the outcome
    // stays on the page.
    const placed = page.getByRole('dialog', { name: t.checkout.result.success_modal.title });
    await expect(placed).toBeVisible();
    const seen = Date.now();
    await expect(placed).toBeHidden({ timeout: 5_000 });
    expect(Date.now() - seen).toBeGreaterThan(1_000);
    await expect(page.getByTestId('payment-outcome')).toBeVisible();
    await expect(page.getByText(/#?\d+/).first()).toBeVisible();
    // The cart was emptied by the paid order.
    await expect(page.getByTestId('cart-count')).toHaveCount(0);
  });

  test(`${language}: a signed-in shopper adds an address and a coupon, declines, retries and pays; rates; cancels`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const email = await createAccount(request, `checkout-${language}`, PASSWORD);
    const [product, other] = await plainProducts(request, language);
    if (!product || !other) throw new Error('no plain products in the seed');
    await logIn(page, language, email);
    await addToCart(page, language, product);

    // The coupon, in the cart.
    await openIn(page, '/cart', language);
    await page.getByRole('button', { name: t.shop.coupon.have_coupon }).click();
    await page.getByLabel(t.shop.coupon.label, { exact: true }).fill('WELCOME10');
    await page.getByRole('button', { name: t.shop.coupon.apply, exact: true }).click();
    await expect(
      page.getByText(fill(t.shop.coupon.applied, { code: 'WELCOME10', percent: 10 })),
    ).toBeVisible();
    await chooseShippingAndCheckout(page, language);
    await expect(page.getByText(fill(t.checkout.summary.discount, { percent: 10 }))).toBeVisible();

    // A new address.
    await page.getByRole('button', { name: t.checkout.addresses.add }).click();
    const form = t.checkout.address_form;
    await page.getByLabel(form.name, { exact: true }).fill('Sara Ahmad');
    await page.getByRole('textbox', { name: form.phone, exact: true }).fill('55512345');
    await page.getByLabel(form.city, { exact: true }).fill('Fahaheel');
    await page.getByLabel(form.address, { exact: true }).fill('Block 5, Street 20');
    await page.getByLabel(form.apartment, { exact: true }).fill('12');
    await page.getByRole('button', { name: form.save, exact: true }).click();
    await expect(page.getByRole('radio', { name: /Sara Ahmad/ })).toBeChecked();

    // Decline → failed → retry → paid.
    await confirmOrder(page, language);
    await sandbox(page, 'Decline');
    await expect(page.getByRole('heading', { name: t.checkout.result.failed_title })).toBeVisible();
    await page.getByRole('link', { name: t.checkout.result.retry }).click();
    await page.getByRole('radio', { name: /KNET|كي نت/ }).check();
    await page.getByRole('button', { name: t.checkout.payment.pay, exact: true }).click();
    await expect(page).toHaveURL(/\/pay\/sandbox\//);
    await sandbox(page, 'Pay');
    await expect(page.getByRole('heading', { name: t.checkout.result.paid_title })).toBeVisible();
    const paidText = await page.getByTestId('payment-outcome').innerText();
    const orderId = Number(/(\d+)/.exec(paidText)?.[1]);

    // A second order left unpaid, then cancelled from the orders page.
    await addToCart(page, language, other);
    await chooseShippingAndCheckout(page, language);
    await confirmOrder(page, language);
    await openIn(page, '/orders', language);
    await expect(page.getByRole('tab', { name: fill(t.orders.tabs.all, { count: 2 }) })).toBeVisible();
    await page.getByRole('tab', { name: t.orders.tabs.pending, exact: true }).click();
    await expect(page.getByTestId('order-card')).toHaveCount(1);
    await page.getByRole('button', { name: t.orders.card.cancel, exact: true }).click();
    await page.getByRole('button', { name: t.orders.cancel.confirm, exact: true }).click();
    await expect(page.getByTestId('order-card')).toHaveCount(0);
    await page.getByRole('tab', { name: fill(t.orders.tabs.all, { count: 2 }) }).click();
    await expect(page.getByTestId('order-status').filter({ hasText: t.orders.status.canceled })).toHaveCount(
      1,
    );

    // Delivered (test-only helper) → rate an item → the review waits for approval.
    expect((await request.post(`/api/dev/orders/${orderId}/complete`, { data: {} })).ok()).toBe(true);
    await page.reload();
    await page.getByRole('tab', { name: t.orders.tabs.completed, exact: true }).click();
    const card = page.getByTestId('order-card');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('order-status')).toHaveText(t.orders.status.completed);
    await card.getByRole('button', { name: t.orders.card.show_details }).click();
    await card.getByRole('button', { name: fill(t.orders.card.rate_item, { name: product.name }) }).click();
    const dialog = page.getByRole('dialog');
    const submit = dialog.getByRole('button', { name: t.orders.rating.submit });
    await expect(submit).toBeDisabled();
    await dialog
      .getByRole('radio', {
        name: fill(language === 'ar' ? arOrders.rating.star_few : enOrders.rating.star_other, { count: 5 }),
      })
      .click();
    await dialog.getByLabel(t.orders.rating.review).fill(language === 'en' ? 'Lovely scent' : 'رائحة جميلة');
    await submit.click();
    await expect(dialog.getByText(t.orders.rating.success)).toBeVisible();
    await expect(dialog).toBeHidden();
    const reviews = (await (await request.get(`/api/reviews?product_id=${product.id}`)).json()) as {
      status: string;
      review: string;
    }[];
    // It waits for approval: GET /reviews serves approved reviews only (the back office journey approves one).
    expect(reviews.map((review) => review.review)).not.toContain(
      language === 'en' ? 'Lovely scent' : 'رائحة جميلة',
    );
    expect(reviews.every((review) => review.status === 'approved')).toBe(true);
  });
}

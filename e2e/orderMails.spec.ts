// Issue 49 (told): one order followed from placed to delivered, each of its mails read in the dev mailbox, in
// English and in Arabic. A guest orders in the shop's language and pays in the sandbox; the owner marks the order
// delivered in the back office; the delivered mail's rate link opens the product in the same language.
import type { APIRequestContext, Page } from '@playwright/test';

import arAdmin from '../src/i18n/locales/ar/admin.json';
import arAuth from '../src/i18n/locales/ar/auth.json';
import arCatalog from '../src/i18n/locales/ar/catalog.json';
import arCheckout from '../src/i18n/locales/ar/checkout.json';
import arShell from '../src/i18n/locales/ar/shell.json';
import arShop from '../src/i18n/locales/ar/shop.json';
import enAdmin from '../src/i18n/locales/en/admin.json';
import enAuth from '../src/i18n/locales/en/auth.json';
import enCatalog from '../src/i18n/locales/en/catalog.json';
import enCheckout from '../src/i18n/locales/en/checkout.json';
import enShell from '../src/i18n/locales/en/shell.json';
import enShop from '../src/i18n/locales/en/shop.json';
import { expect, fill, openIn, plainProducts, test, uniqueEmail } from './fixtures';

type Language = 'en' | 'ar';
const TEXTS = {
  en: {
    admin: enAdmin,
    auth: enAuth,
    catalog: enCatalog,
    checkout: enCheckout,
    shell: enShell,
    shop: enShop,
  },
  ar: {
    admin: arAdmin,
    auth: arAuth,
    catalog: arCatalog,
    checkout: arCheckout,
    shell: arShell,
    shop: arShop,
  },
};
const OWNER = { email: 'owner@shop.test', password: 'Owner@12345' };

/** What the mails say, as server/mails/texts.ts words them. */
const SUBJECTS = {
  en: {
    received: (id: number) => `We received your order #${id}`,
    paid: (id: number) => `Your receipt for order #${id}`,
    delivered: (id: number) => `Your order #${id} was delivered`,
  },
  ar: {
    received: (id: number) => `استلمنا طلبك رقم ${id}`,
    paid: (id: number) => `إيصال طلبك رقم ${id}`,
    delivered: (id: number) => `تم توصيل طلبك رقم ${id}`,
  },
};

interface Mail {
  subject: string;
  text: string;
  html: string | null;
}

/** The newest mail to `email` whose subject matches, read from the dev mailbox (waits for it to arrive). */
async function readMail(request: APIRequestContext, email: string, subject: RegExp | string): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
        const { messages } = (await response.json()) as { messages: Mail[] };
        found = messages.find((mail) =>
          typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject),
        );
        return found?.subject;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return found as Mail;
}

function expectDirection(mail: Mail, language: Language) {
  expect(mail.html).toMatch(new RegExp(`<html[^>]*dir="${language === 'ar' ? 'rtl' : 'ltr'}"`));
  expect(mail.html).toMatch(new RegExp(`<html[^>]*lang="${language}"`));
}

async function logIn(page: Page, language: Language) {
  const { shell, auth } = TEXTS[language];
  await openIn(page, '/', language);
  const toggler = page.locator('.navbar-toggler');
  if (await toggler.isVisible()) await toggler.click();
  await page.getByRole('button', { name: shell.nav.account, exact: true }).click();
  await page.getByRole('button', { name: shell.nav.login, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(auth.fields.email, { exact: true }).fill(OWNER.email);
  await dialog.getByLabel(auth.fields.password, { exact: true }).fill(OWNER.password);
  await dialog.getByRole('button', { name: auth.login.submit, exact: true }).click();
  await expect(dialog).toBeHidden();
}

for (const language of ['en', 'ar'] as const) {
  const t = TEXTS[language];
  const subjects = SUBJECTS[language];

  test(`${language}: a guest's order from placed to delivered, each mail read in the dev mailbox`, async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const products = await plainProducts(request, language);
    const product = products[language === 'en' ? 2 : 3] ?? products[0];
    if (!product) throw new Error('no plain product in the seed');
    const email = uniqueEmail(`mails.${language}`);

    // The guest orders in the shop's language.
    await openIn(page, `/product/${product.id}`, language);
    await page.getByRole('button', { name: t.catalog.product.add_to_cart, exact: true }).click();
    await expect(page.getByTestId('cart-count')).toHaveText(/^[1-9]\d*$/);
    await openIn(page, '/cart', language);
    const governorate = page.getByLabel(t.shop.shipping.governorate, { exact: true });
    await expect(governorate.locator('option')).not.toHaveCount(1);
    await governorate.selectOption({ index: 1 });
    const area = page.getByLabel(t.shop.shipping.area, { exact: true });
    await expect(area).toBeEnabled();
    await area.selectOption({ index: 1 });
    await page.getByLabel(t.shop.shipping.address, { exact: true }).fill('Block 5, Street 20, House 7');
    await page.getByRole('link', { name: t.shop.cart.summary.checkout }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await page.getByLabel(t.checkout.guest.email, { exact: true }).fill(email);
    await page.getByRole('textbox', { name: t.checkout.guest.phone, exact: true }).fill('55512345');
    await page.getByRole('button', { name: t.checkout.submit, exact: true }).click();
    await expect(page).toHaveURL(/\/pay\/sandbox\//);
    const paymentLink = page.url();

    // Received: in the order's language, with the payment link the shopper is on now.
    const received = await readMail(
      request,
      email,
      new RegExp(`^${subjects.received(0).replace('0', '(\\d+)')}$`),
    );
    const orderId = Number(/(\d+)/.exec(received.subject)?.[1]);
    expect(received.subject).toBe(subjects.received(orderId));
    expectDirection(received, language);
    expect(received.text).toContain(paymentLink);
    expect(received.html).toContain(`href="${paymentLink}"`);
    expect(received.text).toContain(product.name);

    // Paid: the receipt, without the payment link.
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await expect(page.getByRole('heading', { name: t.checkout.result.paid_title })).toBeVisible();
    const receipt = await readMail(request, email, subjects.paid(orderId));
    expectDirection(receipt, language);
    expect(receipt.text).not.toContain(paymentLink);

    // The owner marks it delivered in the back office.
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const owner = await context.newPage();
    await logIn(owner, language);
    await openIn(owner, `/admin/orders/${orderId}`, language);
    await expect(
      owner.getByRole('heading', { name: fill(t.admin.order.title, { id: orderId }) }),
    ).toBeVisible();
    await owner.getByTestId('deliver-order').click();
    await expect(owner.getByText(fill(t.admin.order.delivered, { id: orderId }))).toBeVisible();
    await context.close();

    // Delivered: the link to rate the product opens it, in the same language.
    const done = await readMail(request, email, subjects.delivered(orderId));
    expectDirection(done, language);
    const rateLink = new RegExp(`https?://[^\\s"]+/product/${product.id}\\?lng=${language}`).exec(
      done.text,
    )?.[0];
    expect(rateLink).toBeTruthy();
    expect(done.html).toContain(`href="${rateLink}"`);
    await page.goto(new URL(rateLink as string).pathname + new URL(rateLink as string).search);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('heading', { name: product.name }).first()).toBeVisible();
  });
}

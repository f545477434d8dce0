import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export { expect };

export const DEMO_SHOPPER = { email: 'demo@shop.test', password: 'Demo@12345' };

interface Fixtures {
  /** Console errors and uncaught exceptions of the page; the test fails when any appear. */
  consoleErrors: string[];
}

/**
 * Waits until the page answers input. A page the server rendered shows its buttons before the shop's code has
 * taken them over, or rendered its own (`<html data-page-ready>`, set by src/shell/RouteBoundary.tsx); a click
 * before that is lost, as it would be for a shopper. A page without the server's markup is usable as it appears.
 */
export async function untilUsable(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () =>
        !document.getElementById('shop-first-render') ||
        document.documentElement.dataset.pageReady === 'true',
      null,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
}

/** Every load of this page (goto, reload) waits until the page is usable. */
export function loadsUntilUsable(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await untilUsable(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await untilUsable(page);
    return response;
  };
  return page;
}

export const test = base.extend<Fixtures>({
  page: async ({ page }, provide) => {
    await provide(loadsUntilUsable(page));
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      page.on('console', (message) => {
        // A failed call the test provoked on purpose is logged by the browser as a resource error; not a bug.
        if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
          errors.push(message.text());
      });
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

/** Opens a path in a language the way a shopper's link would (?lng=). */
export async function openIn(page: Page, path: string, language: 'en' | 'ar') {
  const url = new URL(path, 'http://placeholder');
  url.searchParams.set('lng', language);
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

/** The newest code mailed to an address, read from the server's dev mailbox (waits for it to arrive). */
export async function readMailCode(request: APIRequestContext, email: string, after?: Date): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/mail?to=${encodeURIComponent(email)}`);
        const body = (await response.json()) as { messages: { code?: string | null; created_at: string }[] };
        code =
          body.messages.find((m) => m.code && (!after || new Date(m.created_at) >= after))?.code ?? undefined;
        return code;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return code as string;
}

/** A unique e-mail per test run, so journeys never collide on a reused database. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** A registered and verified account (through the dev mailbox), for journeys that sign in as a new shopper. */
export async function createAccount(
  request: APIRequestContext,
  prefix: string,
  password: string,
): Promise<string> {
  const email = uniqueEmail(prefix);
  const registered = await request.post('/api/register', {
    data: {
      name: prefix,
      email,
      password,
      password_confirmation: password,
      phone_code: '+965',
      phone_number: '55512345',
      nationality: 16,
    },
  });
  expect(registered.status()).toBe(201);
  const code = await readMailCode(request, email);
  expect((await request.post('/api/verify-code', { data: { email, code } })).ok()).toBe(true);
  return email;
}

/**
 * Waits until the page's entrance animations and transitions (a toast sliding in, a dialog fading in) are over:
 * colours axe measures mid-animation are a blend of two layers no shopper reads. Long ones (a toast's countdown
 * bar) are not waited for.
 */
export async function settleAnimations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' || Number(animation.effect?.getComputedTiming().duration) >= 2000,
      ),
  );
}

/** axe-core on the page as shown, once it has settled; serious and critical violations fail the journey. */
export async function expectAccessible(page: Page) {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The password of the accounts the journeys create. */
export const PASSWORD = 'Secret1!x';

/** A translation with its {{placeholders}} filled, as i18next shows it. */
export const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_m, key: string) => String(values[key] ?? ''));

/** A product as the seeded shop's API lists it (the parts the journeys read). */
export interface ApiProduct {
  id: number;
  name: string;
  stock_quantity: number;
  attributes: { attribute_name: string; sub_attributes: { name: string }[] }[];
}

/** Every product of the seeded shop, in the language's names. */
export async function seededProducts(
  request: APIRequestContext,
  language: 'en' | 'ar',
): Promise<ApiProduct[]> {
  const response = await request.get(`/api/categories${language === 'ar' ? '?lang=ar' : ''}`);
  return ((await response.json()) as { products: ApiProduct[] }[]).flatMap((category) => category.products);
}

/** Plain products (no size or colour) of the seeded shop with plenty of stock. */
export async function plainProducts(
  request: APIRequestContext,
  language: 'en' | 'ar',
): Promise<ApiProduct[]> {
  return (await seededProducts(request, language)).filter(
    (item) => item.stock_quantity > 20 && item.attributes.length === 0,
  );
}

export async function plainProduct(request: APIRequestContext, language: 'en' | 'ar'): Promise<ApiProduct> {
  const [product] = await plainProducts(request, language);
  if (!product) throw new Error('the seed lacks a plain product with stock');
  return product;
}

import path from 'node:path';

import { sql } from 'drizzle-orm';

import { executeRows } from '../db/client';
import { CATALOGUE_CHECK_MS } from '../lib/catalogueChanges';
import { FAKE_INDEX_HTML as INDEX_HTML, fakeSpaServer } from '../testing/fakeSpa';
import { manualClock } from '../testing/testApp';
import { pageRenderer, rendersOnServer, withRenderedPage } from './pageRenderer';

describe('which pages the server renders', () => {
  test('the public pages of a new visitor; never an account page; never a shopper with a state of their own', () => {
    for (const page of ['/', '/search', '/product/7', '/cart', '/all-categories', '/who-we-are', '/policy'])
      expect(rendersOnServer(page, undefined)).toBe(true);
    for (const page of ['/orders', '/profile', '/favorites', '/checkout', '/payment', '/no/such/page'])
      expect(rendersOnServer(page, undefined)).toBe(false);
    // Other spellings of a public page are rendered by the browser: no endless supply of addresses to render.
    for (const page of ['/search/', '/Search', '/search/x/y', '/product/7/more', '/cart/' + 'x'.repeat(100)])
      expect(rendersOnServer(page, undefined)).toBe(false);
    expect(rendersOnServer('/', 'i18next=ar; shop_personal=1')).toBe(false);
    expect(rendersOnServer('/', 'shop_personal=0')).toBe(true);
  });

  test('the markup goes into #root, its data into an inert JSON block, and the scripts stay as they are', () => {
    const html = withRenderedPage(INDEX_HTML, {
      html: '<p>hello</p>',
      page: { personal: '</script><script>alert(1)</script>', answers: {} },
    });
    expect(html).toContain('<div id="root"><p>hello</p></div>');
    expect(html).toContain('<script type="application/json" id="shop-first-render">');
    // Nothing in the data can close the block.
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>\\u003cscript>alert(1)\\u003c/script>');
    // The page's code downloads with it, to hydrate it.
    expect(html).toContain('<link rel=preload as=script href=/js/app.1111111111.js>');
    expect(html).toContain('<script defer src=/js/main.2222222222.js></script>');
  });
});

describe('the page renderer', () => {
  const server = fakeSpaServer();

  const renderOf = (html: string | undefined) => Number(/data-render="(\d+)"/.exec(html ?? '')?.[1]);
  /** Without a server answer to wait for, a stale page's new render starts on the next turn of the event loop. */
  const answerSent = () => new Promise((turned) => setImmediate(turned));

  test('reaches the API in process and keeps a page 10 s, then serves it while rendering it again, 5 minutes at most', async () => {
    let clock = 0;
    const render = pageRenderer(server.t.app, server.spaDir, { now: () => clock });
    if (!render) throw new Error('the renderer should load');
    const first = await render('/search?lng=ar', 'ar');
    expect(first?.html).toContain('<h1>ar /search?lng=ar ok</h1>');
    const number = renderOf(first?.html);
    clock = 9_000;
    expect(renderOf((await render('/search?lng=ar', 'ar'))?.html)).toBe(number);
    // Older than 10 s: the kept page answers at once, a new render starts behind it once the answer is out.
    clock = 15_000;
    expect(renderOf((await render('/search?lng=ar', 'ar'))?.html)).toBe(number);
    await answerSent();
    clock = 16_000;
    expect(renderOf((await render('/search?lng=ar', 'ar'))?.html)).toBe(number + 1);
    // A quiet spell of minutes: the kept page still answers at once while it is rendered again.
    clock = 200_000;
    expect(renderOf((await render('/search?lng=ar', 'ar'))?.html)).toBe(number + 1);
    await answerSent();
    clock = 201_000;
    expect(renderOf((await render('/search?lng=ar', 'ar'))?.html)).toBe(number + 2);
    // Older than five minutes: not served any more.
    clock = 600_000;
    expect(renderOf((await render('/search?lng=ar', 'ar'))?.html)).toBe(number + 3);
    // Each language and address is its own page.
    expect((await render('/search?lng=ar', 'en'))?.html).toContain('<h1>en ');
  });

  test('a kept page is not served into a new day: coupons start and end at midnight UTC, with nothing written', async () => {
    const DAY_MS = 86_400_000;
    let clock = 20 * DAY_MS - 60_000;
    const render = pageRenderer(server.t.app, server.spaDir, { now: () => clock });
    if (!render) throw new Error('the renderer should load');
    const number = renderOf((await render('/search?q=midnight', 'en'))?.html);
    clock = 20 * DAY_MS - 55_000;
    expect(renderOf((await render('/search?q=midnight', 'en'))?.html)).toBe(number);
    // A minute old, well inside five minutes, but rendered yesterday: a coupon it lists may have ended at midnight.
    clock = 20 * DAY_MS;
    expect(renderOf((await render('/search?q=midnight', 'en'))?.html)).toBe(number + 1);
    clock = 20 * DAY_MS + 1_000;
    expect(renderOf((await render('/search?q=midnight', 'en'))?.html)).toBe(number + 1);
  });

  test('a kept page past its fresh time is rendered again after the answer that served it, once', async () => {
    let clock = 0;
    const render = pageRenderer(server.t.app, server.spaDir, { now: () => clock });
    if (!render) throw new Error('the renderer should load');
    const number = renderOf((await render('/search?q=later', 'en'))?.html);
    clock = 15_000;
    const refreshes: (() => void)[] = [];
    const whenSent = (refresh: () => void) => {
      refreshes.push(refresh);
    };
    expect(renderOf((await render('/search?q=later', 'en', undefined, whenSent))?.html)).toBe(number);
    // The first answer is not out yet: nothing was started (a render would have replaced the kept page).
    expect(renderOf((await render('/search?q=later', 'en', undefined, whenSent))?.html)).toBe(number);
    expect(refreshes).toHaveLength(2);
    refreshes[0]?.();
    refreshes[1]?.();
    expect(renderOf((await render('/search?q=later', 'en', undefined, whenSent))?.html)).toBe(number + 1);
  });

  test('a kept page is rendered again only within the limit of the client whose request served it', async () => {
    let clock = 0;
    const render = pageRenderer(server.t.app, server.spaDir, { now: () => clock });
    if (!render) throw new Error('the renderer should load');
    const number = renderOf((await render('/search?q=limited', 'en'))?.html);
    clock = 15_000;
    // A client over its renders: the kept page is still sent, and nothing is rendered on its account.
    const refused = () => Promise.resolve(false);
    expect(renderOf((await render('/search?q=limited', 'en', refused))?.html)).toBe(number);
    await answerSent();
    await answerSent();
    expect(renderOf((await render('/search?q=limited', 'en', refused))?.html)).toBe(number);
    await answerSent();
    await answerSent();
    // A client within its limit: the page is rendered again behind its answer.
    expect(renderOf((await render('/search?q=limited', 'en'))?.html)).toBe(number);
    await answerSent();
    await answerSent();
    expect(renderOf((await render('/search?q=limited', 'en'))?.html)).toBe(number + 1);
  });

  test('staff changing the catalogue drops every kept page: the next request renders it again', async () => {
    const render = pageRenderer(server.t.app, server.spaDir, { now: () => 0 });
    if (!render) throw new Error('the renderer should load');
    const number = renderOf((await render('/search?q=kept', 'en'))?.html);
    expect(renderOf((await render('/search?q=kept', 'en'))?.html)).toBe(number);
    server.t.app.deps.catalogue.changed();
    expect(renderOf((await render('/search?q=kept', 'en'))?.html)).toBe(number + 1);
  });

  test('a page that fails to render is sent without markup, and tried again next time', async () => {
    const render = pageRenderer(server.t.app, server.spaDir);
    expect(await render?.('/search?fail=1', 'en')).toBeNull();
    expect(await render?.('/search?fail=1', 'en')).toBeNull();
  });

  test('two renders at most at once: a third new page goes out without markup instead of waiting', async () => {
    const render = pageRenderer(server.t.app, server.spaDir);
    const first = render?.('/search?slow=1', 'en');
    const second = render?.('/search?slow=2', 'en');
    expect(await render?.('/search?q=third', 'en')).toBeNull();
    const held = globalThis as { releaseSlowPages?: (() => void)[] };
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (const release of held.releaseSlowPages ?? []) release();
    expect((await first)?.html).toContain('slow=1');
    expect((await second)?.html).toContain('slow=2');
    expect((await render?.('/search?q=third', 'en'))?.html).toContain('q=third');
  });

  test('keeps a bounded number of pages, the least recently asked for going first', async () => {
    const render = pageRenderer(server.t.app, server.spaDir, { maxPages: 20 });
    if (!render) throw new Error('the renderer should load');
    const popular = renderOf((await render('/search?q=popular', 'en'))?.html);
    for (let index = 0; index < 100; index += 1) {
      await render(`/search?q=${Math.random().toString(36).slice(2)}`, 'en');
      expect(render.cachedPages()).toBeLessThanOrEqual(20);
      // Asked for all along: never the one to go.
      if (index % 5 === 0) expect(renderOf((await render('/search?q=popular', 'en'))?.html)).toBe(popular);
    }
    expect(render.cachedPages()).toBe(20);
  });

  test('a render the client may not have sends the page without markup; a page in memory is not counted', async () => {
    const render = pageRenderer(server.t.app, server.spaDir);
    if (!render) throw new Error('the renderer should load');
    let asked = 0;
    const refuse = () => {
      asked += 1;
      return Promise.resolve(false);
    };
    expect(await render('/search?q=limited', 'en', refuse)).toBeNull();
    expect(asked).toBe(1);
    expect(render.cachedPages()).toBe(0);
    await render('/search?q=kept', 'en');
    expect((await render('/search?q=kept', 'en', refuse))?.html).toContain('q=kept');
    expect(asked).toBe(1);
  });

  test('a build without the renderer renders nothing on the server', () => {
    expect(pageRenderer(server.t.app, path.join(server.spaDir, 'nowhere'))).toBeNull();
  });
});

describe('the page renderer beside other writers', () => {
  const clock = manualClock();
  const server = fakeSpaServer({ config: { now: clock.now } });
  const renderOf = (html: string | undefined) => Number(/data-render="(\d+)"/.exec(html ?? '')?.[1]);

  test("another writer's catalogue change drops the kept pages before one is served, however young", async () => {
    const render = pageRenderer(server.t.app, server.spaDir, { now: () => clock.now().getTime() });
    if (!render) throw new Error('the renderer should load');
    const number = renderOf((await render('/search?q=elsewhere', 'en'))?.html);
    clock.advance(CATALOGUE_CHECK_MS);
    expect(renderOf((await render('/search?q=elsewhere', 'en'))?.html)).toBe(number);
    // What any committed catalogue write does (migration 015), here from outside this process.
    await executeRows(server.t.db, sql`UPDATE catalogue_versions SET version = version + 1 WHERE slot = 0`);
    clock.advance(CATALOGUE_CHECK_MS);
    expect(renderOf((await render('/search?q=elsewhere', 'en'))?.html)).toBe(number + 1);
  });

  test('a coupon or slide written elsewhere (another instance, SQL) drops them too', async () => {
    const render = pageRenderer(server.t.app, server.spaDir, { now: () => clock.now().getTime() });
    if (!render) throw new Error('the renderer should load');
    const number = renderOf((await render('/', 'en'))?.html);
    clock.advance(CATALOGUE_CHECK_MS);
    expect(renderOf((await render('/', 'en'))?.html)).toBe(number);
    // Written as a script or another instance writes it: nothing in this process is told (migration 025's trigger).
    await executeRows(
      server.t.db,
      sql`INSERT INTO sliders (title_en, title_ar, image, image2) VALUES ('Eid', 'العيد', 'a.svg', 'b.svg')`,
    );
    clock.advance(CATALOGUE_CHECK_MS);
    const afterSlides = renderOf((await render('/', 'en'))?.html);
    expect(afterSlides).toBe(number + 1);
    await executeRows(
      server.t.db,
      sql`INSERT INTO coupons (code, discount, end_date) VALUES ('EID10', 10, '2099-01-01')`,
    );
    clock.advance(CATALOGUE_CHECK_MS);
    expect(renderOf((await render('/', 'en'))?.html)).toBe(afterSlides + 1);
  });
});

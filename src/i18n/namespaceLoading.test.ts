import { freshI18n } from '../testing/freshI18n';

describe("a page's texts asked for before the texts start", () => {
  afterEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  // The browser's boot asks for the page's code and texts first, to fetch them beside the language's texts; i18next
  // answers a namespace asked for before its init at once, with nothing loaded.
  it.each(['en', 'ar'] as const)('resolve once they are loaded (%s)', async (language) => {
    window.history.replaceState(null, '', `/search?lng=${language}`);
    const { i18n, initI18n, loadNamespace, loadShopTexts } = freshI18n();
    const searchTexts = loadNamespace('search');
    const shopTexts = loadShopTexts();
    await expect(initI18n()).resolves.toBe(language);
    await searchTexts;
    await shopTexts;
    expect(i18n.hasLoadedNamespace('search')).toBe(true);
    expect(i18n.hasLoadedNamespace('shop')).toBe(true);
    expect(i18n.exists('catalog.search.title', { ns: 'search' })).toBe(true);
  });

  it('after the start, load as before', async () => {
    const { i18n, initI18n, loadNamespace } = freshI18n();
    await initI18n();
    await loadNamespace('product');
    expect(i18n.hasLoadedNamespace('product')).toBe(true);
  });
});

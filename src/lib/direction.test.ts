import { applyDocumentLanguage } from './direction';

describe('the document’s language and direction', () => {
  afterEach(() => {
    document.documentElement.lang = 'en';
    document.documentElement.dir = 'ltr';
  });

  it('sets lang and dir for the language', async () => {
    await applyDocumentLanguage('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    await applyDocumentLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(document.documentElement.dir).toBe('ltr');
  });

  // The server's page already says its language: writing the same lang and dir again made Chromium recompute the
  // whole page's style and layout (~2 ms at full speed, 4x that on the phone row) just before hydration.
  it('leaves them alone when the page already says them', async () => {
    document.documentElement.lang = 'ar';
    document.documentElement.dir = 'rtl';
    const writes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => writes.push(...records));
    observer.observe(document.documentElement, { attributes: true });
    await applyDocumentLanguage('ar');
    writes.push(...observer.takeRecords());
    observer.disconnect();
    expect(writes).toEqual([]);
  });
});

describe('the Bootstrap sheet of the language', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    document.documentElement.lang = 'en';
    document.documentElement.dir = 'ltr';
  });

  const carriedPage = () => {
    document.head.innerHTML =
      '<meta name="bootstrap-css" data-ltr="/css/bootstrap-ltr.1a1791df.css" data-rtl="/css/bootstrap-rtl.91f4da92.css">' +
      '<style data-href="/css/bootstrap-ltr.1a1791df.css" data-bootstrap="ltr">.btn{}</style>';
  };

  // The server's first page for a browser carries the sheet inline (server/plugins/inlineAssets.ts).
  it('finds the sheet the page carries inline and links nothing more', async () => {
    carriedPage();
    await applyDocumentLanguage('en');
    expect(document.head.querySelectorAll('link')).toHaveLength(0);
    expect(document.head.querySelector('style[data-bootstrap="ltr"]')).not.toBeNull();
  });

  it('a switch of language links the other sheet and drops the inline one once it has loaded', async () => {
    carriedPage();
    const switched = applyDocumentLanguage('ar');
    const link = document.head.querySelector<HTMLLinkElement>('link[data-bootstrap="rtl"]');
    expect(link?.getAttribute('href')).toBe('/css/bootstrap-rtl.91f4da92.css');
    // Still styled while the other sheet loads.
    expect(document.head.querySelector('style[data-bootstrap]')).not.toBeNull();
    link?.dispatchEvent(new Event('load'));
    await switched;
    expect(document.head.querySelector('style[data-bootstrap]')).toBeNull();
    expect(document.head.querySelectorAll('[data-bootstrap]')).toHaveLength(1);
  });
});

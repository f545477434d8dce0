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

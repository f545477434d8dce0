import { i18n } from '../i18n/i18n';
import { languageChanged } from './events';
import { syncLanguageWithStore } from './languageSync';
import { makeStore, type AppStore } from './store';

function addBootstrapMeta() {
  const meta = document.createElement('meta');
  meta.name = 'bootstrap-css';
  meta.dataset.ltr = '/css/bootstrap-ltr.1.css';
  meta.dataset.rtl = '/css/bootstrap-rtl.1.css';
  document.head.appendChild(meta);
  return meta;
}

const bootstrapLinks = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) =>
    l.getAttribute('href'),
  );

describe('the store decides the language', () => {
  let meta: HTMLMetaElement;
  beforeEach(() => {
    meta = addBootstrapMeta();
  });
  afterEach(async () => {
    meta.remove();
    document.head.querySelectorAll('link').forEach((l) => l.remove());
    await i18n.changeLanguage('en');
  });

  it('switching to Arabic sets i18next, <html lang dir> and only the RTL stylesheet', async () => {
    const store = makeStore();
    const stop = syncLanguageWithStore(store, i18n);
    store.dispatch(languageChanged('ar'));
    expect(i18n.language).toBe('ar');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('lang', 'ar');
    // jsdom never loads stylesheets: the new link is in, the old one leaves on load.
    document.head
      .querySelector<HTMLLinkElement>('link[data-bootstrap="rtl"]')
      ?.dispatchEvent(new Event('load'));
    expect(bootstrapLinks()).toEqual(['/css/bootstrap-rtl.1.css']);
    expect(i18n.t('shell.nav.cart')).toBe('السلة');
    stop();
  });

  it('follows the state, not the actions: a time-travel jump back restores English and LTR', () => {
    // Redux DevTools replaces the state without dispatching our events; a store whose state is swapped stands in.
    const real = makeStore();
    real.dispatch(languageChanged('ar'));
    const arabicState = real.getState();
    const englishState = makeStore().getState();
    let current = arabicState;
    const listeners: (() => void)[] = [];
    const timeTravellingStore = {
      getState: () => current,
      subscribe: (listener: () => void) => {
        listeners.push(listener);
        return () => undefined;
      },
    } as unknown as AppStore;

    syncLanguageWithStore(timeTravellingStore, i18n);
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    current = englishState;
    listeners.forEach((listener) => listener());
    expect(i18n.language).toBe('en');
    expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    expect(document.documentElement).toHaveAttribute('lang', 'en');
  });
});

import '@testing-library/jest-dom';

import { initI18nWithResources } from '../i18n/i18n';
import { allResources } from '../i18n/resources';
import { API, server } from './server';

window.__SHOP_CONFIG__ = { apiBaseUrl: API, contactEmail: 'support@gulfstore.example' };
initI18nWithResources(allResources, 'en');

// Unhandled requests fail the test: every call a component makes must be expected.
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
afterAll(() => server.close());

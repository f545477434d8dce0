import '@testing-library/jest-dom';

import { cleanup, configure } from '@testing-library/react';
import { toast } from 'react-toastify';

import { initI18nWithResources } from '../i18n/i18n';
import { allResources } from '../i18n/resources';
import { installMatchMedia } from './matchMedia';
import { API, server } from './server';

// jest-fixed-jsdom swaps in Node's FormData (for msw), which cannot read a jsdom <form>; React 19 builds one on
// every submit. This keeps Node's class and fills it from the form's named fields.
const NodeFormData = globalThis.FormData;
class FormDataFromForm extends NodeFormData {
  constructor(form?: HTMLFormElement) {
    super();
    if (!form) return;
    for (const element of Array.from(form.elements) as HTMLInputElement[]) {
      if (element.name && !element.disabled) this.append(element.name, element.value);
    }
  }
}
globalThis.FormData = FormDataFromForm as typeof FormData;

// CI machines are busy (two cores, the server suite alongside): lazy chunks and msw answers can take more than
// Testing Library's default 1 s to appear. Waiting longer never slows a passing test.
configure({ asyncUtilTimeout: 5000 });
// A project's testTimeout in jest.config.ts does not reach the tests; this does.
jest.setTimeout(20_000);

window.__SHOP_CONFIG__ = { apiBaseUrl: API, contactEmail: 'support@gulfstore.example' };
initI18nWithResources(allResources, 'en');
// jsdom has no layout; route changes scroll to the top.
window.scrollTo = () => undefined;
// jsdom has no media queries: a desktop screen unless a test installs another one.
installMatchMedia({ width: 1280 });
// Unhandled requests fail the test: every call a component makes must be expected. msw's own 'error' only prints
// and fails the request, which a component may well survive (a query's error state nobody looks at).
const unhandledRequests: string[] = [];
beforeAll(() =>
  server.listen({
    onUnhandledRequest: (request, print) => {
      unhandledRequests.push(`${request.method} ${request.url}`);
      print.error();
    },
  }),
);
afterEach(() => {
  // A toast sent after its test's container unmounted waits in react-toastify's queue for the next test's container.
  cleanup();
  toast.dismiss();
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  const unhandled = unhandledRequests.splice(0);
  if (unhandled.length)
    throw new Error(
      `No handler answered ${unhandled.join(', ')}: give the test a handler for each call it makes.`,
    );
});
afterAll(() => server.close());

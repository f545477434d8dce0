// The side effects listeners and base queries reach for (texts, toasts), handed to them through
// the store's `extra` argument so a test can pass fakes and read what they received.
import { i18n } from '../i18n/i18n';
import { notify } from '../lib/notify';

export type Notify = typeof notify;

export interface AppServices {
  /** A text of the current language (with its interpolation values and plural count). */
  t(key: string, options?: Record<string, unknown>): string;
  notify: Notify;
  /** Only the server's page renderer: its API's address and an in-process fetch (the browser uses /config.js). */
  api?: { baseUrl: string; fetch: typeof fetch };
}

export const appServices: AppServices = {
  t: (key, options) => i18n.t(key, options),
  notify,
};

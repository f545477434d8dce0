// The side effects listeners and base queries reach for (texts, toasts, browser storage), handed to them through
// the store's `extra` argument so a test can pass fakes and read what they received.
import { i18n } from '../i18n/i18n';
import { notify } from '../lib/notify';
import { readJson, writeJson } from '../lib/storage';

export type Notify = typeof notify;

export interface AppServices {
  /** A text of the current language. */
  t(key: string): string;
  notify: Notify;
  storage: {
    readJson<T>(area: 'local' | 'session', key: string): T | null;
    writeJson(area: 'local' | 'session', key: string, value: unknown): void;
  };
}

export const appServices: AppServices = {
  t: (key) => i18n.t(key),
  notify,
  storage: { readJson, writeJson },
};

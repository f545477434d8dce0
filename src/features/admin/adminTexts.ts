import { useTranslation } from 'react-i18next';

import { registerNamespace, NAMESPACE } from '../../i18n/i18n';

export const ADMIN_NAMESPACE = 'admin';

/**
 * The back office's `admin` namespace: a chunk per language, fetched with the back office's code, never with
 * the shop's.
 */
export const loadAdminTexts = () =>
  registerNamespace(ADMIN_NAMESPACE, (ar) =>
    (ar
      ? import(/* webpackChunkName: "locale-ar-admin" */ '../../i18n/locales/ar/admin.json')
      : import(/* webpackChunkName: "locale-en-admin" */ '../../i18n/locales/en/admin.json')
    ).then((module) => ({ admin: module.default })),
  );

/** The back office's texts (`admin.…`), with the shop's (`common.…`) behind them. */
export const useAdminT = () => useTranslation([ADMIN_NAMESPACE, NAMESPACE], { nsMode: 'fallback' });

import type { i18n as I18n } from 'i18next';

import { selectLanguage } from '../features/settings/settingsSlice';
import { applyDocumentLanguage } from '../lib/direction';
import type { AppStore } from './store';

/**
 * The store is the truth for the language: i18next, `<html lang dir>` and the stylesheet follow it. Because this
 * reads the state after every change (not the actions), Redux DevTools time travel switches the UI back too.
 */
export function syncLanguageWithStore(store: AppStore, i18n: I18n): () => void {
  let applied = selectLanguage(store.getState());
  void applyDocumentLanguage(applied);
  if (i18n.language !== applied) void i18n.changeLanguage(applied);
  return store.subscribe(() => {
    const language = selectLanguage(store.getState());
    if (language === applied) return;
    applied = language;
    void i18n.changeLanguage(language);
    void applyDocumentLanguage(language);
  });
}

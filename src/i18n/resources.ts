// Both languages at once: only for tests and tools. The app loads one language per chunk (see i18n.ts).
import ar from './locales/ar/index';
import en from './locales/en/index';

export const allResources = { en: { translation: en }, ar: { translation: ar } };

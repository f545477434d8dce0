type I18nModule = typeof import('../i18n/i18n');

/** A fresh copy of the i18n module (its own i18next instance), not the one the test setup started. */
export function freshI18n(): I18nModule {
  let module: I18nModule | undefined;
  jest.isolateModules(() => {
    module = jest.requireActual<I18nModule>('../i18n/i18n');
  });
  if (!module) throw new Error('i18n module not loaded');
  return module;
}

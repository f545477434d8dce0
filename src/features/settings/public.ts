// The settings feature's public face: the one file other features may import.
export {
  DEFAULT_CURRENCY,
  DEFAULT_LANGUAGE,
  selectCurrency,
  selectDirection,
  selectLanguage,
} from './settingsSlice';

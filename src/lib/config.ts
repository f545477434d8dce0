// Runtime configuration comes from /config.js (served by the API server or edited by the host), never from the
// bundle, so one build runs against any backend.
export interface ShopConfig {
  apiBaseUrl: string;
  googleClientId?: string;
  facebookAppId?: string;
  contactEmail?: string;
}

declare global {
  interface Window {
    __SHOP_CONFIG__?: Partial<ShopConfig>;
  }
}

const defaults: ShopConfig = { apiBaseUrl: '/api', contactEmail: 'support@gulfstore.example' };

export function getConfig(): ShopConfig {
  const runtime = typeof window === 'undefined' ? {} : (window.__SHOP_CONFIG__ ?? {});
  return {
    ...defaults,
    ...runtime,
    apiBaseUrl: (runtime.apiBaseUrl ?? defaults.apiBaseUrl).replace(/\/$/, ''),
  };
}

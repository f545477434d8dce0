// Runtime configuration comes from /config.js (served by the API server or edited by the host), never from the
// bundle, so one build runs against any backend.
export interface ShopConfig {
  apiBaseUrl: string;
  googleClientId?: string;
  facebookAppId?: string;
  contactEmail?: string;
  /**
   * The most pieces of one product a cart and an order may hold (the server's MAX_QUANTITY_PER_PRODUCT). Learnt
   * at run time like the rest: the operator sets it on the server, and a constant in the bundle would drift.
   */
  maxQuantityPerProduct: number;
}

declare global {
  interface Window {
    __SHOP_CONFIG__?: Partial<ShopConfig>;
  }
}

/** The server's default cap, for a /config.js that does not say (an older server, a hand-written file). */
export const DEFAULT_MAX_QUANTITY_PER_PRODUCT = 10;

const defaults: ShopConfig = {
  apiBaseUrl: '/api',
  contactEmail: 'support@gulfstore.example',
  maxQuantityPerProduct: DEFAULT_MAX_QUANTITY_PER_PRODUCT,
};

function positiveWhole(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : fallback;
}

/** The page renderer's stand-in for /config.js (no window on the server): what the server publishes there. */
let serverRuntime: Partial<ShopConfig> = {};

/** Server only: the configuration /config.js gives the browser, so a rendered page shows what its browser will. */
export function setServerConfig(runtime: Partial<ShopConfig>): void {
  // As /config.js's JSON: an unset value is left out, so the default applies as in the browser.
  serverRuntime = Object.fromEntries(
    Object.entries(runtime).filter(([, value]) => value !== undefined),
  ) as Partial<ShopConfig>;
}

export function getConfig(): ShopConfig {
  const runtime = typeof window === 'undefined' ? serverRuntime : (window.__SHOP_CONFIG__ ?? {});
  return {
    ...defaults,
    ...runtime,
    apiBaseUrl: (runtime.apiBaseUrl ?? defaults.apiBaseUrl).replace(/\/$/, ''),
    maxQuantityPerProduct: positiveWhole(runtime.maxQuantityPerProduct, defaults.maxQuantityPerProduct),
  };
}

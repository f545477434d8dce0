// Runtime configuration for a statically hosted SPA. The reference server answers /config.js itself from its
// environment (API_BASE_URL, GOOGLE_CLIENT_ID, FACEBOOK_APP_ID); edit this file when hosting dist/ elsewhere.
window.__SHOP_CONFIG__ = window.__SHOP_CONFIG__ || { apiBaseUrl: '/api' };

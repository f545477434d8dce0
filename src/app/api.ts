import { createAction } from '@reduxjs/toolkit';
import { buildCreateApi, coreModule, fetchBaseQuery, reactHooksModule } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

import { getConfig } from '../lib/config';
import type { AppServices } from './services';

export const API_TIMEOUT_MS = 10_000;

/** The part of the root state the base query reads; typed locally to keep api.ts free of a store import cycle. */
interface TokenState {
  auth: { token: string | null };
}

const queryOptions = {
  // The base URL is read per request so a runtime config (window.__SHOP_CONFIG__) always wins.
  baseUrl: '/',
  timeout: API_TIMEOUT_MS,
  prepareHeaders: (headers: Headers, { getState }: { getState: () => unknown }) => {
    headers.set('Accept', 'application/json');
    headers.set('Cache-Control', 'no-cache');
    const token = (getState() as TokenState).auth.token;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
};
const rawBaseQuery = fetchBaseQuery(queryOptions);

export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  object,
  FetchBaseQueryMeta
> = (args, api, extra) => {
  const services = api.extra as Partial<AppServices> | undefined;
  const base = services?.api?.baseUrl ?? getConfig().apiBaseUrl;
  const withBase = (url: string) => `${base}/${url.replace(/^\//, '')}`;
  const request = typeof args === 'string' ? withBase(args) : { ...args, url: withBase(args.url) };
  // The server's page renderer reaches its own API in process, through the fetch it hands over.
  const fetchFn = services?.api?.fetch;
  return (fetchFn ? fetchBaseQuery({ ...queryOptions, fetchFn }) : rawBaseQuery)(request, api, extra);
};

/**
 * The API slice's state as a server page carries it (anything else is not used). `never`: its exact type follows
 * from the endpoints the features inject, which this module cannot name; RTK Query reads only its entries.
 */
function isApiState(value: unknown, reducerPath: string): value is never {
  const state = value as {
    queries?: unknown;
    mutations?: unknown;
    provided?: unknown;
    config?: { reducerPath?: unknown };
  } | null;
  return (
    typeof state === 'object' &&
    state !== null &&
    typeof state.queries === 'object' &&
    typeof state.mutations === 'object' &&
    typeof state.provided === 'object' &&
    state.config?.reducerPath === reducerPath
  );
}

/** Only tags some endpoint provides or invalidates; a feature adds its own with its first endpoint that uses one. */
export const TAG_TYPES = [
  'Nationality',
  'About',
  'Slider',
  'Category',
  'Product',
  'BestSeller',
  'Coupon',
  'Review',
  'Cart',
  'Wishlist',
  'User',
  'Address',
  'Order',
  'Country',
  'Shipping',
  'Governorate',
  'Area',
  'Policy',
  'PaymentMethod',
] as const;
export type TagType = (typeof TAG_TYPES)[number];

/** Tags whose data does not depend on the language or currency (the account's own records). */
const UNLOCALISED_TAGS: ReadonlySet<string> = new Set(['User', 'Address']);

/** Tags whose data depends on the language or currency; refetched after a language/currency switch. */
export const LOCALISED_TAGS: TagType[] = TAG_TYPES.filter((tag) => !UNLOCALISED_TAGS.has(tag));

// On the server (no window) the hooks start their queries during render, so the page renderer can wait for the
// answers and render again with them; in the browser they start in effects, as usual.
const createApi = buildCreateApi(
  coreModule(),
  reactHooksModule({ unstable__sideEffectsInRender: typeof window === 'undefined' }),
);

/**
 * The answers a server-rendered page was rendered from (the API slice's fulfilled queries and their tags, embedded
 * in the HTML): the browser starts from them, so its first render is the page the HTML shows (RTK Query's
 * rehydration, see `extractRehydrationInfo`).
 */
export const serverPageLoaded = createAction<unknown>('app/serverPageLoaded');

/** The one API definition; features add their endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  extractRehydrationInfo: (action, { reducerPath }) =>
    serverPageLoaded.match(action) && isApiState(action.payload, reducerPath) ? action.payload : undefined,
  tagTypes: TAG_TYPES,
  // Back online, what is on screen is asked for again: it may have changed, or failed while offline.
  refetchOnReconnect: true,
  endpoints: () => ({}),
});

/** Reads `message` (and the first field error) from an error answer of the contract. */
export function errorMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const data = (error as { data?: unknown }).data;
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const message = (data as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return undefined;
}

/** A 422 answer's `errors` object → the first message per field. */
export function fieldErrors(error: unknown): Record<string, string> {
  const data = (error as { data?: { errors?: Record<string, unknown> } } | null)?.data;
  const result: Record<string, string> = {};
  if (!data?.errors || typeof data.errors !== 'object') return result;
  for (const [field, messages] of Object.entries(data.errors)) {
    const first = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string') result[field] = first;
  }
  return result;
}

/** The HTTP status of an RTK Query error (a number), or its kind ('FETCH_ERROR', 'TIMEOUT_ERROR' …). */
export function statusOf(error: unknown): number | string | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' || typeof status === 'string' ? status : undefined;
}

/** Why a call failed, as a shopper is told (the words live with src/ui/LoadFailed). */
export function failureReason(error: unknown): 'offline' | 'timeout' | 'failed' {
  const status = statusOf(error);
  if (status === 'TIMEOUT_ERROR') return 'timeout';
  if (status === 'FETCH_ERROR') return 'offline';
  return 'failed';
}

/** True when the error came without any answer from the server (offline, timeout, CORS). */
export function isNetworkError(error: unknown): boolean {
  const status = statusOf(error);
  return status === 'FETCH_ERROR' || status === 'TIMEOUT_ERROR';
}

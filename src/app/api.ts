import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { BaseQueryFn, FetchArgs, FetchBaseQueryError, FetchBaseQueryMeta } from '@reduxjs/toolkit/query';

import { getConfig } from '../lib/config';
import type { AppServices } from './services';

export const API_TIMEOUT_MS = 10_000;

/** The part of the root state the base query reads; typed locally to keep api.ts free of a store import cycle. */
interface TokenState {
  auth: { token: string | null };
}

const rawBaseQuery = fetchBaseQuery({
  // The base URL is read per request so a runtime config (window.__SHOP_CONFIG__) always wins.
  baseUrl: '/',
  timeout: API_TIMEOUT_MS,
  prepareHeaders: (headers, { getState }) => {
    headers.set('Accept', 'application/json');
    headers.set('Cache-Control', 'no-cache');
    const token = (getState() as TokenState).auth.token;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  },
});

const withApiBase: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  object,
  FetchBaseQueryMeta
> = (args, api, extra) => {
  const base = getConfig().apiBaseUrl;
  const withBase = (url: string) => `${base}/${url.replace(/^\//, '')}`;
  const request = typeof args === 'string' ? withBase(args) : { ...args, url: withBase(args.url) };
  return rawBaseQuery(request, api, extra);
};

/** An endpoint's `extraOptions`: where its calls keep their last good answer (see `baseQuery`). */
export interface StoredCopyOptions {
  /** The session-storage key of this call's answer (the request decides: language, currency, path); null: none. */
  storedCopy?: (request: FetchArgs) => string | null;
}

export interface AnswerMeta extends FetchBaseQueryMeta {
  /** The answer is the stored copy of an earlier call, served because this call failed. */
  fromStoredCopy?: boolean;
}

/**
 * The one "stored copy as fallback" for every endpoint that asks for it with `extraOptions.storedCopy`: a good
 * answer is kept in session storage under the call's key, and a failed call is answered with the kept copy when
 * there is one (marked `meta.fromStoredCopy`). Storage is reached through the store's services (`extra`).
 */
export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  StoredCopyOptions,
  AnswerMeta
> = async (args, api, extraOptions) => {
  const key = extraOptions?.storedCopy?.(typeof args === 'string' ? { url: args } : args) ?? null;
  const answer = await withApiBase(args, api, {});
  if (key === null) return answer;
  const { storage } = api.extra as AppServices;
  if (!answer.error) {
    storage.writeJson('session', key, answer.data);
    return answer;
  }
  const stored = storage.readJson<unknown>('session', key);
  if (stored === null) return answer;
  return { data: stored, meta: answer.meta && { ...answer.meta, fromStoredCopy: true } };
};

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

/** The one API definition; features add their endpoints with injectEndpoints. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
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

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

/** The server's page renderer calls its own API in process: one base query per such fetch. */
const serverBaseQueries = new WeakMap<typeof fetch, typeof rawBaseQuery>();
function baseQueryOf(services: Partial<AppServices> | undefined) {
  const fetchFn = services?.api?.fetch;
  if (!fetchFn) return rawBaseQuery;
  let query = serverBaseQueries.get(fetchFn);
  if (!query) {
    query = fetchBaseQuery({ ...queryOptions, fetchFn });
    serverBaseQueries.set(fetchFn, query);
  }
  return query;
}

const withApiBase: BaseQueryFn<
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
  return baseQueryOf(services)(request, api, extra);
};

/** Where a call keeps its last good answer, and for how long that copy answers without a call. */
export interface StoredCopyPlan {
  /** The session-storage key of this call's answer (the request decides: language, currency, path). */
  key: string;
  /** While the copy is younger than this, it answers without a call (a clock set back makes it stale). */
  freshForMs?: number;
  /** A copy of another shape (another build, a hand) is no copy. */
  accepts?: (data: unknown) => boolean;
}

/** An endpoint's `extraOptions`: where its calls keep their last good answer (see `baseQuery`). */
export interface StoredCopyOptions {
  /** A key, a plan, or null for a call that keeps no copy. */
  storedCopy?: (request: FetchArgs) => StoredCopyPlan | string | null;
}

export interface AnswerMeta extends Partial<FetchBaseQueryMeta> {
  /** The answer is the stored copy of an earlier call: fresh enough to skip the call, or this call failed. */
  fromStoredCopy?: boolean;
}

/** A copy with a freshness rule carries its time; one without is the bare answer. */
interface DatedCopy {
  storedAt: number;
  data: unknown;
}

const isDatedCopy = (value: unknown): value is DatedCopy =>
  typeof value === 'object' &&
  value !== null &&
  Number.isFinite((value as Partial<DatedCopy>).storedAt) &&
  'data' in value;

/**
 * The one "stored copy" for every endpoint that asks for it with `extraOptions.storedCopy`: a good answer is kept
 * in session storage under the call's key; a copy still fresh by its plan answers without a call; a failed call is
 * answered with the kept copy, however old (marked `meta.fromStoredCopy`). Storage and the clock are reached
 * through the store's services (`extra`).
 */
export const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  StoredCopyOptions,
  AnswerMeta
> = async (args, api, extraOptions) => {
  const request = typeof args === 'string' ? { url: args } : args;
  const planned = extraOptions?.storedCopy?.(request) ?? null;
  if (planned === null) return withApiBase(args, api, {});
  const plan = typeof planned === 'string' ? { key: planned } : planned;
  const { storage } = api.extra as AppServices;
  const readCopy = (): { data: unknown; storedAt: number | null } | null => {
    const stored = storage.readJson<unknown>('session', plan.key);
    let copy: { data: unknown; storedAt: number | null } | null = null;
    if (plan.freshForMs === undefined) copy = stored === null ? null : { data: stored, storedAt: null };
    else if (isDatedCopy(stored)) copy = stored;
    return copy && (plan.accepts?.(copy.data) ?? true) ? copy : null;
  };

  if (plan.freshForMs !== undefined) {
    const copy = readCopy();
    const age = copy?.storedAt == null ? -1 : Date.now() - copy.storedAt;
    if (copy && age >= 0 && age < plan.freshForMs) return { data: copy.data, meta: { fromStoredCopy: true } };
  }
  const answer = await withApiBase(args, api, {});
  if (!answer.error) {
    const kept = plan.freshForMs === undefined ? answer.data : { storedAt: Date.now(), data: answer.data };
    storage.writeJson('session', plan.key, kept);
    return answer;
  }
  const copy = readCopy();
  if (copy === null) return answer;
  return { data: copy.data, meta: { ...answer.meta, fromStoredCopy: true } };
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

// On the server (no window) the hooks start their queries during render, so the page renderer can wait for the
// answers and render again with them; in the browser they start in effects, as usual.
const createApi = buildCreateApi(
  coreModule(),
  reactHooksModule({ unstable__sideEffectsInRender: typeof window === 'undefined' }),
);

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

import { api } from '../../app/api';
import type { Area, Governorate } from './types';

/**
 * The governorates and areas are few and rarely change, and they are what the cart and checkout show of the
 * shopper's delivery choice (names, price): an answer stays for the visit, read again when a picker opens a minute
 * after it was answered (`SHIPPING_FRESH_SECONDS`).
 */
const KEEP_FOR_THE_VISIT = 24 * 60 * 60;
export const SHIPPING_FRESH_SECONDS = 60;

export const shippingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGovernorates: build.query<Governorate[], void>({
      query: () => 'governorates',
      transformResponse: (body: { data?: Governorate[] }) => body.data ?? [],
      providesTags: [{ type: 'Governorate', id: 'LIST' }],
      keepUnusedDataFor: KEEP_FOR_THE_VISIT,
    }),
    /** A governorate's areas with their shipping price in the shopper's currency. */
    getAreas: build.query<Area[], { governorateId: number; currency: string }>({
      query: ({ governorateId, currency }) => ({
        url: `governorates/${governorateId}/areas`,
        params: { currency_code: currency },
      }),
      transformResponse: (body: { areas?: Area[] }) => body.areas ?? [],
      providesTags: (_result, _error, { governorateId }) => [{ type: 'Area', id: governorateId }],
      keepUnusedDataFor: KEEP_FOR_THE_VISIT,
    }),
  }),
});

export const { useGetGovernoratesQuery, useGetAreasQuery } = shippingApi;

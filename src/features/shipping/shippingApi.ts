import { api } from '../../app/api';
import type { Area, Governorate } from './types';

export const shippingApi = api.injectEndpoints({
  endpoints: (build) => ({
    getGovernorates: build.query<Governorate[], void>({
      query: () => 'governorates',
      transformResponse: (body: { data?: Governorate[] }) => body.data ?? [],
      providesTags: [{ type: 'Governorate', id: 'LIST' }],
    }),
    /** A governorate's areas with their shipping price in the shopper's currency. */
    getAreas: build.query<Area[], { governorateId: number; currency: string }>({
      query: ({ governorateId, currency }) => ({
        url: `governorates/${governorateId}/areas`,
        params: { currency_code: currency },
      }),
      transformResponse: (body: { areas?: Area[] }) => body.areas ?? [],
      providesTags: (_result, _error, { governorateId }) => [{ type: 'Area', id: governorateId }],
    }),
  }),
});

export const { useGetGovernoratesQuery, useGetAreasQuery } = shippingApi;

import type { ContentPage, ContentPagesResponse } from '../../../contract/content';
import { api } from '../../app/api';

/** A refund or privacy policy: both languages in one answer (the page picks one). */
export type Policy = ContentPage;

export type PolicyKind = 'refund' | 'privacy';

const PATHS: Record<PolicyKind, string> = { refund: 'refunds', privacy: 'privacy_policies' };

export const policiesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPolicy: build.query<Policy | null, PolicyKind>({
      query: (kind) => PATHS[kind],
      // The page shows data[0]; the list may come bare or wrapped in `data`.
      transformResponse: (body: ContentPagesResponse | { data?: Policy[] }) =>
        (Array.isArray(body) ? body : (body.data ?? []))[0] ?? null,
      providesTags: (_result, _error, kind) => [{ type: 'Policy', id: kind }],
    }),
  }),
});

export const { useGetPolicyQuery } = policiesApi;

import type { About, AboutsResponse } from '../../../contract/content';
import { api } from '../../app/api';
import type { Language } from '../../app/events';

export type { About } from '../../../contract/content';

export const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAbouts: build.query<About[], { lang: Language }>({
      query: ({ lang }) => ({ url: 'abouts', params: lang === 'ar' ? { lang: 'ar' } : undefined }),
      transformResponse: (body: AboutsResponse) => (Array.isArray(body.data) ? body.data : []),
      providesTags: [{ type: 'About', id: 'LIST' }],
    }),
  }),
});

export const { useGetAboutsQuery } = contentApi;

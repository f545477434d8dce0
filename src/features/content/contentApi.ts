import { api } from '../../app/api';
import type { Language } from '../../app/events';
import { writeJson } from '../../lib/storage';

export interface About {
  id?: number;
  title?: string;
  body: string;
  image?: string | null;
}

export const aboutCacheKey = (lang: Language) => `aboutData_${lang}`;

export const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAbouts: build.query<About[], { lang: Language }>({
      query: ({ lang }) => ({ url: 'abouts', params: lang === 'ar' ? { lang: 'ar' } : undefined }),
      transformResponse: (body: { data?: About[] }) => (Array.isArray(body.data) ? body.data : []),
      providesTags: [{ type: 'About', id: 'LIST' }],
      // Spec 01 §7: the about text is cached per language in session storage and used when a call fails.
      async onQueryStarted({ lang }, { queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data[0]) writeJson('session', aboutCacheKey(lang), data[0]);
        } catch {
          // The component falls back to the cached copy.
        }
      },
    }),
  }),
});

export const { useGetAboutsQuery } = contentApi;

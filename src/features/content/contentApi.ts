import type { About, AboutsAnswer } from '../../../contract/content';
import { api } from '../../app/api';
import type { Language } from '../../app/events';

export type { About } from '../../../contract/content';

/** The about text's stored copy, per language, served when a later call fails. */
export const aboutCacheKey = (lang: Language) => `aboutData_${lang}`;

export const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAbouts: build.query<About[], { lang: Language }>({
      query: ({ lang }) => ({ url: 'abouts', params: lang === 'ar' ? { lang: 'ar' } : undefined }),
      transformResponse: (body: AboutsAnswer) => (Array.isArray(body.data) ? body.data : []),
      providesTags: [{ type: 'About', id: 'LIST' }],
      extraOptions: { storedCopy: ({ params }) => aboutCacheKey(params?.lang === 'ar' ? 'ar' : 'en') },
    }),
  }),
});

export const { useGetAboutsQuery } = contentApi;

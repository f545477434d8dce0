import { errorMessage } from '../../app/api';
import { useAppSelector } from '../../app/hooks';
import type { AppDispatch } from '../../app/store';
import type { Language } from '../../lib/language';
import { selectLanguage } from '../settings/public';
import { contentApi, useGetAboutsQuery } from './contentApi';

/** The about entry in the current language; a failed call again keeps the last answer on screen. */
export function useAbout() {
  const lang = useAppSelector(selectLanguage);
  const query = useGetAboutsQuery({ lang });
  const about = query.data?.[0] ?? null;
  return {
    about,
    isLoading: query.isLoading,
    error: query.isError && !about ? (errorMessage(query.error) ?? null) : null,
    failed: query.isError && !about,
  };
}

/**
 * Settles once the about entry is in the cache (already there, fetched, or failed): a part about to show it asks
 * first, so it does not show a placeholder where the server's markup showed the text.
 */
export async function aboutLoaded(dispatch: AppDispatch, lang: Language): Promise<void> {
  const request = dispatch(contentApi.endpoints.getAbouts.initiate({ lang }));
  try {
    await request;
  } finally {
    // The part's own query holds the answer from its first render on.
    request.unsubscribe();
  }
}

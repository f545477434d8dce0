import { useMemo } from 'react';

import { errorMessage } from '../../app/api';
import { useAppSelector } from '../../app/hooks';
import { readJson } from '../../lib/storage';
import { selectLanguage } from '../settings/public';
import { aboutCacheKey, useGetAboutsQuery, type About } from './contentApi';

/** The about entry in the current language, falling back to the session copy when the call fails. */
export function useAbout() {
  const lang = useAppSelector(selectLanguage);
  const query = useGetAboutsQuery({ lang });
  const cached = useMemo(() => readJson<About>('session', aboutCacheKey(lang)), [lang]);
  const about = query.data?.[0] ?? (query.isError ? cached : null) ?? null;
  return {
    about,
    isLoading: query.isLoading,
    error: query.isError && !about ? (errorMessage(query.error) ?? null) : null,
    failed: query.isError && !about,
  };
}

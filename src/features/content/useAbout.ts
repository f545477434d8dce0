import { errorMessage } from '../../app/api';
import { useAppSelector } from '../../app/hooks';
import { selectLanguage } from '../settings/public';
import { useGetAboutsQuery } from './contentApi';

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

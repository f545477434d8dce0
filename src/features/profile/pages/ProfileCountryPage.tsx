import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

import { currencyChanged } from '../../../app/events';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { notify } from '../../../lib/notify';
import { SkeletonBox } from '../../../ui/Skeleton';
import { selectCurrency, selectLanguage } from '../../settings/public';
import { ProfileLayout } from '../components/ProfileLayout';
import { useGetCountriesQuery } from '../profileApi';

/** Choosing a country sets the currency to its code (prices reload in it) and returns home. */
export default function ProfileCountryPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const selectId = useId();
  const language = useAppSelector(selectLanguage);
  const currency = useAppSelector(selectCurrency);
  const { data: countries = [], isLoading, isError, refetch } = useGetCountriesQuery();
  // docs/spec/01-shell-and-account.md §8 'error loading countries', also a toast
  // (docs/spec/02-shopping.md §8: error fetching countries).
  const loadFailed = t('auth.errors.error_loading_countries');
  useEffect(() => {
    if (isError) notify.error(loadFailed);
  }, [isError, loadFailed]);

  const choose = (id: string) => {
    const country = countries.find((candidate) => String(candidate.id) === id);
    if (!country) return;
    dispatch(currencyChanged(country.currency_code));
    notify.success(t('profile.country.saved', { currency: country.currency_code }));
    void navigate('/');
  };

  return (
    <ProfileLayout title={t('profile.country.title')}>
      <p className="text-body-secondary" data-testid="current-currency">
        {t('profile.country.current', { currency })}
      </p>
      {isLoading ? (
        <div role="status" aria-live="polite" style={{ maxInlineSize: '24rem' }}>
          <span className="visually-hidden">{t('common.loading')}</span>
          <SkeletonBox style={{ blockSize: '2.5rem' }} />
        </div>
      ) : isError ? (
        <div className="alert alert-danger d-flex align-items-center gap-2" role="alert">
          <span className="me-auto">{loadFailed}</span>
          <button type="button" className="btn btn-sm btn-danger" onClick={() => void refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : (
        <div style={{ maxInlineSize: '24rem' }}>
          <label htmlFor={selectId} className="form-label">
            {t('profile.country.label')}
          </label>
          <select
            id={selectId}
            className="form-select"
            defaultValue=""
            onChange={(event) => choose(event.target.value)}
          >
            <option value="" disabled>
              {t('profile.country.placeholder')}
            </option>
            {countries.map((country) => (
              <option key={country.id} value={country.id}>
                {(language === 'ar' ? country.name.ar : country.name.en) || country.name.en}
                {` (${country.currency_code})`}
              </option>
            ))}
          </select>
        </div>
      )}
    </ProfileLayout>
  );
}

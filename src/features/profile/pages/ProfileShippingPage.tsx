import { useTranslation } from 'react-i18next';

import { useAppSelector } from '../../../app/hooks';
import { formatDate } from '../../../lib/dates';
import { SkeletonBox } from '../../../ui/Skeleton';
import { selectLanguage } from '../../settings/public';
import { ProfileLayout } from '../components/ProfileLayout';
import { useGetShippingsQuery } from '../profileApi';

/** The shipping requests with id, date and details in the current language. */
export default function ProfileShippingPage() {
  const { t } = useTranslation();
  const lang = useAppSelector(selectLanguage);
  const { data: shippings = [], isLoading, isError, refetch } = useGetShippingsQuery({ lang });
  return (
    <ProfileLayout title={t('profile.shipping.title')}>
      {isLoading ? (
        <div role="status" aria-live="polite" data-testid="shipping-skeleton">
          <span className="visually-hidden">{t('common.loading')}</span>
          {[0, 1, 2].map((row) => (
            <SkeletonBox key={row} className="mb-2" style={{ blockSize: '4rem' }} />
          ))}
        </div>
      ) : isError ? (
        <div className="alert alert-danger d-flex align-items-center gap-2" role="alert">
          <span className="me-auto">{t('profile.shipping.load_failed')}</span>
          <button type="button" className="btn btn-sm btn-danger" onClick={() => void refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : shippings.length === 0 ? (
        <p className="text-body-secondary">{t('profile.shipping.empty')}</p>
      ) : (
        <ul className="list-unstyled d-grid gap-3">
          {shippings.map((shipping) => (
            <li key={shipping.id} className="card" data-testid="shipping-request">
              <div className="card-body">
                <dl className="row mb-0 small">
                  <dt className="col-4 col-sm-3">{t('profile.shipping.id')}</dt>
                  <dd className="col-8 col-sm-9">
                    <bdi>#{shipping.id}</bdi>
                  </dd>
                  <dt className="col-4 col-sm-3">{t('profile.shipping.date')}</dt>
                  <dd className="col-8 col-sm-9">{formatDate(new Date(shipping.created_at))}</dd>
                  <dt className="col-4 col-sm-3">{t('profile.shipping.details')}</dt>
                  <dd className="col-8 col-sm-9 mb-0" dir="auto" style={{ whiteSpace: 'pre-line' }}>
                    {lang === 'ar' ? shipping.details_ar : shipping.details_en}
                  </dd>
                </dl>
              </div>
            </li>
          ))}
        </ul>
      )}
    </ProfileLayout>
  );
}

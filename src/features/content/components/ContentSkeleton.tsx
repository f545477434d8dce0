import { useTranslation } from 'react-i18next';

import { SkeletonBox } from '../../../ui/Skeleton';

export function ContentSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" data-testid="content-skeleton">
      <span className="visually-hidden">{t('common.loading')}</span>
      <SkeletonBox className="mb-4" style={{ blockSize: '2rem', inlineSize: '50%' }} />
      {[100, 95, 90, 97, 60].map((width, index) => (
        <SkeletonBox key={index} className="mb-2" style={{ blockSize: '1rem', inlineSize: `${width}%` }} />
      ))}
    </div>
  );
}

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { useAppSelector } from '../../../app/hooks';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { selectLanguage } from '../../settings/public';
import { useGetPolicyQuery, type PolicyKind } from '../policiesApi';
import { ContentSkeleton } from './ContentSkeleton';
import { Paragraphs } from './Paragraphs';
import '../content.css';

const PAGE_TITLES: Record<PolicyKind, string> = {
  refund: 'content.policy.title',
  privacy: 'content.privacy.title',
};

/** Title and content in the current language as paragraphs; 'No Title' fallback; failure message. */
export function PolicyView({ kind }: { kind: PolicyKind }) {
  const { t } = useTranslation();
  const lang = useAppSelector(selectLanguage);
  const { data: policy, isLoading, isError, refetch } = useGetPolicyQuery(kind);
  const title = policy?.title?.[lang]?.trim() || t('content.no_title');
  const content = policy?.content?.[lang] ?? '';
  useDocumentTitle(policy ? title : t(PAGE_TITLES[kind]));
  useEffect(() => {
    if (isError) notify.error(t('content.failed_to_load_policy'), { toastId: `policy-${kind}-failed` });
    // Once per failure, not on every language switch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isError, kind]);

  return (
    <article className="container py-4 content-page" style={{ maxInlineSize: '52rem' }}>
      {isLoading ? (
        <ContentSkeleton />
      ) : isError && !policy ? (
        <>
          <h1 className="h3 mb-3">{t(PAGE_TITLES[kind])}</h1>
          <div className="alert alert-danger d-flex align-items-center gap-2" role="alert">
            <span className="me-auto">{t('content.failed_to_load_policy')}</span>
            <button type="button" className="btn btn-sm btn-danger" onClick={() => void refetch()}>
              {t('common.retry')}
            </button>
          </div>
        </>
      ) : (
        <>
          <h1 className="h3 mb-3" dir="auto">
            {title}
          </h1>
          <Paragraphs text={content} />
        </>
      )}
    </article>
  );
}

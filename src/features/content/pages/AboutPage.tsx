import { useTranslation } from 'react-i18next';

import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { ContentSkeleton } from '../components/ContentSkeleton';
import { Paragraphs } from '../components/Paragraphs';
import { useAbout } from '../useAbout';
import '../content.css';

/** Title, body and an optional image (the session copy stands in when the call fails). */
export default function AboutPage() {
  const { t } = useTranslation();
  const { about, isLoading, failed, error } = useAbout();
  const title = about?.title?.trim() || t('content.about.title');
  useDocumentTitle(title);
  return (
    <article className="container py-4 content-page" style={{ maxInlineSize: '52rem' }}>
      {isLoading && !about ? (
        <ContentSkeleton />
      ) : failed || !about ? (
        <>
          <h1 className="h3 mb-3">{t('content.about.title')}</h1>
          <div className="alert alert-danger" role="alert">
            {error ?? t('shell.footer.failed_to_load_content')}
          </div>
        </>
      ) : (
        <>
          <h1 className="h3 mb-3" dir="auto">
            {title}
          </h1>
          {about.image && (
            <img
              src={about.image}
              alt=""
              className="img-fluid rounded mb-3"
              style={{ maxBlockSize: '24rem', objectFit: 'cover', inlineSize: '100%' }}
            />
          )}
          <Paragraphs text={about.body} />
        </>
      )}
    </article>
  );
}

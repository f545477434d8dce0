import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useDocumentTitle } from '../ui/useDocumentTitle';

export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('common.not_found.title'));
  return (
    <section className="container py-5 text-center" aria-labelledby="not-found-title">
      <p className="display-1 fw-bold text-body-tertiary mb-0" aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className="h3">
        {t('common.not_found.title')}
      </h1>
      <p className="text-body-secondary">{t('common.not_found.body')}</p>
      <Link to="/" className="btn btn-primary">
        {t('common.not_found.back_home')}
      </Link>
    </section>
  );
}

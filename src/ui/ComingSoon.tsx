import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The body of a route whose screen belongs to a later issue: the shell around it is real. */
export function ComingSoon({ titleKey }: { titleKey?: string }) {
  const { t } = useTranslation();
  return (
    <section className="container py-5 text-center" aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title" className="h3">
        {titleKey ? t(titleKey) : t('common.coming_soon.title')}
      </h1>
      <p className="text-body-secondary">{t('common.coming_soon.body')}</p>
      <Link to="/" className="btn btn-primary">
        {t('common.coming_soon.back_home')}
      </Link>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useAbout } from '../features/content/useAbout';
import { getConfig } from '../lib/config';
import { truncateWords } from '../lib/text';
import { LazyContactForm } from './LazyContactForm';

export const ABOUT_WORDS = 20;

const PAYMENT_LOGOS = [
  { file: 'knet', name: 'K-Net' },
  { file: 'benefit', name: 'Benefit' },
  { file: 'google-pay', name: 'Google Pay' },
  { file: 'apple-pay', name: 'Apple Pay' },
  { file: 'amex', name: 'American Express' },
  { file: 'visa-mastercard', name: 'Visa / Mastercard' },
  { file: 'stc-pay', name: 'stc pay' },
  { file: 'mada', name: 'mada' },
] as const;

function AboutText() {
  const { t } = useTranslation();
  const { about, isLoading, failed, error } = useAbout();
  if (isLoading && !about)
    return (
      <p className="placeholder-glow mb-0">
        <span className="placeholder col-10" />
      </p>
    );
  if (failed)
    return (
      <p className="text-body-secondary small mb-0">{error ?? t('shell.footer.failed_to_load_content')}</p>
    );
  if (!about) return null;
  return (
    <p className="small mb-1" data-testid="footer-about">
      {truncateWords(about.body, ABOUT_WORDS)}{' '}
      <Link to="/who-we-are" className="text-decoration-underline">
        {t('shell.footer.read_more')}
      </Link>
    </p>
  );
}

export default function Footer() {
  const { t } = useTranslation();
  const contactEmail = getConfig().contactEmail;
  return (
    <footer className="site-footer bg-body-tertiary border-top mt-5 pt-4 pb-3">
      <div className="container-xl">
        <div className="row g-4">
          <section className="col-12 col-md-6 col-lg-3" aria-labelledby="footer-about-title">
            <h2 id="footer-about-title" className="h6 text-uppercase">
              {t('shell.footer.about_title')}
            </h2>
            <AboutText />
          </section>
          <nav className="col-6 col-md-3 col-lg-2" aria-labelledby="footer-links-title">
            <h2 id="footer-links-title" className="h6 text-uppercase">
              {t('shell.footer.links_title')}
            </h2>
            <ul className="list-unstyled small">
              <li className="mb-1">
                <Link to="/policy">{t('shell.footer.policy')}</Link>
              </li>
              <li className="mb-1">
                <Link to="/privacy">{t('shell.footer.privacy')}</Link>
              </li>
              <li className="mb-1">
                <Link to="/who-we-are">{t('shell.footer.who_we_are')}</Link>
              </li>
            </ul>
          </nav>
          <section className="col-6 col-md-3 col-lg-3" aria-labelledby="footer-location-title">
            <h2 id="footer-location-title" className="h6 text-uppercase">
              {t('shell.footer.location_title')}
            </h2>
            <p className="small mb-1">{t('shell.footer.location')}</p>
            {contactEmail && (
              <p className="small mb-0">
                {t('shell.footer.email_us')}:{' '}
                <a href={`mailto:${contactEmail}`} dir="ltr" className="footer-email">
                  {contactEmail}
                </a>
              </p>
            )}
          </section>
          <div className="col-12 col-lg-4">
            <LazyContactForm />
          </div>
        </div>
        <section className="mt-4" aria-labelledby="footer-payments-title">
          <h2 id="footer-payments-title" className="h6 text-uppercase">
            {t('shell.footer.payments_title')}
          </h2>
          <ul className="list-inline payment-logos mb-0">
            {PAYMENT_LOGOS.map((logo) => (
              <li key={logo.file} className="list-inline-item">
                <img
                  src={`/images/payments/${logo.file}.svg`}
                  alt={logo.name}
                  width="56"
                  height="36"
                  loading="lazy"
                />
              </li>
            ))}
          </ul>
        </section>
        <hr />
        <div className="d-flex flex-wrap justify-content-between small text-body-secondary gap-2">
          <span>{t('shell.footer.copyright', { year: new Date().getFullYear() })}</span>
          <span>{t('shell.footer.prices_note')}</span>
        </div>
      </div>
    </footer>
  );
}

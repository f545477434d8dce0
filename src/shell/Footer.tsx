import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import type { AppDispatch } from '../app/store';
import { aboutLoaded, useAbout } from '../features/content/useAbout';
import { getConfig } from '../lib/config';
import type { Language } from '../lib/language';
import { truncateWords } from '../lib/text';
import { FOOTER_CLASS } from './footerFrame';
import { LazyContactForm } from './LazyContactForm';

export const ABOUT_WORDS = 20;

/**
 * The payment methods' wordmarks, drawn in the page itself: as eight SVG pictures each was a document of its own
 * for the browser to load, parse and lay out (150 ms of a phone's main thread on a short page like the cart).
 */
const PAYMENT_LOGOS = [
  { name: 'K-Net', label: 'KNET', background: '#ffffff', color: '#0b5394', size: 12 },
  { name: 'Benefit', label: 'BENEFIT', background: '#e31e24', color: '#ffffff', size: 10 },
  { name: 'Google Pay', label: 'G Pay', background: '#ffffff', color: '#3c4043', size: 11 },
  { name: 'Apple Pay', label: 'Apple Pay', background: '#000000', color: '#ffffff', size: 9 },
  { name: 'American Express', label: 'AMEX', background: '#2e77bb', color: '#ffffff', size: 11 },
  { name: 'Visa / Mastercard', label: 'VISA | MC', background: '#ffffff', color: '#1a1f71', size: 9 },
  { name: 'stc pay', label: 'stc pay', background: '#4f008c', color: '#ffffff', size: 11 },
  { name: 'mada', label: 'mada', background: '#ffffff', color: '#259bd6', size: 13 },
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

/** An e-mail address that wraps after its @ or a dot in a narrow column, not inside a word. */
function BreakableEmail({ address }: { address: string }) {
  return (
    <>
      {address.split(/(?<=[@.])/).map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/**
 * The answers the footer shows, in the cache before it replaces the server's markup of it: that markup showed the
 * about text, which a footer still asking for it would swap for a placeholder.
 */
export function footerAnswersLoaded(dispatch: AppDispatch, language: Language): Promise<void> {
  return aboutLoaded(dispatch, language);
}

export default function Footer() {
  const { t } = useTranslation();
  const contactEmail = getConfig().contactEmail;
  return (
    <footer className={FOOTER_CLASS}>
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
                {/* Named by the address itself: some readers would speak the wrap points as pauses. */}
                <a
                  href={`mailto:${contactEmail}`}
                  dir="ltr"
                  className="footer-email"
                  aria-label={contactEmail}
                >
                  <BreakableEmail address={contactEmail} />
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
              <li key={logo.name} className="list-inline-item">
                <svg role="img" aria-label={logo.name} width="56" height="36" viewBox="0 0 56 36">
                  <rect
                    x="0.5"
                    y="0.5"
                    width="55"
                    height="35"
                    rx="5"
                    fill={logo.background}
                    stroke="#d0d5dd"
                  />
                  <text
                    x="28"
                    y="22"
                    textAnchor="middle"
                    fontSize={logo.size}
                    fontWeight="700"
                    fill={logo.color}
                  >
                    {logo.label}
                  </text>
                </svg>
              </li>
            ))}
          </ul>
        </section>
        <hr />
        <div className="d-flex flex-wrap justify-content-between small text-body-secondary gap-2">
          {/* A page rendered on the last evening of a year may be hydrated on the next one's first. */}
          <span suppressHydrationWarning>
            {t('shell.footer.copyright', { year: new Date().getFullYear() })}
          </span>
          <span>{t('shell.footer.prices_note')}</span>
        </div>
      </div>
    </footer>
  );
}

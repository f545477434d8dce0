import { lazy, Suspense } from 'react';

import { loadWhenOnline } from '../lib/loadWhenOnline';

import { useNearScreen } from '../ui/useNearScreen';

// formik and yup are only needed once a shopper reaches the form: they load when its place nears the screen,
// so opening a page never fetches them.
const ContactForm = lazy(() =>
  loadWhenOnline(() => import(/* webpackChunkName: "contact-form" */ './ContactForm')),
);

/** How far below the screen the form starts loading, so it is there by the time the shopper scrolls to it. */
const LOAD_AHEAD = '400px';

export function LazyContactForm() {
  const { place, near } = useNearScreen<HTMLDivElement>(LOAD_AHEAD);
  const placeholder = <div ref={place} className="contact-form-placeholder" aria-hidden="true" />;
  if (!near) return placeholder;
  return (
    <Suspense fallback={<div className="contact-form-placeholder" aria-hidden="true" />}>
      <ContactForm />
    </Suspense>
  );
}

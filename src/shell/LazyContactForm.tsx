import { lazy, Suspense } from 'react';

// formik and yup are only needed once a shopper scrolls to the footer: they stay out of the first JavaScript.
const ContactForm = lazy(() => import(/* webpackChunkName: "contact-form" */ './ContactForm'));

export function LazyContactForm() {
  return (
    <Suspense fallback={<div className="contact-form-placeholder" aria-hidden="true" />}>
      <ContactForm />
    </Suspense>
  );
}

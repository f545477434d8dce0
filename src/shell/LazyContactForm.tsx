import { lazy, Suspense, useEffect, useRef, useState } from 'react';

// formik and yup are only needed once a shopper reaches the form: they load when its place nears the screen,
// so opening a page never fetches them.
const ContactForm = lazy(() => import(/* webpackChunkName: "contact-form" */ './ContactForm'));

/** How far below the screen the form starts loading, so it is there by the time the shopper scrolls to it. */
const LOAD_AHEAD = '400px';

function useNearScreen() {
  const place = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (old browsers, tests) the form simply loads at once.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = place.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${LOAD_AHEAD} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return { place, near };
}

export function LazyContactForm() {
  const { place, near } = useNearScreen();
  const placeholder = <div ref={place} className="contact-form-placeholder" aria-hidden="true" />;
  if (!near) return placeholder;
  return (
    <Suspense fallback={<div className="contact-form-placeholder" aria-hidden="true" />}>
      <ContactForm />
    </Suspense>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAppSelector } from '../../../app/hooks';
import { selectLanguage } from '../../settings/public';
import { useGetSlidersQuery } from '../catalogApi';
import { SkeletonBox } from '../../../ui/Skeleton';
import { usePageSettled } from '../../../ui/useNearScreen';

export const SLIDE_INTERVAL_MS = 6000;
export const SLIDE_TRANSITION_MS = 500;

export function HomeSlider() {
  const { t } = useTranslation();
  const lang = useAppSelector(selectLanguage);
  const direction = lang === 'ar' ? 1 : -1;
  const { data: slides, isLoading, isError } = useGetSlidersQuery({ lang });
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const count = slides?.length ?? 0;
  // The later slides' pictures wait for the loaded page's first idle moment (or the shopper's move to another
  // slide): requested with the page (lazy pictures beside the screen load at once), they shared a phone's
  // bandwidth with the scripts that make the page answer a tap. The first change of slide is seconds away.
  const settled = usePageSettled();
  const laterPicturesWanted = settled || index > 0;

  useEffect(() => {
    if (count < 2 || paused) return;
    const timer = setInterval(() => setIndex((current) => (current + 1) % count), SLIDE_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count, paused]);

  if (isLoading) return <SkeletonBox className="home-slider mb-4" />;
  if (isError || !slides) {
    return (
      <p className="alert alert-warning" role="alert">
        {t('catalog.home.failed_to_load_slides')}
      </p>
    );
  }
  if (count === 0) return null;
  const current = Math.min(index, count - 1);
  return (
    <section
      className="home-slider mb-4"
      aria-roledescription="carousel"
      aria-label={t('catalog.home.slider_label')}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        className="home-slider__track"
        style={{
          transform: `translateX(${direction * current * 100}%)`,
          transitionDuration: `${SLIDE_TRANSITION_MS}ms`,
        }}
      >
        {slides.map((slide, position) => (
          <div
            className="home-slider__slide"
            key={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-label={t('catalog.home.slide_n', { n: position + 1, count })}
            aria-hidden={position !== current}
          >
            {(position === 0 || laterPicturesWanted) && (
              <picture>
                {slide.image2 && <source media="(max-width: 767.98px)" srcSet={slide.image2} />}
                <img
                  src={slide.image}
                  alt={slide.title}
                  width={1200}
                  height={400}
                  loading={position === 0 ? 'eager' : 'lazy'}
                  decoding="async"
                />
              </picture>
            )}
            {/* The title comes in the shopper's language; pictures carry no words (alt already names it). */}
            <p className="home-slider__caption" aria-hidden="true">
              {slide.title}
            </p>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="home-slider__dots">
          {slides.map((slide, position) => (
            <button
              key={slide.id}
              type="button"
              aria-label={t('catalog.home.go_to_slide', { n: position + 1 })}
              aria-current={position === current}
              onClick={() => setIndex(position)}
            />
          ))}
        </div>
      )}
    </section>
  );
}

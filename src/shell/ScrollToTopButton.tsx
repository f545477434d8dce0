import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export const SCROLL_TOP_THRESHOLD = 300;

export function ScrollToTopButton() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD);
    // The first read waits for the next frame: reading the scroll position forces a layout, which inside the
    // shell's first commit lengthened its longest task; at the frame the layout is due anyway.
    const frame = window.requestAnimationFrame(onScroll);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className="btn btn-primary rounded-circle shadow scroll-top"
      aria-label={t('shell.scroll_top')}
      title={t('shell.scroll_top')}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <span aria-hidden="true">↑</span>
    </button>
  );
}

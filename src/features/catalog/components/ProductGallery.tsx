import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { MAGNIFIER_BOX_PX, MAGNIFIER_LENS_PX } from '../productRules';

const MAIN_SIZE = 600;

function isTouchScreen(): boolean {
  return typeof window !== 'undefined' && !!window.matchMedia?.('(hover: none), (pointer: coarse)').matches;
}

interface Lens {
  x: number;
  y: number;
  /** the pointer's position inside the image, 0…1 */
  fx: number;
  fy: number;
}

/**
 * Main picture with a hover magnifier (a 160 px lens over the image and a 250 px zoom box beside it) and
 * thumbnails; on touch screens a tap zooms in place instead (spec 02 §2, issue 5).
 */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const { t } = useTranslation();
  const pictures = images.length ? images : ['/images/no-image.svg'];
  const [selected, setSelected] = useState(0);
  const [lens, setLens] = useState<Lens | null>(null);
  const [zoomed, setZoomed] = useState(false);
  const current = pictures[Math.min(selected, pictures.length - 1)] ?? pictures[0];
  const touch = isTouchScreen();

  const onMove = (event: MouseEvent<HTMLDivElement>) => {
    if (touch) return;
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    const fx = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    const fy = Math.min(1, Math.max(0, (event.clientY - box.top) / box.height));
    const half = MAGNIFIER_LENS_PX / 2;
    setLens({
      x: Math.min(Math.max(0, fx * box.width - half), Math.max(0, box.width - MAGNIFIER_LENS_PX)),
      y: Math.min(Math.max(0, fy * box.height - half), Math.max(0, box.height - MAGNIFIER_LENS_PX)),
      fx,
      fy,
    });
  };

  return (
    <div className="product-gallery">
      <div className="position-relative">
        <div
          className={`gallery-main${zoomed ? ' gallery-main--zoomed' : ''}`}
          onMouseMove={onMove}
          onMouseLeave={() => setLens(null)}
          onClick={() => touch && setZoomed((value) => !value)}
          data-testid="gallery-main"
        >
          <img
            src={current}
            alt={name}
            width={MAIN_SIZE}
            height={MAIN_SIZE}
            style={zoomed && lens ? { transformOrigin: `${lens.fx * 100}% ${lens.fy * 100}%` } : undefined}
            // React 18 knows only the lowercase attribute; the main picture is the page's largest paint.
            {...{ fetchpriority: 'high' }}
          />
          {lens && !touch && (
            <div
              className="gallery-lens d-none d-lg-block"
              data-testid="gallery-lens"
              style={{
                left: lens.x,
                top: lens.y,
                width: MAGNIFIER_LENS_PX,
                height: MAGNIFIER_LENS_PX,
              }}
            />
          )}
        </div>
        {lens && !touch && (
          <div
            className="gallery-zoom d-none d-lg-block"
            aria-hidden="true"
            data-testid="gallery-zoom"
            style={{
              height: MAGNIFIER_BOX_PX,
              width: MAGNIFIER_BOX_PX,
              backgroundImage: `url("${current}")`,
              backgroundSize: '250%',
              backgroundPosition: `${lens.fx * 100}% ${lens.fy * 100}%`,
            }}
          />
        )}
      </div>
      {touch && <p className="small text-body-secondary mt-1 mb-0">{t('catalog.product.tap_to_zoom')}</p>}
      {pictures.length > 1 && (
        <ul
          className="gallery-thumbs list-unstyled d-flex flex-wrap gap-2 mt-2"
          aria-label={t('catalog.product.thumbnails')}
        >
          {pictures.map((image, index) => (
            <li key={`${image}-${index}`}>
              <button
                type="button"
                aria-pressed={index === selected}
                aria-label={t('catalog.product.show_image', { n: index + 1 })}
                onClick={() => {
                  setSelected(index);
                  setZoomed(false);
                }}
              >
                <img src={image} alt="" width={64} height={64} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

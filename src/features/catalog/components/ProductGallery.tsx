import { useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { productPictureSrcSet } from '../../../../shared/productPictures';
import { ProductThumbnail } from '../../../ui/ProductThumbnail';
import { MAGNIFIER_BOX_PX, MAGNIFIER_LENS_PX } from '../productRules';

const MAIN_SIZE = 600;
/** The zoom box shows the lens' square enlarged to its own size. */
const ZOOM_SCALE = MAGNIFIER_BOX_PX / MAGNIFIER_LENS_PX;

/**
 * Asked when the shopper points or taps, never while rendering: the server knows no screen, and a render that
 * differed on a phone would not hydrate the server's page (React would render it anew). What the screen changes in
 * the markup is done in CSS (`.gallery-tap-hint`).
 */
function isTouchScreen(): boolean {
  return !!window.matchMedia?.('(hover: none), (pointer: coarse)').matches;
}

interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where the picture is drawn inside its element, in the element's pixels: the element is square and the picture
 * is fitted with object-fit: contain, so a wide or tall picture leaves bands that are not part of it.
 */
export function displayedPicture(image: HTMLImageElement): Rect {
  const box = image.getBoundingClientRect();
  const { naturalWidth, naturalHeight } = image;
  // Not decoded yet (or no layout to speak of): the element's box is the best guess.
  if (!naturalWidth || !naturalHeight) return { left: 0, top: 0, width: box.width, height: box.height };
  const fit = Math.min(box.width / naturalWidth, box.height / naturalHeight);
  const width = naturalWidth * fit;
  const height = naturalHeight * fit;
  return { left: (box.width - width) / 2, top: (box.height - height) / 2, width, height };
}

const clamp = (value: number, low: number, high: number) =>
  Math.min(Math.max(value, low), Math.max(low, high));

interface Lens {
  /** the lens' top-left corner inside the image element */
  x: number;
  y: number;
  /** the picture as displayed, measured when the pointer moved */
  picture: Rect;
}

/** Where the picture is scaled from when a tap zooms it: the tapped point, as fractions of the element. */
interface TapOrigin {
  fx: number;
  fy: number;
}

/**
 * Main picture with a hover magnifier (a 160 px lens over the image and a 250 px zoom box beside it showing
 * exactly what is under the lens) and thumbnails; on touch screens a tap zooms in place at the tapped point
 * instead (issue 5).
 */
export function ProductGallery({ images, name }: { images: string[]; name: string }) {
  const { t } = useTranslation();
  const pictures = images.length ? images : ['/images/no-image.svg'];
  const [selected, setSelected] = useState(0);
  const [lens, setLens] = useState<Lens | null>(null);
  const [tapOrigin, setTapOrigin] = useState<TapOrigin | null>(null);
  const imageRef = useRef<HTMLImageElement>(null);
  const current = pictures[Math.min(selected, pictures.length - 1)] ?? pictures[0];
  const zoomed = tapOrigin !== null;
  // A phone takes the 800 px copy of an uploaded picture; zoomed in place, the stored picture, finer, replaces it.
  const mainSrcSet = zoomed || !current ? undefined : productPictureSrcSet(current, { withStored: true });

  const onMove = (event: MouseEvent<HTMLDivElement>) => {
    const image = imageRef.current;
    if (!image || isTouchScreen()) return;
    const box = image.getBoundingClientRect();
    const picture = displayedPicture(image);
    if (picture.width === 0 || picture.height === 0) return;
    const half = MAGNIFIER_LENS_PX / 2;
    const pointerX = event.clientX - box.left;
    const pointerY = event.clientY - box.top;
    setLens({
      // The lens stays on the picture, so the zoom box never shows the bands beside it when it can avoid them.
      x: clamp(pointerX - half, picture.left, picture.left + picture.width - MAGNIFIER_LENS_PX),
      y: clamp(pointerY - half, picture.top, picture.top + picture.height - MAGNIFIER_LENS_PX),
      picture,
    });
  };

  const onTap = (event: MouseEvent<HTMLDivElement>) => {
    const image = imageRef.current;
    if (!image || !isTouchScreen()) return;
    if (zoomed) {
      setTapOrigin(null);
      return;
    }
    const box = image.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) {
      setTapOrigin({ fx: 0.5, fy: 0.5 });
      return;
    }
    setTapOrigin({
      fx: clamp((event.clientX - box.left) / box.width, 0, 1),
      fy: clamp((event.clientY - box.top) / box.height, 0, 1),
    });
  };

  return (
    <div className="product-gallery">
      <div className="position-relative">
        <div
          className={`gallery-main${zoomed ? ' gallery-main--zoomed' : ''}`}
          onMouseMove={onMove}
          onMouseLeave={() => setLens(null)}
          onClick={onTap}
          data-testid="gallery-main"
        >
          <img
            ref={imageRef}
            src={current}
            srcSet={mainSrcSet}
            sizes={mainSrcSet && '(min-width: 768px) 50vw, 100vw'}
            alt={name}
            width={MAIN_SIZE}
            height={MAIN_SIZE}
            style={
              tapOrigin ? { transformOrigin: `${tapOrigin.fx * 100}% ${tapOrigin.fy * 100}%` } : undefined
            }
            // React 18 knows only the lowercase attribute; the main picture is the page's largest paint.
            {...{ fetchpriority: 'high' }}
          />
          {lens && (
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
        {lens && (
          <div
            className="gallery-zoom d-none d-lg-block"
            aria-hidden="true"
            data-testid="gallery-zoom"
            style={{
              height: MAGNIFIER_BOX_PX,
              width: MAGNIFIER_BOX_PX,
              backgroundImage: `url("${current}")`,
              backgroundSize: `${lens.picture.width * ZOOM_SCALE}px ${lens.picture.height * ZOOM_SCALE}px`,
              backgroundPosition: `${(lens.picture.left - lens.x) * ZOOM_SCALE}px ${
                (lens.picture.top - lens.y) * ZOOM_SCALE
              }px`,
            }}
          />
        )}
      </div>
      <p className="gallery-tap-hint small text-body-secondary mt-1 mb-0">
        {t('catalog.product.tap_to_zoom')}
      </p>
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
                  setTapOrigin(null);
                }}
              >
                <ProductThumbnail image={image} size={64} />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

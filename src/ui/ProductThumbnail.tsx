import { productPictureSrcSet } from '../../shared/productPictures';

/**
 * A product's picture drawn small and square (a cart line, a suggestion, a gallery thumbnail), lazily: a picture
 * stored here comes as the narrow copy its size needs (shared/productPictures), not as the product page's picture.
 */
export function ProductThumbnail({
  image,
  size,
  className,
}: {
  image: string | undefined;
  size: number;
  className?: string;
}) {
  const srcSet = image ? productPictureSrcSet(image) : undefined;
  return (
    <img
      src={image || '/images/no-image.svg'}
      srcSet={srcSet}
      sizes={srcSet && `${size}px`}
      alt=""
      width={size}
      height={size}
      className={className}
      loading="lazy"
      decoding="async"
    />
  );
}

import type { TFunction } from 'i18next';
import { memo, useContext } from 'react';
import { Link } from 'react-router-dom';

import './ui.css';

import type { Language } from '../lib/language';
import { productPictureSrcSet } from '../../shared/productPictures';
import { HeartIcon } from './HeartIcon';
import { CardPictureSizes } from './ProductGrid';
import { Price } from './Price';
import { StarRating } from './StarRating';

export const CARD_IMAGE_SIZE = 400;

/** What a card shows; the catalogue's Product satisfies it. */
export interface ProductCardData {
  id: number;
  name: string;
  image_temp: string;
  rating: number;
  discount_offer: number | null;
}

/**
 * What the card's cart button does: add one piece; send the shopper to the product page to choose a size or
 * colour; or nothing, out of stock.
 */
export type CardCartAction = 'add' | 'choose' | 'sold_out';

export interface ProductCardProps {
  product: ProductCardData;
  /** what one unit costs now, and before the discount */
  amount: number;
  original: number | null;
  currency: string;
  language: Language;
  outOfStock: boolean;
  /** above the fold: load at once; otherwise lazily */
  priority?: boolean;
  onFavorite?: (productId: number) => void;
  favoriteDisabled?: boolean;
  favorite?: boolean;
  /** without it the card has no cart button */
  cartAction?: CardCartAction;
  onAddToCart?: (productId: number) => void;
  /** this product's add is in flight */
  adding?: boolean;
  /**
   * The grid's translation function: read once per grid, not once per card (a card mounting its own translation
   * hooks cost more than the rest of the card on a filter change); a new one on a language change re-renders.
   */
  t: TFunction;
}

/** Memoised: a filter change re-renders only cards whose product or price changed. */
export const ProductCard = memo(function ProductCard({
  product,
  amount,
  original,
  currency,
  language,
  outOfStock,
  priority = false,
  onFavorite,
  favoriteDisabled = false,
  favorite = false,
  cartAction,
  onAddToCart,
  adding = false,
  t,
}: ProductCardProps) {
  const titleId = `product-card-${product.id}-title`;
  const pictureSizes = useContext(CardPictureSizes);
  const srcSet = productPictureSrcSet(product.image_temp);
  const named = { name: product.name };
  return (
    <article className="card product-card" aria-labelledby={titleId} data-testid="product-card">
      <div className="product-card__badges">
        {product.discount_offer ? (
          // "-20%" is a number with its sign: left to right in Arabic too, or it reads "20%-".
          <span className="badge text-bg-danger" dir="ltr">
            {t('catalog.ui.discount_offer', { percent: product.discount_offer })}
          </span>
        ) : null}
        {outOfStock && <span className="badge text-bg-secondary">{t('catalog.ui.out_of_stock')}</span>}
      </div>
      <button
        type="button"
        className="btn btn-light product-card__heart p-0"
        aria-label={t(favorite ? 'catalog.ui.remove_favorite' : 'catalog.ui.add_favorite', {
          name: product.name,
        })}
        aria-pressed={favorite}
        disabled={favoriteDisabled || !onFavorite}
        onClick={() => onFavorite?.(product.id)}
      >
        <HeartIcon filled={favorite} />
      </button>
      {/* The picture is no link of its own: the name's link covers the whole card (a grid of two router links a
          card cost a filter change a fifth of its time). */}
      <div className={`product-card__media${outOfStock ? ' product-card__media--out' : ''}`}>
        {/* Keyed by product: a grid that reuses a card for another product must not show the old picture while
            the new one loads. */}
        <img
          key={product.id}
          src={product.image_temp || '/images/no-image.svg'}
          srcSet={srcSet}
          sizes={srcSet ? pictureSizes : undefined}
          alt=""
          width={CARD_IMAGE_SIZE}
          height={CARD_IMAGE_SIZE}
          loading={priority ? 'eager' : 'lazy'}
          decoding="async"
        />
      </div>
      <div className="card-body d-flex flex-column gap-1 p-2 p-sm-3">
        <h3 id={titleId} className="product-card__name h6 mb-0">
          <Link to={`/product/${product.id}`} className="text-reset text-decoration-none stretched-link">
            {product.name}
          </Link>
        </h3>
        <StarRating value={product.rating} className="small" t={t} />
        <Price
          amount={amount}
          original={original}
          currency={currency}
          language={language}
          className="mt-auto"
          t={t}
        />
        {cartAction === 'add' && (
          <button
            type="button"
            className="btn btn-primary btn-sm w-100 mt-1 d-inline-flex align-items-center justify-content-center gap-2 product-card__action"
            aria-label={t(adding ? 'catalog.ui.adding_to_cart' : 'catalog.ui.add_to_cart', named)}
            aria-busy={adding}
            disabled={adding || !onAddToCart}
            onClick={() => onAddToCart?.(product.id)}
            data-testid="card-add-to-cart"
          >
            {adding && <span className="spinner-border spinner-border-sm" aria-hidden="true" />}
            {t('catalog.product.add_to_cart')}
          </button>
        )}
        {cartAction === 'choose' && (
          <Link
            to={`/product/${product.id}`}
            className="btn btn-outline-primary btn-sm w-100 mt-1 product-card__action"
            aria-label={t('catalog.ui.choose_options', named)}
            data-testid="card-choose-options"
          >
            {t('catalog.ui.choose_options_short')}
          </Link>
        )}
        {cartAction === 'sold_out' && (
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm w-100 mt-1 product-card__action"
            aria-label={t('catalog.ui.sold_out', named)}
            disabled
          >
            {t('catalog.ui.out_of_stock')}
          </button>
        )}
      </div>
    </article>
  );
});

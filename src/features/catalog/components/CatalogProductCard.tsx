import type { TFunction } from 'i18next';
import { memo, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { addToCartClicked, selectIsAddingToCart } from '../../../app/events';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { Language } from '../../../lib/language';
import { notify } from '../../../lib/notify';
import { ProductCard, type CardCartAction } from '../../../ui/ProductCard';
import { selectIsAuthenticated } from '../../auth/public';
import { useFavoriteToggleFor } from '../../favorites/public';
import { selectCurrency, selectLanguage } from '../../settings/public';
import { attributeOptions, displayPrices, isOutOfStock } from '../productRules';
import type { ListedProduct } from '../types';

/**
 * What a card's cart button can do. A product with one size and one colour at most is added with them at once;
 * with several, the shopper chooses on the product page (a card never picks a size for them).
 */
export function cardCartChoice(
  product: Pick<ListedProduct, 'attributes' | 'stock_quantity' | 'stock_warning'>,
): {
  action: CardCartAction;
  size: string | null;
  color: string | null;
} {
  const sizes = attributeOptions(product, 'size');
  const colors = attributeOptions(product, 'color');
  const action = isOutOfStock(product)
    ? 'sold_out'
    : sizes.length > 1 || colors.length > 1
      ? 'choose'
      : 'add';
  return { action, size: sizes[0] ?? null, color: colors[0] ?? null };
}

/** What every card of a grid shows alike: read once by the grid, not once per card. */
export interface ProductCardShared {
  t: TFunction;
  language: Language;
  currency: string;
  signedIn: boolean;
}

/**
 * The grid's half of its cards: one translation hook and three store reads for the whole grid. A filter change
 * mounts a page of new cards, and each card reading these itself cost more than the rest of the card. The object
 * changes only when one of them does, so the memoised cards re-render then and only then.
 */
export function useProductCardShared(): ProductCardShared {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const currency = useAppSelector(selectCurrency);
  const signedIn = useAppSelector(selectIsAuthenticated);
  return useMemo(() => ({ t, language, currency, signedIn }), [t, language, currency, signedIn]);
}

/**
 * A product as a card, with its favorites heart (a signed-out tap asks to log in first) and its add-to-cart button
 * (the cart feature's add mutation adds, for guests and signed-in shoppers alike, and toasts the outcome).
 */
export const CatalogProductCard = memo(function CatalogProductCard({
  product,
  priority,
  shared,
}: {
  product: ListedProduct;
  priority?: boolean;
  /** from the grid's useProductCardShared() */
  shared: ProductCardShared;
}) {
  const { t, language, currency, signedIn } = shared;
  const { favorite, busy, toggle } = useFavoriteToggleFor(product.id, signedIn);
  const dispatch = useAppDispatch();
  // Only this product's flag is read: an add re-renders its own card, never the grid or the other cards.
  const adding = useAppSelector((state) => selectIsAddingToCart(state, product.id));
  const choice = useMemo(() => cardCartChoice(product), [product]);
  const addToCart = useCallback(() => {
    if (!currency.trim()) {
      notify.warning(t('catalog.product.select_country_from_profile_first'), {
        toastId: 'refusal-choose_country',
      });
      return;
    }
    dispatch(
      addToCartClicked({
        product_id: product.id,
        quantity: 1,
        size: choice.size,
        color: choice.color,
        currency,
      }),
    );
  }, [choice, currency, dispatch, product.id, t]);
  const { amount, original, currency: priceCurrency } = displayPrices(product);
  return (
    <ProductCard
      product={product}
      amount={amount}
      original={original}
      currency={priceCurrency}
      language={language}
      outOfStock={choice.action === 'sold_out'}
      priority={priority}
      onFavorite={toggle}
      favoriteDisabled={busy}
      favorite={favorite}
      cartAction={choice.action}
      onAddToCart={addToCart}
      adding={adding}
      t={t}
    />
  );
});

import { memo, useCallback } from 'react';

import { loginRequired } from '../../../app/events';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { ProductCard } from '../../../ui/ProductCard';
import { selectIsAuthenticated } from '../../auth/public';
import { selectLanguage } from '../../settings/public';
import { displayPrices, isOutOfStock } from '../productRules';
import type { Product } from '../types';

/**
 * A product as a card. The favorites heart asks a signed-out shopper to log in; for signed-in shoppers it stays
 * disabled until the favorites feature wires it.
 */
export const CatalogProductCard = memo(function CatalogProductCard({
  product,
  priority,
}: {
  product: Product;
  priority?: boolean;
}) {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsAuthenticated);
  const language = useAppSelector(selectLanguage);
  const askToLogIn = useCallback(() => dispatch(loginRequired({ reason: 'favorites' })), [dispatch]);
  const { amount, original, currency } = displayPrices(product);
  return (
    <ProductCard
      product={product}
      amount={amount}
      original={original}
      currency={currency}
      language={language}
      outOfStock={isOutOfStock(product)}
      priority={priority}
      onFavorite={signedIn ? undefined : askToLogIn}
      favoriteDisabled={signedIn}
    />
  );
});

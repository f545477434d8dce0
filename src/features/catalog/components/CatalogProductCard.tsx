import { memo } from 'react';

import { useAppSelector } from '../../../app/hooks';
import { ProductCard } from '../../../ui/ProductCard';
import { useFavoriteToggle } from '../../favorites/public';
import { selectLanguage } from '../../settings/public';
import { displayPrices, isOutOfStock } from '../productRules';
import type { Product } from '../types';

/** A product as a card, with its favorites heart (a signed-out tap asks to log in first). */
export const CatalogProductCard = memo(function CatalogProductCard({
  product,
  priority,
}: {
  product: Product;
  priority?: boolean;
}) {
  const { favorite, busy, toggle } = useFavoriteToggle(product.id);
  const language = useAppSelector(selectLanguage);
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
      onFavorite={toggle}
      favoriteDisabled={busy}
      favorite={favorite}
    />
  );
});

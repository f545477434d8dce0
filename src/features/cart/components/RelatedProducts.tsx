import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { useAppSelector } from '../../../app/hooks';
import { SHOP_NAMESPACE } from '../../../i18n/i18n';
import {
  MIN_GOOD_RATING,
  ProductSections,
  selectAllProducts,
  selectHomeArgs,
  useHomeData,
} from '../../catalog/public';

export const SIMILAR_MAX = 12;
export const RECOMMENDED_MAX = 4;

/** Fisher–Yates with a seed-free random source; called once per set of cart products. */
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/**
 * Similar products (up to 12, shuffled, from the cart's categories) and recommended ones (4 rated 3 or more),
 * none of them already in the cart. Takes strings so it re-renders only when the cart's products change.
 */
export const RelatedProducts = memo(function RelatedProducts({
  categories,
  productIds,
}: {
  /** the cart's category names, one a line */
  categories: string;
  /** the cart's product ids, comma separated */
  productIds: string;
}) {
  const { t } = useTranslation(['translation', SHOP_NAMESPACE]);
  const args = useAppSelector(selectHomeArgs);
  const { isLoading } = useHomeData(args);
  const all = useAppSelector(selectAllProducts);
  const { similar, recommended } = useMemo(() => {
    const inCart = new Set(productIds.split(',').filter(Boolean).map(Number));
    const wanted = new Set(categories.split('\n').filter(Boolean));
    const candidates = all.filter((product) => !inCart.has(product.id));
    const similarList = shuffled(candidates.filter((product) => wanted.has(product.category))).slice(
      0,
      SIMILAR_MAX,
    );
    const shown = new Set(similarList.map((product) => product.id));
    const recommendedList = candidates
      .filter((product) => product.rating >= MIN_GOOD_RATING && !shown.has(product.id))
      .sort((a, b) => b.rating - a.rating)
      .slice(0, RECOMMENDED_MAX);
    return { similar: similarList, recommended: recommendedList };
  }, [all, categories, productIds]);

  return (
    <ProductSections
      isLoading={isLoading}
      sections={[
        // Without categories in the cart nothing can be similar: no skeleton that would vanish and shift the page.
        { id: 'cart-similar-title', title: t('cart.similar'), items: similar, possible: categories !== '' },
        { id: 'cart-recommended-title', title: t('cart.recommended'), items: recommended },
      ]}
    />
  );
});

import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { useAppSelector } from '../../../app/hooks';
import { SHOP_NAMESPACE } from '../../../i18n/i18n';
import { ProductSections, selectHomeArgs, useBestRated, useRelatedProducts } from '../../catalog/public';

export const SIMILAR_MAX = 12;
export const RECOMMENDED_MAX = 4;

/**
 * Similar products (up to 12, of the category of the cart's first product) and recommended ones (4 rated 3 or more;
 * the best rated for an empty cart), none of them already in the cart, chosen by the server from the whole catalogue. Takes strings so it re-renders
 * only when the cart's products change.
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
  const ids = productIds.split(',').filter(Boolean).map(Number);
  const related = useRelatedProducts(args, ids[0]);
  // An empty cart has no product to relate to: the best-rated products stand in for its recommendations.
  const bestRated = useBestRated(args, ids.length > 0);
  const isLoading = ids.length > 0 ? related.isLoading : bestRated.isLoading;
  const data =
    ids.length > 0 ? related.data : bestRated.data && { similar: [], recommended: bestRated.data.data };
  const { similar, recommended } = useMemo(() => {
    const inCart = new Set(ids);
    const similarList = (data?.similar ?? [])
      .filter((product) => !inCart.has(product.id))
      .slice(0, SIMILAR_MAX);
    const shown = new Set(similarList.map((product) => product.id));
    const recommendedList = (data?.recommended ?? [])
      .filter((product) => !inCart.has(product.id) && !shown.has(product.id))
      .slice(0, RECOMMENDED_MAX);
    return { similar: similarList, recommended: recommendedList };
    // ids is productIds split: the string is the dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, productIds]);

  return (
    <div className="cart-suggestions">
      <ProductSections
        isLoading={isLoading}
        sections={[
          // Without categories in the cart nothing can be similar: no skeleton that would vanish and shift the page.
          { id: 'cart-similar-title', title: t('cart.similar'), items: similar, possible: categories !== '' },
          { id: 'cart-recommended-title', title: t('cart.recommended'), items: recommended },
        ]}
      />
    </div>
  );
});

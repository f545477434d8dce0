import { useTranslation } from 'react-i18next';

import { HeartIcon } from '../../../ui/HeartIcon';
import { useFavoriteToggle } from '../useFavoriteToggle';

/** The heart of the product page: adds or removes the product, blocked while its request is in flight. */
export function FavoriteHeart({ productId, name }: { productId: number; name: string }) {
  const { t } = useTranslation();
  const { favorite, busy, toggle } = useFavoriteToggle(productId);
  return (
    <button
      type="button"
      className="btn btn-outline-danger d-inline-flex align-items-center justify-content-center p-2"
      aria-label={t(favorite ? 'catalog.ui.remove_favorite' : 'catalog.ui.add_favorite', { name })}
      aria-pressed={favorite}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={toggle}
      data-testid="favorite-heart"
    >
      <HeartIcon filled={favorite} size={22} />
    </button>
  );
}

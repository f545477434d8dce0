import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { SkeletonBox } from '../../../ui/Skeleton';
import type { ListedCategory } from '../types';

/** The tile layout varies with the count (exactly 1, up to 3, 4, 5, more). */
export function tileLayout(count: number): 'one' | 'few' | 'four' | 'five' | 'many' {
  if (count === 1) return 'one';
  if (count <= 3) return 'few';
  if (count === 4) return 'four';
  if (count === 5) return 'five';
  return 'many';
}

export const searchByCategory = (name: string) => `/search?category=${encodeURIComponent(name)}`;

interface CategoryTilesProps {
  categories: ListedCategory[];
  /** While true an empty list is still coming: skeleton tiles stand in for it. */
  loading: boolean;
  /** The categories could not be loaded (and nothing was stored): said instead of an empty list. */
  failed?: boolean;
  skeleton?: number;
}

export function CategoryTiles({ categories, loading, failed = false, skeleton = 6 }: CategoryTilesProps) {
  const { t } = useTranslation();
  if (categories.length === 0 && !loading) {
    return (
      <p className="text-body-secondary" role="status" data-testid="category-tiles-empty">
        {t(failed ? 'catalog.categories.failed' : 'catalog.categories.none')}
      </p>
    );
  }
  if (categories.length === 0) {
    return (
      <ul className="category-tiles category-tiles--many list-unstyled" data-testid="category-skeleton">
        {Array.from({ length: skeleton }, (_, index) => (
          <li key={index}>
            <SkeletonBox className="category-tile" />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className={`category-tiles category-tiles--${tileLayout(categories.length)} list-unstyled`}>
      {categories.map((category) => (
        <li key={category.id}>
          <Link
            to={searchByCategory(category.name)}
            className="category-tile"
            aria-label={t('catalog.categories.shop_category', { name: category.name })}
            data-testid="category-tile"
          >
            <img src={category.image} alt="" width={400} height={300} loading="lazy" decoding="async" />
            <span className="category-tile__name">{category.name}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

import { ProductGrid } from '../../../ui/ProductGrid';
import { SkeletonGrid } from '../../../ui/Skeleton';
import type { Product } from '../types';
import { CatalogProductCard, useProductCardShared } from './CatalogProductCard';

export interface ProductSection {
  /** the heading's id, naming the section for assistive technology */
  id: string;
  title: string;
  items: Product[];
  /**
   * false: the section can have no items (e.g. nothing is similar to an empty cart), so it holds no skeleton while
   * loading — one that then vanished would pull the next section up (a layout shift)
   */
  possible?: boolean;
}

/** Titled grids of product cards (similar, recommended …): a skeleton while loading, an empty one left out. */
export function ProductSections({ sections, isLoading }: { sections: ProductSection[]; isLoading: boolean }) {
  const shared = useProductCardShared();
  return (
    <>
      {sections.map((section) =>
        (isLoading && section.possible !== false) || section.items.length > 0 ? (
          <section className="mt-5" aria-labelledby={section.id} key={section.id}>
            <h2 id={section.id} className="h4 mb-3">
              {section.title}
            </h2>
            {isLoading ? (
              <SkeletonGrid count={4} />
            ) : (
              <ProductGrid
                items={section.items}
                keyOf={(product) => product.id}
                renderItem={(product) => <CatalogProductCard product={product} shared={shared} />}
              />
            )}
          </section>
        ) : null,
      )}
    </>
  );
}

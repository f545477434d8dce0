import { useDeferredValue } from 'react';

import { ProductGrid } from '../../../ui/ProductGrid';
import { SkeletonGrid } from '../../../ui/Skeleton';
import type { ListedProduct } from '../types';
import { CatalogProductCard, useProductCardShared, type ProductCardShared } from './CatalogProductCard';

export interface ProductSection {
  /** the heading's id, naming the section for assistive technology */
  id: string;
  title: string;
  items: ListedProduct[];
  /**
   * false: the section can have no items (e.g. nothing is similar to an empty cart), so it holds no skeleton while
   * loading — one that then vanished would pull the next section up (a layout shift)
   */
  possible?: boolean;
}

function Section({
  section,
  isLoading,
  shared,
}: {
  section: ProductSection;
  isLoading: boolean;
  shared: ProductCardShared;
}) {
  // The lists arrive through the store, whose updates React renders at once, in one task with the page's main
  // part; deferred, these cards render afterwards, in slices that leave the main thread free between them.
  const items = useDeferredValue(section.items);
  const loading = useDeferredValue(isLoading);
  if (!(loading && section.possible !== false) && items.length === 0) return null;
  return (
    <section className="mt-5 render-when-near" aria-labelledby={section.id}>
      <h2 id={section.id} className="h4 mb-3">
        {section.title}
      </h2>
      {loading ? (
        <SkeletonGrid count={4} />
      ) : (
        <ProductGrid
          items={items}
          keyOf={(product) => product.id}
          renderItem={(product) => <CatalogProductCard product={product} shared={shared} />}
        />
      )}
    </section>
  );
}

/** Titled grids of product cards (similar, recommended …): a skeleton while loading, an empty one left out. */
export function ProductSections({ sections, isLoading }: { sections: ProductSection[]; isLoading: boolean }) {
  const shared = useProductCardShared();
  return (
    <>
      {sections.map((section) => (
        <Section key={section.id} section={section} isLoading={isLoading} shared={shared} />
      ))}
    </>
  );
}

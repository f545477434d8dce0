import { ProductGrid } from '../../../ui/ProductGrid';
import { SkeletonGrid } from '../../../ui/Skeleton';
import type { Product } from '../types';
import { CatalogProductCard } from './CatalogProductCard';

export interface ProductSection {
  /** the heading's id, naming the section for assistive technology */
  id: string;
  title: string;
  items: Product[];
}

/** Titled grids of product cards (similar, recommended …): a skeleton while loading, an empty one left out. */
export function ProductSections({ sections, isLoading }: { sections: ProductSection[]; isLoading: boolean }) {
  return (
    <>
      {sections.map((section) =>
        isLoading || section.items.length > 0 ? (
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
                renderItem={(product) => <CatalogProductCard product={product} />}
              />
            )}
          </section>
        ) : null,
      )}
    </>
  );
}

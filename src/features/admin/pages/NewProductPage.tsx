import { useAdminT } from '../adminTexts';
import { BackToProducts, ProductForm } from '../components/ProductForm';

export function NewProductPage() {
  const { t } = useAdminT();
  return (
    <section aria-labelledby="new-product-title">
      <BackToProducts />
      <h1 id="new-product-title" className="h4 mb-3">
        {t('admin.new_product.title')}
      </h1>
      <ProductForm />
    </section>
  );
}

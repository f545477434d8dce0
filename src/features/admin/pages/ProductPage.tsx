import { Link, useParams } from 'react-router-dom';

import { useAppSelector } from '../../../app/hooks';
import { selectLanguage } from '../../settings/public';
import { useProductQuery, type AdminProduct } from '../adminApi';
import { kwd } from '../adminFormat';
import { useAdminT } from '../adminTexts';
import { AuditTrail, Loaded } from '../components/AdminUi';
import { BackToProducts, ProductForm } from '../components/ProductForm';

function Product({ product }: { product: AdminProduct }) {
  const { t } = useAdminT();
  const language = useAppSelector(selectLanguage);
  return (
    <>
      <div className="d-flex flex-wrap gap-3 align-items-start mb-3">
        {product.images[0] && (
          <img src={product.images[0]} alt="" width={96} height={96} className="rounded admin-thumb" />
        )}
        <div className="flex-grow-1">
          <h1 className="h4 mb-1">{product.name[language]}</h1>
          <p className="small text-body-secondary mb-1">
            #{product.id} · {product.category_name[language]}
            {product.brand && ` · ${product.brand}`} ·{' '}
            <bdi>{kwd(product.discounted_price ?? product.price, language)}</bdi>
          </p>
          <Link to={`/product/${product.id}`} className="small">
            {t('admin.product.view_in_shop')}
          </Link>
        </div>
      </div>
      <ProductForm product={product} />
      <AuditTrail entries={product.audit} />
    </>
  );
}

export function ProductPage() {
  const { t } = useAdminT();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useProductQuery(id, { skip: !valid });
  return (
    <section>
      <BackToProducts />
      {valid ? (
        <Loaded query={query}>{(product) => <Product product={product} />}</Loaded>
      ) : (
        <p className="alert alert-warning">{t('admin.common.not_found')}</p>
      )}
    </section>
  );
}

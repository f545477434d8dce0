import { Link } from 'react-router-dom';

import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectLanguage } from '../../settings/public';
import { useProductsQuery, type AdminProductSummary } from '../adminApi';
import { kwd } from '../adminFormat';
import { filtersChanged, type ProductFilters } from '../adminSlice';
import { useAdminT } from '../adminTexts';
import { PagedTable, TableSearch, useTablePlace, type Column } from '../components/PagedTable';

export function ProductsPage() {
  const { t } = useAdminT();
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);
  const { filters, sort, paging } = useTablePlace('products');
  const query = useProductsQuery({
    search: filters.search || undefined,
    stock: filters.stock || undefined,
    sort: sort as 'id',
    ...paging,
  });
  const columns: Column<AdminProductSummary>[] = [
    {
      key: 'image',
      label: '',
      render: (product) =>
        product.image ? (
          <img
            src={product.image}
            alt=""
            width={40}
            height={40}
            className="rounded admin-thumb"
            loading="lazy"
          />
        ) : null,
    },
    { key: 'id', label: t('admin.products.id'), sort: 'id', render: (product) => product.id },
    {
      key: 'name',
      label: t('admin.products.name'),
      sort: 'name',
      render: (product) => (
        <>
          <Link to={`/admin/products/${product.id}`} data-testid="product-link">
            {product.name[language]}
          </Link>
          <div className="small text-body-secondary">
            {product.category_name[language]}
            {product.brand && ` · ${product.brand}`}
          </div>
        </>
      ),
    },
    {
      key: 'price',
      label: t('admin.products.price'),
      sort: 'price',
      className: 'text-nowrap',
      render: (product) =>
        product.discounted_price === null ? (
          <bdi>{kwd(product.price, language)}</bdi>
        ) : (
          <>
            <bdi>{kwd(product.discounted_price, language)}</bdi>
            <div className="small text-body-secondary text-decoration-line-through">
              <bdi>{kwd(product.price, language)}</bdi>
            </div>
          </>
        ),
    },
    {
      key: 'stock',
      label: t('admin.products.stock'),
      sort: 'stock_quantity',
      render: (product) =>
        product.stock_quantity === 0 ? (
          <span className="badge text-bg-danger">{t('admin.products.out_of_stock')}</span>
        ) : (
          <span data-testid="stock">{product.stock_quantity}</span>
        ),
    },
    {
      key: 'sold',
      label: t('admin.products.sold'),
      sort: 'sold_count',
      render: (product) => product.sold_count,
    },
    {
      key: 'sale',
      label: t('admin.products.on_sale'),
      render: (product) => t(product.sale ? 'admin.common.yes' : 'admin.common.no'),
    },
  ];
  return (
    <section aria-labelledby="products-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 id="products-title" className="h4 mb-0">
          {t('admin.products.title')}
        </h1>
        <Link to="/admin/products/new" className="btn btn-primary btn-sm">
          {t('admin.products.new')}
        </Link>
      </div>
      <div className="d-flex flex-wrap gap-2 mb-3 align-items-end">
        <TableSearch
          table="products"
          label={t('admin.products.search')}
          placeholder={t('admin.products.search_placeholder')}
          maxLength={255}
          className="d-flex gap-2 flex-grow-1"
        />
        <div>
          <label htmlFor="products-stock" className="visually-hidden">
            {t('admin.products.stock_filter')}
          </label>
          <select
            id="products-stock"
            className="form-select form-select-sm"
            value={filters.stock}
            onChange={(event) =>
              dispatch(filtersChanged('products', { stock: event.target.value as ProductFilters['stock'] }))
            }
          >
            <option value="">
              {t('admin.products.stock_filter')}: {t('admin.common.all')}
            </option>
            <option value="low">{t('admin.products.stock_low')}</option>
            <option value="out">{t('admin.products.stock_out')}</option>
          </select>
        </div>
      </div>
      <PagedTable
        table="products"
        title={t('admin.products.title')}
        query={query}
        columns={columns}
        testId="products-table"
      />
    </section>
  );
}

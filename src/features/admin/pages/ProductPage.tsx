import { useFormik } from 'formik';
import { Link, useParams } from 'react-router-dom';

import { fieldErrors } from '../../../app/api';
import { useAppSelector } from '../../../app/hooks';
import { notify } from '../../../lib/notify';
import { TextField } from '../../../ui/TextField';
import { bindFields } from '../../../ui/formikField';
import { selectLanguage } from '../../settings/public';
import {
  useProductQuery,
  useUpdateProductMutation,
  type AdminProduct,
  type UpdateProductBody,
} from '../adminApi';
import { failureText, kwd } from '../adminFormat';
import { useAdminT } from '../adminTexts';
import { AuditTrail, BusyButton, Loaded } from '../components/AdminUi';
import { amountOrNull, productEditSchema, type ProductEditValues } from '../schemas';

const valuesOf = (product: AdminProduct): ProductEditValues => ({
  stock_quantity: String(product.stock_quantity),
  price: String(product.price),
  discounted_price: product.discounted_price === null ? '' : String(product.discounted_price),
  sale: product.sale,
  offer: product.offer,
});

/** Only what the form changed is sent (the server writes an audit entry per change). */
function changesOf(product: AdminProduct, values: ProductEditValues): UpdateProductBody {
  const changes: UpdateProductBody = {};
  const stock = Number(values.stock_quantity);
  if (stock !== product.stock_quantity) changes.stock_quantity = stock;
  const price = Number(values.price);
  if (price !== product.price) changes.price = price;
  const discount = amountOrNull(values.discounted_price);
  if (discount !== product.discounted_price) changes.discounted_price = discount;
  if (values.sale !== product.sale) changes.sale = values.sale;
  if (values.offer !== product.offer) changes.offer = values.offer;
  return changes;
}

function EditForm({ product }: { product: AdminProduct }) {
  const { t } = useAdminT();
  const [update, { isLoading }] = useUpdateProductMutation();
  const form = useFormik<ProductEditValues>({
    initialValues: valuesOf(product),
    enableReinitialize: true,
    validationSchema: productEditSchema,
    onSubmit: async (values, helpers) => {
      const changes = changesOf(product, values);
      if (Object.keys(changes).length === 0) {
        notify.info(t('admin.product.nothing_changed'));
        return;
      }
      try {
        await update({ id: product.id, changes }).unwrap();
        notify.success(t('admin.product.saved'));
      } catch (error) {
        const fields = fieldErrors(error);
        // The server's field words are English: each field shows our own rule's words instead.
        helpers.setErrors(
          Object.fromEntries(Object.keys(fields).map((field) => [field, `admin.product.errors.${field}`])),
        );
        notify.error(failureText(t, error));
      }
    },
  });
  const bind = bindFields(form, { translate: (key) => t(key) });
  const toggle = (name: 'sale' | 'offer') => (
    <div className="form-check form-switch mb-2">
      <input
        id={`product-${name}`}
        type="checkbox"
        role="switch"
        className="form-check-input"
        name={name}
        checked={form.values[name]}
        onChange={form.handleChange}
      />
      <label htmlFor={`product-${name}`} className="form-check-label">
        {t(`admin.product.${name}`)}
      </label>
    </div>
  );
  return (
    <form noValidate onSubmit={form.handleSubmit} className="card" data-testid="product-form">
      <div className="card-body">
        <div className="row g-2">
          <div className="col-sm-4">
            <TextField
              id="product-stock"
              label={t('admin.product.stock')}
              inputMode="numeric"
              dir="ltr"
              {...bind('stock_quantity')}
            />
          </div>
          <div className="col-sm-4">
            <TextField
              id="product-price"
              label={t('admin.product.price')}
              inputMode="text"
              dir="ltr"
              {...bind('price')}
            />
          </div>
          <div className="col-sm-4">
            <TextField
              id="product-discount"
              label={t('admin.product.discounted_price')}
              inputMode="text"
              dir="ltr"
              {...bind('discounted_price')}
            />
          </div>
        </div>
        <p className="small text-body-secondary mt-n2">{t('admin.product.no_discount')}</p>
        {toggle('sale')}
        {toggle('offer')}
        <BusyButton
          type="submit"
          busy={isLoading || form.isSubmitting}
          label={t('admin.product.save')}
          busyLabel={t('admin.common.saving')}
          testId="save-product"
        />
      </div>
    </form>
  );
}

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
      <EditForm product={product} />
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
      <Link to="/admin/products" className="small d-inline-block mb-2">
        <span aria-hidden="true" className="flip-rtl">
          ‹
        </span>{' '}
        {t('admin.product.back')}
      </Link>
      {valid ? (
        <Loaded query={query}>{(product) => <Product product={product} />}</Loaded>
      ) : (
        <p className="alert alert-warning">{t('admin.common.not_found')}</p>
      )}
    </section>
  );
}

// The one product form: a new product (names, category, pictures, then stock, prices and flags) or one to change
// (stock, prices and flags), with the same fields, rules and messages where they meet.
import { useFormik } from 'formik';
import { useState, type ChangeEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { fieldErrors } from '../../../app/api';
import { useAppSelector } from '../../../app/hooks';
import { notify } from '../../../lib/notify';
import { TextField } from '../../../ui/TextField';
import { bindFields } from '../../../ui/formikField';
import { selectLanguage } from '../../settings/public';
import {
  useCategoriesQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useUploadPictureMutation,
  type AdminProduct,
  type UpdateProductBody,
} from '../adminApi';
import { failureText } from '../adminFormat';
import { useAdminT } from '../adminTexts';
import {
  amountOrNull,
  MAX_PICTURES,
  newProductSchema,
  PICTURE_MAX_BYTES,
  PICTURE_TYPES,
  productEditSchema,
  type NewProductValues,
} from '../schemas';
import { BusyButton } from './AdminUi';

type ProductValues = NewProductValues;

const EMPTY: ProductValues = {
  name_en: '',
  name_ar: '',
  description_en: '',
  description_ar: '',
  category_id: '',
  brand: '',
  stock_quantity: '',
  price: '',
  discounted_price: '',
  sale: true,
  offer: false,
};

/** A product's editable values as the form's texts (the naming fields are the new product's only). */
const valuesOf = (product: AdminProduct): ProductValues => ({
  ...EMPTY,
  stock_quantity: String(product.stock_quantity),
  price: String(product.price),
  discounted_price: product.discounted_price === null ? '' : String(product.discounted_price),
  sale: product.sale,
  offer: product.offer,
});

/** Only what the form changed is sent (the server writes an audit entry per change). */
function changesOf(product: AdminProduct, values: ProductValues): UpdateProductBody {
  const changes: UpdateProductBody = {};
  const stock = Number(values.stock_quantity);
  if (stock !== product.stock_quantity) {
    changes.stock_quantity = stock;
    // What the form showed: orders that took some meanwhile keep what they took (the server makes the change).
    changes.expected_stock_quantity = product.stock_quantity;
  }
  const price = Number(values.price);
  if (price !== product.price) changes.price = price;
  const discount = amountOrNull(values.discounted_price);
  if (discount !== product.discounted_price) changes.discounted_price = discount;
  if (values.sale !== product.sale) changes.sale = values.sale;
  if (values.offer !== product.offer) changes.offer = values.offer;
  return changes;
}

// The server's field words are English: each field it refuses shows our own rule's words instead.
const SERVER_FIELD_KEYS: Partial<Record<keyof ProductValues, string>> = {
  name_en: 'admin.new_product.errors.name',
  name_ar: 'admin.new_product.errors.name',
  category_id: 'admin.new_product.errors.category',
  stock_quantity: 'admin.product.errors.stock',
  price: 'admin.product.errors.price',
  discounted_price: 'admin.product.errors.discounted_price',
};

const refusedFields = (fields: Record<string, unknown>) =>
  Object.fromEntries(
    Object.keys(fields).flatMap((field) => {
      const key = SERVER_FIELD_KEYS[field as keyof ProductValues];
      return key ? [[field, key]] : [];
    }),
  );

/** Pictures go up one at a time as they are chosen (the server's picture pipeline); the form names their paths. */
function usePictures() {
  const { t } = useAdminT();
  const [upload] = useUploadPictureMutation();
  const [pictures, setPictures] = useState<string[]>([]);
  const [uploading, setUploading] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const add = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = '';
    setProblem(null);
    let kept = pictures.length;
    for (const file of files) {
      if (kept >= MAX_PICTURES) {
        setProblem(t('admin.new_product.errors.too_many'));
        break;
      }
      if (!PICTURE_TYPES.includes(file.type)) {
        setProblem(t('admin.new_product.errors.picture_type', { name: file.name }));
        continue;
      }
      if (file.size > PICTURE_MAX_BYTES) {
        setProblem(t('admin.new_product.errors.picture_size', { name: file.name }));
        continue;
      }
      setUploading(file.name);
      try {
        const answer = await upload(file).unwrap();
        kept += 1;
        setPictures((current) => [...current, answer.image]);
      } catch (error) {
        setProblem(
          `${t('admin.new_product.errors.picture_failed', { name: file.name })} ${failureText(t, error)}`,
        );
      }
    }
    setUploading(null);
  };
  const remove = (index: number) => setPictures((current) => current.filter((_, i) => i !== index));
  return { pictures, uploading, problem, setProblem, add, remove };
}

type Pictures = ReturnType<typeof usePictures>;

/** The link back to the products table, above either form. */
export function BackToProducts() {
  const { t } = useAdminT();
  return (
    <Link to="/admin/products" className="small d-inline-block mb-2">
      <span aria-hidden="true" className="flip-rtl">
        ‹
      </span>{' '}
      {t('admin.product.back')}
    </Link>
  );
}

/** The new product's names, descriptions, category and brand. */
function NamingFields({
  form,
  bind,
}: {
  form: ReturnType<typeof useFormik<ProductValues>>;
  bind: ReturnType<typeof bindFields<ProductValues>>;
}) {
  const { t } = useAdminT();
  const language = useAppSelector(selectLanguage);
  const categories = useCategoriesQuery();
  const categoryError =
    (form.touched.category_id || form.submitCount > 0) && form.errors.category_id
      ? t(form.errors.category_id)
      : undefined;
  return (
    <>
      <div className="col-md-6">
        <TextField
          id="new-name-en"
          label={t('admin.new_product.name_en')}
          dir="ltr"
          maxLength={255}
          {...bind('name_en')}
        />
      </div>
      <div className="col-md-6">
        <TextField
          id="new-name-ar"
          label={t('admin.new_product.name_ar')}
          dir="rtl"
          maxLength={255}
          {...bind('name_ar')}
        />
      </div>
      <div className="col-md-6">
        <TextField
          id="new-description-en"
          label={t('admin.new_product.description_en')}
          dir="ltr"
          rows={3}
          maxLength={5000}
          {...bind('description_en')}
        />
      </div>
      <div className="col-md-6">
        <TextField
          id="new-description-ar"
          label={t('admin.new_product.description_ar')}
          dir="rtl"
          rows={3}
          maxLength={5000}
          {...bind('description_ar')}
        />
      </div>
      <div className="col-md-6 mb-3">
        <label htmlFor="new-category" className="form-label">
          {t('admin.new_product.category')}
        </label>
        <select
          id="new-category"
          name="category_id"
          className={`form-select${categoryError ? ' is-invalid' : ''}`}
          value={form.values.category_id}
          onChange={form.handleChange}
          onBlur={form.handleBlur}
          aria-invalid={categoryError ? true : undefined}
          aria-describedby={categoryError ? 'new-category-error' : undefined}
        >
          <option value="">{t('admin.new_product.choose_category')}</option>
          {(categories.data?.data ?? []).map((category) => (
            <option key={category.id} value={category.id}>
              {category.name[language]}
            </option>
          ))}
        </select>
        {categoryError && (
          <div id="new-category-error" className="invalid-feedback" role="alert">
            {categoryError}
          </div>
        )}
      </div>
      <div className="col-md-6">
        <TextField id="new-brand" label={t('admin.new_product.brand')} maxLength={255} {...bind('brand')} />
      </div>
    </>
  );
}

/** The new product's pictures: chosen, uploaded one by one, removable. */
function PictureFields({ pictures }: { pictures: Pictures }) {
  const { t } = useAdminT();
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{t('admin.new_product.pictures')}</legend>
      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2" data-testid="pictures">
        {pictures.pictures.map((picture, index) => (
          <li key={picture} className="position-relative">
            <img src={picture} alt="" width={72} height={72} className="rounded admin-thumb" />
            <button
              type="button"
              className="btn btn-sm btn-light admin-picture-remove"
              aria-label={t('admin.new_product.remove_picture', { n: index + 1 })}
              onClick={() => pictures.remove(index)}
            >
              ×
            </button>
          </li>
        ))}
      </ul>
      <label htmlFor="new-pictures" className="btn btn-outline-primary btn-sm mb-1">
        {t('admin.new_product.add_pictures')}
      </label>
      <input
        id="new-pictures"
        type="file"
        accept={PICTURE_TYPES.join(',')}
        multiple
        className="visually-hidden"
        disabled={pictures.uploading !== null}
        onChange={(event) => void pictures.add(event)}
      />
      <p className="small text-body-secondary mb-1">{t('admin.new_product.pictures_hint')}</p>
      {pictures.uploading && (
        <p className="small mb-1" role="status">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {t('admin.new_product.uploading', { name: pictures.uploading })}
        </p>
      )}
      {pictures.problem && (
        <p className="small text-danger mb-0" role="alert">
          {pictures.problem}
        </p>
      )}
    </fieldset>
  );
}

/**
 * Without a product: the new product's form, which creates it and opens its page. With one: its stock, prices and
 * flags, of which only the changes are sent.
 */
export function ProductForm({ product }: { product?: AdminProduct }) {
  const { t } = useAdminT();
  const navigate = useNavigate();
  const [create, creating] = useCreateProductMutation();
  const [update, updating] = useUpdateProductMutation();
  const pictures = usePictures();
  const prefix = product ? 'product' : 'new';

  const createProduct = async (values: ProductValues) => {
    if (pictures.pictures.length === 0) {
      pictures.setProblem(t('admin.new_product.errors.pictures'));
      return;
    }
    const answer = await create({
      name_en: values.name_en.trim(),
      name_ar: values.name_ar.trim(),
      description_en: values.description_en ?? '',
      description_ar: values.description_ar ?? '',
      category_id: Number(values.category_id),
      brand: values.brand?.trim() ?? '',
      price: Number(values.price),
      discounted_price: amountOrNull(values.discounted_price),
      stock_quantity: Number(values.stock_quantity),
      sale: values.sale,
      offer: values.offer,
      images: pictures.pictures,
    }).unwrap();
    notify.success(t('admin.new_product.created'));
    void navigate(`/admin/products/${answer.product.id}`);
  };

  const saveChanges = async (current: AdminProduct, values: ProductValues) => {
    const changes = changesOf(current, values);
    if (Object.keys(changes).length === 0) {
      notify.info(t('admin.product.nothing_changed'));
      return;
    }
    await update({ id: current.id, changes }).unwrap();
    notify.success(t('admin.product.saved'));
  };

  const form = useFormik<ProductValues>({
    initialValues: product ? valuesOf(product) : EMPTY,
    enableReinitialize: product !== undefined,
    validationSchema: product ? productEditSchema : newProductSchema,
    onSubmit: async (values, helpers) => {
      try {
        await (product ? saveChanges(product, values) : createProduct(values));
      } catch (error) {
        const fields = fieldErrors(error);
        helpers.setErrors(refusedFields(fields));
        if (!product && fields.images) pictures.setProblem(t('admin.new_product.errors.pictures'));
        notify.error(failureText(t, error));
      }
    },
  });
  const bind = bindFields(form, { translate: (key) => t(key) });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit}
      className="card"
      data-testid={product ? 'product-form' : 'new-product-form'}
    >
      <div className="card-body">
        <div className="row g-2">
          {!product && <NamingFields form={form} bind={bind} />}
          <div className="col-sm-4">
            <TextField
              id={`${prefix}-stock`}
              label={t('admin.product.stock')}
              inputMode="numeric"
              dir="ltr"
              {...bind('stock_quantity')}
            />
          </div>
          <div className="col-sm-4">
            <TextField
              id={`${prefix}-price`}
              label={t('admin.product.price')}
              inputMode="text"
              dir="ltr"
              {...bind('price')}
            />
          </div>
          <div className="col-sm-4">
            <TextField
              id={`${prefix}-discount`}
              label={t('admin.product.discounted_price')}
              inputMode="text"
              dir="ltr"
              {...bind('discounted_price')}
            />
          </div>
        </div>
        {product && <p className="small text-body-secondary mt-n2">{t('admin.product.no_discount')}</p>}
        {(['sale', 'offer'] as const).map((name) => (
          <div key={name} className="form-check form-switch mb-2">
            <input
              id={`${prefix}-${name}`}
              type="checkbox"
              role="switch"
              className="form-check-input"
              name={name}
              checked={form.values[name]}
              onChange={form.handleChange}
            />
            <label htmlFor={`${prefix}-${name}`} className="form-check-label">
              {t(`admin.product.${name}`)}
            </label>
          </div>
        ))}
        {!product && <PictureFields pictures={pictures} />}
        {product ? (
          <BusyButton
            type="submit"
            busy={updating.isLoading || form.isSubmitting}
            label={t('admin.product.save')}
            busyLabel={t('admin.common.saving')}
            testId="save-product"
          />
        ) : (
          <BusyButton
            type="submit"
            busy={creating.isLoading || form.isSubmitting}
            disabled={pictures.uploading !== null}
            label={t('admin.new_product.create')}
            busyLabel={t('admin.new_product.creating')}
            testId="create-product"
          />
        )}
      </div>
    </form>
  );
}

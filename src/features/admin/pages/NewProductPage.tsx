import { useFormik } from 'formik';
import { useState, type ChangeEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';

import { fieldErrors } from '../../../app/api';
import { useAppSelector } from '../../../app/hooks';
import { notify } from '../../../lib/notify';
import { TextField } from '../../../ui/TextField';
import { bindFields } from '../../../ui/formikField';
import { selectLanguage } from '../../settings/public';
import { useCategoriesQuery, useCreateProductMutation, useUploadPictureMutation } from '../adminApi';
import { failureText } from '../adminFormat';
import { useAdminT } from '../adminTexts';
import { BusyButton } from '../components/AdminUi';
import {
  amountOrNull,
  MAX_PICTURES,
  newProductSchema,
  PICTURE_MAX_BYTES,
  PICTURE_TYPES,
  type NewProductValues,
} from '../schemas';

const EMPTY: NewProductValues = {
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

export function NewProductPage() {
  const { t } = useAdminT();
  const language = useAppSelector(selectLanguage);
  const navigate = useNavigate();
  const categories = useCategoriesQuery();
  const [create, { isLoading }] = useCreateProductMutation();
  const pictures = usePictures();
  const form = useFormik<NewProductValues>({
    initialValues: EMPTY,
    validationSchema: newProductSchema,
    onSubmit: async (values, helpers) => {
      if (pictures.pictures.length === 0) {
        pictures.setProblem(t('admin.new_product.errors.pictures'));
        return;
      }
      try {
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
      } catch (error) {
        const fields = fieldErrors(error);
        const keys: Record<string, string> = {
          name_en: 'admin.new_product.errors.name',
          name_ar: 'admin.new_product.errors.name',
          category_id: 'admin.new_product.errors.category',
          stock_quantity: 'admin.product.errors.stock',
          price: 'admin.product.errors.price',
          discounted_price: 'admin.product.errors.discounted_price',
        };
        helpers.setErrors(
          Object.fromEntries(
            Object.keys(fields).flatMap((field) => (keys[field] ? [[field, keys[field]]] : [])),
          ),
        );
        if (fields.images) pictures.setProblem(t('admin.new_product.errors.pictures'));
        notify.error(failureText(t, error));
      }
    },
  });
  const bind = bindFields(form, { translate: (key) => t(key) });
  const categoryError =
    (form.touched.category_id || form.submitCount > 0) && form.errors.category_id
      ? t(form.errors.category_id)
      : undefined;
  return (
    <section aria-labelledby="new-product-title">
      <Link to="/admin/products" className="small d-inline-block mb-2">
        <span aria-hidden="true" className="flip-rtl">
          ‹
        </span>{' '}
        {t('admin.product.back')}
      </Link>
      <h1 id="new-product-title" className="h4 mb-3">
        {t('admin.new_product.title')}
      </h1>
      <form noValidate onSubmit={form.handleSubmit} className="card" data-testid="new-product-form">
        <div className="card-body">
          <div className="row g-2">
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
              <TextField
                id="new-brand"
                label={t('admin.new_product.brand')}
                maxLength={255}
                {...bind('brand')}
              />
            </div>
            <div className="col-sm-4">
              <TextField
                id="new-stock"
                label={t('admin.product.stock')}
                inputMode="numeric"
                dir="ltr"
                {...bind('stock_quantity')}
              />
            </div>
            <div className="col-sm-4">
              <TextField id="new-price" label={t('admin.product.price')} dir="ltr" {...bind('price')} />
            </div>
            <div className="col-sm-4">
              <TextField
                id="new-discount"
                label={t('admin.product.discounted_price')}
                dir="ltr"
                {...bind('discounted_price')}
              />
            </div>
          </div>
          {(['sale', 'offer'] as const).map((name) => (
            <div key={name} className="form-check form-switch mb-2">
              <input
                id={`new-${name}`}
                type="checkbox"
                role="switch"
                className="form-check-input"
                name={name}
                checked={form.values[name]}
                onChange={form.handleChange}
              />
              <label htmlFor={`new-${name}`} className="form-check-label">
                {t(`admin.product.${name}`)}
              </label>
            </div>
          ))}
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
          <BusyButton
            type="submit"
            busy={isLoading || form.isSubmitting}
            disabled={pictures.uploading !== null}
            label={t('admin.new_product.create')}
            busyLabel={t('admin.new_product.creating')}
            testId="create-product"
          />
        </div>
      </form>
    </section>
  );
}

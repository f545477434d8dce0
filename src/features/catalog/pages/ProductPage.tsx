import { skipToken } from '@reduxjs/toolkit/query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { notify } from '../../../lib/notify';

import { failureReason, statusOf } from '../../../app/api';
import { addToCartClicked, selectIsAddingToCart } from '../../../app/events';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { basicColourOf, SWATCH_HEX } from '../../../lib/colours';
import { getConfig } from '../../../lib/config';
import { addDays, formatDate } from '../../../lib/dates';
import { formatMoney, lineTotal } from '../../../lib/money';
import { useDocumentTitle } from '../../../ui/useDocumentTitle';
import { LoadFailed } from '../../../ui/LoadFailed';
import { KeptUntilNear } from '../../../ui/KeptUntilNear';
import { SkeletonBox } from '../../../ui/Skeleton';
import { StarRating } from '../../../ui/StarRating';
import { FavoriteHeart } from '../../favorites/public';
import { selectCurrency, selectLanguage } from '../../settings/public';
import { useGetProductQuery, useGetRelatedProductsQuery } from '../catalogApi';
import { selectHomeArgs } from '../catalogSelectors';
import { EmptyState } from '../components/EmptyState';
import { ProductGallery } from '../components/ProductGallery';
import { ProductSections } from '../components/ProductSections';
import { ProductReviews } from '../components/ProductReviews';
import {
  addToCartRefusal,
  attributeOptions,
  DELIVERY_DAYS,
  displayPrices,
  stockText,
  type AddRefusal,
  type Selection,
} from '../productRules';
import type { ListedProduct, Product } from '../types';
import '../catalog.css';

export const DELIVERY_PROMISE_DAYS = 5;

const REFUSAL_KEYS: Record<AddRefusal, string> = {
  out_of_stock: 'catalog.product.out_of_stock_warning',
  choose_country: 'catalog.product.select_country_from_profile_first',
  select_details: 'catalog.product.select_product_details',
};

function StockNote({ product }: { product: Product }) {
  const { t } = useTranslation();
  const stock = stockText(product, useAppSelector(selectLanguage));
  if (stock.kind === 'hidden') return null;
  if (stock.kind === 'available')
    return (
      <p className="text-success small mb-2" data-testid="stock-text">
        {t('catalog.product.available_pieces', { count: stock.count })}
      </p>
    );
  if (stock.kind === 'warning')
    return (
      <p className="text-warning-emphasis small fw-semibold mb-2" data-testid="stock-text">
        {stock.text}
      </p>
    );
  return (
    <p className="text-danger small fw-semibold mb-2" data-testid="stock-text">
      {t('catalog.product.no_available_quantity')}
    </p>
  );
}

/** A size, or a colour without a swatch, as a radio button. */
function TextOption({
  option,
  selected,
  onChange,
}: {
  option: string;
  selected: boolean;
  onChange: (v: string) => void;
}) {
  return (
    <button
      type="button"
      role="radio"
      aria-checked={selected}
      className={`btn btn-sm ${selected ? 'btn-dark' : 'btn-outline-secondary'}`}
      onClick={() => onChange(option)}
    >
      {option}
    </button>
  );
}

interface SelectorProps {
  options: string[];
  value: string | null;
  onChange: (v: string) => void;
}

/** A named group of radio buttons; `chosen` is named beside the label (a colour's name under its swatch). */
function OptionGroup({
  label,
  chosen,
  children,
}: {
  label: string;
  chosen?: string | null;
  children: ReactNode;
}) {
  return (
    <fieldset className="mb-3">
      <legend className="form-label fw-semibold small mb-1">
        {label}
        {chosen && <span className="fw-normal text-body-secondary">: {chosen}</span>}
      </legend>
      <div className="d-flex flex-wrap gap-2" role="radiogroup" aria-label={label}>
        {children}
      </div>
    </fieldset>
  );
}

function SizeSelector({ options, value, onChange }: SelectorProps) {
  const { t } = useTranslation();
  if (options.length === 0) return null;
  return (
    <OptionGroup label={t('catalog.product.size')}>
      {options.map((option) => (
        <TextOption key={option} option={option} selected={value === option} onChange={onChange} />
      ))}
    </OptionGroup>
  );
}

function ColourSelector({ options, value, onChange }: SelectorProps) {
  const { t } = useTranslation();
  if (options.length === 0) return null;
  return (
    <OptionGroup label={t('catalog.product.colour')} chosen={value}>
      {options.map((option) => {
        const basic = basicColourOf(option);
        return basic ? (
          <button
            key={option}
            type="button"
            role="radio"
            aria-checked={value === option}
            aria-label={option}
            title={option}
            className="colour-swatch"
            style={{ backgroundColor: SWATCH_HEX[basic] }}
            onClick={() => onChange(option)}
          />
        ) : (
          <TextOption key={option} option={option} selected={value === option} onChange={onChange} />
        );
      })}
    </OptionGroup>
  );
}

/**
 * The quantity a draft stands for: a whole number from 1 to `max`, the most pieces of a product one order may have
 * (the server's cap, published in /config.js).
 */
function quantityFromDraft(draft: string, max: number): number {
  const value = Math.floor(Number(draft));
  return draft.trim() !== '' && Number.isFinite(value) ? Math.min(max, Math.max(1, value)) : 1;
}

/**
 * The field holds the typed text as it is, so it can be emptied and retyped ("5", not "15"); the quantity it
 * stands for is clamped to 1 or more, and the text is brought in line on blur.
 */
function QuantityStepper({
  draft,
  max,
  byStock,
  onDraftChange,
}: {
  draft: string;
  max: number;
  /** the stock, not the per-order cap, is what `max` is */
  byStock: boolean;
  onDraftChange: (draft: string) => void;
}) {
  const { t } = useTranslation();
  const value = quantityFromDraft(draft, max);
  // Typed above the cap: said at once, and the field shows the cap on blur.
  const typed = Math.floor(Number(draft));
  const atLimit = value >= max && (value > 1 || typed > max);
  return (
    <>
      <div className="input-group quantity-stepper mb-3">
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() => onDraftChange(String(Math.max(1, value - 1)))}
          disabled={value <= 1}
          aria-label={t('catalog.product.decrease_quantity')}
        >
          −
        </button>
        <input
          type="number"
          inputMode="numeric"
          min={1}
          max={max}
          step={1}
          className="form-control text-center"
          value={draft}
          aria-label={t('catalog.product.quantity')}
          onChange={(event) => onDraftChange(event.target.value)}
          onBlur={() => onDraftChange(String(value))}
        />
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() => onDraftChange(String(Math.min(max, value + 1)))}
          disabled={value >= max}
          aria-label={t('catalog.product.increase_quantity')}
        >
          +
        </button>
      </div>
      {atLimit && (
        <p className="small text-body-secondary mb-3" role="status" data-testid="quantity-limit">
          {t(byStock ? 'catalog.product.quantity_stock' : 'catalog.product.quantity_limit', { count: max })}
        </p>
      )}
    </>
  );
}

function PhoneBox({ productName }: { productName: string }) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  return (
    <form
      className="card card-body mt-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (phone.length < 8) return;
        const text = t('catalog.product.whatsapp_message', {
          name: productName,
          phone,
          url: window.location.href,
        });
        window.open(`https://wa.me/?text=${encodeURIComponent(text)}`, '_blank', 'noopener');
      }}
    >
      <label htmlFor="order-phone" className="form-label small fw-semibold">
        {t('catalog.product.phone_box_title')}
      </label>
      <div className="input-group">
        <input
          id="order-phone"
          type="tel"
          inputMode="tel"
          dir="ltr"
          className="form-control"
          value={phone}
          placeholder="+965"
          onChange={(event) => setPhone(event.target.value.replace(/\D/g, ''))}
        />
        <button type="submit" className="btn btn-success" disabled={phone.length < 8}>
          {t('catalog.product.phone_box_confirm')}
        </button>
      </div>
    </form>
  );
}

function ProductDetail({ product }: { product: Product }) {
  const { t } = useTranslation();
  useDocumentTitle(
    product.brand && !product.name.toLowerCase().includes(product.brand.toLowerCase())
      ? `${product.name} — ${product.brand}`
      : product.name,
  );
  const language = useAppSelector(selectLanguage);
  const dispatch = useAppDispatch();
  const currency = useAppSelector(selectCurrency);
  const [selection, setSelection] = useState<Selection>({ size: null, color: null });
  const [quantityDraft, setQuantityDraft] = useState('1');
  // No more than the shop has (the server refuses more) nor than one order may have.
  const limit = getConfig().maxQuantityPerProduct;
  const inStock = Math.max(1, product.stock_quantity);
  const maxQuantity = Math.min(limit, inStock);
  const quantity = quantityFromDraft(quantityDraft, maxQuantity);
  const [refusal, setRefusal] = useState<AddRefusal | null>(null);
  const sizes = attributeOptions(product, 'size');
  const colours = attributeOptions(product, 'color');
  const prices = displayPrices(product);

  const choose = (change: Partial<Selection>) => {
    setSelection((current) => ({ ...current, ...change }));
    setRefusal(null);
  };

  const add = () => {
    // An emptied or zero field adds one, and the field shows what was added.
    setQuantityDraft(String(quantity));
    const reason = addToCartRefusal(product, selection, currency);
    setRefusal(reason);
    if (reason) {
      notify.warning(t(REFUSAL_KEYS[reason]), { toastId: `refusal-${reason}` });
      return;
    }
    dispatch(
      addToCartClicked({
        product_id: product.id,
        quantity,
        size: selection.size,
        color: selection.color,
        currency,
      }),
    );
  };

  return (
    <div className="row g-4 g-lg-5">
      <div className="col-12 col-md-6">
        <ProductGallery
          images={product.image_url?.length ? product.image_url : [product.image_temp]}
          name={product.name}
        />
      </div>
      <div className="col-12 col-md-6">
        <p className="small text-body-secondary mb-1">
          {product.category}
          {product.brand ? ` · ${product.brand}` : ''}
        </p>
        <div className="d-flex align-items-start justify-content-between gap-2">
          <h1 className="h3">{product.name}</h1>
          <FavoriteHeart productId={product.id} name={product.name} />
        </div>
        <div className="d-flex align-items-center gap-2 mb-2">
          <StarRating value={product.rating} t={t} />
          <span className="small text-body-secondary" data-testid="product-rating">
            {product.rating.toFixed(1)}
          </span>
          {product.discount_offer ? (
            // "-20%" is a number with its sign: left to right in Arabic too, or it reads "20%-".
            <span className="badge text-bg-danger" dir="ltr">
              {t('catalog.ui.discount_offer', { percent: product.discount_offer })}
            </span>
          ) : null}
        </div>
        <StockNote product={product} />
        <dl className="row small mb-2">
          <dt className="col-5 col-sm-4 fw-normal text-body-secondary">{t('catalog.product.unit_price')}</dt>
          <dd className="col-7 col-sm-8 mb-1" data-testid="unit-price">
            <span className="fw-semibold">{formatMoney(prices.amount, prices.currency, language)}</span>
            {prices.original !== null && (
              <del className="text-body-secondary ms-2">
                {formatMoney(prices.original, prices.currency, language)}
              </del>
            )}
          </dd>
          <dt className="col-5 col-sm-4 fw-normal text-body-secondary">{t('catalog.product.total_price')}</dt>
          <dd className="col-7 col-sm-8 mb-1 fw-bold fs-5" data-testid="total-price" aria-live="polite">
            {formatMoney(lineTotal(prices.amount, quantity), prices.currency, language)}
          </dd>
        </dl>
        <ColourSelector options={colours} value={selection.color} onChange={(color) => choose({ color })} />
        <SizeSelector options={sizes} value={selection.size} onChange={(size) => choose({ size })} />
        <QuantityStepper
          draft={quantityDraft}
          max={maxQuantity}
          byStock={inStock < limit}
          onDraftChange={setQuantityDraft}
        />
        {refusal && (
          <p className="text-danger small" role="alert" data-testid="add-refusal">
            {t(REFUSAL_KEYS[refusal])}
          </p>
        )}
        <AddToCartButton productId={product.id} onAdd={add} />
        <ul className="list-unstyled small text-body-secondary mt-3 mb-0">
          <li>{t('catalog.product.shipping_method')}</li>
          <li>{t('catalog.product.delivery_promise', { days: DELIVERY_PROMISE_DAYS })}</li>
          <li data-testid="estimated-delivery">
            {t('catalog.product.estimated_delivery', {
              date: formatDate(addDays(new Date(), DELIVERY_DAYS)),
            })}
          </li>
        </ul>
        <PhoneBox productName={product.name} />
        <h2 className="h5 mt-4">{t('catalog.product.description')}</h2>
        <p className="text-body-secondary" style={{ whiteSpace: 'pre-line' }}>
          {product.description}
        </p>
      </div>
    </div>
  );
}

/**
 * Busy while this product's add is in flight. It follows that state itself, so a tap re-renders the button, not the
 * whole product detail (gallery, prices, choices) before the tap's paint.
 */
function AddToCartButton({ productId, onAdd }: { productId: number; onAdd: () => void }) {
  const { t } = useTranslation();
  const adding = useAppSelector((state) => selectIsAddingToCart(state, productId));
  return (
    <button
      type="button"
      className="btn btn-primary btn-lg w-100"
      onClick={onAdd}
      disabled={adding}
      aria-busy={adding}
    >
      {adding && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
      {adding ? t('catalog.product.adding_to_cart') : t('catalog.product.add_to_cart')}
    </button>
  );
}

const NO_PRODUCTS: ListedProduct[] = [];

function RelatedProducts({ product }: { product: Product }) {
  const { t } = useTranslation();
  const args = useAppSelector(selectHomeArgs);
  // Chosen by the server from the whole catalogue: the page fetches two short lists, never the catalogue.
  const { data, isLoading } = useGetRelatedProductsQuery({ ...args, id: product.id });
  const similar = data?.similar ?? NO_PRODUCTS;
  const recommended = data?.recommended ?? NO_PRODUCTS;
  // Two grids of cards below the reviews: most of the page's elements, far below a phone's first screen.
  return (
    <KeptUntilNear showing={data}>
      <ProductSections
        isLoading={isLoading}
        sections={[
          { id: 'similar-title', title: t('catalog.product.similar'), items: similar },
          { id: 'recommended-title', title: t('catalog.product.recommended'), items: recommended },
        ]}
      />
    </KeptUntilNear>
  );
}

function ProductSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="row g-4" role="status" aria-live="polite" data-testid="product-skeleton">
      <span className="visually-hidden">{t('common.loading')}</span>
      <div className="col-12 col-md-6">
        <SkeletonBox style={{ aspectRatio: '1 / 1' }} />
      </div>
      <div className="col-12 col-md-6">
        <SkeletonBox className="mb-3" style={{ blockSize: '2rem', inlineSize: '80%' }} />
        <SkeletonBox className="mb-3" style={{ blockSize: '1rem', inlineSize: '40%' }} />
        <SkeletonBox className="mb-3" style={{ blockSize: '1.5rem', inlineSize: '30%' }} />
        <SkeletonBox className="mb-3" style={{ blockSize: '3rem', inlineSize: '100%' }} />
        <SkeletonBox style={{ blockSize: '6rem', inlineSize: '100%' }} />
      </div>
    </div>
  );
}

export default function ProductPage() {
  const { t } = useTranslation();
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const valid = Number.isInteger(id) && id > 0;
  const args = useAppSelector(selectHomeArgs);
  const {
    data: product,
    isLoading,
    isFetching,
    error,
    refetch,
  } = useGetProductQuery(valid ? { id, ...args } : skipToken);
  const notFound = !valid || statusOf(error) === 404;

  let body;
  if (notFound) {
    body = (
      <EmptyState
        image="/images/no-products.svg"
        title={t('catalog.product.product_not_found')}
        alert
        action={
          <Link to="/search" className="btn btn-primary">
            {t('catalog.product.browse_products')}
          </Link>
        }
      />
    );
  } else if (error && !product) {
    body = (
      <LoadFailed
        reason={failureReason(error)}
        title={t('catalog.product.load_failed')}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  } else if (isLoading || !product || (isFetching && product.id !== id)) {
    body = <ProductSkeleton />;
  } else {
    body = (
      <>
        <ProductDetail key={`detail-${product.id}`} product={product} />
        {/* Keyed by the product like the detail: another product starts on its first review page. */}
        <ProductReviews key={`reviews-${product.id}`} productId={product.id} productRating={product.rating} />
        <RelatedProducts product={product} />
      </>
    );
  }
  return <div className="container-xl py-4">{body}</div>;
}

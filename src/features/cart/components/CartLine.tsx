import { memo, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

import { useAppSelector } from '../../../app/hooks';
import { SHOP_NAMESPACE } from '../../../i18n/i18n';
import { Price } from '../../../ui/Price';
import { selectLanguage } from '../../settings/public';
import type { CartLineView } from '../cartLines';
import {
  useChangeCartLineChoiceMutation,
  useRemoveCartLineMutation,
  useUpdateCartQuantityMutation,
} from '../cartMutations';
import { readQuantity } from '../quantity';
import type { CartArgs } from '../types';
import { ProductThumbnail } from '../../../ui/ProductThumbnail';

function BusySpinner({ label }: { label: string }) {
  return (
    <span role="status" className="d-inline-flex align-items-center">
      <span className="spinner-border spinner-border-sm" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

function ChoiceSelect({
  label,
  options,
  value,
  disabled,
  onChange,
}: {
  label: string;
  options: string[];
  value: string | null;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  if (options.length === 0) return null;
  return (
    <div className="cart-line__choice">
      <label htmlFor={id} className="form-label small mb-0 text-body-secondary">
        {label}
      </label>
      <select
        id={id}
        className="form-select form-select-sm"
        value={value ?? ''}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {value === null && <option value="" disabled />}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * One line of the cart. Memoised: a change of another line does not re-render it. `waiting`: the line is the
 * persisted last answer; it changes once the server has answered (a change now could be undone by that answer).
 */
export const CartLine = memo(function CartLine({
  line,
  cart,
  waiting = false,
}: {
  line: CartLineView;
  cart: CartArgs;
  waiting?: boolean;
}) {
  const { t } = useTranslation(['translation', SHOP_NAMESPACE]);
  const language = useAppSelector(selectLanguage);
  const { item, product } = line;
  const name = product?.name ?? t('cart.line.removed_product');
  const [updateQuantity, update] = useUpdateCartQuantityMutation();
  const [removeLine, removal] = useRemoveCartLineMutation();
  const [changeChoice, choiceChange] = useChangeCartLineChoiceMutation();
  const busy = update.isLoading || removal.isLoading || choiceChange.isLoading;
  const locked = busy || waiting;
  const [draft, setDraft] = useState(String(item.quantity));
  const [problem, setProblem] = useState<string | null>(null);
  const quantityId = useId();

  // The field follows the cart (an optimistic change, its rollback, another tab) unless the shopper is typing.
  useEffect(() => setDraft(String(item.quantity)), [item.quantity]);

  const setQuantity = (quantity: number) => {
    if (quantity === item.quantity || locked) return;
    void updateQuantity({ cart, line: item, quantity });
  };

  const commitDraft = () => {
    const read = readQuantity(draft, line.stock, line.limit);
    if (read.kind === 'refused') {
      setProblem(t(`cart.quantity.${read.reason}`));
      setDraft(String(item.quantity));
      return;
    }
    setProblem(read.kind === 'clamped' ? t(`cart.quantity.${read.reason}`, { count: read.quantity }) : null);
    setDraft(String(read.quantity));
    setQuantity(read.quantity);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      commitDraft();
    }
  };

  const choose = (change: { size?: string; color?: string }) => {
    const size = change.size ?? item.size;
    const color = change.color ?? item.color;
    // Choosing the value the line already has does nothing.
    if (locked || (size === item.size && color === item.color)) return;
    void changeChoice({ cart, line: item, size, color });
  };

  const busyLabel = removal.isLoading ? t('cart.line.removing', { name }) : t('cart.line.updating', { name });

  return (
    <li
      className={`cart-line card mb-3${line.unavailable ? ' cart-line--unavailable' : ''}`}
      aria-busy={locked}
      data-testid="cart-line"
    >
      <div className="card-body d-flex gap-3">
        <ProductThumbnail image={product?.image_temp} size={96} className="cart-line__image rounded" />
        <div className="flex-grow-1 min-w-0">
          <div className="d-flex justify-content-between align-items-start gap-2">
            <h2 className="h6 mb-1 cart-line__name">
              {product ? (
                <Link to={`/product/${product.id}`} className="text-reset">
                  <bdi>{name}</bdi>
                </Link>
              ) : (
                name
              )}
            </h2>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger cart-line__remove"
              aria-label={t('cart.line.remove', { name })}
              disabled={locked}
              onClick={() => void removeLine({ cart, line: item })}
            >
              {removal.isLoading ? <BusySpinner label={busyLabel} /> : <span aria-hidden="true">×</span>}
            </button>
          </div>
          {line.unavailable ? (
            <p className="small text-danger mb-0" data-testid="unavailable">
              <span className="badge text-bg-secondary me-2">{t('cart.line.unavailable')}</span>
              {t('cart.line.unavailable_text')}
            </p>
          ) : (
            <>
              <Price
                amount={line.unitPrice}
                original={line.originalPrice}
                currency={line.currency}
                language={language}
                t={t}
              />
              <div className="d-flex flex-wrap gap-2 mt-2">
                <ChoiceSelect
                  label={t('cart.line.size')}
                  options={line.sizes}
                  value={item.size}
                  disabled={locked}
                  onChange={(size) => choose({ size })}
                />
                <ChoiceSelect
                  label={t('cart.line.color')}
                  options={line.colors}
                  value={item.color}
                  disabled={locked}
                  onChange={(color) => choose({ color })}
                />
              </div>
              <div className="d-flex align-items-center gap-2 mt-2">
                <div className="input-group input-group-sm cart-line__quantity">
                  <button
                    type="button"
                    className="btn btn-outline-secondary"
                    aria-label={t('cart.line.decrease', { name })}
                    disabled={locked || item.quantity <= 1}
                    onClick={() => setQuantity(item.quantity - 1)}
                  >
                    −
                  </button>
                  <input
                    id={quantityId}
                    className={`form-control text-center${problem ? ' is-invalid' : ''}`}
                    inputMode="numeric"
                    aria-label={t('cart.line.quantity', { name })}
                    aria-invalid={problem !== null}
                    aria-describedby={problem ? `${quantityId}-problem` : undefined}
                    value={draft}
                    disabled={locked}
                    onChange={(event) => setDraft(event.target.value)}
                    onBlur={commitDraft}
                    onKeyDown={onKeyDown}
                  />
                  <button
                    type="button"
                    className="btn btn-outline-secondary"
                    aria-label={t('cart.line.increase', { name })}
                    disabled={locked || item.quantity >= Math.min(line.stock, line.limit)}
                    onClick={() => setQuantity(item.quantity + 1)}
                  >
                    +
                  </button>
                </div>
                {busy && !removal.isLoading && <BusySpinner label={busyLabel} />}
              </div>
              {problem && (
                <p id={`${quantityId}-problem`} className="small text-danger mb-0 mt-1" role="alert">
                  {problem}
                </p>
              )}
            </>
          )}
        </div>
      </div>
    </li>
  );
});

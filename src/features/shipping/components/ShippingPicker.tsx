import { skipToken } from '@reduxjs/toolkit/query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SHOP_NAMESPACE } from '../../../i18n/i18n';
import { formatMoney } from '../../../lib/money';
import { notify } from '../../../lib/notify';
import { selectCurrency, selectLanguage } from '../../settings/public';
import { placeName } from '../placeName';
import { SHIPPING_FRESH_SECONDS, useGetAreasQuery, useGetGovernoratesQuery } from '../shippingApi';
import { selectShippingChoice } from '../shippingSelectors';
import { addressTyped, areaChosen, governorateChosen } from '../shippingSlice';

function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation(['translation', SHOP_NAMESPACE]);
  return (
    <div
      className="alert alert-danger d-flex align-items-center justify-content-between gap-2 py-2"
      role="alert"
    >
      <span>{message}</span>
      <button type="button" className="btn btn-sm btn-danger" onClick={onRetry}>
        {t('shipping.retry')}
      </button>
    </div>
  );
}

/**
 * Governorate, area and detailed address. The choice (ids and address) is stored (and shared with checkout and
 * other tabs) as it is made; names and price are the server's answers, read again in the shopper's currency.
 * `showErrors` marks a missing address even before the field was touched (checkout's submit).
 */
export function ShippingPicker({ showErrors = false }: { showErrors?: boolean }) {
  const { t, ready } = useTranslation(['translation', SHOP_NAMESPACE]);
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);
  const currency = useAppSelector(selectCurrency);
  const choice = useAppSelector(selectShippingChoice);
  const [addressTouched, setAddressTouched] = useState(false);
  const ids = useId();
  const fresh = { refetchOnMountOrArgChange: SHIPPING_FRESH_SECONDS };
  const governorates = useGetGovernoratesQuery(undefined, fresh);
  const areas = useGetAreasQuery(
    choice.governorateId === null ? skipToken : { governorateId: choice.governorateId, currency },
    fresh,
  );
  if (!ready) return null;

  const fallbackGovernorate = t('shipping.fallback_governorate');
  const fallbackArea = t('shipping.fallback_area');
  const addressMissing = choice.areaId !== null && choice.address.trim() === '';
  const addressInvalid = addressMissing && (addressTouched || showErrors);

  const chooseGovernorate = (value: string) => {
    const governorate = governorates.data?.find((item) => String(item.id) === value);
    if (governorate) dispatch(governorateChosen(governorate));
  };
  const chooseArea = (value: string) => {
    const area = areas.data?.find((item) => String(item.id) === value);
    if (!area) return;
    dispatch(areaChosen(area));
    const price =
      area.shipping_price > 0 ? formatMoney(area.shipping_price, currency, language) : t('shipping.free');
    notify.success(t('shipping.shipping_price_updated', { price }), { toastId: 'shipping-price-updated' });
  };

  return (
    <fieldset className="shipping-picker" aria-labelledby={`${ids}-title`}>
      <legend id={`${ids}-title`} className="h5">
        {t('shipping.title')}
      </legend>
      {governorates.isError ? (
        <LoadFailed
          message={t('shipping.governorates_load_failed')}
          onRetry={() => void governorates.refetch()}
        />
      ) : (
        <div className="mb-3">
          <label className="form-label" htmlFor={`${ids}-governorate`}>
            {t('shipping.governorate')}
          </label>
          <select
            id={`${ids}-governorate`}
            className="form-select"
            value={choice.governorateId ?? ''}
            disabled={governorates.isLoading}
            onChange={(event) => chooseGovernorate(event.target.value)}
          >
            <option value="" disabled>
              {t('shipping.choose_governorate')}
            </option>
            {governorates.data?.map((governorate) => (
              <option key={governorate.id} value={governorate.id}>
                {placeName(governorate, language, fallbackGovernorate)}
              </option>
            ))}
          </select>
        </div>
      )}
      {choice.governorateId !== null && areas.isError ? (
        <LoadFailed message={t('shipping.areas_load_failed')} onRetry={() => void areas.refetch()} />
      ) : (
        <div className="mb-3">
          <label className="form-label" htmlFor={`${ids}-area`}>
            {t('shipping.area')}
          </label>
          <select
            id={`${ids}-area`}
            className="form-select"
            value={areas.data && choice.areaId !== null ? choice.areaId : ''}
            disabled={choice.governorateId === null || !areas.data}
            aria-busy={areas.isFetching}
            onChange={(event) => chooseArea(event.target.value)}
          >
            <option value="" disabled>
              {choice.governorateId === null
                ? t('shipping.choose_governorate_first')
                : areas.isFetching && !areas.data
                  ? t('shipping.loading_areas')
                  : t('shipping.choose_area')}
            </option>
            {areas.data?.map((area) => (
              <option key={area.id} value={area.id}>
                {placeName(area, language, fallbackArea)}
              </option>
            ))}
          </select>
        </div>
      )}
      {choice.area !== null && (
        <p className="small mb-3" data-testid="shipping-price" aria-live="polite">
          {t('shipping.price', {
            area: placeName(choice.area, language, fallbackArea),
            price:
              choice.shippingPrice > 0
                ? formatMoney(choice.shippingPrice, choice.currency ?? currency, language)
                : t('shipping.free'),
          })}
        </p>
      )}
      <div className="mb-1">
        <label className="form-label" htmlFor={`${ids}-address`}>
          {t('shipping.address')}
        </label>
        <textarea
          id={`${ids}-address`}
          className={`form-control${addressInvalid ? ' is-invalid' : ''}`}
          rows={3}
          dir="auto"
          maxLength={500}
          required={choice.areaId !== null}
          aria-invalid={addressInvalid}
          aria-describedby={addressInvalid ? `${ids}-address-error` : undefined}
          placeholder={t('shipping.address_placeholder')}
          value={choice.address}
          onChange={(event) => dispatch(addressTyped(event.target.value))}
          onBlur={() => setAddressTouched(true)}
        />
        {addressInvalid && (
          <div id={`${ids}-address-error`} className="invalid-feedback">
            {t('shipping.enter_detailed_address')}
          </div>
        )}
      </div>
    </fieldset>
  );
}

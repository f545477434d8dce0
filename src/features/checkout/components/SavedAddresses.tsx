import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { notify } from '../../../lib/notify';
import type { Address } from '../checkoutApi';
import { addressPicked, newAddressOpened, selectCheckoutDraft } from '../checkoutSlice';
import { AddressForm } from './AddressForm';

interface Props {
  addresses: readonly Address[] | undefined;
  loading: boolean;
  failed: boolean;
  error?: string;
}

/** A signed-in shopper picks one of the saved addresses or adds one. */
export function SavedAddresses({ addresses, loading, failed, error }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectCheckoutDraft);
  const errorId = 'saved-address-error';

  useEffect(() => {
    if (failed) notify.error(t('checkout.errors.fetch_addresses'), { toastId: 'addresses-failed' });
  }, [failed, t]);

  // The only address is the one to use.
  useEffect(() => {
    const [only] = addresses ?? [];
    if (addresses?.length === 1 && only && draft.addressId === null) dispatch(addressPicked(only.id));
  }, [addresses, draft.addressId, dispatch]);

  return (
    <fieldset className="mb-4" aria-describedby={error ? errorId : undefined}>
      <legend className="h5">{t('checkout.addresses.legend')}</legend>
      {loading && (
        <div className="placeholder-glow" aria-hidden="true">
          <span className="placeholder col-12 py-4" />
        </div>
      )}
      {failed && <p className="text-danger">{t('checkout.errors.fetch_addresses')}</p>}
      {addresses && addresses.length === 0 && !draft.addingAddress && (
        <p className="text-body-secondary">{t('checkout.addresses.empty')}</p>
      )}
      <div className="d-grid gap-2">
        {addresses?.map((address) => (
          <label
            key={address.id}
            className={`card card-body flex-row gap-3 align-items-start ${draft.addressId === address.id ? 'border-primary' : ''}`}
          >
            <input
              type="radio"
              name="saved-address"
              className="form-check-input mt-1"
              checked={draft.addressId === address.id}
              onChange={() => dispatch(addressPicked(address.id))}
            />
            <span>
              <bdi className="fw-semibold d-block">{address.name}</bdi>
              <bdi className="d-block">
                {[address.address, address.apartment_number, address.city].filter(Boolean).join(', ')}
              </bdi>
              <span className="small text-body-secondary">
                {t('checkout.addresses.phone', {
                  // Left-to-right isolate (LRI … PDI): in Arabic "+965 99887766" must not read "99887766 965+".
                  phone: `\u2066${address.code_number} ${address.mobile_number}\u2069`,
                })}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error && (
        <div id={errorId} className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
      {draft.addingAddress ? (
        <AddressForm />
      ) : (
        <button
          type="button"
          className="btn btn-outline-primary mt-3"
          onClick={() => dispatch(newAddressOpened())}
        >
          {t('checkout.addresses.add')}
        </button>
      )}
    </fieldset>
  );
}

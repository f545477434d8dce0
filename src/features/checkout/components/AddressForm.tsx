import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { fieldErrors } from '../../../app/api';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { digitsOnly } from '../../../lib/digits';
import { notify } from '../../../lib/notify';
import { PhoneInput } from '../../../ui/PhoneInput';
import { selectLanguage } from '../../settings/public';
import { TextField } from '../../../ui/TextField';
import { useAddAddressMutation } from '../checkoutApi';
import {
  addressSaved,
  newAddressClosed,
  newAddressEdited,
  selectCheckoutDraft,
  type NewAddressDraft,
} from '../checkoutSlice';

/**
 * The address's country (docs/spec/01-shell-and-account.md §9: default KWT, the three-letter code of GET
 * /countries). The shop delivers to Kuwait's governorates only; the phone's dial code says where the phone is
 * from, not where the parcel goes.
 */
const ADDRESS_COUNTRY_CODE = 'KWT';

type Field = keyof NewAddressDraft;
type Problems = Partial<Record<Field, string>>;

/** The address form's rules: every field required, phone and apartment number digits only. */
export function checkNewAddress(draft: NewAddressDraft): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  if (!draft.name.trim()) problems.name = 'name_required';
  if (!draft.phone) problems.phone = 'phone_required';
  else if (!/^\d+$/.test(draft.phone)) problems.phone = 'digits_only';
  if (!draft.city.trim()) problems.city = 'city_required';
  if (!draft.address.trim()) problems.address = 'address_required';
  if (!draft.apartment.trim()) problems.apartment = 'apartment_required';
  else if (!/^\d+$/.test(draft.apartment.trim())) problems.apartment = 'digits_only';
  return problems;
}

const SERVER_FIELD: Record<string, Field> = {
  name: 'name',
  mobile_number: 'phone',
  code_number: 'phoneCode',
  city: 'city',
  address: 'address',
  apartment_number: 'apartment',
};

/** The fields after the phone number, in order. */
const PLACE_FIELDS: { field: 'city' | 'address' | 'apartment'; autoComplete?: string; numeric?: boolean }[] =
  [
    { field: 'city', autoComplete: 'address-level2' },
    { field: 'address', autoComplete: 'street-address' },
    { field: 'apartment', numeric: true },
  ];

export function AddressForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectCheckoutDraft).newAddress;
  const language = useAppSelector(selectLanguage);
  const [problems, setProblems] = useState<Problems>({});
  const [serverProblems, setServerProblems] = useState<Problems>({});
  const [addAddress, { isLoading }] = useAddAddressMutation();

  const edit = (field: Field) => (value: string) => {
    setServerProblems((current) => ({ ...current, [field]: undefined }));
    dispatch(newAddressEdited({ field, value }));
  };
  const message = (field: Field) =>
    serverProblems[field] ?? (problems[field] ? t(`checkout.address_form.${problems[field]}`) : undefined);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkNewAddress(draft);
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const answer = await addAddress({
      name: draft.name.trim(),
      address: draft.address.trim(),
      mobile_number: draft.phone,
      apartment_number: digitsOnly(draft.apartment),
      city: draft.city.trim(),
      code_number: draft.phoneCode,
      country_code: ADDRESS_COUNTRY_CODE,
    });
    if ('data' in answer && answer.data?.address) {
      notify.success(t('checkout.address_form.saved'));
      dispatch(addressSaved(answer.data.address.id));
      return;
    }
    const byField = fieldErrors('error' in answer ? answer.error : undefined);
    const placed: Problems = {};
    for (const [field, text] of Object.entries(byField)) {
      const target = SERVER_FIELD[field];
      if (target) placed[target] = text;
    }
    setServerProblems(placed);
    notify.error(t('checkout.address_form.failed'));
  };

  return (
    <form className="card card-body mt-3" onSubmit={(event) => void save(event)} noValidate>
      <h3 className="h6">{t('checkout.address_form.title')}</h3>
      <TextField
        id="new-address-name"
        name="name"
        label={t('checkout.address_form.name')}
        value={draft.name}
        onChange={(event) => edit('name')(event.target.value)}
        autoComplete="name"
        dir="auto"
        error={message('name')}
      />
      <PhoneInput
        language={language}
        idPrefix="new-address-phone"
        label={t('checkout.address_form.phone')}
        codeLabel={t('checkout.address_form.phone_code')}
        phoneCode={draft.phoneCode}
        phoneNumber={draft.phone}
        onPhoneCodeChange={edit('phoneCode')}
        onPhoneNumberChange={edit('phone')}
        numberError={message('phone')}
        codeError={message('phoneCode')}
      />
      {PLACE_FIELDS.map(({ field, autoComplete, numeric }) => (
        <TextField
          key={field}
          id={`new-address-${field}`}
          name={field}
          label={t(`checkout.address_form.${field}`)}
          value={draft[field]}
          onChange={(event) => edit(field)(numeric ? digitsOnly(event.target.value) : event.target.value)}
          autoComplete={autoComplete}
          inputMode={numeric ? 'numeric' : undefined}
          dir={numeric ? 'ltr' : 'auto'}
          error={message(field)}
        />
      ))}
      <div className="d-flex gap-2">
        <button type="submit" className="btn btn-primary" disabled={isLoading}>
          {isLoading ? t('checkout.address_form.saving') : t('checkout.address_form.save')}
        </button>
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={() => dispatch(newAddressClosed())}
          disabled={isLoading}
        >
          {t('checkout.address_form.cancel')}
        </button>
      </div>
    </form>
  );
}

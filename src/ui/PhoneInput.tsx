import './forms.css';

import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { digitsOnly } from '../lib/digits';
import type { Language } from '../lib/language';
import { phoneCountriesSorted, phoneCountryByDialCode, phoneCountryByIso } from '../lib/phoneCodes';
import { FlagImage } from './FlagImage';
import { FieldError } from './FieldError';

interface Props {
  idPrefix: string;
  label: string;
  codeLabel: string;
  /** The calling code with its plus sign ('+963'). */
  phoneCode: string;
  /** Digits only: whatever is typed or pasted is stripped to digits (Arabic-Indic digits count). */
  phoneNumber: string;
  onPhoneCodeChange(code: string): void;
  onPhoneNumberChange(digits: string): void;
  onBlur?(event: FocusEvent<HTMLInputElement | HTMLSelectElement>): void;
  codeName?: string;
  numberName?: string;
  codeError?: string;
  numberError?: string;
  disabled?: boolean;
  /** Country names are sorted and shown in this language. */
  language: Language;
}

// Bidi isolation keeps '+963' reading left to right inside Arabic option texts.
const ltr = (text: string) => `\u2066${text}\u2069`;

/** The phone code picker (the full table of calling codes) and the phone number, labelled and validated. */
export function PhoneInput({
  idPrefix,
  label,
  codeLabel,
  phoneCode,
  phoneNumber,
  onPhoneCodeChange,
  onPhoneNumberChange,
  onBlur,
  codeName = 'phoneCode',
  numberName = 'phoneNumber',
  codeError,
  numberError,
  disabled,
  language,
}: Props) {
  const { t } = useTranslation();
  const countries = useMemo(() => phoneCountriesSorted(language), [language]);
  // Countries can share a code (+1, +44 …): the picked country is remembered so the right one stays selected.
  const [pickedIso, setPickedIso] = useState<string | null>(null);
  const latestCodeChange = useRef(onPhoneCodeChange);
  useEffect(() => {
    latestCodeChange.current = onPhoneCodeChange;
  });
  const changeCode = useCallback((event: ChangeEvent<HTMLSelectElement>) => {
    const next = phoneCountryByIso(event.target.value);
    setPickedIso(next?.iso ?? null);
    latestCodeChange.current(next?.dialCode ?? '');
  }, []);
  const picked = pickedIso ? phoneCountryByIso(pickedIso) : undefined;
  const country = picked?.dialCode === phoneCode ? picked : phoneCountryByDialCode(phoneCode);
  const codeId = `${idPrefix}-code`;
  const numberId = `${idPrefix}-number`;
  const hintId = `${numberId}-hint`;
  const numberErrorId = `${numberId}-error`;
  const codeErrorId = `${codeId}-error`;
  const codeValue = country?.iso ?? '';
  // A keystroke anywhere in the form renders the phone input again; React updates a select it renders by walking its
  // options for the value, ~240 here on every keystroke. The same element, while nothing of the picker changed, is
  // left alone.
  const codePicker = useMemo(
    () => (
      <select
        id={codeId}
        name={codeName}
        className={`form-select${codeError ? ' is-invalid' : ''}`}
        value={codeValue}
        onChange={changeCode}
        onBlur={onBlur}
        aria-invalid={codeError ? true : undefined}
        aria-describedby={codeError ? codeErrorId : undefined}
        disabled={disabled}
      >
        {!codeValue && <option value="">{codeLabel}</option>}
        {countries.map((entry) => (
          <option key={entry.iso} value={entry.iso}>
            {`${entry.name} ${ltr(entry.dialCode)}`}
          </option>
        ))}
      </select>
    ),
    [codeId, codeName, codeError, codeValue, changeCode, onBlur, codeErrorId, disabled, codeLabel, countries],
  );
  const hint = country
    ? country.minLength === country.maxLength
      ? t('common.forms.phone_hint_exact', { digits: country.maxLength })
      : t('common.forms.phone_hint_range', { min: country.minLength, max: country.maxLength })
    : undefined;

  return (
    <fieldset className="mb-3 phone-input">
      <legend className="form-label fs-6 mb-2">{label}</legend>
      <div className={`input-group${numberError || codeError ? ' has-validation' : ''}`}>
        <span className="input-group-text" aria-hidden="true">
          <FlagImage code={country?.iso} />
        </span>
        <label htmlFor={codeId} className="visually-hidden">
          {codeLabel}
        </label>
        {codePicker}
        <label htmlFor={numberId} className="visually-hidden">
          {label}
        </label>
        <input
          id={numberId}
          name={numberName}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          dir="ltr"
          className={`form-control${numberError ? ' is-invalid' : ''}`}
          value={phoneNumber}
          onChange={(event) => onPhoneNumberChange(digitsOnly(event.target.value))}
          onBlur={onBlur}
          aria-invalid={numberError ? true : undefined}
          aria-describedby={
            [hint ? hintId : null, numberError ? numberErrorId : null].filter(Boolean).join(' ') || undefined
          }
          disabled={disabled}
        />
      </div>
      {hint && (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      )}
      <FieldError id={codeErrorId} error={codeError} block />
      <FieldError id={numberErrorId} error={numberError} block />
    </fieldset>
  );
}

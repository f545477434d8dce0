import './forms.css';

import type { ChangeEvent, FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from './FieldError';

interface Props {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  onBlur?(event: FocusEvent<HTMLInputElement>): void;
  /** Whether the text is shown; the form owns it so it can reset the mask (login without answer). */
  shown: boolean;
  onToggleShown(): void;
  error?: string;
  autoComplete: 'current-password' | 'new-password';
  /** In the reset dialog, hidden passwords show an overlay of asterisks instead of the browser's dots. */
  asteriskMask?: boolean;
  disabled?: boolean;
  hint?: string;
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M12 5C6.5 5 2.3 8.6 1 12c1.3 3.4 5.5 7 11 7s9.7-3.6 11-7c-1.3-3.4-5.5-7-11-7Zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9Zm0-2.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4Z"
      />
      {crossed && <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" />}
    </svg>
  );
}

/** A password input with a show/hide toggle; labelled, and its error announced and tied to it. */
export function PasswordField({
  id,
  name,
  label,
  value,
  onChange,
  onBlur,
  shown,
  onToggleShown,
  error,
  autoComplete,
  asteriskMask,
  disabled,
  hint,
}: Props) {
  const { t } = useTranslation();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const masked = asteriskMask && !shown;
  return (
    <div className="mb-3 password-field">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <div className={`input-group${error ? ' has-validation' : ''}`}>
        <div className="password-mask-host">
          <input
            id={id}
            name={name}
            type={shown ? 'text' : 'password'}
            className={`form-control${error ? ' is-invalid' : ''}${masked ? ' is-asterisk-masked' : ''}`}
            value={value}
            onChange={onChange}
            onBlur={onBlur}
            autoComplete={autoComplete}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            disabled={disabled}
            dir="ltr"
          />
          {masked && value && (
            <span className="password-mask" aria-hidden="true" data-testid={`${id}-mask`} dir="ltr">
              {'*'.repeat(value.length)}
            </span>
          )}
        </div>
        <button
          type="button"
          className="btn btn-outline-secondary"
          onClick={onToggleShown}
          aria-pressed={shown}
          aria-controls={id}
          aria-label={shown ? t('common.forms.password_hide') : t('common.forms.password_show')}
          disabled={disabled}
        >
          <EyeIcon crossed={shown} />
        </button>
      </div>
      {hint && (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      )}
      <FieldError id={errorId} error={error} block />
    </div>
  );
}

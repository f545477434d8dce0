import type { ChangeEvent, FocusEvent, HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute } from 'react';

interface Props {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange(event: ChangeEvent<HTMLInputElement>): void;
  onBlur?(event: FocusEvent<HTMLInputElement>): void;
  error?: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: 'text' | 'email' | 'numeric' | 'tel';
  maxLength?: number;
  disabled?: boolean;
  dir?: 'ltr' | 'rtl' | 'auto';
}

/** A labelled input whose error is announced (role=alert) and tied to it (aria-describedby). */
export function TextField({ id, label, error, type = 'text', ...input }: Props) {
  const errorId = `${id}-error`;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        type={type}
        className={`form-control${error ? ' is-invalid' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      {error && (
        <div id={errorId} className="invalid-feedback" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

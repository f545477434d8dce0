import type { ChangeEvent, FocusEvent, HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute } from 'react';

import { FieldError } from './FieldError';

type Field = HTMLInputElement | HTMLTextAreaElement;

interface Props {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange(event: ChangeEvent<Field>): void;
  onBlur?(event: FocusEvent<Field>): void;
  error?: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: 'text' | 'email' | 'numeric' | 'tel';
  maxLength?: number;
  disabled?: boolean;
  dir?: 'ltr' | 'rtl' | 'auto';
  /** A text area of this many rows instead of a one-line input. */
  rows?: number;
  /** The compact size (the footer's contact form). */
  small?: boolean;
}

/** The settings of every e-mail input: the right keyboard, autofill, and left to right in Arabic too. */
export const EMAIL_INPUT = { type: 'email', inputMode: 'email', autoComplete: 'email', dir: 'ltr' } as const;

/** A labelled input (or text area) whose error is announced (role=alert) and tied to it (aria-describedby). */
export function TextField({ id, label, error, type = 'text', rows, small = false, ...input }: Props) {
  const errorId = `${id}-error`;
  const control = {
    id,
    className: `form-control${small ? ' form-control-sm' : ''}${error ? ' is-invalid' : ''}`,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    ...input,
  };
  return (
    <div className={small ? 'mb-2' : 'mb-3'}>
      <label htmlFor={id} className={`form-label${small ? ' small' : ''}`}>
        {label}
      </label>
      {rows ? <textarea rows={rows} {...control} /> : <input type={type} {...control} />}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

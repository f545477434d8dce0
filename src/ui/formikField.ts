import type { FormikErrors, FormikTouched } from 'formik';
import type { ChangeEvent, FocusEvent } from 'react';

interface FormState<V> {
  errors: FormikErrors<V>;
  touched: FormikTouched<V>;
  submitCount: number;
}

interface Options {
  /** The server's message for this field (a 422 answer), shown while the client check finds nothing. */
  serverError?: string;
  /** The key for an error given per item (CodeBoxes: one per box), which the shopper sees as one message. */
  itemsError?: string;
}

/**
 * The message every form shows under a field: the client check's (translated) once the field was left or the form
 * submitted, otherwise the server's message for it, otherwise nothing.
 */
export function fieldError<V>(
  form: FormState<V>,
  field: keyof V & string,
  translate: (error: string) => string,
  { serverError, itemsError }: Options = {},
): string | undefined {
  const raw: unknown = form.errors[field];
  const shown = Boolean(form.touched[field]) || form.submitCount > 0;
  const key =
    typeof raw === 'string' ? raw : Array.isArray(raw) && raw.some(Boolean) ? itemsError : undefined;
  return shown && key ? translate(key) : serverError;
}

interface BindableForm<V> extends FormState<V> {
  values: V;
  handleChange(event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>): void;
  handleBlur(event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>): void;
}

interface BindOptions<V> {
  translate(error: string): string;
  serverErrors?: Partial<Record<keyof V, string>>;
  /** Called before a change of the field is handed to formik (e.g. to drop its server message). */
  onEdit?(field: keyof V & string): void;
}

/** A form's fields as TextField props (name, value, handlers, error by the one rule above). */
export function bindFields<V>(form: BindableForm<V>, { translate, serverErrors, onEdit }: BindOptions<V>) {
  return (field: keyof V & string) => ({
    name: field,
    value: String(form.values[field] ?? ''),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      onEdit?.(field);
      form.handleChange(event);
    },
    onBlur: form.handleBlur,
    error: fieldError(form, field, translate, { serverError: serverErrors?.[field] }),
  });
}

import type { FormikErrors, FormikTouched } from 'formik';

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

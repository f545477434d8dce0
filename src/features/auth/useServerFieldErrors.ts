import { useCallback, useState } from 'react';

/**
 * Per-field messages from a 422 answer (first message each). A field's message goes away as soon as the
 * shopper edits that field, so an old server complaint never sits next to a corrected value.
 */
export function useServerFieldErrors<F extends string>() {
  const [serverErrors, setServerErrors] = useState<Partial<Record<F, string>>>({});
  const clearServerError = useCallback(
    (field: F) =>
      setServerErrors(
        (errors) =>
          Object.fromEntries(Object.entries(errors).filter(([key]) => key !== field)) as typeof errors,
      ),
    [],
  );
  /** Wraps a change handler so editing `field` first drops its server message. */
  const clearingChange =
    <A extends unknown[]>(field: F, change: (...args: A) => void) =>
    (...args: A) => {
      clearServerError(field);
      change(...args);
    };
  /** For custom inputs that hand over a value: drops the field's server message, then sets the value in formik. */
  const clearingSet =
    <V>(field: F, setFieldValue: (field: F, value: V) => unknown) =>
    (value: V) => {
      clearServerError(field);
      void setFieldValue(field, value);
    };
  return { serverErrors, setServerErrors, clearServerError, clearingChange, clearingSet };
}

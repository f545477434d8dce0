import { useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';

import { CodeBoxes, emptyCode } from '../../../ui/CodeBoxes';
import { PasswordField } from '../../../ui/PasswordField';
import { bindFields, fieldError } from '../../../ui/formikField';
import { EMAIL_INPUT, TextField } from '../../../ui/TextField';
import { useResetPasswordMutation, useSendVerificationCodeMutation } from '../authApi';
import { fieldErrors } from '../../../app/api';
import { localizedErrorMessage, localizeFieldMessages } from '../authErrors';
import { CODE_LENGTH, resetPasswordSchema, validationKey } from '../schemas';
import { useServerFieldErrors } from '../useServerFieldErrors';

interface Props {
  email: string;
  /** Called after a successful reset (the whole dialog then closes). */
  onSuccess(email: string): void;
}

type ResetFields = 'code' | 'email' | 'password' | 'confirmPassword';

/** API field name → reset form field. */
const RESET_FIELDS: Readonly<Record<string, ResetFields>> = {
  code: 'code',
  email: 'email',
  password: 'password',
  password_confirmation: 'confirmPassword',
};

/** A 422 `errors` object sets each field's first message. */
function resetFieldErrors(error: unknown): Partial<Record<ResetFields, string>> {
  const fields: Partial<Record<ResetFields, string>> = {};
  for (const [apiField, message] of Object.entries(fieldErrors(error))) {
    const field = RESET_FIELDS[apiField];
    if (field && !fields[field]) fields[field] = message;
  }
  return fields;
}

/** Six code boxes, e-mail, new password and confirmation, each password masked with asterisks. */
export function ResetPasswordForm({ email: initialEmail, onSuccess }: Props) {
  const { t } = useTranslation();
  const [resetPassword] = useResetPasswordMutation();
  const [resend, { isLoading: resending }] = useSendVerificationCodeMutation();
  const [showPassword, setShowPassword] = useState(false);
  const [showConfirm, setShowConfirm] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  // Server field errors are texts already (translated where known), not validation keys.
  const { serverErrors, setServerErrors, clearServerError, clearingSet } =
    useServerFieldErrors<ResetFields>();

  const formik = useFormik({
    initialValues: { code: emptyCode(CODE_LENGTH), email: initialEmail, password: '', confirmPassword: '' },
    validationSchema: resetPasswordSchema,
    onSubmit: async (values) => {
      setSubmitError(null);
      setServerErrors({});
      const email = values.email.trim();
      try {
        await resetPassword({
          email,
          // The code travels as an integer.
          code: Number(values.code.join('')),
          password: values.password,
          password_confirmation: values.confirmPassword,
        }).unwrap();
        notify.success(t('auth.reset.success'));
        onSuccess(email);
      } catch (error) {
        const message = localizedErrorMessage(t, error) ?? t('auth.errors.password_reset_failed');
        notify.error(message);
        const fields = localizeFieldMessages(t, resetFieldErrors(error));
        // With field errors the fields say what is wrong; the toast carries the summary.
        if (Object.keys(fields).length > 0) setServerErrors(fields);
        else setSubmitError(message);
      }
    },
  });

  const resendCode = async () => {
    try {
      await resend({ email: formik.values.email.trim() }).unwrap();
      notify.success(t('auth.code.resent'));
    } catch (error) {
      notify.error(localizedErrorMessage(t, error) ?? t('auth.errors.error_resending_code'));
    }
  };

  // One error per box means some box holds something other than one digit: one message for the group.
  const translate = (key: string) => t(validationKey(key));
  const field = bindFields(formik, { translate, serverErrors, onEdit: clearServerError });
  const errorOf = (name: ResetFields) =>
    fieldError(formik, name, translate, {
      serverError: serverErrors[name],
      itemsError: 'invalid_code_length',
    });

  const codeError = errorOf('code');
  return (
    <form noValidate onSubmit={formik.handleSubmit}>
      <p>{t('auth.reset.intro')}</p>
      <CodeBoxes
        idPrefix="reset-code"
        label={t('auth.fields.verification_code')}
        value={formik.values.code}
        onChange={clearingSet('code', formik.setFieldValue)}
        invalid={Boolean(codeError)}
        describedBy={codeError ? 'reset-code-error' : undefined}
        autoFocus
      />
      <div id="reset-code-error" className="text-danger small text-center mt-1 mb-2" role="alert">
        {codeError}
      </div>
      <div className="text-center mb-3">
        <button
          type="button"
          className="btn btn-link btn-sm"
          onClick={() => void resendCode()}
          disabled={resending}
        >
          {resending ? t('auth.code.resending') : t('auth.code.resend')}
        </button>
      </div>
      <TextField id="reset-email" {...EMAIL_INPUT} label={t('auth.fields.email')} {...field('email')} />
      <PasswordField
        id="reset-password"
        label={t('auth.fields.new_password')}
        autoComplete="new-password"
        asteriskMask
        shown={showPassword}
        onToggleShown={() => setShowPassword((shown) => !shown)}
        {...field('password')}
      />
      <PasswordField
        id="reset-confirm-password"
        label={t('auth.fields.confirm_new_password')}
        autoComplete="new-password"
        asteriskMask
        shown={showConfirm}
        onToggleShown={() => setShowConfirm((shown) => !shown)}
        {...field('confirmPassword')}
      />
      <div className="text-danger small mb-2" role="alert">
        {submitError}
      </div>
      <button type="submit" className="btn btn-primary w-100" disabled={formik.isSubmitting}>
        {formik.isSubmitting ? t('auth.reset.submitting') : t('auth.reset.submit')}
      </button>
    </form>
  );
}

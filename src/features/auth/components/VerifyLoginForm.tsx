import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';

import { useAppDispatch } from '../../../app/hooks';
import { digitsOnly } from '../../../lib/digits';
import { maskEmail } from '../../../lib/mask';
import { fieldError } from '../../../ui/formikField';
import { TextField } from '../../../ui/TextField';
import { useSendVerificationCodeMutation, useVerifyCodeMutation } from '../authApi';
import { localizedErrorMessage } from '../authErrors';
import { authModalClosed } from '../authSlice';
import { CODE_LENGTH, validationKey, verificationFieldSchema } from '../schemas';

/**
 * After a login of an unverified account (the code was requested by the login form). One field;
 * success says 'email verified, login again' and closes the dialog (docs/spec/01-shell-and-account.md §4).
 */
export function VerifyLoginForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [verify] = useVerifyCodeMutation();
  const [resend, { isLoading: resending }] = useSendVerificationCodeMutation();

  const formik = useFormik({
    initialValues: { code: '' },
    validationSchema: verificationFieldSchema,
    onSubmit: async (values, helpers) => {
      try {
        await verify({ email, code: values.code.trim() }).unwrap();
        notify.success(t('auth.verify_login.success'));
        dispatch(authModalClosed());
      } catch (error) {
        const message = localizedErrorMessage(t, error) ?? t('auth.errors.verification_failed');
        notify.error(message);
        helpers.setFieldError('code', message);
      }
    },
  });

  const resendCode = async () => {
    try {
      await resend({ email }).unwrap();
      notify.success(t('auth.code.resent'));
    } catch (error) {
      notify.error(localizedErrorMessage(t, error) ?? t('auth.errors.error_resending_code'));
    }
  };

  // Validation errors are keys; a failed verification puts the server's own text in the same place.
  const error = fieldError(formik, 'code', (key) => (/^[a-z_]+$/.test(key) ? t(validationKey(key)) : key));

  return (
    <form noValidate onSubmit={formik.handleSubmit}>
      <p className="text-center">
        {t('auth.verify.intro')}{' '}
        <strong dir="ltr" data-testid="masked-email">
          {maskEmail(email)}
        </strong>
      </p>
      <TextField
        id="verify-login-code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        dir="ltr"
        label={t('auth.fields.verification_code')}
        value={formik.values.code}
        // No maxLength: it would cut a pasted '123 456' or '١٢٣-٤٥٦' before the digits are folded; the slice
        // after folding keeps the field at six digits.
        onChange={(event) =>
          void formik.setFieldValue('code', digitsOnly(event.target.value).slice(0, CODE_LENGTH))
        }
        onBlur={formik.handleBlur}
        error={error}
      />
      <div className="d-flex justify-content-between align-items-center gap-2">
        <button type="submit" className="btn btn-primary" disabled={formik.isSubmitting}>
          {formik.isSubmitting ? t('auth.code.verifying') : t('auth.code.verify')}
        </button>
        <button type="button" className="btn btn-link" onClick={() => void resendCode()} disabled={resending}>
          {resending ? t('auth.code.resending') : t('auth.code.resend')}
        </button>
      </div>
    </form>
  );
}

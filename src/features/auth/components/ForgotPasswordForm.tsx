import { useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';

import { useAppDispatch } from '../../../app/hooks';
import { bindFields } from '../../../ui/formikField';
import { EMAIL_INPUT, TextField } from '../../../ui/TextField';
import { useSendVerificationCodeMutation } from '../authApi';
import { localizedErrorMessage } from '../authErrors';
import { authFlowAdvanced, authModalViewChanged } from '../authSlice';
import { forgotPasswordSchema, validationKey } from '../schemas';

/** Asks for a reset code; success → 'code sent' and the reset screen. */
export function ForgotPasswordForm({ initialEmail }: { initialEmail?: string | null }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [sendCode] = useSendVerificationCodeMutation();
  const [submitError, setSubmitError] = useState<string | null>(null);

  const formik = useFormik({
    initialValues: { email: initialEmail ?? '' },
    validationSchema: forgotPasswordSchema,
    onSubmit: async (values) => {
      setSubmitError(null);
      const email = values.email.trim();
      try {
        await sendCode({ email }).unwrap();
        notify.success(t('auth.code.sent'));
        dispatch(authFlowAdvanced({ view: 'reset', email }));
      } catch (error) {
        const message = localizedErrorMessage(t, error) ?? t('auth.errors.error_sending_code');
        notify.error(message);
        setSubmitError(message);
      }
    },
  });

  const field = bindFields(formik, { translate: (key) => t(validationKey(key)) });

  return (
    <form noValidate onSubmit={formik.handleSubmit}>
      <p>{t('auth.forgot.intro')}</p>
      <TextField id="forgot-email" {...EMAIL_INPUT} label={t('auth.fields.email')} {...field('email')} />
      <div className="text-danger small mb-2" role="alert">
        {submitError}
      </div>
      <button type="submit" className="btn btn-primary w-100" disabled={formik.isSubmitting}>
        {formik.isSubmitting ? t('auth.code.sending') : t('auth.forgot.submit')}
      </button>
      <button
        type="button"
        className="btn btn-link w-100 mt-2"
        onClick={() => dispatch(authModalViewChanged('login'))}
      >
        {t('auth.forgot.back_to_login')}
      </button>
    </form>
  );
}

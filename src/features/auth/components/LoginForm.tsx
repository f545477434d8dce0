import { useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';

import { useAppDispatch } from '../../../app/hooks';
import { PasswordField } from '../../../ui/PasswordField';
import { bindFields } from '../../../ui/formikField';
import { EMAIL_INPUT, TextField } from '../../../ui/TextField';
import { useLoginMutation, useSendVerificationCodeMutation } from '../authApi';
import { classifyLoginError, localizedErrorMessage, localizeServerMessage } from '../authErrors';
import { authFlowAdvanced } from '../authSlice';
import { loginSchema, validationKey, type LoginValues } from '../schemas';
import { useSignIn } from '../useSignIn';
import { SocialLogin } from './SocialLogin';

/** The login form: its transitions and how each failure is told to the shopper. */
export function LoginForm({ initialEmail }: { initialEmail?: string | null }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [login] = useLoginMutation();
  const [sendCode] = useSendVerificationCodeMutation();
  const signIn = useSignIn();
  const [showPassword, setShowPassword] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);

  const requestVerificationCode = (email: string) => {
    sendCode({ email })
      .unwrap()
      .then(() => notify.info(t('auth.code.sent')))
      .catch((error: unknown) =>
        notify.error(localizedErrorMessage(t, error) ?? t('auth.errors.error_sending_code')),
      );
  };

  const formik = useFormik<LoginValues>({
    initialValues: { email: initialEmail ?? '', password: '' },
    validationSchema: loginSchema,
    onSubmit: async (values, helpers) => {
      setSubmitError(null);
      const email = values.email.trim();
      try {
        const answer = await login({ email, password: values.password }).unwrap();
        signIn(answer, email);
      } catch (error) {
        const failure = classifyLoginError(error);
        switch (failure.kind) {
          case 'unverified':
            notify.warning(localizeServerMessage(t, failure.message));
            requestVerificationCode(email);
            dispatch(authFlowAdvanced({ view: 'verifyLogin', email }));
            break;
          case 'message': {
            const message = localizeServerMessage(t, failure.message);
            notify.error(message);
            setSubmitError(message);
            break;
          }
          case 'noMessage':
            notify.error(t('auth.errors.login_failed'));
            setSubmitError(t('auth.errors.invalid_credentials'));
            break;
          case 'noResponse':
            notify.error(t('auth.errors.login_error'));
            helpers.resetForm({ values: { email: '', password: '' } });
            setShowPassword(false);
            setSubmitError(t('auth.errors.login_error_occurred'));
            break;
        }
      }
    },
  });

  const field = bindFields(formik, { translate: (key) => t(validationKey(key)) });

  return (
    <>
      <form noValidate onSubmit={formik.handleSubmit} aria-labelledby="auth-login-heading">
        <h2 id="auth-login-heading" className="visually-hidden">
          {t('auth.login.heading')}
        </h2>
        <TextField id="login-email" {...EMAIL_INPUT} label={t('auth.fields.email')} {...field('email')} />
        <PasswordField
          id="login-password"
          label={t('auth.fields.password')}
          autoComplete="current-password"
          shown={showPassword}
          onToggleShown={() => setShowPassword((shown) => !shown)}
          {...field('password')}
        />
        <div className="d-flex justify-content-end mb-3">
          <button
            type="button"
            className="btn btn-link p-0 small"
            onClick={() => dispatch(authFlowAdvanced({ view: 'forgot', email: formik.values.email.trim() }))}
          >
            {t('auth.login.recover')}
          </button>
        </div>
        <div className="text-danger small mb-2" role="alert" data-testid="login-submit-error">
          {submitError}
        </div>
        <button type="submit" className="btn btn-primary w-100" disabled={formik.isSubmitting}>
          {formik.isSubmitting ? t('auth.login.submitting') : t('auth.login.submit')}
        </button>
      </form>
      <SocialLogin />
    </>
  );
}

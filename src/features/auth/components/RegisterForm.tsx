import { useFormik } from 'formik';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';

import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { DEFAULT_REGISTRATION_PHONE_CODE } from '../../../lib/phoneCodes';
import { NationalityPicker } from '../../../ui/NationalityPicker';
import { PasswordField } from '../../../ui/PasswordField';
import { PhoneInput } from '../../../ui/PhoneInput';
import { bindFields, fieldError } from '../../../ui/formikField';
import { EMAIL_INPUT, TextField } from '../../../ui/TextField';
import { selectLanguage } from '../../settings/public';
import { useNationalitiesQuery, useRegisterMutation, type RegisterBody } from '../authApi';
import { assertRegistered, classifyRegistrationError, localizeFieldMessages } from '../authErrors';
import { authFlowAdvanced } from '../authSlice';
import { registerSchema, validationKey, type RegisterValues } from '../schemas';
import { useServerFieldErrors } from '../useServerFieldErrors';

interface RegisterFormValues extends Omit<RegisterValues, 'nationality'> {
  nationality: number | null;
}

const initialValues: RegisterFormValues = {
  email: '',
  username: '',
  phoneCode: DEFAULT_REGISTRATION_PHONE_CODE,
  phoneNumber: '',
  nationality: null,
  password: '',
  confirmPassword: '',
};

/** The payload, exactly. */
export function registrationPayload(values: RegisterFormValues): RegisterBody {
  return {
    name: values.username.trim(),
    email: values.email.trim(),
    password: values.password,
    password_confirmation: values.confirmPassword,
    phone_code: values.phoneCode,
    phone_number: values.phoneNumber.replace(/\D/g, ''),
    nationality: Math.trunc(Number(values.nationality)),
  };
}

function useNationalities() {
  const lang = useAppSelector(selectLanguage);
  const { data, error } = useNationalitiesQuery({ lang });
  // A failure is only logged and the list stays empty.
  useEffect(() => {
    if (error) console.error('[auth] could not load nationalities', error);
  }, [error]);
  return error ? [] : (data ?? []);
}

/** The registration form: success moves on to verification; each failure is told on its field or above. */
export function RegisterForm() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const language = useAppSelector(selectLanguage);
  const [register] = useRegisterMutation();
  const nationalities = useNationalities();
  const [showPassword, setShowPassword] = useState(false);
  const [showConfirm, setShowConfirm] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  // Server field errors are texts already (from the API or translated), not validation keys.
  const { serverErrors, setServerErrors, clearServerError, clearingSet } =
    useServerFieldErrors<keyof RegisterFormValues>();

  const formik = useFormik<RegisterFormValues>({
    initialValues,
    validationSchema: registerSchema,
    onSubmit: async (values) => {
      setSubmitError(null);
      setServerErrors({});
      const payload = registrationPayload(values);
      try {
        const answer = await register(payload).unwrap();
        assertRegistered(answer);
        notify.info(t('auth.code.sent'));
        dispatch(authFlowAdvanced({ view: 'verify', email: payload.email, userId: answer.user.id }));
      } catch (error) {
        const failure = classifyRegistrationError(error);
        if (failure.kind === 'mailExhausted') {
          notify.error(t('auth.errors.email_attempts_exhausted'));
          setSubmitError(t('auth.errors.email_attempts_exhausted'));
        } else if (failure.kind === 'emailTaken') {
          notify.error(t('auth.errors.email_already_registered'));
          setServerErrors({
            ...localizeFieldMessages(t, failure.fields),
            email: t('auth.errors.email_already_registered'),
          });
          setSubmitError(t('auth.errors.email_already_registered'));
        } else {
          notify.error(t('auth.errors.registration_error'));
          setServerErrors(localizeFieldMessages(t, failure.fields));
          setSubmitError(t('auth.errors.registration_error'));
        }
      }
    },
  });

  const translate = (key: string) => t(validationKey(key));
  const field = bindFields(formik, { translate, serverErrors, onEdit: clearServerError });
  const errorOf = (name: keyof RegisterFormValues) =>
    fieldError(formik, name, translate, { serverError: serverErrors[name] });

  const disabled = formik.isSubmitting;
  return (
    <form noValidate onSubmit={formik.handleSubmit} aria-labelledby="auth-register-heading">
      <h2 id="auth-register-heading" className="visually-hidden">
        {t('auth.register.heading')}
      </h2>
      <TextField id="register-email" {...EMAIL_INPUT} label={t('auth.fields.email')} {...field('email')} />
      <TextField
        id="register-username"
        autoComplete="username"
        label={t('auth.fields.username')}
        {...field('username')}
      />
      <PhoneInput
        idPrefix="register-phone"
        label={t('auth.fields.phone_number')}
        codeLabel={t('auth.fields.phone_code')}
        phoneCode={formik.values.phoneCode}
        phoneNumber={formik.values.phoneNumber}
        onPhoneCodeChange={clearingSet('phoneCode', formik.setFieldValue)}
        onPhoneNumberChange={clearingSet('phoneNumber', formik.setFieldValue)}
        onBlur={formik.handleBlur}
        codeError={errorOf('phoneCode')}
        numberError={errorOf('phoneNumber')}
        language={language}
      />
      <NationalityPicker
        id="register-nationality"
        label={t('auth.fields.nationality')}
        placeholder={t('auth.nationality.placeholder')}
        options={nationalities}
        value={formik.values.nationality}
        onChange={clearingSet('nationality', formik.setFieldValue)}
        onBlur={() => void formik.setFieldTouched('nationality', true)}
        error={errorOf('nationality')}
      />
      <PasswordField
        id="register-password"
        label={t('auth.fields.password')}
        autoComplete="new-password"
        hint={t('auth.register.password_hint')}
        shown={showPassword}
        onToggleShown={() => setShowPassword((shown) => !shown)}
        {...field('password')}
      />
      <PasswordField
        id="register-confirm-password"
        label={t('auth.fields.confirm_password')}
        autoComplete="new-password"
        shown={showConfirm}
        onToggleShown={() => setShowConfirm((shown) => !shown)}
        {...field('confirmPassword')}
      />
      <div className="text-danger small mb-2" role="alert" data-testid="register-submit-error">
        {submitError}
      </div>
      <button type="submit" className="btn btn-primary w-100" disabled={disabled}>
        {disabled ? t('auth.register.submitting') : t('auth.register.submit')}
      </button>
    </form>
  );
}

import { useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAppSelector } from '../../../app/hooks';
import { notify } from '../../../lib/notify';
import { bindFields } from '../../../ui/formikField';
import { PasswordField } from '../../../ui/PasswordField';
import { ProfileLayout } from '../components/ProfileLayout';
import { selectUserId } from '../../auth/public';
import { useChangePasswordMutation, useGetUserQuery } from '../profileApi';
import { profileErrorText, profileFieldErrors } from '../profileErrors';
import { firstPasswordSchema, passwordSchema, type PasswordValues } from '../schemas';

type Field = keyof PasswordValues;
const EMPTY: PasswordValues = { current_password: '', password: '', password_confirmation: '' };

/**
 * Change password: the current one, then a new one by the registration rules; other sessions end. An account made by
 * social sign-in has no password yet: it sets its first one with the new one and its confirmation only (the spec's
 * screen); an account with a password keeps the current-password field (docs/spec-deviations.md).
 */
export default function ProfilePasswordPage() {
  const { t } = useTranslation();
  const [change] = useChangePasswordMutation();
  const userId = useAppSelector(selectUserId);
  const { data: account } = useGetUserQuery(userId ?? 0, { skip: userId === null });
  // Until the account is known the current field shows, as for most accounts. A password set meanwhile (another
  // tab) shows the field once the server asks for it.
  const [serverAsksCurrent, setServerAsksCurrent] = useState(false);
  const firstPassword = account?.has_password === false && !serverAsksCurrent;
  const [shown, setShown] = useState<Record<Field, boolean>>({
    current_password: false,
    password: false,
    password_confirmation: false,
  });
  const formik = useFormik<PasswordValues>({
    initialValues: EMPTY,
    validationSchema: firstPassword ? firstPasswordSchema : passwordSchema,
    onSubmit: async (values, helpers) => {
      try {
        if (firstPassword) {
          await change({
            password: values.password,
            password_confirmation: values.password_confirmation,
          }).unwrap();
        } else {
          await change(values).unwrap();
        }
        notify.success(t(firstPassword ? 'profile.password.first_success' : 'profile.password.success'));
        helpers.resetForm({ values: EMPTY });
        setShown({ current_password: false, password: false, password_confirmation: false });
      } catch (error) {
        const refused = profileFieldErrors(t, error);
        if (refused.current_password) setServerAsksCurrent(true);
        helpers.setErrors(refused);
        notify.error(profileErrorText(t, error, 'profile.password.failed'));
      }
    },
  });
  const bind = bindFields(formik, { translate: t });
  const field = (name: Field, label: string, autoComplete: 'current-password' | 'new-password') => (
    <PasswordField
      id={`profile-${name}`}
      label={label}
      {...bind(name)}
      shown={shown[name]}
      onToggleShown={() => setShown((current) => ({ ...current, [name]: !current[name] }))}
      autoComplete={autoComplete}
      disabled={formik.isSubmitting}
    />
  );
  return (
    <ProfileLayout title={t('profile.password.title')}>
      <form noValidate onSubmit={formik.handleSubmit} style={{ maxInlineSize: '32rem' }}>
        {firstPassword ? (
          <p className="text-body-secondary">{t('profile.password.first_intro')}</p>
        ) : (
          field('current_password', t('profile.password.current'), 'current-password')
        )}
        {field('password', t('profile.password.new'), 'new-password')}
        {field('password_confirmation', t('profile.password.confirm'), 'new-password')}
        <button type="submit" className="btn btn-primary" disabled={formik.isSubmitting}>
          {formik.isSubmitting
            ? t('profile.password.submitting')
            : t(firstPassword ? 'profile.password.first_submit' : 'profile.password.submit')}
        </button>
      </form>
    </ProfileLayout>
  );
}

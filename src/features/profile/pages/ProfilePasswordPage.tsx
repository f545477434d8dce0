import { useFormik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { notify } from '../../../lib/notify';
import { bindFields } from '../../../ui/formikField';
import { PasswordField } from '../../../ui/PasswordField';
import { ProfileLayout } from '../components/ProfileLayout';
import { useChangePasswordMutation } from '../profileApi';
import { profileErrorText, profileFieldErrors } from '../profileErrors';
import { passwordSchema, type PasswordValues } from '../schemas';

type Field = keyof PasswordValues;
const EMPTY: PasswordValues = { current_password: '', password: '', password_confirmation: '' };

/** Change password: the current one, then a new one by the registration rules; other sessions end. */
export default function ProfilePasswordPage() {
  const { t } = useTranslation();
  const [change] = useChangePasswordMutation();
  const [shown, setShown] = useState<Record<Field, boolean>>({
    current_password: false,
    password: false,
    password_confirmation: false,
  });
  const formik = useFormik<PasswordValues>({
    initialValues: EMPTY,
    validationSchema: passwordSchema,
    onSubmit: async (values, helpers) => {
      try {
        await change(values).unwrap();
        notify.success(t('profile.password.success'));
        helpers.resetForm({ values: EMPTY });
        setShown({ current_password: false, password: false, password_confirmation: false });
      } catch (error) {
        helpers.setErrors(profileFieldErrors(t, error));
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
        {field('current_password', t('profile.password.current'), 'current-password')}
        {field('password', t('profile.password.new'), 'new-password')}
        {field('password_confirmation', t('profile.password.confirm'), 'new-password')}
        <button type="submit" className="btn btn-primary" disabled={formik.isSubmitting}>
          {formik.isSubmitting ? t('profile.password.submitting') : t('profile.password.submit')}
        </button>
      </form>
    </ProfileLayout>
  );
}

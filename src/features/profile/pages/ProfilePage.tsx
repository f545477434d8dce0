import { useFormik } from 'formik';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useAppSelector } from '../../../app/hooks';
import { digitsOnly } from '../../../lib/digits';
import { notify } from '../../../lib/notify';
import { SkeletonBox } from '../../../ui/Skeleton';
import { bindFields } from '../../../ui/formikField';
import { PasswordField } from '../../../ui/PasswordField';
import { TextField } from '../../../ui/TextField';
import { selectUserId } from '../../auth/public';
import { AvatarUpload } from '../components/AvatarUpload';
import { PendingEmail } from '../components/PendingEmail';
import { ProfileLayout } from '../components/ProfileLayout';
import { useGetUserQuery, useUpdateProfileMutation, type User } from '../profileApi';
import { profileErrorText, profileFieldErrors } from '../profileErrors';
import { asksNewEmail, profileSchemaFor, type ProfileValues } from '../schemas';

function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const [update] = useUpdateProfileMutation();
  const [passwordShown, setPasswordShown] = useState(false);
  // An account made through social sign-in has no password: the server asks it for a recent sign-in instead. One set
  // meanwhile (another tab) shows once the server asks for it.
  const [serverAsksPassword, setServerAsksPassword] = useState(false);
  const hasPassword = user.has_password !== false || serverAsksPassword;
  const saved = useMemo(
    () => ({ email: user.email, pending_email: user.pending_email }),
    [user.email, user.pending_email],
  );
  const validationSchema = useMemo(() => profileSchemaFor(saved, hasPassword), [saved, hasPassword]);
  const formik = useFormik<ProfileValues>({
    initialValues: {
      name: user.name,
      email: user.email,
      phone_number: user.phone_number ?? '',
      current_password: '',
    },
    validationSchema,
    onSubmit: async (values, helpers) => {
      const body = {
        name: values.name.trim(),
        email: values.email.trim(),
        phone_number: values.phone_number,
        ...(hasPassword && asksNewEmail(values.email, saved)
          ? { current_password: values.current_password }
          : {}),
      };
      try {
        const answer = await update(body).unwrap();
        const pending = answer.user.pending_email;
        if (pending && pending !== user.pending_email) {
          // The account keeps its address until the code mailed to the new one comes back (the panel above).
          notify.info(t('profile.email_change.code_sent', { email: `\u2068${pending}\u2069` }));
        } else {
          notify.success(t('profile.messages.updated'));
        }
        helpers.resetForm({ values: { ...values, email: answer.user.email, current_password: '' } });
        setPasswordShown(false);
      } catch (error) {
        // What the shopper typed stays; the fields the server refused say why.
        const refused = profileFieldErrors(t, error);
        if (refused.current_password) setServerAsksPassword(true);
        helpers.setErrors(refused);
        helpers.setTouched({ name: true, email: true, phone_number: true, current_password: true }, false);
        notify.error(profileErrorText(t, error, 'profile.messages.update_failed'));
      }
    },
  });
  const bind = bindFields(formik, { translate: t });
  const asksPassword = hasPassword && asksNewEmail(formik.values.email, saved);
  return (
    <form
      noValidate
      onSubmit={formik.handleSubmit}
      className="profile-form"
      style={{ maxInlineSize: '32rem' }}
    >
      <TextField
        id="profile-name"
        label={t('profile.form.name')}
        {...bind('name')}
        autoComplete="name"
        dir="auto"
      />
      <TextField
        id="profile-email"
        type="email"
        label={t('profile.form.email')}
        {...bind('email')}
        autoComplete="email"
        inputMode="email"
        dir="ltr"
      />
      {asksPassword && (
        <PasswordField
          id="profile-current-password"
          label={t('profile.email_change.password_label')}
          hint={t('profile.email_change.password_hint')}
          {...bind('current_password')}
          shown={passwordShown}
          onToggleShown={() => setPasswordShown((shown) => !shown)}
          autoComplete="current-password"
          disabled={formik.isSubmitting}
        />
      )}
      <TextField
        id="profile-phone"
        type="tel"
        label={t('profile.form.phone_number')}
        {...bind('phone_number')}
        onChange={(event) => void formik.setFieldValue('phone_number', digitsOnly(event.target.value))}
        autoComplete="tel-national"
        inputMode="numeric"
        maxLength={15}
        dir="ltr"
      />
      <button type="submit" className="btn btn-primary" disabled={formik.isSubmitting}>
        {formik.isSubmitting ? t('profile.form.saving') : t('profile.form.save')}
      </button>
    </form>
  );
}

function ProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" data-testid="profile-skeleton" style={{ maxInlineSize: '32rem' }}>
      <span className="visually-hidden">{t('common.loading')}</span>
      <SkeletonBox className="profile-avatar mb-4" />
      {[0, 1, 2].map((row) => (
        <SkeletonBox key={row} className="mb-3" style={{ blockSize: '3.5rem' }} />
      ))}
    </div>
  );
}

export default function ProfilePage() {
  const { t } = useTranslation();
  const userId = useAppSelector(selectUserId);
  const {
    data: user,
    isLoading,
    isError,
    refetch,
  } = useGetUserQuery(userId ?? 0, {
    refetchOnMountOrArgChange: true,
  });
  return (
    <ProfileLayout title={t('profile.page.title')}>
      {isLoading ? (
        <ProfileSkeleton />
      ) : user ? (
        <>
          {user.pending_email && (
            <PendingEmail key={user.pending_email} user={user} pending={user.pending_email} />
          )}
          <AvatarUpload current={user.profile_image} />
          {/* A confirmed e-mail changes the account's address: the form starts again from it. */}
          <ProfileForm key={`${user.id}:${user.email}`} user={user} />
        </>
      ) : isError ? (
        <div className="alert alert-danger d-flex align-items-center gap-2" role="alert">
          <span className="me-auto">{t('profile.page.load_failed')}</span>
          <button type="button" className="btn btn-sm btn-danger" onClick={() => void refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : null}
    </ProfileLayout>
  );
}

import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { notify } from '../lib/notify';

import { getConfig } from '../lib/config';
import { mailClient, mailtoHref } from '../lib/mailto';
import { bindFields } from '../ui/formikField';
import { EMAIL_INPUT, TextField } from '../ui/TextField';
import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, contactSchema, type ContactValues } from './schemas';

export default function ContactForm() {
  const { t } = useTranslation();
  const formik = useFormik<ContactValues>({
    initialValues: { email: '', message: '' },
    validationSchema: contactSchema,
    onSubmit: (values) => {
      const to = getConfig().contactEmail ?? '';
      const body = `${values.message.trim()}\n\n${values.email.trim()}`;
      mailClient.open(mailtoHref(to, t('shell.footer.contact_subject'), body));
      notify.info(t('shell.footer.contact_opened'));
    },
  });
  const field = bindFields(formik, {
    translate: (key) => t(key, { min: CONTACT_MESSAGE_MIN, max: CONTACT_MESSAGE_MAX }),
  });

  return (
    <form noValidate onSubmit={formik.handleSubmit} aria-labelledby="contact-title">
      <h2 id="contact-title" className="h6 text-uppercase">
        {t('shell.footer.contact_title')}
      </h2>
      <TextField
        id="contact-email"
        {...EMAIL_INPUT}
        small
        label={t('shell.footer.contact_email')}
        {...field('email')}
      />
      <TextField
        id="contact-message"
        rows={3}
        maxLength={CONTACT_MESSAGE_MAX}
        small
        label={t('shell.footer.contact_message')}
        {...field('message')}
      />
      <button type="submit" className="btn btn-primary btn-sm">
        {t('shell.footer.contact_send')}
      </button>
    </form>
  );
}

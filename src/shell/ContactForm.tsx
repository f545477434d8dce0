import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import { notify } from '../lib/notify';

import { getConfig } from '../lib/config';
import { mailClient, mailtoHref } from '../lib/mailto';
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
  const error = (field: keyof ContactValues) =>
    formik.touched[field] && formik.errors[field]
      ? t(formik.errors[field], { min: CONTACT_MESSAGE_MIN, max: CONTACT_MESSAGE_MAX })
      : null;
  const emailError = error('email');
  const messageError = error('message');

  return (
    <form noValidate onSubmit={formik.handleSubmit} aria-labelledby="contact-title">
      <h2 id="contact-title" className="h6 text-uppercase">
        {t('shell.footer.contact_title')}
      </h2>
      <div className="mb-2">
        <label htmlFor="contact-email" className="form-label small">
          {t('shell.footer.contact_email')}
        </label>
        <input
          id="contact-email"
          type="email"
          autoComplete="email"
          dir="ltr"
          className={`form-control form-control-sm${emailError ? ' is-invalid' : ''}`}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? 'contact-email-error' : undefined}
          {...formik.getFieldProps('email')}
        />
        {emailError && (
          <div id="contact-email-error" className="invalid-feedback" role="alert">
            {emailError}
          </div>
        )}
      </div>
      <div className="mb-2">
        <label htmlFor="contact-message" className="form-label small">
          {t('shell.footer.contact_message')}
        </label>
        <textarea
          id="contact-message"
          rows={3}
          maxLength={CONTACT_MESSAGE_MAX}
          className={`form-control form-control-sm${messageError ? ' is-invalid' : ''}`}
          aria-invalid={messageError ? true : undefined}
          aria-describedby={messageError ? 'contact-message-error' : undefined}
          {...formik.getFieldProps('message')}
        />
        {messageError && (
          <div id="contact-message-error" className="invalid-feedback" role="alert">
            {messageError}
          </div>
        )}
      </div>
      <button type="submit" className="btn btn-primary btn-sm">
        {t('shell.footer.contact_send')}
      </button>
    </form>
  );
}

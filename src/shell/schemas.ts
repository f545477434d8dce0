import * as yup from 'yup';

export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 500;

// Messages are translation keys; the form translates them.
export const contactSchema = yup.object({
  email: yup
    .string()
    .trim()
    .required('common.validation.email_required')
    .email('common.validation.email_invalid'),
  message: yup
    .string()
    .trim()
    .required('common.validation.message_required')
    .min(CONTACT_MESSAGE_MIN, 'common.validation.message_min_length')
    .max(CONTACT_MESSAGE_MAX, 'common.validation.message_max_length'),
});

export type ContactValues = yup.InferType<typeof contactSchema>;

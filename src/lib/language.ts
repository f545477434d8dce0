/** The shop's two languages. */
export type Language = 'en' | 'ar';

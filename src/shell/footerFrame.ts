/**
 * The footer's own element, as the footer renders it and as the shell keeps the server's footer until its code has
 * loaded: the two must be the same element for the page's hydration to take the server's markup as it is.
 */
export const FOOTER_CLASS = 'site-footer bg-body-tertiary border-top mt-5 pt-4 pb-3 render-when-near';

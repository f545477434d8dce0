// The account rules that registration, password reset and the profile pages share.
export const PASSWORD_MIN = 8;
export const PHONE_NUMBER_MIN = 7;
export const PHONE_NUMBER_MAX = 15;

/** Letters, digits and @$!%*?& only. */
export const PASSWORD_ALLOWED = /^[A-Za-z\d@$!%*?&]*$/;
/** Upper case, lower case, a digit and one of the allowed symbols (the interface texts' rule). */
export const PASSWORD_STRONG = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&]).*$/;

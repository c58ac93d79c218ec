// Where the account-recovery and account-management steps live, for links, forms and redirects.
export const FORGOT_PASSWORD_PATH = "/forgot-password";
export const RESEND_CONFIRMATION_PATH = "/auth/resend-confirmation";
export const RESET_PASSWORD_PATH = "/reset-password";
export const ACCOUNT_PATH = "/dashboard/account";
export const SIGN_OUT_EVERYWHERE_PATH = "/auth/sign-out-everywhere";
/** The `intent` of the account page's e-mail change form (its password form has none). */
export const CHANGE_EMAIL_INTENT = "change-email";

// Every toast the product shows, with the spec's exact texts (points 5 and 8).

export type ToastVariant = "success" | "error";

export interface Toast {
  title: string;
  description: string;
  variant: ToastVariant;
}

function error(title: string, description: string): Toast {
  return { title, description, variant: "error" };
}

function success(title: string, description: string): Toast {
  return { title, description, variant: "success" };
}

export const AUTH_ERROR_TITLE = "Authentication Error";

export const messages = {
  signedIn: success("Welcome Back!", "You have successfully signed in."),
  accountCreated: success("Account Created!", "Please check your email to verify your account."),
  emailConfirmed: success("Email Confirmed!", "Your email is verified and you are signed in."),
  invalidEmail: error("Invalid Email", "Please enter a valid email address."),
  passwordRequirements: error(
    "Password Requirements",
    "Please ensure your password meets all security requirements.",
  ),
  connectionError: error(
    "Connection Error",
    "Unable to connect to authentication service. Please try again.",
  ),
  emailNotConfirmed: error(
    AUTH_ERROR_TITLE,
    "Please check your email and click the confirmation link.",
  ),
  invalidCredentials: error(AUTH_ERROR_TITLE, "Invalid email or password. Please try again."),
  alreadyRegistered: error(
    AUTH_ERROR_TITLE,
    "An account with this email already exists. Please sign in instead.",
  ),
  authFailed: error(
    AUTH_ERROR_TITLE,
    "Authentication failed. Please check your credentials and try again.",
  ),
  tooManyAttempts: error(
    "Too Many Attempts",
    "Too many attempts from this device or for this email. Please wait a few minutes and try again.",
  ),
  confirmationLinkInvalid: error(
    "Link Expired",
    "This confirmation link is invalid or has already been used. Please sign in, or sign up again for a new link.",
  ),
} as const satisfies Record<string, Toast>;

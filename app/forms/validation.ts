// The spec's input rules (point 5), shared by the auth form in the browser and the actions on the
// server, so the strength bar, the disabled submit and the server's answer can never disagree.

/** The red hint under an invalid e-mail (spec point 5). */
export const INVALID_EMAIL_HINT = "Please enter a valid email address";

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 8;
/** Bytes: the auth service (bcrypt-compatible) rejects anything longer. */
export const PASSWORD_MAX_BYTES = 72;
export const PASSWORD_PASS_SCORE = 4;
export const PASSWORD_MAX_SCORE = 5;
/** The fixed set of special characters the fifth check accepts. */
export const SPECIAL_CHARACTERS = "!@#$%^&*()_+-=[]{};':\"\\|,.<>/?`~";

/** What the e-mail input does as the user types: drops `<` and `>`. */
export function stripAngleBrackets(value: string): string {
  return value.replace(/[<>]/g, "");
}

/** The value that is validated and submitted: brackets stripped, then trimmed. */
export function normalizeEmail(value: string): string {
  return stripAngleBrackets(value).trim();
}

export function isValidEmail(value: string): boolean {
  const email = normalizeEmail(value);
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email);
}

export interface PasswordChecks {
  length: boolean;
  uppercase: boolean;
  lowercase: boolean;
  digit: boolean;
  special: boolean;
}

export function passwordChecks(password: string): PasswordChecks {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH,
    uppercase: /[A-Z]/.test(password),
    lowercase: /[a-z]/.test(password),
    digit: /[0-9]/.test(password),
    special: [...password].some((character) => SPECIAL_CHARACTERS.includes(character)),
  };
}

export function passwordScore(password: string): number {
  return Object.values(passwordChecks(password)).filter(Boolean).length;
}

export type StrengthLevel = "weak" | "fair" | "strong";

/** Red at 2 or below, yellow at 3, green at 4 or more. */
export function strengthLevel(score: number): StrengthLevel {
  if (score <= 2) return "weak";
  if (score === 3) return "fair";
  return "strong";
}

/** Sign-up accepts a password with at least 4 of the 5 checks and the minimum length. */
export function isAcceptablePassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    new TextEncoder().encode(password).length <= PASSWORD_MAX_BYTES &&
    passwordScore(password) >= PASSWORD_PASS_SCORE
  );
}

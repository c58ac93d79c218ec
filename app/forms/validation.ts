// The input rules of the forms, shared by the auth form in the browser and the actions on the
// server, so the strength bar, the disabled submit and the server's answer can never disagree.

/** The red hint under an invalid e-mail. */
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

/**
 * Characters that change how text is drawn but not what it says (bidirectional overrides and
 * isolates, zero-width spaces, soft hyphens); the joiners and tags emoji are made of stay.
 */
const FORMAT_CONTROLS = /(?!\u200C|\u200D|[\u{E0020}-\u{E007F}])\p{Cf}/gu;

/** `value` without format controls: text that draws as it reads ("https://…" is what it looks). */
export function withoutFormatControls(value: string): string {
  return value.replace(FORMAT_CONTROLS, "");
}

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

/** What an e-mail field knows when it decides on its hint. */
export interface EmailHintState {
  /** What the field holds. */
  email: string;
  /** The user has left the field. */
  left: boolean;
  /** The user has tried to send the form (a submit, or Enter while the submit is disabled). */
  submitted: boolean;
  /** The server's hint for the address it was sent (`judgedEmail`), if it gave one. */
  serverHint?: string;
  judgedEmail?: string;
}

/**
 * The hint under an e-mail field: the server's while the field still holds the address the server
 * judged; else the red hint for an invalid address, once the field was left with something in it,
 * a submit was tried or the server has answered, never while the user is still typing a first go.
 */
export function emailHint(state: EmailHintState): string | undefined {
  const { email, left, submitted, serverHint, judgedEmail = "" } = state;
  if (serverHint !== undefined && normalizeEmail(email) === normalizeEmail(judgedEmail)) {
    return serverHint;
  }
  const checked = submitted || serverHint !== undefined || (left && email !== "");
  return checked && !isValidEmail(email) ? INVALID_EMAIL_HINT : undefined;
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

/** An https address a browser can open: one address, no spaces, with a host. */
export function isHttpsAddress(value: string): boolean {
  if (!/^https:\/\/[^\s]+$/i.test(value)) return false;
  try {
    return new URL(value).hostname !== "";
  } catch {
    return false;
  }
}

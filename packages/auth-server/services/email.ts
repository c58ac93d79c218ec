// Email address validation (GoTrue's order and messages) and the mailed 6-digit code.
import { randomInt } from "node:crypto";
import { validationFailed } from "../http/errors";

/** checkmail's format rule, which GoTrue's validateEmail uses. */
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

const MAX_EMAIL_LENGTH = 255;

/** Returns the lowercased address or throws 400 validation_failed with GoTrue's message. */
export function validateEmail(email: unknown): string {
  if (typeof email !== "string" || email === "")
    throw validationFailed("An email address is required");
  if (email.length > MAX_EMAIL_LENGTH) throw validationFailed("An email address is too long");
  if (!EMAIL_FORMAT.test(email)) {
    throw validationFailed("Unable to validate email address: invalid format");
  }
  return email.toLowerCase();
}

const OTP_LENGTH = 6;

/** A 6-digit code, as GoTrue mails next to the link. */
export function generateOtp(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, "0");
}

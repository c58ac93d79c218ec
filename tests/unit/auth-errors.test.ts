// The error catalogue: every row, by error code first and by message text.
import { describe, expect, it } from "vitest";
import { addressHint, secondsUntilNextEmail, toastForAuthError } from "~/forms/auth-errors.server";
import { INVALID_EMAIL_HINT } from "~/forms/validation";
import { isAuthUnavailable } from "~/session/auth-service.server";
import { AUTH_ERROR_TITLE, invitationWait, toasts, waitBeforeAnotherEmail } from "~/content/toasts";

describe("toastForAuthError", () => {
  it.each([
    [
      { code: "email_not_confirmed", message: "Email not confirmed", status: 400 },
      "Please check your email and click the confirmation link.",
    ],
    [
      { code: "invalid_credentials", message: "Invalid login credentials", status: 400 },
      "Invalid email or password. Please try again.",
    ],
    [
      // A banned account's right password is answered like a wrong one: nothing tells it apart.
      { code: "user_banned", message: "User is banned", status: 400 },
      "Invalid email or password. Please try again.",
    ],
    [
      { code: "user_already_exists", message: "User already registered", status: 422 },
      "An account with this email already exists. Please sign in instead.",
    ],
    [
      { code: "weak_password", message: "Password should be at least 8 characters.", status: 422 },
      "Authentication failed. Please check your credentials and try again.",
    ],
    [
      {
        code: "validation_failed",
        message: "Password cannot be longer than 72 characters",
        status: 400,
      },
      "Authentication failed. Please check your credentials and try again.",
    ],
  ])("maps code %o", (error, text) => {
    const toast = toastForAuthError(error);
    expect(toast.title).toBe(AUTH_ERROR_TITLE);
    expect(toast.description).toBe(text);
    expect(toast.variant).toBe("error");
  });

  it.each([
    ["Email not confirmed", toasts.emailNotConfirmed],
    ["Invalid login credentials", toasts.invalidCredentials],
    ["User already registered", toasts.alreadyRegistered],
    ["Something else entirely", toasts.authFailed],
  ])("maps a message containing %j when there is no code", (message, toast) => {
    expect(toastForAuthError({ message: `AuthApiError: ${message}`, status: 400 })).toBe(toast);
  });

  it("prefers the code over the message", () => {
    expect(
      toastForAuthError({
        code: "invalid_credentials",
        message: "Email not confirmed",
        status: 400,
      }),
    ).toBe(toasts.invalidCredentials);
  });

  it.each([
    { name: "AuthRetryableFetchError", message: "fetch failed", status: 0 },
    { message: "Bad gateway", status: 502 },
    { message: "Service unavailable", status: 503 },
    { message: "Gateway timeout", status: 504 },
  ])("says 'Connection Error' when the service is unreachable (%o)", (error) => {
    expect(isAuthUnavailable(error)).toBe(true);
    expect(toastForAuthError(error)).toEqual({
      title: "Connection Error",
      description: "Unable to connect to authentication service. Please try again.",
      variant: "error",
    });
  });

  it.each([
    // The embedded server and GoTrue: their format check is ASCII only (josé@exämple.com).
    { code: "validation_failed", message: "Unable to validate email address: invalid format" },
    // Hosted Supabase, for an address it will not mail.
    { code: "email_address_invalid", message: 'Email address "a@b.test" is invalid' },
  ])("answers the service's refusal of an address as 'Invalid Email' (%o)", (error) => {
    expect(toastForAuthError({ ...error, status: 400 })).toBe(toasts.invalidEmail);
  });

  it("puts the e-mail field's hint with a refused address only", () => {
    expect(addressHint(toasts.invalidEmail)).toBe(INVALID_EMAIL_HINT);
    expect(addressHint(toasts.invalidCredentials)).toBeUndefined();
    expect(addressHint(toasts.authFailed)).toBeUndefined();
  });

  it("answers rate limits with a clear 'try later' message", () => {
    expect(
      toastForAuthError({
        code: "over_request_rate_limit",
        message: "Request rate limit reached",
        status: 429,
      }),
    ).toBe(toasts.tooManyAttempts);
  });
});

describe("secondsUntilNextEmail", () => {
  it("reads the auth service's per-address gap and words it", () => {
    const error = {
      code: "over_email_send_rate_limit",
      status: 429,
      message: "For security purposes, you can only request this after 42 seconds.",
    };
    expect(secondsUntilNextEmail(error)).toBe(42);
    expect(waitBeforeAnotherEmail(42).description).toBe(
      "You can ask for another email in 42 seconds.",
    );
    expect(waitBeforeAnotherEmail(1).description).toBe(
      "You can ask for another email in 1 second.",
    );
  });

  it("words longer waits in whole minutes, rounded up", () => {
    const wait = (seconds: number) => invitationWait("ada@example.com", seconds).description;
    expect(wait(59)).toBe("You can send another invitation to ada@example.com in 59 seconds.");
    expect(wait(60)).toBe("You can send another invitation to ada@example.com in 1 minute.");
    expect(wait(181)).toBe("You can send another invitation to ada@example.com in 4 minutes.");
    expect(waitBeforeAnotherEmail(120).description).toBe(
      "You can ask for another email in 2 minutes.",
    );
  });

  it("is null for any other error", () => {
    expect(
      secondsUntilNextEmail({ code: "over_request_rate_limit", message: "after 9 seconds" }),
    ).toBeNull();
    expect(
      secondsUntilNextEmail({ code: "over_email_send_rate_limit", message: "later" }),
    ).toBeNull();
  });
});

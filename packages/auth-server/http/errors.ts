// GoTrue's error types and their two wire formats (legacy vs X-Supabase-Api-Version 2024-01-01).
import { API_VERSION_HEADER } from "./api-version";
import type { Reply } from "./reply";

/** A GoTrue HTTPError: status, machine code, human message (+ weak_password reasons). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly reasons?: string[],
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** OAuth-style error: always HTTP 400 `{error, error_description}`. */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
    this.name = "OAuthError";
  }
}

/** The API gateway's own 401 (missing / invalid API key): `{message, hint}`. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly hint: string,
  ) {
    super(message);
    this.name = "GatewayError";
  }
}

export const badRequest = (code: string, message: string) => new ApiError(400, code, message);
export const unauthorized = (code: string, message: string) => new ApiError(401, code, message);
export const forbidden = (code: string, message: string) => new ApiError(403, code, message);
export const notFound = (code: string, message: string) => new ApiError(404, code, message);
export const unprocessable = (code: string, message: string) => new ApiError(422, code, message);
export const tooManyRequests = (code: string, message: string) => new ApiError(429, code, message);
export const validationFailed = (message: string) => badRequest("validation_failed", message);

export const UNEXPECTED_FAILURE_MESSAGE =
  "Unexpected failure, please check server logs for more information";

/** Renders any thrown value as GoTrue would; unknown errors become 500 unexpected_failure. */
export function errorReply(error: unknown, apiVersion: string | undefined, errorId: string): Reply {
  if (error instanceof GatewayError) {
    return { status: 401, json: { message: error.message, hint: error.hint } };
  }
  if (error instanceof OAuthError) {
    return { status: 400, json: { error: error.error, error_description: error.description } };
  }
  const apiError =
    error instanceof ApiError
      ? error
      : new ApiError(500, "unexpected_failure", UNEXPECTED_FAILURE_MESSAGE);
  const weakPassword = apiError.reasons ? { weak_password: { reasons: apiError.reasons } } : {};
  if (apiVersion) {
    return {
      status: apiError.status,
      headers: { [API_VERSION_HEADER]: apiVersion },
      json: { code: apiError.code, message: apiError.message, ...weakPassword },
    };
  }
  return {
    status: apiError.status,
    headers: { "x-sb-error-code": apiError.code },
    json: {
      code: apiError.status,
      error_code: apiError.code,
      msg: apiError.message,
      ...(apiError.status >= 500 ? { error_id: errorId } : {}),
      ...weakPassword,
    },
  };
}

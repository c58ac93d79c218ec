// Answering a form post: reading it through its schema, the one error answer every form gives
// (the form again with its values, field hints and a toast, as a 4xx or 503), and calls to the
// auth service whose throws and outages become 'Connection Error'.
import { data, type AppLoadContext } from "@remix-run/node";
import type * as z from "zod/v4-mini";
import { toasts, type Toast } from "~/content/toasts";
import type { AuthErrorLike } from "~/session/auth-service.server";
import { toastForAuthError } from "./auth-errors.server";
import type { FormAnswer } from "./answer";
import { FORM_ISSUES, type FormIssue, type FormIssueName } from "./schemas";
import { holdAnswerToast } from "./toast.server";

/** The fields a post carried, as text (anything else, such as a file, reads as ""). */
export type PostedFields = Record<string, string>;

/** A post's fields, or null when the body is not a form at all. */
export async function readForm(request: Request): Promise<PostedFields | null> {
  try {
    return postedFields(await request.formData());
  } catch {
    return null;
  }
}

/** A post's text fields, each with every value it carried (a choice of several sends many). */
export function postedValues(form: FormData): Record<string, string[]> {
  // No prototype: a field may be named "__proto__".
  const posted: Record<string, string[]> = Object.create(null) as Record<string, string[]>;
  for (const [name, value] of form) {
    if (typeof value === "string") (posted[name] ??= []).push(value);
  }
  return posted;
}

/** A form's text fields, each its first value. */
export function postedFields(form: FormData): PostedFields {
  const fields: PostedFields = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && !(name in fields)) fields[name] = value;
  }
  return fields;
}

export type Parsed<T> =
  { ok: true; value: T } | { ok: false; issue: FormIssue; field: string | undefined };

/** The fields read through `schema`; a refusal names the first field at fault and its issue. */
export function parseFields<T>(schema: z.ZodMiniType<T>, fields: PostedFields): Parsed<T> {
  const result = schema.safeParse(fields);
  if (result.success) return { ok: true, value: result.data };
  const [first] = result.error.issues;
  const issue = FORM_ISSUES[first?.message as FormIssueName] ?? { toast: toasts.authFailed };
  const field = typeof first?.path[0] === "string" ? first.path[0] : undefined;
  return { ok: false, issue, field };
}

/** The status an error answer goes out with. */
function statusFor(toast: Toast): number {
  if (toast === toasts.connectionError) return 503;
  if (toast === toasts.tooManyAttempts) return 429;
  return 400;
}

export interface FormErrorOptions<Field extends string> {
  /** What to show again in the form (never a password). */
  values?: FormAnswer<Field>["values"];
  errors?: FormAnswer<Field>["errors"];
  unconfirmed?: boolean;
  /** The auth cookies a call wrote, a Retry-After… */
  headers?: HeadersInit;
  status?: number;
}

/** The form again with its values, hints and `toast`. */
export function formError<Field extends string = string>(
  context: AppLoadContext,
  toast: Toast,
  options: FormErrorOptions<Field> = {},
) {
  const { values = {}, errors = {}, unconfirmed, headers, status = statusFor(toast) } = options;
  const answer: FormAnswer<Field> = { values, errors, toast: holdAnswerToast(context, toast) };
  if (unconfirmed) answer.unconfirmed = true;
  return data(answer, { status, headers });
}

/** A refused post's answer: its issue's toast, and its hint under the field at fault. */
export function refusal<Field extends string>(
  context: AppLoadContext,
  parsed: Extract<Parsed<unknown>, { ok: false }>,
  values: FormAnswer<Field>["values"] = {},
) {
  const { issue, field } = parsed;
  const errors = issue.hint && field ? { [field]: issue.hint } : {};
  return formError<Field>(context, issue.toast, {
    values,
    errors: errors as FormAnswer<Field>["errors"],
  });
}

/** A rate limit's refusal: the form again, 429, and when to try again (Retry-After). */
export function tooManyAttempts<Field extends string>(
  context: AppLoadContext,
  waitSeconds: number,
  options: { values?: FormAnswer<Field>["values"]; toast?: Toast; headers?: Headers } = {},
) {
  const headers = new Headers(options.headers);
  headers.set("Retry-After", String(waitSeconds));
  return formError<Field>(context, options.toast ?? toasts.tooManyAttempts, {
    values: options.values,
    status: 429,
    headers,
  });
}

/** The answer type of every form error (and of a refusal). */
export type FormErrorAnswer = ReturnType<typeof formError>;

/** The data of an auth-js answer that succeeded (its members with `error: null`). */
type SuccessData<R> = Extract<R, { error: null }> extends { data: infer D } ? D : undefined;

export type AuthCall<R> =
  { ok: true; data: SuccessData<R> } | { ok: false; error: AuthErrorLike; toast: Toast };

/**
 * One call to the auth service. An error answer comes back with its catalogue toast; a throw (the
 * service unreachable) as 'Connection Error'.
 */
export async function callAuth<R extends { data?: unknown; error: AuthErrorLike | null }>(
  call: () => Promise<R>,
): Promise<AuthCall<R>> {
  try {
    const result = await call();
    if (!result.error) return { ok: true, data: result.data as SuccessData<R> };
    return { ok: false, error: result.error, toast: toastForAuthError(result.error) };
  } catch {
    return {
      ok: false,
      error: { name: "AuthRetryableFetchError" },
      toast: toasts.connectionError,
    };
  }
}

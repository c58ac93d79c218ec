// Toasts from the server: the flash toast a redirect leaves for the next page (remix-toast 1.x over
// a cookie session of ours, signed with SESSION_SECRET, httpOnly, Lax, Secure in production), and a
// form's error toast, which a page rendered in the same request shows too (decision 005).
import { createCookieSessionStorage, type AppLoadContext } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { randomUUID } from "node:crypto";
import type { ShownToast, Toast } from "~/content/toasts";
import { hasCookie } from "~/lib/cookies.server";
import { getEnv } from "~/lib/env.server";

const TOAST_COOKIE = "toast";

let utils: ReturnType<typeof createToastUtilsWithCustomSession> | undefined;

function toastUtils() {
  if (!utils) {
    const env = getEnv();
    utils = createToastUtilsWithCustomSession(
      createCookieSessionStorage({
        cookie: {
          name: TOAST_COOKIE,
          secrets: [env.SESSION_SECRET],
          httpOnly: true,
          sameSite: "lax",
          path: "/",
          secure: env.COOKIE_SECURE,
        },
      }),
    );
  }
  return utils;
}

/** Gives a toast a fresh id so the page shows each one once, however often data is re-read. */
function shown(toast: Toast): ShownToast {
  return { ...toast, id: randomUUID() };
}

/** The toast each request's form answer carried (the load context is per request). */
const answerToasts = new WeakMap<AppLoadContext, ShownToast>();

/** Gives a form answer's toast its id and keeps it for the page this request renders. */
export function holdAnswerToast(context: AppLoadContext, toast: Toast): ShownToast {
  const answer = shown(toast);
  answerToasts.set(context, answer);
  return answer;
}

/**
 * The toast for the page this request renders: its form answer's, else the flash toast, which is
 * read and cleared (the returned headers must go out with the response). A request without the
 * flash cookie has none, and its answer sets no cookie.
 */
export async function readPageToast(
  request: Request,
  context: AppLoadContext,
): Promise<{ toast: ShownToast | null; headers: Headers }> {
  const answer = answerToasts.get(context);
  if (answer) return { toast: answer, headers: new Headers() };
  if (!hasCookie(request.headers.get("Cookie"), TOAST_COOKIE)) {
    return { toast: null, headers: new Headers() };
  }
  const { toast, headers } = await toastUtils().getToast(request);
  if (!toast) return { toast: null, headers };
  return {
    toast: shown({
      title: toast.message,
      description: toast.description ?? "",
      variant: toast.type === "error" ? "error" : "success",
    }),
    headers,
  };
}

/** Redirect (PRG) with a toast for the next page; `headers` carries e.g. the auth cookies. */
export function redirectWithToast(url: string, toast: Toast, headers?: Headers): Promise<Response> {
  return toastUtils().redirectWithToast(
    url,
    { message: toast.title, description: toast.description, type: toast.variant },
    { headers },
  );
}

// Flash toasts over remix-toast 1.x, stored in a cookie session of our own that is really signed
// (remix-toast's default cookie is not) with SESSION_SECRET, httpOnly, Lax and Secure in production.
import { createCookieSessionStorage } from "@remix-run/node";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { randomUUID } from "node:crypto";
import { cookieValue } from "~/lib/cookies.server";
import { getEnv } from "~/lib/env.server";
import type { Toast } from "./messages";

export interface ShownToast extends Toast {
  id: string;
}

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

/** Gives a toast a fresh id so the client shows each one once, however often data is re-read. */
export function showToast(toast: Toast): ShownToast {
  return { ...toast, id: randomUUID() };
}

/**
 * Reads and clears the flash toast; the returned headers must go out with the response. A request
 * without the cookie has no toast, and its answer sets no cookie.
 */
export async function readFlashToast(
  request: Request,
): Promise<{ toast: ShownToast | null; headers: Headers }> {
  if (cookieValue(request.headers.get("Cookie"), TOAST_COOKIE) === undefined) {
    return { toast: null, headers: new Headers() };
  }
  const { toast, headers } = await toastUtils().getToast(request);
  if (!toast) return { toast: null, headers };
  return {
    toast: showToast({
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

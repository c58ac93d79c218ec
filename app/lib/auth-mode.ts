// The auth dialog's two modes and how they live in the URL (`?auth=sign-in|sign-up`), so the
// dialog can be opened by a plain link, with or without JavaScript.
import type { ShouldRevalidateFunction } from "@remix-run/react";

export type AuthMode = "sign-in" | "sign-up";

export const AUTH_PARAM = "auth";

/** The auth form's fetcher, whose answer's toast the app-wide toaster also shows. */
export const AUTH_FETCHER_KEY = "auth-form";

export function parseAuthMode(value: string | null): AuthMode | null {
  return value === "sign-in" || value === "sign-up" ? value : null;
}

export function authHref(mode: AuthMode): string {
  return `/?${AUTH_PARAM}=${mode}`;
}

function searchWithoutAuth(url: URL): string {
  const params = new URLSearchParams(url.search);
  params.delete(AUTH_PARAM);
  params.sort();
  return params.toString();
}

/**
 * Opening, switching or closing the dialog only changes `?auth`: no need to ask the server. A
 * navigation to the same URL (e.g. the redirect after sign-up) still revalidates.
 */
export const skipRevalidationForAuthParam: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  const onlyAuthChanged =
    !formMethod &&
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.search !== nextUrl.search &&
    searchWithoutAuth(currentUrl) === searchWithoutAuth(nextUrl);
  return onlyAuthChanged ? false : defaultShouldRevalidate;
};

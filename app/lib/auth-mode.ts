// The auth dialog's two modes and their routes (`/sign-in`, `/sign-up`), so the dialog can be
// opened by a plain link, with or without JavaScript.

export type AuthMode = "sign-in" | "sign-up";

/** The query parameter older links used (`/?auth=sign-in`); they now redirect to the routes. */
export const LEGACY_AUTH_PARAM = "auth";

export function parseAuthMode(value: string | null): AuthMode | null {
  return value === "sign-in" || value === "sign-up" ? value : null;
}

export function authHref(mode: AuthMode): string {
  return `/${mode}`;
}

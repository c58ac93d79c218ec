// The auth dialog as a lazy island: its code (Radix dialog, the form, its validation) stays out of
// the landing page's first download; it is fetched when the URL opens the dialog, or earlier when
// a visitor reaches for a sign-in link (see auth-link.tsx).
import { useSearchParams } from "@remix-run/react";
import { lazyIsland } from "~/components/lazy-island";
import type { AuthActionData } from "~/lib/auth-actions.server";
import { AUTH_PARAM, parseAuthMode } from "~/lib/auth-mode";

const dialog = lazyIsland(
  () => import("./auth-dialog").then((module) => module.AuthDialog),
  () => window.location.href,
);

export const preloadAuthDialog = dialog.preload;

export function LazyAuthDialog({ documentResult }: { documentResult?: AuthActionData }) {
  const [params] = useSearchParams();
  if (!parseAuthMode(params.get(AUTH_PARAM))) return null;
  return <dialog.Island documentResult={documentResult} />;
}

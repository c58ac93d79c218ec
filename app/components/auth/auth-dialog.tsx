// The auth dialog: open while the URL says `?auth=sign-in|sign-up`; closing it goes back to `/`.
import { Link, useNavigate, useSearchParams } from "@remix-run/react";
import { X } from "~/components/ui/icons";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import type { AuthActionData } from "~/lib/auth-actions.server";
import { AUTH_PARAM, parseAuthMode } from "~/lib/auth-mode";
import { AuthForm } from "./auth-form";

const COPY = {
  "sign-in": { title: "Welcome back", description: "Sign in to follow your programme." },
  "sign-up": {
    title: "Create your account",
    description: "Join the portal to start your first sprint.",
  },
} as const;

export function AuthDialog({ documentResult }: { documentResult?: AuthActionData }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const mode = parseAuthMode(params.get(AUTH_PARAM));
  if (!mode) return null;
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) navigate("/", { preventScrollReset: true });
      }}
    >
      {/* Explicit ids: Radix links title and description only after mounting, and the dialog must
          have its name in the server HTML too (JavaScript off). */}
      <DialogContent aria-labelledby="auth-dialog-title" aria-describedby="auth-dialog-description">
        <DialogHeader>
          <DialogTitle id="auth-dialog-title">{COPY[mode].title}</DialogTitle>
          <DialogDescription id="auth-dialog-description">
            {COPY[mode].description}
          </DialogDescription>
        </DialogHeader>
        <AuthForm key={mode} mode={mode} documentResult={documentResult} />
        <Link
          to="/"
          preventScrollReset
          aria-label="Close"
          className="absolute right-4 top-4 rounded-sm opacity-70 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X className="h-4 w-4" aria-hidden />
        </Link>
      </DialogContent>
    </Dialog>
  );
}

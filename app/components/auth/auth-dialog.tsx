// The auth dialog over the landing page: always open while an auth route shows it; closing it
// (Escape, the overlay, the X link) goes back to `/`.
import { Link, useNavigate } from "@remix-run/react";
import { X } from "~/components/ui/icons";
import type { ReactNode } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { HOME_PATH } from "~/lib/paths";

export interface AuthDialogCopy {
  title: string;
  description: string;
}

export function AuthDialog({ copy, children }: { copy: AuthDialogCopy; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) navigate(HOME_PATH, { preventScrollReset: true });
      }}
    >
      {/* Explicit ids: Radix links title and description only after mounting, and the dialog must
          have its name in the server HTML too (JavaScript off). */}
      <DialogContent aria-labelledby="auth-dialog-title" aria-describedby="auth-dialog-description">
        <DialogHeader>
          <DialogTitle id="auth-dialog-title">{copy.title}</DialogTitle>
          <DialogDescription id="auth-dialog-description">{copy.description}</DialogDescription>
        </DialogHeader>
        {children}
        <Link
          to={HOME_PATH}
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

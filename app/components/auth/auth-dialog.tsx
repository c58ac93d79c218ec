// The auth dialog over the landing page: always open while an auth route shows it; closing it
// (Escape, the overlay, the X link) goes back to `/`, and focus back to the link that opened it,
// else to 'Get Started'.
import { useNavigate } from "@remix-run/react";
import { Icon } from "~/components/ui/icon";
import type { ReactNode } from "react";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/components/ui/dialog";
import { HOME_PATH } from "~/lib/paths";
import { MAIN_AUTH_LINK_ID } from "./auth-link";

export interface AuthDialogCopy {
  title: string;
  description: string;
}

export function AuthDialog({ copy, children }: { copy: AuthDialogCopy; children: ReactNode }) {
  const navigate = useNavigate();
  const close = () => navigate(HOME_PATH, { preventScrollReset: true });
  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open) close();
      }}
    >
      {/* Explicit ids: Radix links title and description only after mounting, and the dialog must
          have its name in the server HTML too (JavaScript off). */}
      <DialogContent
        aria-labelledby="auth-dialog-title"
        aria-describedby="auth-dialog-description"
        returnFocusId={MAIN_AUTH_LINK_ID}
      >
        <DialogHeader>
          <DialogTitle id="auth-dialog-title">{copy.title}</DialogTitle>
          <DialogDescription id="auth-dialog-description">{copy.description}</DialogDescription>
        </DialogHeader>
        {children}
        {/* Without JavaScript, a link home whose fragment has the browser focus 'Get Started' there;
            with it, a close like Escape's. */}
        <a
          href={`${HOME_PATH}#${MAIN_AUTH_LINK_ID}`}
          onClick={(event) => {
            event.preventDefault();
            close();
          }}
          aria-label="Close"
          className="absolute right-4 top-4 rounded-sm opacity-70 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <Icon name="x" className="h-4 w-4" />
        </a>
      </DialogContent>
    </Dialog>
  );
}

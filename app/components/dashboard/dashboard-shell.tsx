// The signed-in layout: waves background, sidebar (rail or sheet), header with the trigger, the
// page's name, the user's e-mail, 'Agency Console' (staff), 'Account' and 'Sign Out'; the page.
import type { ReactNode } from "react";
import type { ProgrammeView } from "~/programme/client-programme";
import { PendingIndicator } from "~/components/pending-indicator";
import { Link } from "~/components/ui/router";
import { SignOutForm } from "~/components/sign-out-form";
import { ACCOUNT_PATH, SIDEBAR_TOGGLE_PATH, STAFF_PATH } from "~/lib/paths";
import { SkipLink } from "~/components/skip-link";
import { SignedInTitle } from "~/components/signed-in-title";
import { SidebarInset, SidebarProvider, SidebarTrigger } from "~/components/ui/sidebar";
import { WaveBackground } from "~/components/wave-background";
import { AppSidebar } from "./app-sidebar";
import { lazySidebarSheet } from "./lazy-sidebar-sheet";
import { PreviewBanner, type PreviewOf } from "./preview-banner";

export function DashboardShell({
  email,
  isStaff,
  sidebarOpen,
  programme,
  unreadMessages,
  preview,
  children,
}: {
  email: string;
  /** A staff member on a client's pages: the header leads back to the console. */
  isStaff: boolean;
  sidebarOpen: boolean;
  programme: ProgrammeView;
  /** The agency's messages not read yet. */
  unreadMessages: number;
  /** Staff previewing these pages as one of the client's people. */
  preview?: PreviewOf;
  children: ReactNode;
}) {
  return (
    <SidebarProvider
      defaultOpen={sidebarOpen}
      sheet={lazySidebarSheet}
      toggleAction={SIDEBAR_TOGGLE_PATH}
    >
      <SkipLink />
      <WaveBackground />
      <AppSidebar programme={programme} unreadMessages={unreadMessages} />
      <SidebarInset>
        {preview ? <PreviewBanner preview={preview} /> : null}
        <header className="sticky top-0 z-10 flex h-14 items-center gap-2 border-b bg-background/95 px-3 sm:px-4">
          <SidebarTrigger />
          <span aria-hidden className="h-5 w-px shrink-0 bg-border" />
          <SignedInTitle email={email} />
          {isStaff ? (
            <Link to={STAFF_PATH} className="header-link">
              <span className="sr-only sm:not-sr-only">Agency </span>Console
            </Link>
          ) : null}
          <Link to={ACCOUNT_PATH} prefetch="intent" className="header-link">
            Account
          </Link>
          <SignOutForm />
        </header>
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">
          {children}
        </main>
      </SidebarInset>
      <PendingIndicator />
    </SidebarProvider>
  );
}

// The staff console's frame: a header naming the console (its link leads back to the client list)
// and the page, the signed-in staff member, their 'Account' and 'Sign Out'; the console's sections,
// each with how much waits there on the agency; the page below.
import { Link } from "~/components/ui/router";
import type { ReactNode } from "react";
import { PendingIndicator } from "~/components/pending-indicator";
import { SignOutForm } from "~/components/sign-out-form";
import { SignedInTitle } from "~/components/signed-in-title";
import { SkipLink } from "~/components/skip-link";
import { NavTabs } from "~/components/ui/nav-tabs";
import {
  REVIEWS_PATH,
  STAFF_ACCOUNT_PATH,
  STAFF_MESSAGES_PATH,
  STAFF_PATH,
  STAFF_SETTINGS_PATH,
  HELD_MAIL_PATH,
  TEMPLATES_PATH,
} from "~/lib/paths";
import { useFrameBrand } from "~/lib/page-meta";
import { BrandMark } from "~/components/brand-mark";

export function StaffShell({
  email,
  waiting,
  children,
}: {
  email: string;
  /** Threads waiting for an answer and hand-ins for review. */
  waiting: { messages: number; reviews: number };
  children: ReactNode;
}) {
  const brand = useFrameBrand();
  return (
    <div className="min-h-svh bg-slate-50">
      <SkipLink />
      <header className="sticky top-0 z-10 border-b bg-background/95">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <Link
            to={STAFF_PATH}
            className="flex shrink-0 items-center gap-2 rounded-md font-semibold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <BrandMark brand={brand} />
            <span className="sr-only sm:not-sr-only">{brand.name} Console</span>
          </Link>
          <span aria-hidden className="h-5 w-px shrink-0 bg-border" />
          <SignedInTitle email={email} />
          <Link to={STAFF_ACCOUNT_PATH} className="header-link">
            Account
          </Link>
          <SignOutForm />
        </div>
      </header>
      <div className="border-b bg-background">
        <NavTabs
          label="Console"
          className="mx-auto max-w-6xl px-4 sm:px-6"
          tabs={[
            { to: STAFF_PATH, label: "Clients" },
            { to: STAFF_MESSAGES_PATH, label: "Messages", count: waiting.messages },
            { to: REVIEWS_PATH, label: "Reviews", count: waiting.reviews },
            { to: TEMPLATES_PATH, label: "Templates" },
            { to: HELD_MAIL_PATH, label: "Held mail" },
            { to: STAFF_SETTINGS_PATH, label: "Settings" },
          ]}
        />
      </div>
      <main id="main" className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        {children}
      </main>
      <PendingIndicator />
    </div>
  );
}

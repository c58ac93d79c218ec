// The client list of the staff console: search by e-mail, one row per client (state, where they
// stand, unread messages, last sign-in), newest activity first, paged; and the invitation form.
import { Form, Link, useActionData } from "@remix-run/react";
import { FormAlert, useFormAlert } from "~/components/form-alert";
import { SubmitButton } from "~/components/submit-button";
import { useActionToast } from "~/components/toaster";
import { Badge, type BadgeProps } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Progress } from "~/components/ui/progress";
import type { FormAnswer } from "~/forms/answer";
import { EMAIL_MAX_LENGTH } from "~/forms/validation";
import { useResetKey } from "~/hooks/use-reset-key";
import { useSubmitting } from "~/hooks/use-submitting";
import { INVITE_ACTION, STAFF_PATH, staffClientMessagesPath, staffClientPath } from "~/lib/paths";
import { errorProps, FieldError } from "~/components/auth/field-error";
import type { AccountStatus } from "~/data/shapes";
import type { AttentionGroup, ClientRow } from "~/staff/views";
import { NeedsAttention } from "./needs-attention";
import { consoleTime } from "~/programme/programme-edits";

const STATE_BADGE: Record<AccountStatus, { label: string; variant: BadgeProps["variant"] }> = {
  confirmed: { label: "Active", variant: "success" },
  unconfirmed: { label: "Unconfirmed", variant: "warning" },
  invited: { label: "Invited", variant: "info" },
};

function InviteForm() {
  const result = useActionData<FormAnswer<"email">>();
  useActionToast(result?.toast);
  const pending = useSubmitting(STAFF_PATH);
  // After an invitation went out, the field is empty for the next one.
  const resetKey = useResetKey(INVITE_ACTION);
  const error = result?.errors.email;
  const alert = useFormAlert();
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>Invite a client</h2>
        </CardTitle>
        <CardDescription>
          They get an e-mail with a link to choose a password and open their dashboard.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          key={resetKey}
          method="post"
          action={INVITE_ACTION}
          className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
          {...alert.formProps}
        >
          <div className="grid flex-1 gap-2">
            <Label htmlFor="invite-email">Client&apos;s email</Label>
            <Input
              id="invite-email"
              name="email"
              type="text"
              inputMode="email"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              required
              maxLength={EMAIL_MAX_LENGTH}
              defaultValue={result?.values.email ?? ""}
              {...errorProps("invite-email-error", error)}
            />
            <FieldError id="invite-email-error" message={error} />
          </div>
          <SubmitButton pending={pending} {...alert.submitProps}>
            Send Invitation
          </SubmitButton>
          <FormAlert {...alert.alertProps} className="sm:basis-full" />
        </Form>
      </CardContent>
    </Card>
  );
}

function pageHref(search: string, page: number) {
  const query = new URLSearchParams();
  if (search) query.set("q", search);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `${STAFF_PATH}?${text}` : STAFF_PATH;
}

function ClientRowItem({ row }: { row: ClientRow }) {
  const state = STATE_BADGE[row.state];
  return (
    <li className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)] sm:items-center">
      <div className="min-w-0">
        <Link
          to={staffClientPath(row.id)}
          className="break-all font-medium text-indigo-700 underline-offset-4 hover:underline"
        >
          {row.name || row.email}
        </Link>
        {row.name || row.company ? (
          <p className="break-all text-sm text-slate-700">
            {[row.name ? row.email : "", row.company].filter(Boolean).join(" · ")}
          </p>
        ) : null}
        <div className="mt-1 flex flex-wrap gap-1">
          <Badge variant={state.variant}>{state.label}</Badge>
          {row.unread > 0 ? (
            <Link to={staffClientMessagesPath(row.id)} className="rounded-full">
              <Badge variant="info">{row.unread} unread</Badge>
            </Link>
          ) : null}
        </div>
      </div>
      <p className="text-sm text-slate-700">{row.current}</p>
      {row.overallProgress === null ? (
        <p className="text-sm text-muted-foreground">
          <span className="sr-only">Overall progress: </span>—
        </p>
      ) : (
        <div className="grid gap-1 text-sm">
          <span>
            <span className="sr-only">Overall progress: </span>
            {row.overallProgress}%
          </span>
          <Progress value={row.overallProgress} aria-label={`${row.email} overall progress`} />
        </div>
      )}
      <p className="text-sm text-muted-foreground">
        <span className="sm:sr-only">Last sign-in: </span>
        {row.lastSignInAt === null ? "never" : consoleTime(row.lastSignInAt)}
      </p>
    </li>
  );
}

export function ClientListPage({
  rows,
  total,
  search,
  page,
  perPage,
  bookingPageSet,
  attention,
}: {
  rows: ClientRow[];
  total: number;
  search: string;
  page: number;
  perPage: number;
  /** Whether BOOKING_URL names the agency's booking page. */
  bookingPageSet: boolean;
  attention: AttentionGroup[];
}) {
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Clients</h1>
      <NeedsAttention groups={attention} />
      {bookingPageSet ? null : (
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm">
          No booking page is set: clients&apos; &lsquo;Schedule Meeting&rsquo; opens their messages
          to you. Set <code>BOOKING_URL</code> to your booking page to let them book a call.
        </p>
      )}
      <InviteForm />
      <section aria-labelledby="clients-title" className="grid gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <h2 id="clients-title" className="text-xl font-semibold text-slate-900">
            All clients
          </h2>
          <Form method="get" action={STAFF_PATH} role="search" className="flex gap-2">
            <Label htmlFor="client-search" className="sr-only">
              Search by email
            </Label>
            <Input
              id="client-search"
              name="q"
              type="search"
              placeholder="Search by email"
              defaultValue={search}
              maxLength={254}
              className="sm:w-64"
            />
            <Button type="submit" variant="outline">
              Search
            </Button>
          </Form>
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {total === 0
            ? search
              ? `No client's email contains "${search}".`
              : "No clients yet: invite your first one above."
            : `Showing ${first}–${last} of ${total}, most recently active first.`}
        </p>
        <div
          aria-hidden
          className="hidden px-4 text-xs font-medium uppercase tracking-wide text-muted-foreground sm:grid sm:grid-cols-[minmax(0,2fr)_minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1fr)]"
        >
          <span>Client</span>
          <span>Where they stand</span>
          <span>Overall progress</span>
          <span>Last sign-in</span>
        </div>
        <ul className="grid gap-2">
          {rows.map((row) => (
            <ClientRowItem key={row.id} row={row} />
          ))}
        </ul>
        <nav aria-label="Pages" className="flex justify-between gap-2">
          {page > 1 ? (
            <Button asChild variant="outline">
              <Link to={pageHref(search, page - 1)}>Previous page</Link>
            </Button>
          ) : (
            <span />
          )}
          {last < total ? (
            <Button asChild variant="outline">
              <Link to={pageHref(search, page + 1)}>Next page</Link>
            </Button>
          ) : null}
        </nav>
      </section>
    </div>
  );
}

// The client list of the staff console: search by e-mail, filters, one row per client (state, where
// they stand, unread messages, hand-ins to review, due tasks, last activity), newest activity first,
// paged; invitations.
import { useActionData } from "@remix-run/react";
import { Form, Link } from "~/components/ui/router";
import { FormAlert, useFormAlert } from "~/components/form-alert";
import { SubmitButton } from "~/components/submit-button";
import { useActionToast } from "~/components/toaster";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { Progress } from "~/components/ui/progress";
import type { FormAnswer } from "~/forms/answer";
import { INVITE_INTENT, PROFILE_TEXT_MAX } from "~/forms/schemas";
import { useResetKey } from "~/hooks/use-reset-key";
import { useSubmitting } from "~/hooks/use-submitting";
import {
  CLIENT_FILTER_PARAM,
  INVITE_ACTION,
  STAFF_PATH,
  STAFF_SETTINGS_PATH,
  staffClientMessagesPath,
  staffClientPath,
} from "~/lib/paths";
import { CLIENT_FILTERS, type ClientFilter } from "~/data/shapes";
import type { AttentionGroup, ClientRow } from "~/staff/views";
import { AccountStateBadge } from "./account-state-badge";
import { InviteeEmailField } from "~/components/accounts/invitee-email-field";
import { NeedsAttention } from "./needs-attention";
import { CancelInvitationForm, ResendInvitationForm } from "./invitation-forms";
import { cn } from "~/lib/utils";
import { useStamp } from "~/lib/reader-time";
import { useRelativeTime } from "~/lib/relative-time";

/** Each filter's link, whom it keeps, and what the list says when it keeps no one. */
const FILTERS: Record<ClientFilter, { label: string; keeps: string; none: string }> = {
  stuck: {
    label: "Stuck",
    keeps: "a task overdue, a sprint whose time ran out, or no activity for 7 days",
    none: "No client is stuck",
  },
  "in-review": {
    label: "In review",
    keeps: "a hand-in waiting for your review",
    none: "No hand-in is waiting for review",
  },
  "not-started": {
    label: "Not started",
    keeps: "never signed in, or no sprint opened yet",
    none: "Every client has started",
  },
  invited: {
    label: "Invited",
    keeps: "an invitation not accepted yet",
    none: "No invitation is waiting",
  },
  deactivated: {
    label: "Deactivated",
    keeps: "let go: their people cannot sign in, nothing is deleted",
    none: "No client is deactivated",
  },
};

function InviteForm({ templates }: { templates: { id: string; name: string }[] }) {
  const result = useActionData<FormAnswer<"email" | "accountName" | "templateId">>();
  useActionToast(result?.toast);
  const pending = useSubmitting(STAFF_PATH, INVITE_INTENT);
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
          They get an e-mail with a link to choose a password and open their dashboard. The company
          is the name its people see; add more people on its People tab.
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
          <input type="hidden" name="intent" value={INVITE_INTENT} />
          <InviteeEmailField
            id="invite-email"
            label="Client's email"
            defaultValue={result?.values.email ?? ""}
            error={error}
          />
          <div className="grid gap-2 sm:w-56">
            <Label htmlFor="invite-account-name">Company (optional)</Label>
            <Input
              id="invite-account-name"
              name="accountName"
              maxLength={PROFILE_TEXT_MAX}
              defaultValue={result?.values.accountName ?? ""}
              autoComplete="off"
            />
          </div>
          {templates.length > 1 ? (
            <div className="grid gap-2 sm:w-56">
              <Label htmlFor="invite-template">Programme</Label>
              <NativeSelect
                id="invite-template"
                name="templateId"
                defaultValue={result?.values.templateId ?? templates[0]?.id}
              >
                {templates.map((template) => (
                  <option key={template.id} value={template.id}>
                    {template.name}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : null}
          <SubmitButton pending={pending} {...alert.submitProps}>
            Send Invitation
          </SubmitButton>
          <FormAlert {...alert.alertProps} className="sm:basis-full" />
        </Form>
      </CardContent>
    </Card>
  );
}

function listHref(search: string, show: ClientFilter | null, page: number) {
  const query = new URLSearchParams();
  if (search) query.set("q", search);
  if (show) query.set(CLIENT_FILTER_PARAM, show);
  if (page > 1) query.set("page", String(page));
  const text = query.toString();
  return text ? `${STAFF_PATH}?${text}` : STAFF_PATH;
}

/** The list's columns from `md` up; below, each row is a card (client, then two by two). */
const COLUMNS =
  "md:grid-cols-[minmax(0,2fr)_minmax(0,1.3fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)]";

/** "2 overdue · 1 due today", the overdue part in the destructive style; "None". */
function DueTasks({ due }: { due: ClientRow["due"] }) {
  if (due.overdue + due.today === 0) return <span className="text-muted-foreground">None</span>;
  return (
    <span>
      {due.overdue > 0 ? (
        <span className="font-medium text-red-700">{due.overdue} overdue</span>
      ) : null}
      {due.overdue > 0 && due.today > 0 ? " · " : null}
      {due.today > 0 ? `${due.today} due today` : null}
    </span>
  );
}

function ClientRowItem({ row, now }: { row: ClientRow; now: number }) {
  const relativeTime = useRelativeTime();
  const stamp = useStamp();
  return (
    <li
      className={cn(
        "grid grid-cols-2 gap-3 rounded-lg border bg-card p-4 md:items-center",
        COLUMNS,
      )}
    >
      <div className="col-span-2 min-w-0 md:col-span-1">
        <Link
          to={staffClientPath(row.id)}
          className="break-all font-medium text-indigo-700 underline-offset-4 hover:underline"
        >
          {row.name || row.email}
        </Link>
        {row.name || row.company || row.account ? (
          <p className="break-all text-sm text-slate-700">
            {[row.name ? row.email : "", row.company || row.account].filter(Boolean).join(" · ")}
          </p>
        ) : null}
        {row.colleagues.length > 0 ? (
          <p className="text-sm text-muted-foreground">With {row.colleagues.join(", ")}</p>
        ) : null}
        <div className="mt-1 flex flex-wrap gap-1">
          {row.deactivated ? (
            <Badge variant="secondary">Deactivated</Badge>
          ) : (
            <AccountStateBadge state={row.state} />
          )}
          {row.unread > 0 ? (
            <Link to={staffClientMessagesPath(row.id)} className="rounded-full">
              <Badge variant="info">{row.unread} unread</Badge>
            </Link>
          ) : null}
          {row.toReview > 0 ? <Badge variant="warning">{row.toReview} to review</Badge> : null}
        </div>
        {row.invitedAt !== null ? (
          <div className="mt-2 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
            <span>Invited {relativeTime(row.invitedAt, now)}</span>
            <ResendInvitationForm email={row.email} />
            <CancelInvitationForm email={row.email} />
          </div>
        ) : null}
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
      <p className="text-sm text-slate-700">
        <span className="block text-xs text-muted-foreground md:sr-only">Due tasks </span>
        <DueTasks due={row.due} />
      </p>
      <p className="text-sm text-muted-foreground">
        <span className="block text-xs md:sr-only">Last activity </span>
        {row.activityAt === null ? (
          "—"
        ) : (
          <time dateTime={new Date(row.activityAt).toISOString()} title={stamp(row.activityAt)}>
            {relativeTime(row.activityAt, now)}
          </time>
        )}
        {row.lastSignInAt === null ? <span className="block text-xs">never signed in</span> : null}
      </p>
    </li>
  );
}

export function ClientListPage({
  rows,
  total,
  search,
  show,
  page,
  perPage,
  now,
  bookingPageSet,
  attention,
  templates,
}: {
  rows: ClientRow[];
  total: number;
  search: string;
  /** The filter in use; null: every client. */
  show: ClientFilter | null;
  page: number;
  perPage: number;
  /** The moment the list was read (ms): "3 d ago" counts from it. */
  now: number;
  /** Whether Settings (or BOOKING_URL, its first value) names the agency's booking page. */
  bookingPageSet: boolean;
  attention: AttentionGroup[];
  /** The programme templates a new client may follow, the default first. */
  templates: { id: string; name: string }[];
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
          to you. Set your booking page in{" "}
          <Link to={STAFF_SETTINGS_PATH} className="underline underline-offset-4">
            Settings
          </Link>{" "}
          to let them book a call.
        </p>
      )}
      <InviteForm templates={templates} />
      <section aria-labelledby="clients-title" className="grid gap-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <h2 id="clients-title" className="text-xl font-semibold text-slate-900">
            All clients
          </h2>
          <Form method="get" action={STAFF_PATH} role="search" className="flex gap-2">
            <Label htmlFor="client-search" className="sr-only">
              Search by email, name or company
            </Label>
            {show ? <input type="hidden" name={CLIENT_FILTER_PARAM} value={show} /> : null}
            <Input
              id="client-search"
              name="q"
              type="search"
              placeholder="Email, name or company"
              defaultValue={search}
              maxLength={254}
              className="sm:w-64"
            />
            <Button type="submit" variant="outline">
              Search
            </Button>
          </Form>
        </div>
        <nav aria-label="Filter clients" className="flex flex-wrap gap-2">
          {[null, ...CLIENT_FILTERS].map((filter) => (
            <Button
              key={filter ?? "all"}
              asChild
              size="sm"
              variant={filter === show ? "default" : "outline"}
            >
              <Link
                to={listHref(search, filter, 1)}
                aria-current={filter === show ? "page" : undefined}
              >
                {filter ? FILTERS[filter].label : "All"}
              </Link>
            </Button>
          ))}
        </nav>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {show ? `${FILTERS[show].label}: ${FILTERS[show].keeps}. ` : null}
          {total === 0
            ? show
              ? `${FILTERS[show].none}${search ? ` among those found by "${search}"` : ""}.`
              : search
                ? `No client's email, name or company contains "${search}".`
                : "No clients yet: invite your first one above."
            : `Showing ${first}–${last} of ${total}, most recently active first.`}
        </p>
        <div
          aria-hidden
          className={cn(
            "hidden px-4 text-xs font-medium uppercase tracking-wide text-muted-foreground md:grid",
            COLUMNS,
          )}
        >
          <span>Client</span>
          <span>Where they stand</span>
          <span>Overall progress</span>
          <span>Due tasks</span>
          <span>Last activity</span>
        </div>
        <ul className="grid gap-2">
          {rows.map((row) => (
            <ClientRowItem key={row.id} row={row} now={now} />
          ))}
        </ul>
        <nav aria-label="Pages" className="flex justify-between gap-2">
          {page > 1 ? (
            <Button asChild variant="outline">
              <Link to={listHref(search, show, page - 1)}>Previous page</Link>
            </Button>
          ) : (
            <span />
          )}
          {last < total ? (
            <Button asChild variant="outline">
              <Link to={listHref(search, show, page + 1)}>Next page</Link>
            </Button>
          ) : null}
        </nav>
      </section>
    </div>
  );
}

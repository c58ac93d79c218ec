// Server entry: every page and data answer gets the cookies the request's session check wrote and
// is marked private; pages are answered by the delivery module. `start`, `ready` and `stop` are how
// the process entry configures this bundle, asks after its database and shuts it down.
import { receiveMail } from "~/inbound/inbound.server";
import { startSmtpListener, type SmtpListener } from "~/inbound/smtp-listener.server";
import { startMailboxPolling, type MailboxPolling } from "~/inbound/imap-mailbox.server";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { respondWithDocument } from "~/delivery/respond.server";
import { STREAM_TIMEOUT_MS } from "~/delivery/render.server";
import {
  closeProductDatabase,
  database,
  databaseAnswers,
  inTransaction,
  openProductDatabase,
} from "~/data/connection.server";
import { filesFolder, removeAbandonedUploads } from "~/files/store.server";
import { JOB_HANDLERS, RECURRING_JOBS } from "~/jobs/handlers.server";
import { scheduleRecurring } from "~/jobs/recurring.server";
import { startFanOut, stopFanOut, subscriberCount } from "~/live/bus.server";
import { closeAllStreams, openStreamCount } from "~/live/stream.server";
import { startJobWorker, type JobWorker } from "~/jobs/worker.server";
import { configure, getEnv, type Env } from "~/lib/env.server";
import { recordServedTemplates } from "~/data/client-programmes.server";
import { ensureFactsCurrent } from "~/data/task-facts.server";
import { beginOverdueReminders } from "~/data/task-reminders.server";
import { programmeTemplates } from "~/programme/templates.server";
import { addSessionHeaders } from "~/session/state.server";

let smtpListener: SmtpListener | undefined;
let mailboxPolling: MailboxPolling | undefined;
let worker: JobWorker | undefined;

/**
 * Takes the validated configuration, then reads the programme file and opens (and migrates) the
 * product database, so a bad file or an unreachable database stops the start, not a page view;
 * then asks for the work on a schedule, starts this instance's job worker and clears away
 * uploads a crash cut off.
 */
export async function start(env: Env) {
  configure(env);
  programmeTemplates();
  await openProductDatabase();
  await recordServedTemplates();
  await ensureFactsCurrent(await database());
  await inTransaction((trx) => beginOverdueReminders(trx, Date.now()));
  await scheduleRecurring(RECURRING_JOBS, Date.now());
  worker = startJobWorker({
    handlers: JOB_HANDLERS,
    transaction: inTransaction,
    reader: database,
  });
  if (env.DATABASE_URL) startFanOut(env.DATABASE_URL);
  await removeAbandonedUploads(filesFolder(env.DATA_DIR), env.UPLOAD_TIMEOUT_MS);
  if (env.INBOUND_SMTP_PORT) {
    smtpListener = await startSmtpListener(env.INBOUND_SMTP_PORT, env.INBOUND_SMTP_HOST);
  }
  if (env.INBOUND_IMAP_URL) mailboxPolling = startMailboxPolling(env.INBOUND_IMAP_URL);
}

/** Whether this instance can answer: its product database answers a query. */
export const ready = databaseAnswers;

/** Open live streams, and the listeners they hold (the same number, unless one leaked). */
export function liveStreams() {
  return { streams: openStreamCount(), listeners: subscriberCount() };
}

/** Ends every live stream: shutdown starts here, as a stream never ends on its own. */
export const endStreams = closeAllStreams;

export async function stop() {
  await smtpListener?.close();
  await mailboxPolling?.close();
  await worker?.stop();
  await stopFanOut();
  await closeProductDatabase();
}

export const streamTimeout = STREAM_TIMEOUT_MS;

/** How the embedded auth server's mails are dressed: in the agency's brand. */
export { frameAuthMail } from "~/mail/auth-mail.server";

/** A reply sent from the embedded outbox's Reply form: a mail received like any other. */
export async function receiveOutboxReply(raw: Buffer): Promise<void> {
  await receiveMail(raw, "outbox");
}

const PRIVATE_NO_STORE = "private, no-store";

/**
 * A post to a route without an action: Remix's 405 carries its internal message ("Error: You made a
 * POST request to … route "routes/dashboard" …") in the page's data. Nothing legitimate posts
 * there, so the answer is plain text.
 */
function methodNotAllowed(headers: Headers): Response {
  headers.set("Content-Type", "text/plain; charset=utf-8");
  headers.set("Cache-Control", PRIVATE_NO_STORE);
  return new Response("Method Not Allowed", { status: 405, headers });
}

export const handleDataRequest: HandleDataRequestFunction = async (response, { context }) => {
  if (response.status === 405) return methodNotAllowed(new Headers(response.headers));
  await addSessionHeaders(context, response.headers);
  response.headers.set("Cache-Control", PRIVATE_NO_STORE);
  return response;
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (responseStatusCode === 405) return methodNotAllowed(responseHeaders);
  await addSessionHeaders(loadContext, responseHeaders);
  responseHeaders.set("Cache-Control", PRIVATE_NO_STORE);
  // Under the dev server a kept page would outlive the edit that changed it.
  const share = getEnv().isProduction;
  return respondWithDocument(request, responseStatusCode, responseHeaders, remixContext, {
    share,
    clientIp: loadContext.clientIp,
  });
}

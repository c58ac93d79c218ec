// Mail delivery tied to its request: written to the outbox in the caller's transaction, handed to
// SMTP before the answer, or just after it where timing must not tell. A refusal undoes the mail's
// writes (before the answer: a 500 like GoTrue's), so nothing waits for it (decisions 014, 017).
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import type { App } from "../app";
import { ApiError } from "../http/errors";
import type { Reply } from "../http/reply";
import type { OutboxMessage } from "../store/outbox";
import { sendSmtp, type OutgoingMail } from "./smtp";

export interface QueuedMail {
  message: Omit<OutboxMessage, "id" | "created_at" | "reply_to">;
  /** GoTrue's message when delivery fails, e.g. "Error sending confirmation email". */
  failureMessage: string;
  /** The sender's name and the reply-to address, when the embedding app gave them. */
  from?: { senderName?: string; replyTo?: string };
  /** Reverts what sending this mail changed (runs in one transaction with the other undos). */
  undo: (request: RequestMails) => void;
}

/**
 * When a route's mails go to the mail server: before its answer (a refusal answers 500), or after
 * it (the answer takes as long whether or not a mail went out; a refusal is only logged and undone).
 */
export type MailDelivery = "before-answer" | "after-answer";

export interface RequestMails {
  /** The clock when the request began: rows created since then were created by it. */
  startedAt: number;
  delivery: MailDelivery;
  queued: QueuedMail[];
}

/** The mails queued by the request being handled. */
const requestMails = new AsyncLocalStorage<RequestMails>();

/**
 * Records a mail in the outbox now (inside the caller's transaction) and, once that transaction has
 * committed, logs it and queues it for the mail server: a mail whose writes were rolled back is
 * neither sent nor logged as sent. Outside a request (no queue) it is only recorded and logged.
 */
export function queueMail(app: App, mail: QueuedMail): void {
  app.store.outbox.insert({ id: randomUUID(), ...mail.message }, app.now());
  const request = requestMails.getStore();
  app.store.db.afterCommit(() => {
    logMailSent(app, mail.message);
    request?.queued.push(mail);
  });
}

/** "j***@example.com": enough to tell mails apart in a log, not enough to harvest addresses. */
function redactAddress(email: string): string {
  const at = email.lastIndexOf("@");
  return at <= 0 ? "***" : `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** Full addresses and live links in mail log lines only on a developer's machine with no SMTP. */
const logsMailDetails = (app: App) => app.config.exposure.logMailDetails && !app.config.smtp;

/**
 * The `mail_sent` line: the live link and full address only on a developer's machine with no SMTP
 * server; in production, or once mail really leaves, logs hold neither.
 */
function logMailSent(app: App, { to, subject, confirmation_url: link }: QueuedMail["message"]) {
  app.log(
    "info",
    "mail_sent",
    logsMailDetails(app) ? { to, subject, link } : { to: redactAddress(to), subject },
  );
}

/**
 * The `mail_held_back` line: a mail a limit kept from going out while the request still answered
 * as if it had (the per-address gap or a mail budget, named by `reason`).
 */
export function logMailHeldBack(app: App, to: string, subject: string, reason: string): void {
  app.log("info", "mail_held_back", {
    to: logsMailDetails(app) ? to : redactAddress(to),
    subject,
    reason,
  });
}

/**
 * Runs a request handler and delivers the mails it queued: before answering, where a refusal undoes
 * every mail of the request in one transaction and fails it with 500 unexpected_failure; or, for
 * `after-answer`, once the answer is written, where a refusal is logged and undone the same way.
 */
export async function withMailDelivery(
  app: App,
  delivery: MailDelivery,
  handler: () => Promise<Reply>,
): Promise<Reply> {
  const request: RequestMails = { startedAt: app.now(), delivery, queued: [] };
  const reply = await requestMails.run(request, handler);
  if (!app.config.smtp || request.queued.length === 0) return reply;
  if (delivery === "before-answer") {
    await deliver(app, request);
    return reply;
  }
  return { ...reply, afterAnswer: () => deliverAfterAnswer(app, request) };
}

/** Hands the request's mails to the mail server; a refusal undoes them all and throws the 500. */
async function deliver(app: App, request: RequestMails): Promise<void> {
  const smtp = app.config.smtp;
  if (!smtp) return;
  for (const mail of request.queued) {
    const { senderName = smtp.senderName, replyTo } = mail.from ?? {};
    const outgoing: OutgoingMail = {
      ...mail.message,
      ...(replyTo ? { headers: { "Reply-To": replyTo } } : {}),
    };
    try {
      await sendSmtp({ ...smtp, senderName }, new URL(app.apiUrl).hostname, outgoing);
    } catch (error) {
      app.log("error", "mail_send_failed", {
        to: outgoing.to,
        subject: outgoing.subject,
        smtp_host: smtp.host,
        smtp_port: smtp.port,
        error: error instanceof Error ? error.message : String(error),
      });
      app.store.db.transaction(() => {
        for (const undone of request.queued.slice().reverse()) undone.undo(request);
      });
      throw new ApiError(500, "unexpected_failure", mail.failureMessage);
    }
  }
}

/** deliver() once the client has its answer: a refusal is already logged; anything else is. */
async function deliverAfterAnswer(app: App, request: RequestMails): Promise<void> {
  try {
    await deliver(app, request);
  } catch (error) {
    if (error instanceof ApiError) return;
    app.log("error", "unexpected_failure", {
      error: error instanceof Error ? error.message : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    });
  }
}

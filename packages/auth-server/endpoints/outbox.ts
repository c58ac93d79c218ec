// Outbox pages (no API key, not under /auth/v1): GET /outbox (HTML) and GET /outbox/messages (JSON);
// and POST /outbox/messages (the service role's key) for the app's own mails when no SMTP is set.
import type { App } from "../app";
import { randomUUID } from "node:crypto";
import { notFound, validationFailed } from "../http/errors";
import { html, json, seeOther, type Reply } from "../http/reply";
import type { RequestContext } from "../http/request";
import { outboxPage } from "../mailer/outbox-page";
import type { OutboxMessage } from "../store/outbox";

const filterOf = (query: URLSearchParams) => query.get("to")?.trim() || undefined;

/** GET /outbox: the inbox as HTML, newest first; ?to= filters. */
export async function outboxHtml(app: App, ctx: RequestContext): Promise<Reply> {
  const to = filterOf(ctx.query);
  const replied = ctx.query.get("replied");
  return html(
    outboxPage(app.store.outbox.list(to), to, { replies: Boolean(app.outboxReplies), replied }),
  );
}

/** GET /outbox/messages: the same mails as JSON. */
export async function outboxMessages(app: App, ctx: RequestContext): Promise<Reply> {
  return json(app.store.outbox.list(filterOf(ctx.query)));
}

const MAIL_FIELDS = ["id", "to", "subject", "text", "html"] as const;

/**
 * POST /outbox/messages: records the app's mail {id, to, subject, text, html} as if sent; the id is
 * the mail's idempotency key, so a mail posted again after a crash is kept once.
 */
export async function outboxPost(app: App, ctx: RequestContext): Promise<Reply> {
  const body = await ctx.readJson();
  const mail: Partial<Record<(typeof MAIL_FIELDS)[number], string>> = {};
  for (const field of MAIL_FIELDS) {
    const value = body[field];
    if (typeof value !== "string" || (field !== "html" && value.length === 0)) {
      throw validationFailed(`${field} must be a non-empty string`);
    }
    mail[field] = value;
  }
  const { id = "", to = "", subject = "", text = "", html: htmlPart = "" } = mail;
  const replyTo = body.reply_to;
  if (replyTo !== undefined && replyTo !== null && typeof replyTo !== "string") {
    throw validationFailed("reply_to must be a string");
  }
  app.store.outbox.insert(
    {
      id,
      to,
      subject,
      text,
      html: htmlPart,
      confirmation_url: null,
      verify_url: null,
      reply_to: replyTo || null,
    },
    app.now(),
  );
  return json({ id }, 201);
}

/** The longest reply the outbox's form sends. */
const MAX_REPLY_CHARS = 10_000;

/**
 * A reply as a mail program writes it: from the mail's recipient to its reply-to address, the
 * words above the mail quoted.
 */
export function replyMail(message: OutboxMessage, words: string, now: number): Buffer {
  const quoted = message.text
    .split(/\r?\n/)
    .map((line) => `> ${line}`.trimEnd())
    .join("\r\n");
  const header = (value: string) => value.replace(/[\r\n]+/g, " ");
  return Buffer.from(
    [
      `From: ${header(message.to)}`,
      `To: ${header(message.reply_to ?? "")}`,
      `Subject: Re: ${header(message.subject)}`,
      `Date: ${new Date(now).toUTCString()}`,
      `Message-ID: <outbox-reply.${randomUUID()}@outbox.invalid>`,
      "MIME-Version: 1.0",
      "Content-Type: text/plain; charset=utf-8",
      "Content-Transfer-Encoding: 8bit",
      "",
      words.replace(/\r?\n/g, "\r\n"),
      "",
      `On ${new Date(message.created_at).toUTCString()}, the portal wrote:`,
      quoted,
      "",
    ].join("\r\n"),
    "utf8",
  );
}

/**
 * POST /outbox/reply (a form: id, text): the reply to an outbox mail that takes replies, handed to
 * the embedding app as a mail received; then the outbox again. 404 while no app takes them.
 */
export async function outboxReply(app: App, ctx: RequestContext): Promise<Reply> {
  const form = new URLSearchParams((await ctx.readBody()).toString("utf8"));
  const message = app.store.outbox.get(form.get("id") ?? "");
  const words = (form.get("text") ?? "").trim();
  if (!app.outboxReplies || !message?.reply_to)
    throw notFound("not_found", "No such mail takes replies");
  if (words === "" || words.length > MAX_REPLY_CHARS) {
    throw validationFailed(`a reply is 1 to ${MAX_REPLY_CHARS} characters`);
  }
  await app.outboxReplies(replyMail(message, words, app.now()));
  return seeOther(`/outbox?replied=${encodeURIComponent(message.id)}`);
}

// Outbox pages (no API key, not under /auth/v1): GET /outbox (HTML) and GET /outbox/messages (JSON);
// and POST /outbox/messages (the service role's key) for the app's own mails when no SMTP is set.
import type { App } from "../app";
import { validationFailed } from "../http/errors";
import { html, json, type Reply } from "../http/reply";
import type { RequestContext } from "../http/request";
import { outboxPage } from "../mailer/outbox-page";

const filterOf = (query: URLSearchParams) => query.get("to")?.trim() || undefined;

/** GET /outbox: the inbox as HTML, newest first; ?to= filters. */
export async function outboxHtml(app: App, ctx: RequestContext): Promise<Reply> {
  const to = filterOf(ctx.query);
  return html(outboxPage(app.store.outbox.list(to), to));
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
  app.store.outbox.insert(
    { id, to, subject, text, html: htmlPart, confirmation_url: null, verify_url: null },
    app.now(),
  );
  return json({ id }, 201);
}

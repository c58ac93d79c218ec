// Outbox pages (no API key, not under /auth/v1): GET /outbox (HTML) and GET /outbox/messages (JSON).
import type { App } from "../app";
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

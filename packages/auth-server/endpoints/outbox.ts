// Outbox routes (no API key, not under /auth/v1): GET /outbox (HTML) and GET /outbox/messages (JSON).
import type { App } from "../app";
import { html, json } from "../http/reply";
import type { Route } from "../http/router";
import { outboxPage } from "../mailer/outbox-page";

export function outboxRoutes(app: App): Route[] {
  const filterOf = (query: URLSearchParams) => query.get("to")?.trim() || undefined;
  return [
    {
      method: "GET",
      path: "/outbox",
      access: "open",
      handler: async (ctx) => {
        const to = filterOf(ctx.query);
        return html(outboxPage(app.store.outbox.list(to), to));
      },
    },
    {
      method: "GET",
      path: "/outbox/messages",
      access: "open",
      handler: async (ctx) => json(app.store.outbox.list(filterOf(ctx.query))),
    },
  ];
}

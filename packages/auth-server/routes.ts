// The route table (like GoTrue's internal/api/api.go): every route's method, path, who may call it
// and its handler, and the access check the table's access column drives before a handler runs.
import type { App } from "./app";
import type { AuthConfig } from "./config/auth-config";
import {
  adminCreateUser,
  adminDeleteUser,
  adminGetUser,
  adminListUsers,
  adminUpdateUser,
} from "./endpoints/admin-users";
import { generateLink } from "./endpoints/generate-link";
import { invite } from "./endpoints/invite";
import { health, jwks, settings } from "./endpoints/meta";
import { magiclink, otp } from "./endpoints/otp";
import { outboxHtml, outboxMessages, outboxPost, outboxReply } from "./endpoints/outbox";
import { recover } from "./endpoints/recover";
import { resend } from "./endpoints/resend";
import { signup } from "./endpoints/signup";
import { token } from "./endpoints/token";
import { getUser, logout } from "./endpoints/user";
import { updateUser } from "./endpoints/user-update";
import { verifyGet, verifyPost } from "./endpoints/verify";
import type { Reply } from "./http/reply";
import type { RequestContext } from "./http/request";
import { Router, type Method } from "./http/router";
import { withMailDelivery, type MailDelivery } from "./mailer/delivery";
import { requireAdmin, requireApiKey, requireUser, type Authenticated } from "./services/guard";

/**
 * Who may call a route, as checked before its handler runs:
 * - `open`: anyone; no API key (mail links, health, the public keys, the outbox).
 * - `apikey`: the gateway's check: an `apikey` header or `?apikey=` holding a valid anon or
 *   service_role key, else 401 with Kong's bodies.
 * - `user`: the API key, then a bearer access token of a live session (GoTrue's
 *   requireAuthentication): 401 no_authorization without one, else 403 bad_jwt,
 *   session_not_found, user_banned… for one that is not.
 * - `admin`: the API key, then a bearer JWT whose role is in GOTRUE_JWT_ADMIN_ROLES (the
 *   service_role key by default; GoTrue's requireAdmin): 401 no_authorization without one, else
 *   403 bad_jwt or not_admin.
 */
export type Access = "open" | "apikey" | "user" | "admin";

type Handler = (app: App, ctx: RequestContext) => Promise<Reply>;
/** A `user` route's handler also gets the caller's user, session and claims. */
type UserHandler = (app: App, ctx: RequestContext, auth: Authenticated) => Promise<Reply>;

/**
 * `mail`: when the route's mails go to the mail server (mailer/delivery.ts). Before the answer by
 * default; `after-answer` where the answer's timing must not tell whether a mail went out (a
 * sign-up of an address that may or may not have signed up already, a resend of one).
 */
interface RouteBase {
  method: Method;
  path: string;
  mail?: MailDelivery;
}

export type Route =
  | (RouteBase & { access: Exclude<Access, "user">; handler: Handler })
  | (RouteBase & { access: "user"; handler: UserHandler });

/** The Supabase Auth API under /auth/v1. /verify is open like Supabase's gateway route for it. */
export const AUTH_ROUTES: readonly Route[] = [
  {
    method: "POST",
    path: "/auth/v1/signup",
    access: "apikey",
    handler: signup,
    mail: "after-answer",
  },
  { method: "POST", path: "/auth/v1/token", access: "apikey", handler: token },
  { method: "GET", path: "/auth/v1/user", access: "user", handler: getUser },
  { method: "POST", path: "/auth/v1/logout", access: "user", handler: logout },
  { method: "GET", path: "/auth/v1/verify", access: "open", handler: verifyGet },
  { method: "POST", path: "/auth/v1/verify", access: "open", handler: verifyPost },
  { method: "POST", path: "/auth/v1/recover", access: "apikey", handler: recover },
  {
    method: "POST",
    path: "/auth/v1/resend",
    access: "apikey",
    handler: resend,
    mail: "after-answer",
  },
  { method: "POST", path: "/auth/v1/otp", access: "apikey", handler: otp },
  { method: "POST", path: "/auth/v1/magiclink", access: "apikey", handler: magiclink },
  { method: "PUT", path: "/auth/v1/user", access: "user", handler: updateUser },
  { method: "GET", path: "/auth/v1/health", access: "open", handler: health },
  { method: "GET", path: "/auth/v1/settings", access: "apikey", handler: settings },
  { method: "GET", path: "/auth/v1/.well-known/jwks.json", access: "open", handler: jwks },
  { method: "GET", path: "/auth/v1/admin/users", access: "admin", handler: adminListUsers },
  { method: "POST", path: "/auth/v1/admin/users", access: "admin", handler: adminCreateUser },
  { method: "GET", path: "/auth/v1/admin/users/:id", access: "admin", handler: adminGetUser },
  { method: "PUT", path: "/auth/v1/admin/users/:id", access: "admin", handler: adminUpdateUser },
  { method: "DELETE", path: "/auth/v1/admin/users/:id", access: "admin", handler: adminDeleteUser },
  { method: "POST", path: "/auth/v1/admin/generate_link", access: "admin", handler: generateLink },
  { method: "POST", path: "/auth/v1/invite", access: "admin", handler: invite },
];

/** The dev outbox (live sign-in links): served only when GOTRUE_OUTBOX_ENABLED resolves to true. */
export const OUTBOX_ROUTES: readonly Route[] = [
  { method: "GET", path: "/outbox", access: "open", handler: outboxHtml },
  { method: "GET", path: "/outbox/messages", access: "open", handler: outboxMessages },
  { method: "POST", path: "/outbox/messages", access: "admin", handler: outboxPost },
  { method: "POST", path: "/outbox/reply", access: "open", handler: outboxReply },
];

/** The routes this configuration serves. */
export function routerFor(config: AuthConfig): Router<Route> {
  return new Router(
    config.exposure.outboxEnabled ? [...AUTH_ROUTES, ...OUTBOX_ROUTES] : AUTH_ROUTES,
  );
}

/**
 * Runs a matched route: the API key check (for every access but `open`), then, with the mails the
 * request queues delivered as its `mail` column says, the user or admin check and the handler.
 */
export async function runRoute(app: App, route: Route, ctx: RequestContext): Promise<Reply> {
  if (route.access !== "open") await requireApiKey(app, ctx);
  return withMailDelivery(app, route.mail ?? "before-answer", async () => {
    if (route.access === "user") return route.handler(app, ctx, await requireUser(app, ctx));
    if (route.access === "admin") await requireAdmin(app, ctx);
    return route.handler(app, ctx);
  });
}

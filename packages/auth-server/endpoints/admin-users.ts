// Service-role user admin: POST|GET /admin/users (filtered, paginated), GET|PUT|DELETE
// /admin/users/{id}.
import type { App } from "../app";
import { parseDuration } from "../config/env-parsers";
import { notFound, validationFailed } from "../http/errors";
import { booleanField, objectField, stringField } from "../http/params";
import { json, type Reply } from "../http/reply";
import type { JsonObject, RequestContext } from "../http/request";
import { assertPasswordLength, assertPasswordStrength, hashPassword } from "../passwords";
import { validateEmail } from "../services/email";
import { isUuid } from "../services/guard";
import { userJson } from "../services/user-json";
import { confirmUser, createUser, emailExists, mergeMetadata } from "../services/users";
import type { UserRecord } from "../store/users";

/** GoTrue's loadUser middleware. */
function loadUser(app: App, ctx: RequestContext): UserRecord {
  const id = ctx.params.id ?? "";
  if (!isUuid(id)) throw notFound("validation_failed", "user_id must be an UUID");
  const user = app.store.users.findById(id);
  if (!user) throw notFound("user_not_found", "User not found");
  return user;
}

/** ban_duration: "none" lifts a ban, a Go duration ("24h") bans until now + duration. */
function banUntil(app: App, body: JsonObject): number | null | undefined {
  const value = stringField(body, "ban_duration");
  if (!value) return undefined;
  if (value === "none") return null;
  const seconds = /^\d+(\.\d+)?$/.test(value) && value !== "0" ? undefined : parseDuration(value);
  if (seconds === undefined) {
    throw validationFailed(
      `invalid format for ban duration: time: invalid duration ${JSON.stringify(value)}`,
    );
  }
  return seconds === 0 ? null : app.now() + seconds * 1000;
}

function applyBan(app: App, user: UserRecord, until: number | null | undefined): UserRecord {
  if (until === undefined) return user;
  if (until !== null) app.store.sessions.deleteForUser(user.id);
  return app.store.users.update(user.id, { bannedUntil: until, updatedAt: app.now() });
}

/** POST /admin/users */
export async function adminCreateUser(app: App, ctx: RequestContext): Promise<Reply> {
  const body = await ctx.readJson();
  const rawEmail = stringField(body, "email");
  const phone = stringField(body, "phone");
  if (!rawEmail && !phone)
    throw validationFailed("Cannot create a user without either an email or phone");
  if (phone) throw validationFailed("Phone numbers are not supported by this server");
  const email = validateEmail(rawEmail);
  if (app.store.users.findByEmail(email)) throw emailExists();
  const id = stringField(body, "id");
  if (id !== undefined && !isUuid(id))
    throw validationFailed("ID must conform to the uuid v4 format");
  if (stringField(body, "password_hash")) {
    throw validationFailed("password_hash is not supported by this server; send password instead");
  }
  const password = stringField(body, "password");
  if (password) assertPasswordLength(password);
  const until = banUntil(app, body);
  const passwordHash = password ? await hashPassword(password, app.config.bcryptCost) : null;

  const user = app.store.db.transaction(() => {
    // Re-checked after the await: another request may have taken the address meanwhile.
    if (app.store.users.findByEmail(email) || (id && app.store.users.findById(id)))
      throw emailExists();
    let created = createUser(app, {
      id,
      email,
      passwordHash,
      userMetadata: objectField(body, "user_metadata") ?? {},
      role: stringField(body, "role") || undefined,
    });
    const appMetadata = objectField(body, "app_metadata");
    if (appMetadata) {
      created = app.store.users.update(created.id, {
        appMetadata: mergeMetadata(created.appMetadata, appMetadata),
      });
    }
    if (booleanField(body, "email_confirm")) created = confirmUser(app, created);
    return applyBan(app, created, until);
  });
  return json(userJson(app, user));
}

/** PUT /admin/users/{id} */
export async function adminUpdateUser(app: App, ctx: RequestContext): Promise<Reply> {
  loadUser(app, ctx);
  const body = await ctx.readJson();
  const rawEmail = stringField(body, "email");
  const email = rawEmail ? validateEmail(rawEmail) : undefined;
  const password = stringField(body, "password");
  if (password !== undefined) assertPasswordStrength(password, app.config);
  const until = banUntil(app, body);
  const passwordHash =
    password !== undefined ? await hashPassword(password, app.config.bcryptCost) : undefined;

  const user = app.store.db.transaction(() => {
    let current = loadUser(app, ctx);
    const now = app.now();
    const { users } = app.store;
    const role = stringField(body, "role");
    if (role) current = users.update(current.id, { role });
    const confirm = booleanField(body, "email_confirm");
    if (confirm) current = confirmUser(app, current);
    if (passwordHash) current = users.update(current.id, { encryptedPassword: passwordHash });
    if (email && email !== current.email) {
      const holder = users.findByEmail(email);
      if (holder && holder.id !== current.id) throw emailExists();
      users.updateIdentity(
        current.id,
        "email",
        { email, email_verified: confirm },
        { email, updatedAt: now },
      );
      current = users.update(current.id, { email });
    }
    const appMetadata = objectField(body, "app_metadata");
    if (appMetadata)
      current = users.update(current.id, {
        appMetadata: mergeMetadata(current.appMetadata, appMetadata),
      });
    const userMetadata = objectField(body, "user_metadata");
    if (userMetadata) {
      current = users.update(current.id, {
        userMetadata: mergeMetadata(current.userMetadata, userMetadata),
      });
    }
    current = applyBan(app, current, until);
    return users.update(current.id, { updatedAt: now });
  });
  return json(userJson(app, user));
}

/** DELETE /admin/users/{id} */
export async function adminDeleteUser(app: App, ctx: RequestContext): Promise<Reply> {
  const user = loadUser(app, ctx);
  const body = await ctx.readOptionalJson();
  if (booleanField(body, "should_soft_delete")) {
    const now = app.now();
    app.store.db.transaction(() => {
      app.store.sessions.deleteForUser(user.id);
      app.store.users.deleteIdentities(user.id);
      app.store.tokens.deleteOneTimeToken(user.id, "confirmation_token");
      app.store.tokens.deleteOneTimeToken(user.id, "recovery_token");
      app.store.users.update(user.id, {
        email: null,
        encryptedPassword: null,
        deletedAt: now,
        updatedAt: now,
      });
    });
  } else {
    app.store.users.delete(user.id);
  }
  return json({});
}

const DEFAULT_PER_PAGE = 50;
/** Keeps LIMIT/OFFSET exact integers (GoTrue's keyset listing caps pages at 1000 too). */
const MAX_PER_PAGE = 1000;
const MAX_PAGE = 1_000_000_000;

function pageParam(ctx: RequestContext, name: string, fallback: number): number {
  const raw = ctx.query.get(name);
  if (raw === null || raw === "") return fallback;
  if (/^\d+$/.test(raw) && Number(raw) > MAX_PAGE) {
    throw validationFailed(
      `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(raw)}: value out of range`,
    );
  }
  if (!/^\d+$/.test(raw)) {
    throw validationFailed(
      `Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(raw)}: invalid syntax`,
    );
  }
  return Number(raw);
}

/** GET /admin/users?page&per_page&filter (filter: a substring of the address or full name). */
export async function adminListUsers(app: App, ctx: RequestContext): Promise<Reply> {
  const page = Math.max(1, pageParam(ctx, "page", 1));
  const perPage = Math.min(pageParam(ctx, "per_page", DEFAULT_PER_PAGE), MAX_PER_PAGE);
  if (perPage === 0)
    throw validationFailed("Bad Pagination Parameters: per_page must be greater than 0");
  const filter = ctx.query.get("filter") ?? "";
  const { users, total } = app.store.users.list(page, perPage, filter);
  const totalPages = Math.ceil(total / perPage);
  // Go's url.Values.Encode sorts keys, so "page" comes first; supabase-js's parser relies on that.
  const pageLink = (n: number, rel: string) => {
    const query = new URLSearchParams(ctx.query);
    query.set("page", String(n));
    query.sort();
    return `<${ctx.path}?${query.toString()}>; rel="${rel}"`;
  };
  const links = [
    ...(totalPages > page ? [pageLink(page + 1, "next")] : []),
    pageLink(totalPages, "last"),
  ];
  const identities = app.store.users.identitiesOf(users.map((user) => user.id));
  const listed = users.map((user) => userJson(app, user, identities.get(user.id)));
  return json({ users: listed, aud: app.config.jwtAud }, 200, {
    "X-Total-Count": String(total),
    Link: links.join(", "),
  });
}

/** GET /admin/users/{id} */
export async function adminGetUser(app: App, ctx: RequestContext): Promise<Reply> {
  return json(userJson(app, loadUser(app, ctx)));
}

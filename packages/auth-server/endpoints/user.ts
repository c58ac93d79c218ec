// GET /user and POST /logout?scope=global|local|others, both behind GoTrue's session-checking auth.
import type { App } from "../app";
import { validationFailed } from "../http/errors";
import { json, noContent, type Reply } from "../http/reply";
import type { RequestContext } from "../http/request";
import type { Authenticated } from "../services/guard";
import { userJson } from "../services/user-json";

/** GET /user */
export async function getUser(
  app: App,
  _ctx: RequestContext,
  { user }: Authenticated,
): Promise<Reply> {
  return json(userJson(app, user));
}

/** POST /logout */
export async function logout(
  app: App,
  ctx: RequestContext,
  { user, session }: Authenticated,
): Promise<Reply> {
  const scope = ctx.query.get("scope") ?? "";
  const { sessions } = app.store;
  if (scope === "" || scope === "global") sessions.deleteForUser(user.id);
  else if (scope === "local") sessions.delete(session.id);
  else if (scope === "others") sessions.deleteForUser(user.id, session.id);
  else throw validationFailed(`Unsupported logout scope ${JSON.stringify(scope)}`);
  return noContent();
}

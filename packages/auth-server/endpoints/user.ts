// GET /user and POST /logout?scope=global|local|others, both behind GoTrue's session-checking auth.
import type { App } from "../app";
import { validationFailed } from "../http/errors";
import { json, noContent } from "../http/reply";
import type { Route } from "../http/router";
import { requireUser } from "../services/guard";
import { userJson } from "../services/user-json";

export function userRoutes(app: App): Route[] {
  return [
    {
      method: "GET",
      path: "/auth/v1/user",
      access: "apikey",
      handler: async (ctx) => {
        const { user } = await requireUser(app, ctx);
        return json(userJson(app, user));
      },
    },
    {
      method: "POST",
      path: "/auth/v1/logout",
      access: "apikey",
      handler: async (ctx) => {
        const { user, session } = await requireUser(app, ctx);
        const scope = ctx.query.get("scope") ?? "";
        const { sessions } = app.store;
        if (scope === "" || scope === "global") sessions.deleteForUser(user.id);
        else if (scope === "local") sessions.delete(session.id);
        else if (scope === "others") sessions.deleteForUser(user.id, session.id);
        else throw validationFailed(`Unsupported logout scope ${JSON.stringify(scope)}`);
        return noContent();
      },
    },
  ];
}

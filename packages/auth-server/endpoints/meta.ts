// GET /health, GET /settings and GET /.well-known/jwks.json.
import type { App } from "../app";
import { json } from "../http/reply";
import type { Route } from "../http/router";

export const SERVER_VERSION = "embedded-1.0.0";

const EXTERNAL_PROVIDERS = [
  "anonymous_users",
  "apple",
  "azure",
  "bitbucket",
  "discord",
  "facebook",
  "snapchat",
  "figma",
  "fly",
  "github",
  "gitlab",
  "google",
  "keycloak",
  "kakao",
  "linkedin",
  "linkedin_oidc",
  "notion",
  "spotify",
  "slack",
  "slack_oidc",
  "workos",
  "twitch",
  "twitter",
  "email",
  "phone",
  "zoom",
] as const;

export function metaRoutes(app: App): Route[] {
  const { config } = app;
  return [
    {
      method: "GET",
      path: "/auth/v1/health",
      access: "open",
      handler: async () =>
        json({
          version: SERVER_VERSION,
          name: "GoTrue",
          description: "Embedded GoTrue-compatible auth server (email + password)",
        }),
    },
    {
      method: "GET",
      path: "/auth/v1/settings",
      access: "apikey",
      handler: async () =>
        json({
          external: Object.fromEntries(
            EXTERNAL_PROVIDERS.map((name) => [
              name,
              name === "email" && config.externalEmailEnabled,
            ]),
          ),
          disable_signup: config.disableSignup,
          mailer_autoconfirm: config.mailerAutoconfirm,
          phone_autoconfirm: false,
          sms_provider: "",
          saml_enabled: false,
          saml_private_key_next_configured: false,
          passkeys_enabled: false,
        }),
    },
    {
      method: "GET",
      path: "/auth/v1/.well-known/jwks.json",
      access: "open",
      handler: async () => json(app.keyring.jwks, 200, { "Cache-Control": "public, max-age=600" }),
    },
  ];
}

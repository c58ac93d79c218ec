// GET /health, GET /settings and GET /.well-known/jwks.json.
import type { App } from "../app";
import { json, type Reply } from "../http/reply";

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

/** GET /health */
export async function health(): Promise<Reply> {
  return json({
    version: SERVER_VERSION,
    name: "GoTrue",
    description: "Embedded GoTrue-compatible auth server (email + password)",
  });
}

/** GET /settings: GoTrue's shape; only e-mail sign-in can be on. */
export async function settings(app: App): Promise<Reply> {
  const { config } = app;
  return json({
    external: Object.fromEntries(
      EXTERNAL_PROVIDERS.map((name) => [name, name === "email" && config.externalEmailEnabled]),
    ),
    disable_signup: config.disableSignup,
    mailer_autoconfirm: config.mailerAutoconfirm,
    phone_autoconfirm: false,
    sms_provider: "",
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  });
}

/** GET /.well-known/jwks.json: the public keys, cacheable for 10 minutes. */
export async function jwks(app: App): Promise<Reply> {
  return json(app.keyring.jwks, 200, { "Cache-Control": "public, max-age=600" });
}

// Public entry of the embedded auth server: configuration loading and start/stop.
export {
  DEMO_ANON_KEY,
  DEMO_JWT_SECRET,
  DEMO_SERVICE_ROLE_KEY,
  mintApiKey,
} from "./config/api-secrets";
export { IN_MEMORY, type AuthConfig, type RateLimits } from "./config/auth-config";
export type { Rate } from "./config/env-parsers";
export { DEFAULT_RATE_LIMITS, loadAuthConfig, serviceRoleKeyFor } from "./config/load";
export type { AuthLogger, LogRecord } from "./log";
export { startAuthServer, type AuthServer } from "./server";
export type { MailFrame, PlainMail } from "./app";

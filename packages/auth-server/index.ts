// Public entry of the embedded auth server: configuration loading and start/stop.
export {
  DEFAULT_RATE_LIMITS,
  DEMO_ANON_KEY,
  DEMO_JWT_SECRET,
  DEMO_SERVICE_ROLE_KEY,
  IN_MEMORY,
  loadAuthConfig,
  mintApiKey,
  type AuthConfig,
  type AuthLogger,
  type LogRecord,
  type Rate,
  type RateLimits,
} from "./config";
export { startAuthServer, type AuthServer } from "./server";

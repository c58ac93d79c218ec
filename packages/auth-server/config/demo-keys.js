// `supabase start`'s public demo JWT secret and the anon / service_role API keys signed with it.
// Plain ESM JavaScript (typed by demo-keys.d.ts) so Node scripts can import it as well as the sources.

/** The well-known demo secret: anyone can sign keys with it, so it only serves loopback sites. */
export const DEMO_JWT_SECRET = "super-secret-jwt-token-with-at-least-32-characters-long";

/** The demo anon key: HS256 over {iss: "supabase-demo", role: "anon"} with the demo secret. */
export const DEMO_ANON_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0";

/** The demo service_role key: the same, with role "service_role" (admin API access). */
export const DEMO_SERVICE_ROLE_KEY =
  "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU";

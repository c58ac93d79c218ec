// Whether the auth service takes new sign-ups (GoTrue's GOTRUE_DISABLE_SIGNUP; on hosted Supabase,
// "Allow new users to sign up"), from its public settings, asked at most once a minute. While the
// service cannot be asked, the last answer (else "open", GoTrue's default) stands.
import { getEnv } from "~/lib/env.server";
import { authServiceUrl } from "./auth-service.server";

const FRESH_FOR_MS = 60_000;
const TIMEOUT_MS = 2_000;

let known: { open: boolean; at: number } | undefined;
let asking: Promise<boolean> | undefined;

async function askService(): Promise<boolean> {
  try {
    const response = await fetch(`${authServiceUrl()}/auth/v1/settings`, {
      headers: { apikey: getEnv().SUPABASE_ANON_KEY ?? "" },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return known?.open ?? true;
    const settings = (await response.json()) as { disable_signup?: unknown };
    known = { open: settings.disable_signup !== true, at: Date.now() };
    return known.open;
  } catch {
    return known?.open ?? true;
  } finally {
    asking = undefined;
  }
}

export function signUpsOpen(): Promise<boolean> {
  if (known && Date.now() - known.at < FRESH_FOR_MS) return Promise.resolve(known.open);
  asking ??= askService();
  return asking;
}

// Reads the app's own plain cookies (the sidebar's state, whether a flash toast is waiting) from a
// Cookie header; signed and session cookies go through their libraries.
import { parseCookieHeader } from "@supabase/ssr";

export function cookieValue(header: string | null, name: string): string | undefined {
  return parseCookieHeader(header ?? "").find((cookie) => cookie.name === name)?.value;
}

export function hasCookie(header: string | null, name: string): boolean {
  return cookieValue(header, name) !== undefined;
}

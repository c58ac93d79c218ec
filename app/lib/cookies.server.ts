// Reads the app's own plain cookies (the sidebar's state, whether a flash toast is waiting) from a
// Cookie header; signed and session cookies go through their libraries.
import { parseCookieHeader } from "@supabase/ssr";
import { SIDEBAR_COOKIE_NAME } from "./sidebar";

export function cookieValue(header: string | null, name: string): string | undefined {
  return parseCookieHeader(header ?? "").find((cookie) => cookie.name === name)?.value;
}

export function hasCookie(header: string | null, name: string): boolean {
  return cookieValue(header, name) !== undefined;
}

/** The sidebar is open unless its cookie says exactly "false": a first visit starts expanded. */
export function readSidebarOpen(header: string | null): boolean {
  return cookieValue(header, SIDEBAR_COOKIE_NAME) !== "false";
}

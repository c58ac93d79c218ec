// Reads one cookie's raw value from a Cookie header, for the app's own plain cookies (the sidebar's
// state, whether a flash toast is waiting); signed and encoded cookies go through their libraries.

export function cookieValue(header: string | null, name: string): string | undefined {
  for (const pair of (header ?? "").split(";")) {
    const separator = pair.indexOf("=");
    if (separator !== -1 && pair.slice(0, separator).trim() === name) {
      return pair.slice(separator + 1).trim();
    }
  }
  return undefined;
}

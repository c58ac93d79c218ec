// Loopback detection: whether a host name or URL never leaves this machine (the `supabase start`
// situation that allows the demo secret, the outbox and detailed mail logs).

const LOOPBACK_HOSTS = new Set(["localhost", "[::1]", "::1"]);

/** localhost, 127.0.0.0/8 or ::1: a name that never leaves the machine. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  return (
    LOOPBACK_HOSTS.has(host) || /^127(\.\d{1,3}){3}$/.test(host) || host.endsWith(".localhost")
  );
}

/** Whether a URL points at this machine (the `supabase start` situation). */
export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}

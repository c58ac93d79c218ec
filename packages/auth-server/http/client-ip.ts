// Who is calling: loopback peers, and the rate-limit key of a client address (IPv6 keyed by /64).
import { isIP, isIPv6 } from "node:net";

/** Longest rate-limit key kept from a header value that is not an IP address. */
const MAX_KEY_LENGTH = 64;

/** Strips the IPv4-mapped IPv6 prefix Node reports for IPv4 peers on a dual-stack socket. */
function unmapped(address: string): string {
  return address.toLowerCase().startsWith("::ffff:") && isIP(address.slice(7)) === 4
    ? address.slice(7)
    : address;
}

/** Whether a socket address is this machine: 127.0.0.0/8 or ::1 (also IPv4-mapped). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = unmapped(address);
  return plain === "::1" || (isIP(plain) === 4 && plain.startsWith("127."));
}

/** The first four groups of an IPv6 address, fully expanded: its /64 network. */
function ipv6Network(address: string): string {
  const [head = "", tail = ""] = address.split("::");
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = address.includes("::") ? 8 - headGroups.length - tailGroups.length : 0;
  const groups = [...headGroups, ...Array<string>(missing).fill("0"), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => group.padStart(4, "0"))
    .join(":")}::/64`;
}

/**
 * The key per-client limits count under: an IPv4 address as is, an IPv6 address by its /64 (one
 * home or server gets a whole /64, so single addresses are free to rotate), anything else cut short.
 */
export function rateLimitKey(address: string): string {
  const plain = unmapped(address.trim());
  if (isIPv6(plain) && !plain.includes(".")) return ipv6Network(plain.toLowerCase());
  return isIP(plain) ? plain : plain.slice(0, MAX_KEY_LENGTH);
}

// Who is calling: loopback peers, and the rate-limit key of a client address (IPv6 keyed by /64).
// Node's isIP decides what is an address; ipaddr.js reads it (IPv4-mapped IPv6, groups, ranges).
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/** Longest rate-limit key kept from a header value that is not an IP address. */
const MAX_KEY_LENGTH = 64;

/**
 * The address, an IPv4-mapped IPv6 one as its IPv4; undefined for anything else. Node's check is
 * the strict one (ipaddr.js alone also reads "127.1" or "0x7f.0.0.1" as IPv4). A zone id ("%eth0")
 * names an interface, not part of the address, so it is dropped.
 */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (!isIP(address)) return undefined;
  try {
    return ipaddr.process(address.replace(/%.*$/, ""));
  } catch {
    return undefined;
  }
}

/** Whether a socket address is this machine: 127.0.0.0/8 or ::1 (also IPv4-mapped). */
export function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && parseAddress(address)?.range() === "loopback";
}

/**
 * The key per-client limits count an address under: an IPv4 address as is (also when IPv4-mapped),
 * an IPv6 address by its /64 (one home or server gets a whole /64, so single addresses are free to
 * rotate), e.g. "2001:0db8:0001:0002::/64"; anything else cut short.
 */
export function clientKeyFor(address: string): string {
  const trimmed = address.trim();
  const ip = parseAddress(trimmed);
  if (!ip) return trimmed.slice(0, MAX_KEY_LENGTH);
  if (!(ip instanceof ipaddr.IPv6)) return ip.toString();
  const network = ip.parts.slice(0, 4).map((part) => part.toString(16).padStart(4, "0"));
  return `${network.join(":")}::/64`;
}

// Rate-limit keys: IPv4 as is (IPv4-mapped IPv6 too), IPv6 by /64, so one subscriber's many
// addresses count as one client.
import { describe, expect, it } from "vitest";
import { clientKey } from "~/lib/rate-limit.server";

describe("clientKey", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::7", "2001:db8:1:2::/64"],
    ["2001:DB8:0001:0002:ffff::1", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
    ["unknown", "unknown"],
  ])("%s counts as %s", (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });

  it("gives every address of one /64 the same key, and neighbouring /64s different ones", () => {
    const keys = new Set(
      Array.from({ length: 50 }, (_, i) => clientKey(`2001:db8:aa:bb:${i.toString(16)}::${i}`)),
    );
    expect(keys.size).toBe(1);
    expect(clientKey("2001:db8:aa:bc::1")).not.toBe(clientKey("2001:db8:aa:bb::1"));
  });
});

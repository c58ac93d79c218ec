// Per-client limits that cannot become global: who may name the client (loopback or the shared
// secret), the client key (IPv6 by /64), and the mail budgets.
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { clientKeyFor, isLoopbackAddress } from "../http/client-ip";
import { RequestContext } from "../http/request";
import { mailsTo, PASSWORD, startTestServer, uniqueEmail } from "./helpers";

const SECRET = "rate-limit-header-secret-0123456789";

function clientKeyOf(peer: string, headers: Record<string, string>): string {
  const req = { method: "GET", url: "/", headers, socket: { remoteAddress: peer } };
  return new RequestContext(req as unknown as IncomingMessage, {
    header: "X-Client-IP",
    secret: SECRET,
    secretHeader: "X-Rate-Limit-Secret",
  }).clientKey();
}

describe("the client key", () => {
  it("takes GOTRUE_RATE_LIMIT_HEADER only from a loopback peer or with X-Rate-Limit-Secret", () => {
    const claimed = { "x-client-ip": "198.51.100.7" };
    expect(clientKeyOf("203.0.113.9", claimed)).toBe("203.0.113.9");
    expect(clientKeyOf("203.0.113.9", { ...claimed, "x-rate-limit-secret": "guess" })).toBe(
      "203.0.113.9",
    );
    expect(clientKeyOf("203.0.113.9", { ...claimed, "x-rate-limit-secret": SECRET })).toBe(
      "198.51.100.7",
    );
    expect(clientKeyOf("127.0.0.1", claimed)).toBe("198.51.100.7");
    expect(clientKeyOf("::ffff:127.0.0.1", claimed)).toBe("198.51.100.7");
    expect(clientKeyOf("::1", claimed)).toBe("198.51.100.7");
  });

  it("keys IPv6 addresses by their /64", () => {
    const key = (ip: string) => clientKeyOf("127.0.0.1", { "x-client-ip": ip });
    expect(key("2001:db8:1:2:3:4:5:6")).toBe("2001:0db8:0001:0002::/64");
    expect(key("2001:db8:1:2::9")).toBe(key("2001:db8:1:2:ffff:ffff:ffff:ffff"));
    expect(key("2001:db8:1:3::1")).not.toBe(key("2001:db8:1:2::1"));
    expect(key("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(clientKeyOf("2001:db8:9:9::1", {})).toBe("2001:0db8:0009:0009::/64");
  });

  it("keys any spelling of an address the same way, and cuts anything else short", () => {
    expect(clientKeyFor("192.0.2.1")).toBe("192.0.2.1");
    expect(clientKeyFor(" 192.0.2.1 ")).toBe("192.0.2.1");
    expect(clientKeyFor("::FFFF:192.0.2.1")).toBe("192.0.2.1");
    expect(clientKeyFor("::ffff:c000:201")).toBe("192.0.2.1");
    expect(clientKeyFor("2001:DB8:1:2::1")).toBe("2001:0db8:0001:0002::/64");
    expect(clientKeyFor("2001:db8:1:2::192.0.2.1")).toBe("2001:0db8:0001:0002::/64");
    expect(clientKeyFor("fe80::1%eth0")).toBe("fe80:0000:0000:0000::/64");
    expect(clientKeyFor("fe80::1%eth-0.1")).toBe("fe80:0000:0000:0000::/64");
    expect(clientKeyFor("::")).toBe("0000:0000:0000:0000::/64");
    // Not addresses (ipaddr.js alone would read the first two as IPv4): kept, at most 64 characters.
    expect(clientKeyFor("127.1")).toBe("127.1");
    expect(clientKeyFor("01.2.3.4")).toBe("01.2.3.4");
    expect(clientKeyFor("unknown")).toBe("unknown");
    expect(clientKeyFor("x".repeat(100))).toBe("x".repeat(64));
  });

  it("gives every address of one /64 the same key, and neighbouring /64s different ones", () => {
    const keys = new Set(
      Array.from({ length: 50 }, (_, i) => clientKeyFor(`2001:db8:aa:bb:${i.toString(16)}::${i}`)),
    );
    expect(keys.size).toBe(1);
    expect(clientKeyFor("2001:db8:aa:bc::1")).not.toBe(clientKeyFor("2001:db8:aa:bb::1"));
  });

  it("counts only 127.0.0.0/8 and ::1 (also IPv4-mapped) as loopback peers", () => {
    for (const peer of ["127.0.0.1", "127.9.9.9", "::1", "::ffff:127.0.0.1"]) {
      expect(isLoopbackAddress(peer)).toBe(true);
    }
    for (const peer of [
      "128.0.0.1",
      "::2",
      "::ffff:10.0.0.1",
      "fe80::1%lo",
      "localhost",
      "",
      undefined,
    ]) {
      expect(isLoopbackAddress(peer)).toBe(false);
    }
  });
});

describe("mail budgets", () => {
  it("one client key cannot spend the whole server's budget: 15 mails per hour each", async () => {
    const ts = await startTestServer({
      GOTRUE_RATE_LIMIT_HEADER: "X-Client-IP",
      GOTRUE_SMTP_MAX_FREQUENCY: "0",
    });
    try {
      // Each sign-up answers 200 (a held-back mail does not show); what counts is what was mailed.
      const mailedSignUp = async (visitor: string) => {
        const email = uniqueEmail();
        const res = await ts.raw("/signup", {
          body: { email, password: PASSWORD },
          headers: { "X-Client-IP": visitor },
        });
        expect(res.status).toBe(200);
        return (await mailsTo(ts, email)).length === 1;
      };
      for (let i = 0; i < 15; i++) expect(await mailedSignUp("203.0.113.1")).toBe(true);
      expect(await mailedSignUp("203.0.113.1")).toBe(false);
      expect(ts.logs.filter((record) => record.event === "mail_held_back").pop()).toMatchObject({
        event: "mail_held_back",
        reason: "email rate limit exceeded",
      });
      expect(await mailedSignUp("203.0.113.2")).toBe(true);
      ts.clock.advance(3600);
      expect(await mailedSignUp("203.0.113.1")).toBe(true);
    } finally {
      await ts.close();
    }
  });

  it("one address gets at most 5 mails an hour, whoever asks", async () => {
    const ts = await startTestServer({
      GOTRUE_RATE_LIMIT_HEADER: "X-Client-IP",
      GOTRUE_SMTP_MAX_FREQUENCY: "0",
    });
    try {
      const email = uniqueEmail();
      const signUp = (visitor: string) =>
        ts.raw("/signup", {
          body: { email, password: PASSWORD },
          headers: { "X-Client-IP": visitor },
        });
      for (let i = 0; i < 5; i++) expect((await signUp(`203.0.113.${10 + i}`)).status).toBe(200);
      expect(await mailsTo(ts, email)).toHaveLength(5);
      // The sixth answers like the others (200) but mails nothing.
      expect((await signUp("203.0.113.99")).status).toBe(200);
      expect(await mailsTo(ts, email)).toHaveLength(5);
    } finally {
      await ts.close();
    }
  });
});

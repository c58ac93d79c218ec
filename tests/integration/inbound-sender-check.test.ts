// The built-in SMTP listener's own check of a sender, on both engines, over real SMTP: a reply
// whose domain fails DMARC is held (a forged verdict below the listener's changes nothing), one
// that passes is posted, and a DNS lookup that times out never holds a reply.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthServer } from "@portal/auth-server";
import type { DnsResolver } from "~/inbound/sender-check.server";
import { ENGINES, freshDatabase, stopEngines } from "../support/engines";
import { appEnv, startAdminAuthServer } from "../support/harness";
import { clientWithKey, fixture, inboundLog, readMail, thread } from "../support/inbound-mail";

afterAll(stopEngines);

/** A DNS error as node:dns gives it. */
const dnsError = (code: "ENOTFOUND" | "ETIMEOUT", name: string) =>
  Object.assign(new Error(`queryTxt ${code} ${name}`), { code });

/** Answers TXT questions from `records` (by name), and nothing else. */
const resolverOf =
  (records: Record<string, string>): DnsResolver =>
  async (name, rrtype) => {
    const record = rrtype === "TXT" ? records[name.toLowerCase()] : undefined;
    if (record === undefined) throw dnsError("ENOTFOUND", name);
    return [[record]];
  };

/** SPF that lets only another machine send for `domain`, and DMARC asking to reject the rest. */
const failingRecords = (domain: string) => ({
  [domain]: "v=spf1 ip4:192.0.2.1 -all",
  [`_dmarc.${domain}`]: "v=DMARC1; p=reject",
});

/** SPF that lets this machine (the test's connections come from 127.0.0.1) send for `domain`. */
const passingRecords = (domain: string) => ({
  [domain]: "v=spf1 ip4:127.0.0.1 -all",
  [`_dmarc.${domain}`]: "v=DMARC1; p=reject",
});

describe.each(ENGINES)("the SMTP listener's sender check on %s", (engine) => {
  let auth: AuthServer;

  beforeAll(async () => {
    appEnv();
    const { closeProductDatabase } = await import("~/data/connection.server");
    await closeProductDatabase();
    auth = await startAdminAuthServer({}, freshDatabase(engine) as Record<string, string>);
  });

  afterAll(async () => {
    await auth.close();
  });

  /** Sends `raw` from `from` to `to` through a listener asking `resolver`; the server's answer. */
  async function deliver(resolver: DnsResolver, mail: { from: string; to: string; raw: string }) {
    const { startSmtpListener } = await import("~/inbound/smtp-listener.server");
    const listener = await startSmtpListener(0, "127.0.0.1", { resolver });
    const { createTransport } = await import("nodemailer");
    const transport = createTransport({
      host: "127.0.0.1",
      port: listener.port,
      secure: false,
      ignoreTLS: true,
    });
    try {
      const sent = await transport.sendMail({
        envelope: { from: mail.from, to: [mail.to] },
        raw: mail.raw,
      });
      return sent.response;
    } finally {
      transport.close();
      await listener.close();
    }
  }

  /** The Authentication-Results headers of a stored mail, topmost first, unfolded. */
  async function storedVerdicts(rawKey: string | null) {
    const { fileStore } = await import("~/files/store.server");
    const stored = await fileStore().read(rawKey ?? "");
    const raw = Buffer.concat(await stored!.stream.toArray()).toString("utf8");
    const head = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
    return head
      .split("\r\n")
      .filter((line) => /^authentication-results:/i.test(line))
      .map((line) => line.slice(line.indexOf(":") + 1).trim());
  }

  /** A new client with a reply key, their domain, and the log's length before they write. */
  async function replier(label: string) {
    const replying = await clientWithKey(auth, `${label}-${engine}`);
    const domain = replying.client.email.split("@")[1]!;
    return { ...replying, domain, before: (await inboundLog()).length };
  }

  it("holds a reply whose domain fails DMARC: SPF does not allow the sender's address, no DKIM", async () => {
    const { client, to, domain, before } = await replier("dmarc-fail");
    const raw = fixture("outlook", { to, from: client.email });
    const response = await deliver(resolverOf(failingRecords(domain)), {
      from: client.email,
      to,
      raw,
    });
    expect(response).toMatch(/^250 /);
    await readMail();
    const rows = (await inboundLog()).slice(before);
    expect(rows.map((row) => [row.outcome, row.reason])).toEqual([
      ["held", "Its sender's domain failed DMARC"],
    ]);
    expect(await thread(client.accountId)).toEqual([]);
    const { listenerName } = await import("~/inbound/sender-check.server");
    const [verdict] = await storedVerdicts(rows[0]!.raw_key);
    expect(verdict?.split(";")[0]).toBe(listenerName());
    expect(verdict).toMatch(/\bspf=fail\b.*\bdmarc=fail\b/);
  });

  it("posts a reply whose domain's SPF allows the address it came from", async () => {
    const { client, to, domain, before } = await replier("dmarc-pass");
    const raw = fixture("gmail", { to, from: client.email });
    const response = await deliver(resolverOf(passingRecords(domain)), {
      from: client.email,
      to,
      raw,
    });
    expect(response).toMatch(/^250 /);
    await readMail();
    const rows = (await inboundLog()).slice(before);
    expect(rows.map((row) => row.outcome)).toEqual(["posted"]);
    expect((await thread(client.accountId)).map((message) => message.body)).toEqual([
      "Thanks, Friday works",
    ]);
    const [verdict] = await storedVerdicts(rows[0]!.raw_key);
    expect(verdict).toMatch(/\bspf=pass\b.*\bdmarc=pass\b/);
  });

  it("holds a failing reply that arrives with a forged dmarc=pass under the listener's name", async () => {
    const { client, to, domain, before } = await replier("forged-pass");
    const { listenerName } = await import("~/inbound/sender-check.server");
    const forged = `Authentication-Results: ${listenerName()}; dmarc=pass header.from=${domain}`;
    const raw = `${forged}\r\n${fixture("thunderbird", { to, from: client.email })}`;
    const response = await deliver(resolverOf(failingRecords(domain)), {
      from: client.email,
      to,
      raw,
    });
    expect(response).toMatch(/^250 /);
    await readMail();
    const rows = (await inboundLog()).slice(before);
    expect(rows.map((row) => [row.outcome, row.reason])).toEqual([
      ["held", "Its sender's domain failed DMARC"],
    ]);
    expect(await thread(client.accountId)).toEqual([]);
    // The listener's verdict on top, the sender's below it.
    const verdicts = await storedVerdicts(rows[0]!.raw_key);
    expect(verdicts).toHaveLength(2);
    expect(verdicts[0]).toMatch(/\bdmarc=fail\b/);
    expect(verdicts[1]).toBe(`${listenerName()}; dmarc=pass header.from=${domain}`);
  });

  it("posts a passing reply that arrives with a forged dmarc=fail under the listener's name", async () => {
    const { client, to, domain, before } = await replier("forged-fail");
    const { listenerName } = await import("~/inbound/sender-check.server");
    const forged = `Authentication-Results: ${listenerName()}; dmarc=fail header.from=${domain}`;
    const raw = `${forged}\r\n${fixture("apple-mail", { to, from: client.email })}`;
    await deliver(resolverOf(passingRecords(domain)), { from: client.email, to, raw });
    await readMail();
    expect((await inboundLog()).slice(before).map((row) => row.outcome)).toEqual(["posted"]);
    expect((await thread(client.accountId)).map((message) => message.body)).toEqual([
      "Thanks, Friday works",
    ]);
  });

  it("takes and posts a reply when DNS times out, whether on every question or on SPF's alone", async () => {
    const { client, to, domain, before } = await replier("dns-timeout");
    const timesOut: DnsResolver = async (name) => {
      throw dnsError("ETIMEOUT", name);
    };
    // DMARC asks to reject, but SPF, the check that could have passed, got no answer.
    const rejectWithoutSpf = resolverOf({ [`_dmarc.${domain}`]: "v=DMARC1; p=reject" });
    const spfTimesOut: DnsResolver = async (name, rrtype) => {
      if (name.toLowerCase() === domain) throw dnsError("ETIMEOUT", name);
      return rejectWithoutSpf(name, rrtype);
    };
    for (const resolver of [timesOut, spfTimesOut]) {
      const raw = fixture("gmail", { to, from: client.email });
      expect(await deliver(resolver, { from: client.email, to, raw })).toMatch(/^250 /);
    }
    await readMail();
    const rows = (await inboundLog()).slice(before);
    expect(rows.map((row) => row.outcome)).toEqual(["posted", "posted"]);
    expect((await thread(client.accountId)).map((message) => message.body)).toEqual([
      "Thanks, Friday works",
      "Thanks, Friday works",
    ]);
    for (const row of rows) {
      const [verdict] = await storedVerdicts(row.raw_key);
      expect(verdict).toMatch(/\bdmarc=temperror\b/);
    }
  });
});

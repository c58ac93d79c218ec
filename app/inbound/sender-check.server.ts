// The built-in SMTP listener's check of a sender (SPF, DKIM, DMARC with mailauth), written on top of
// the mail under the listener's own name. A lookup that fails, or a check that breaks, never makes
// a fail: the mail is kept all the same, its verdict temperror.
import { promises as dns } from "node:dns";
import { hostname } from "node:os";
import { authenticate, type AuthenticateResult, type DnsResolver } from "mailauth";
import { log } from "~/lib/log.server";
import { getEnv } from "~/lib/env.server";

export type { DnsResolver };

/** The listener's name: its greeting, and the authserv-id of the verdict it writes on each mail. */
export function listenerName(): string {
  return (getEnv().inbound?.domain ?? hostname()).toLowerCase();
}

/** How long one DNS question may take (asked once), and the whole check. */
const DNS_TIMEOUT_MS = 2_000;
const CHECK_TIMEOUT_MS = 20_000;

/** The system's DNS, each question given up after DNS_TIMEOUT_MS. */
export function systemResolver(): DnsResolver {
  const resolver = new dns.Resolver({ timeout: DNS_TIMEOUT_MS, tries: 1 });
  return (name, rrtype) => resolver.resolve(name, rrtype);
}

/** The mail as received and who sent it by the envelope: address, EHLO name, MAIL FROM. */
export interface Sender {
  ip: string;
  helo?: string;
  mailFrom?: string;
}

export interface SenderCheck {
  /** The mail with the verdict (Received-SPF, Authentication-Results) on top. */
  raw: Buffer;
  /** DMARC's verdict on the From domain: pass, fail, none, temperror, ... */
  dmarc: string;
}

/** The start of the listener's Authentication-Results. */
const authResultsStart = (mta: string) => `Authentication-Results: ${mta}`;

/**
 * The headers to put on top, and DMARC's verdict; a DMARC fail resting on an SPF or DKIM lookup
 * that did not finish is temperror, since the check that failed could have passed.
 */
function verdictOf(result: AuthenticateResult, mta: string) {
  const dmarc = result.dmarc ? result.dmarc.status.result : "none";
  const checks = [result.spf || null, ...(result.dkim.results ?? [])];
  const unfinished = checks.some((check) => check?.status.result === "temperror");
  if (dmarc !== "fail" || !unfinished) return { headers: result.headers, dmarc };
  // mailauth writes the DMARC row last in its Authentication-Results; it is replaced.
  const row = result.headers.lastIndexOf(";\r\n dmarc=fail");
  const head = row < 0 ? authResultsStart(mta) : result.headers.slice(0, row);
  return {
    headers: `${head};\r\n dmarc=temperror (a lookup did not finish)\r\n`,
    dmarc: "temperror",
  };
}

/** Checks `raw`'s sender with mailauth, asking `resolver` its DNS questions. */
export async function checkSender(
  raw: Buffer,
  sender: Sender,
  resolver: DnsResolver = systemResolver(),
): Promise<SenderCheck> {
  const mta = listenerName();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error("The check took too long")), CHECK_TIMEOUT_MS);
  });
  try {
    const result = await Promise.race([
      authenticate(raw, {
        ip: sender.ip,
        helo: sender.helo || undefined,
        sender: sender.mailFrom || undefined,
        mta,
        resolver,
        disableArc: true,
        disableBimi: true,
      }),
      deadline,
    ]);
    const { headers, dmarc } = verdictOf(result, mta);
    return { raw: Buffer.concat([Buffer.from(headers), raw]), dmarc };
  } catch (error) {
    log("warn", "inbound_sender_check_failed", { detail: (error as Error).message });
    const headers = `${authResultsStart(mta)}; dmarc=temperror (the sender could not be checked)\r\n`;
    return { raw: Buffer.concat([Buffer.from(headers), raw]), dmarc: "temperror" };
  } finally {
    clearTimeout(timer);
  }
}

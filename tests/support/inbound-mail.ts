// What the replies-by-mail tests share: the fixture mails (Gmail, Outlook, Apple Mail, Thunderbird,
// an out-of-office) with their blanks filled, a client with a reply key, the jobs run as a worker
// would, and the thread and inbound log as stored.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { AuthServer } from "@portal/auth-server";
import { signedInUser, uniqueEmail } from "./harness";

const FIXTURES = join(import.meta.dirname, "../fixtures/inbound");

/** A fixture mail with its blanks filled. */
export function fixture(name: string, fill: { to: string; from: string; inReplyTo?: string }) {
  return readFileSync(join(FIXTURES, `${name}.eml`), "utf8")
    .replaceAll("{{TO}}", fill.to)
    .replaceAll("{{FROM}}", fill.from)
    .replaceAll("{{IN_REPLY_TO}}", fill.inReplyTo ?? "<unrelated@mail.test>")
    .replaceAll("{{ID}}", `${Date.now()}-${Math.random().toString(36).slice(2)}`);
}

/** Runs the jobs of `kind` due by `now`, as a worker would. */
export async function runJobs(kind: string, now = Date.now()) {
  const { inTransaction } = await import("~/data/connection.server");
  const { claimDueJobs } = await import("~/data/jobs.server");
  const { JOB_HANDLERS } = await import("~/jobs/handlers.server");
  const claim = { limit: 50, now, leaseMs: 60_000 };
  const jobs = await inTransaction((trx) => claimDueJobs(trx, "inbound-test", claim));
  for (const job of jobs.filter((claimed) => claimed.kind === kind)) {
    await JOB_HANDLERS[kind]!(job);
  }
}

/** Reads the mail received so far, as the worker would. */
export const readMail = () => runJobs("inbound-mail");

let clients = 0;

/** A new client (signed in from an address of their own) and the address of a reply key of theirs. */
export async function clientWithKey(auth: AuthServer, label: string) {
  clients += 1;
  const clientIp = `198.51.100.${clients % 250}`;
  const client = await signedInUser(auth, uniqueEmail(label), { clientIp });
  const { getEnv } = await import("~/lib/env.server");
  const { inTransaction } = await import("~/data/connection.server");
  const { keepReplyKey, replyKeyOf } = await import("~/data/reply-keys.server");
  const key = replyKeyOf(`messages.${client.accountId}.${client.id}.${label}`, "test-secret");
  const holder = { readerId: client.id, clientId: client.accountId };
  await inTransaction((trx) => keepReplyKey(trx, key, holder, Date.now()));
  const inbound = getEnv().inbound!;
  return { client, key, to: `${inbound.local}+${key}@${inbound.domain}` };
}

/** A client account's thread, internal notes included, oldest first. */
export async function thread(clientId: string) {
  const { database } = await import("~/data/connection.server");
  const { threadMessages } = await import("~/data/messages.server");
  return threadMessages(await database(), clientId, { withInternal: true });
}

/** The inbound log, oldest first. */
export async function inboundLog() {
  const { database } = await import("~/data/connection.server");
  return (await database())
    .selectFrom("inbound_mails")
    .select(["outcome", "reason", "sender", "message_id", "raw_key"])
    .orderBy("id")
    .execute();
}

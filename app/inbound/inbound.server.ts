// Every mail received comes through here. First kept (its bytes in the file store, its row in the
// inbound log and a job, in one transaction: nothing answered is lost), then read by the job:
// dropped when automated, posted to its key's thread as the person who sent it, or held for staff.
import { createHash, randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { simpleParser, type AddressObject, type ParsedMail } from "mailparser";
import { accessOf, peopleOf } from "~/data/client-accounts.server";
import { database, inTransaction } from "~/data/connection.server";
import { enqueueJob, type ClaimedJob } from "~/data/jobs.server";
import {
  inboundMail,
  logReceived,
  recordOutcome,
  type InboundRow,
} from "~/data/inbound-mails.server";
import { REPLY_KEY, replyKeyHolder } from "~/data/reply-keys.server";
import type { InboundSource } from "~/data/schema";
import { fileStore } from "~/files/store.server";
import { getEnv } from "~/lib/env.server";
import { staffReaderNow } from "~/mail/staff-readers.server";
import { messageSchema } from "~/forms/schemas";
import { writeMessage } from "~/messages/posting.server";
import { automatedReason } from "./automated";
import { INBOUND_MAX_BYTES } from "./limits";
import { replyText } from "./reply-text.server";

export const INBOUND_MAIL_JOB = "inbound-mail";

/** The Message-ID in a mail's header block, read before anything else is. */
function messageIdOf(raw: Buffer): string | null {
  const end = raw.indexOf("\r\n\r\n");
  const head = raw.subarray(0, end < 0 ? Math.min(raw.length, 64 * 1024) : end).toString("latin1");
  return /^message-id:[ \t]*(<[^>\r\n]{1,500}>)/im.exec(head)?.[1] ?? null;
}

/**
 * Keeps a mail received by `source` and leaves its reading to a job: "kept", or "copy" for a mail
 * received before (by its Message-ID), "too-large" past the limit. `recipients`: the envelope's.
 */
export async function receiveMail(
  raw: Buffer,
  source: InboundSource,
  recipients: string[] = [],
): Promise<"kept" | "copy" | "too-large"> {
  if (raw.length > INBOUND_MAX_BYTES) return "too-large";
  const sha256 = createHash("sha256").update(raw).digest("hex");
  const rawKey = randomUUID();
  const store = fileStore();
  await store.put(rawKey, Readable.from([raw]));
  const at = Date.now();
  const id = await inTransaction(async (trx) => {
    const mail = { source, sha256, bytes: raw.length, rawKey, at };
    const logged = await logReceived(trx, { ...mail, messageKey: messageIdOf(raw) ?? sha256 });
    if (logged !== null) {
      const payload = { id: logged, recipients };
      await enqueueJob(trx, { kind: INBOUND_MAIL_JOB, payload, key: `inbound.${logged}` }, at);
    }
    return logged;
  });
  if (id === null) await store.remove(rawKey);
  return id === null ? "copy" : "kept";
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : [])
    .flatMap((group) => group.value)
    .flatMap((entry) => (entry.address ? [entry.address.toLowerCase()] : []));

const headerText = (mail: ParsedMail, name: string) => {
  const value = mail.headers.get(name);
  return typeof value === "string" ? value : "";
};

/**
 * The reply key the mail was sent to: first `<local>+<key>@<domain>` among every address it went
 * to (To, Cc, Delivered-To, X-Original-To, the envelope), then `reply-<key>` among the ids it
 * answers (In-Reply-To, References), for a server that drops plus-addressing.
 */
function replyKeyIn(mail: ParsedMail, recipients: string[]): string | null {
  const inbound = getEnv().inbound;
  if (!inbound) return null;
  const to = [
    ...addressesOf(mail.to),
    ...addressesOf(mail.cc),
    ...["delivered-to", "x-original-to"].map((name) => headerText(mail, name).toLowerCase()),
    ...recipients.map((address) => address.toLowerCase()),
  ];
  for (const address of to) {
    const match = /^([^@+]+)\+([a-z2-7]{26})@(.+)$/.exec(address.replace(/^<|>$/g, "").trim());
    if (match && match[1] === inbound.local && match[3] === inbound.domain) return match[2]!;
  }
  const references = [mail.inReplyTo ?? "", ...[mail.references ?? []].flat()].join(" ");
  const fromId = /<reply-([a-z2-7]{26})\./.exec(references.toLowerCase())?.[1];
  return fromId && REPLY_KEY.test(fromId) ? fromId : null;
}

/** `name+tag@host` as `name@host`, lower-cased. */
const plainAddress = (address: string) => address.toLowerCase().replace(/\+[^@]*@/, "@");

/**
 * Whether the trusted mail server (INBOUND_TRUSTED_AUTHSERV_ID) found the sender's domain's DMARC
 * failed; a verdict written by anyone else counts for nothing, and the built-in listener's mail
 * carries none it added (any it carries, the sender wrote).
 */
function dmarcFailed(mail: ParsedMail, source: InboundSource): boolean {
  const trusted = getEnv().INBOUND_TRUSTED_AUTHSERV_ID?.toLowerCase();
  if (!trusted || source === "smtp") return false;
  const values = mail.headerLines
    .filter((line) => line.key === "authentication-results")
    .map((line) =>
      line.line
        .slice(line.line.indexOf(":") + 1)
        .trim()
        .toLowerCase(),
    );
  return values.some(
    (value) => value.split(/[;\s]/)[0] === trusted && /\bdmarc=fail\b/.test(value),
  );
}

/** Who posts a reply from `sender` to `clientId`'s thread now: the key's reader or a colleague. */
async function posterOf(sender: string, holder: { readerId: string; clientId: string }) {
  const db = await database();
  const people = await peopleOf(db, holder.clientId);
  const person = people.find((candidate) => plainAddress(candidate.email) === sender);
  if (person) {
    // A current member of an active account.
    if ((await accessOf(db, person.userId)) !== holder.clientId) return null;
    return { id: person.userId, email: person.email, role: "client" as const };
  }
  const staffAddress = await staffReaderNow(holder.readerId);
  if (staffAddress !== null && plainAddress(staffAddress) === sender) {
    return { id: holder.readerId, email: staffAddress, role: "staff" as const };
  }
  return null;
}

type Holder = { readerId: string; clientId: string };
type Author = { id: string; email: string; role: "client" | "staff" };

/** What becomes of a mail, and why; with the thread it names when its key was found. */
type Decision =
  | { outcome: "dropped" | "held"; reason: string; holder?: Holder }
  | { outcome: "post"; author: Author; holder: Holder; body: string };

async function decide(
  mail: ParsedMail,
  { source, recipients }: { source: InboundSource; recipients: string[] },
  sender: string | null,
  reply: string,
): Promise<Decision> {
  const automated = automatedReason(mail.headers, sender, mail.subject ?? "");
  if (automated) return { outcome: "dropped", reason: automated };
  const key = replyKeyIn(mail, recipients);
  if (!key) return { outcome: "held", reason: "It names no thread (no reply key)" };
  const holder = await replyKeyHolder(await database(), key, Date.now());
  if (holder === null) return { outcome: "held", reason: "Its reply key is unknown" };
  if (holder === "expired") return { outcome: "held", reason: "Its reply key has expired" };
  const held = (reason: string): Decision => ({ outcome: "held", reason, holder });
  if (sender === null) return held("It names no sender");
  if (dmarcFailed(mail, source)) return held("Its sender's domain failed DMARC");
  const author = await posterOf(sender, holder);
  if (!author) return held("Sent from an address that may not post here");
  const parsed = messageSchema.safeParse({ body: reply, internal: "" });
  if (!parsed.success) {
    return reply === ""
      ? { outcome: "dropped", reason: "No words above the quoted mail", holder }
      : held("Its words are not a message the thread takes (too long?)");
  }
  return { outcome: "post", author, holder, body: parsed.data.body };
}

/** The job of a mail received: reads it, and posts, drops or holds it, saying why on its row. */
export async function runInboundMail(job: ClaimedJob): Promise<void> {
  const { id, recipients = [] } = job.payload as { id: number; recipients?: string[] };
  const row = await inboundMail(await database(), id);
  if (!row || row.outcome !== "received" || row.raw_key === null) return;
  const raw = await fileStore().read(row.raw_key);
  if (!raw) {
    await inTransaction((trx) =>
      recordOutcome(trx, id, { outcome: "held", reason: "Its raw copy is gone" }),
    );
    return;
  }
  const bytes = Buffer.concat(await raw.stream.toArray());
  let mail: ParsedMail;
  try {
    mail = await simpleParser(bytes, { skipImageLinks: true, skipTextToHtml: true });
  } catch {
    await inTransaction((trx) =>
      recordOutcome(trx, id, { outcome: "held", reason: "It could not be read as a mail" }),
    );
    return;
  }
  const sender = addressesOf(mail.from)[0] ?? null;
  const reply = replyText({ text: mail.text, html: mail.html });
  const decision = await decide(
    mail,
    { source: row.source, recipients },
    sender === null ? null : plainAddress(sender),
    reply,
  );
  const seen = {
    sender,
    subject: mail.subject ?? null,
    reply,
    client_id: decision.holder?.clientId ?? null,
    reader_id: decision.holder?.readerId ?? null,
  };
  await inTransaction(async (trx) => {
    if (decision.outcome !== "post") {
      return recordOutcome(trx, id, {
        ...seen,
        outcome: decision.outcome,
        reason: decision.reason,
      });
    }
    const { holder, author, body } = decision;
    const messageId = await writeMessage(
      trx,
      { clientId: holder.clientId, author, body, internal: false },
      Date.now(),
    );
    await recordOutcome(trx, id, {
      ...seen,
      outcome: "posted",
      reason: "Posted to the thread",
      message_id: messageId,
    });
  });
}

export type { InboundRow };

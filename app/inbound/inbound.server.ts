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
import { roomLeft } from "~/data/file-room.server";
import { recordSharedFile } from "~/data/shared-files.server";
import { storageFull } from "~/content/toasts";
import { removeAll } from "~/files/file-store";
import { automatedReason } from "./automated";
import { keepAttachments, sentAsFile } from "./attachments.server";
import { queueReplyNotice, type ReplyNotice } from "./reply-notice.server";
import { INBOUND_MAX_BYTES } from "./limits";
import { replyText } from "./reply-text.server";
import { listenerName } from "./sender-check.server";

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
 * Whether the sender's domain failed DMARC, by the verdict of whoever may give one. For the
 * built-in listener's mail, only the topmost Authentication-Results, and only under the listener's
 * own name: it writes its verdict there, and any below it the sender wrote. For the other ways in,
 * any written by the trusted mail server (INBOUND_TRUSTED_AUTHSERV_ID). Anyone else's counts for
 * nothing.
 */
function dmarcFailed(mail: ParsedMail, source: InboundSource): boolean {
  const values = mail.headerLines
    .filter((line) => line.key === "authentication-results")
    .map((line) =>
      line.line
        .slice(line.line.indexOf(":") + 1)
        .trim()
        .toLowerCase(),
    );
  const failedBy = (authservId: string) => (value: string) =>
    value.split(/[;\s]/)[0] === authservId && /\bdmarc=fail\b/.test(value);
  if (source === "smtp") return values.slice(0, 1).some(failedBy(listenerName()));
  const trusted = getEnv().INBOUND_TRUSTED_AUTHSERV_ID?.toLowerCase();
  return trusted ? values.some(failedBy(trusted)) : false;
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

/** The address the key's reader has now (a person of the account, or staff); null once gone. */
async function readerAddress(
  holder: Holder,
): Promise<{ to: string; role: "client" | "staff" } | null> {
  const people = await peopleOf(await database(), holder.clientId);
  const person = people.find((candidate) => candidate.userId === holder.readerId);
  if (person) return { to: person.email, role: "client" };
  const staffAddress = await staffReaderNow(holder.readerId);
  return staffAddress === null ? null : { to: staffAddress, role: "staff" };
}

/** What becomes of a mail, and why; with the thread it names when its key was found. */
type Decision =
  | { outcome: "dropped" | "held"; reason: string; holder?: Holder }
  | { outcome: "post"; author: Author; holder: Holder; body: string };

const DMARC_FAILED = "Its sender's domain failed DMARC";

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
  if (dmarcFailed(mail, source)) return held(DMARC_FAILED);
  const author = await posterOf(sender, holder);
  if (!author) return held("Sent from an address that may not post here");
  // Files alone make a message; their names are its words.
  if (reply === "" && mail.attachments.some(sentAsFile)) {
    return { outcome: "post", author, holder, body: "" };
  }
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
  const reader = decision.holder ? await readerAddress(decision.holder) : null;
  // Told why only when the mail came from the address the key was given to.
  const notice =
    decision.holder && reader && sender && plainAddress(reader.to) === plainAddress(sender)
      ? { id, ...decision.holder, ...reader }
      : null;
  if (decision.outcome !== "post") {
    await inTransaction(async (trx) => {
      await recordOutcome(trx, id, { ...seen, outcome: decision.outcome, reason: decision.reason });
      // A failed DMARC says the sender may be someone else.
      if (notice && decision.reason !== DMARC_FAILED) {
        await queueReplyNotice(trx, { ...notice, posted: false }, Date.now());
      }
    });
    return;
  }
  await postReply(id, { ...decision, mail, seen, notice });
}

/** Posts a reply with the files it brought, as its author, noting on its row what was not kept. */
async function postReply(
  id: number,
  reply: Extract<Decision, { outcome: "post" }> & {
    mail: ParsedMail;
    seen: Parameters<typeof recordOutcome>[2];
    notice: ReplyNotice | null;
  },
) {
  const { holder, author, mail, seen, notice } = reply;
  const env = getEnv();
  const store = fileStore();
  const files = await keepAttachments(mail.attachments, store, {
    maxFileBytes: env.UPLOAD_MAX_FILE_BYTES,
    maxFiles: env.UPLOAD_MAX_FILES,
  });
  const keys = files.kept.map((file) => file.key);
  const posted = await inTransaction(async (trx) => {
    const at = Date.now();
    const refused = [...files.refused];
    let kept = files.kept;
    const bytes = kept.reduce((sum, file) => sum + file.bytes, 0);
    const room = await roomLeft(trx, holder.clientId, env.UPLOAD_MAX_CLIENT_BYTES);
    if (kept.length > 0 && bytes > room) {
      const full = storageFull(env.UPLOAD_MAX_CLIENT_BYTES, author.role === "staff").description;
      refused.push(...kept.map((file) => `“${file.name}”: ${full}`));
      kept = [];
    }
    const notKept = refused.length > 0 ? ` Not kept: ${refused.join(" ")}` : "";
    if (reply.body === "" && kept.length === 0) {
      const reason = `No words above the quoted mail, and no file kept.${notKept}`;
      await recordOutcome(trx, id, { ...seen, outcome: "dropped", reason });
      if (notice) await queueReplyNotice(trx, { ...notice, posted: false }, at);
      return kept;
    }
    const body = reply.body || `Files sent by mail: ${kept.map((file) => file.name).join(", ")}`;
    const messageId = await writeMessage(
      trx,
      { clientId: holder.clientId, author, body, internal: false },
      at,
    );
    for (const file of kept) {
      await recordSharedFile(trx, {
        id: file.key,
        clientId: holder.clientId,
        name: file.name,
        bytes: file.bytes,
        sha256: file.sha256,
        contentType: file.contentType,
        note: "Sent by mail",
        sharedBy: author,
        at,
        messageId,
      });
    }
    await recordOutcome(trx, id, {
      ...seen,
      outcome: "posted",
      reason: notKept ? `Posted to the thread.${notKept}` : "Posted to the thread",
      message_id: messageId,
    });
    if (notice && refused.length > 0) await queueReplyNotice(trx, { ...notice, posted: true }, at);
    return kept;
  }).catch(async (error: unknown) => {
    await removeAll(store, keys);
    throw error;
  });
  const postedKeys = new Set(posted.map((file) => file.key));
  await removeAll(
    store,
    keys.filter((key) => !postedKeys.has(key)),
  );
}

export type { InboundRow };

// Mail about messages a person has not read: a message's job runs when it is five minutes old and
// mails each reader on the other side what they have neither read nor been mailed, in one mail; a
// daily digest gathers the same for those who chose it. Each reader's marker moves with the mail.
import { randomUUID } from "node:crypto";
import {
  accountBook,
  accountSettings,
  activeAccountOf,
  peopleOf,
} from "~/data/client-accounts.server";
import { database, inTransaction } from "~/data/connection.server";
import {
  claimMailScope,
  followingStaff,
  mailMode,
  markMailed,
  messagesAfter,
  recordDelivery,
  releaseMailScope,
  threadsToDigest,
} from "~/data/mail.server";
import { readerMarks } from "~/data/messages.server";
import type { ActorRole } from "~/data/schema";
import type { StoredMessage } from "~/data/shapes";
import { enqueueJob, JobDeferred, type ClaimedJob, type NewJob } from "~/data/jobs.server";
import { getEnv } from "~/lib/env.server";
import { MESSAGES_PATH, staffClientMessagesPath, taskPathFor } from "~/lib/paths";
import { programmeOf } from "~/data/client-programmes.server";
import { findTask } from "~/programme/client-programme";
import { authorOf } from "~/people/names";

import { freshDirectory } from "~/identity/directory.server";
import { keepReplyKey, replyKeyOf } from "~/data/reply-keys.server";
import { composeMail, type MailSection } from "./compose";
import { digestKeyPrefix, NO_LONGER_STAFF, staffReaderNow } from "./staff-readers.server";
import { sendAppMail } from "./transport.server";
import { unsubscribeHeaders, unsubscribeUrl } from "./unsubscribe.server";
import { readTimeZone } from "~/data/client-profiles.server";
import { DEFAULT_TIME_ZONE } from "~/lib/reader-time";
import { nextLocalHour } from "~/lib/time-zones";
import { currentBrand, mailBrand } from "~/brand/brand.server";

export const MESSAGE_DIGEST_JOB = "message-digest";

/** How long a worker's claim on a reader's thread holds: as long as its job's. */
const CLAIM_MS = 5 * 60_000;
/** When another worker is mailing the reader about the thread, the job tries again this much later. */
const BUSY_RETRY_MS = 3_000;

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? "" : "s"}`;

interface Reader {
  id: string;
  email: string;
  role: ActorRole;
}

/** A reader's digest, at MAIL_DIGEST_HOUR:00 on their own clock (UTC while they gave no zone). */
function digestJob(reader: Reader, zone: string, now: number): NewJob {
  const runAfter = nextLocalHour(zone, getEnv().MAIL_DIGEST_HOUR, now);
  return {
    kind: MESSAGE_DIGEST_JOB,
    payload: { id: reader.id, email: reader.email, role: reader.role } satisfies Reader,
    runAfter,
    key: `${digestKeyPrefix(reader.id)}${new Date(runAfter).toISOString().slice(0, 10)}`,
  };
}

function threadUrl(reader: Reader, clientId: string): string {
  const path = reader.role === "staff" ? staffClientMessagesPath(clientId) : MESSAGES_PATH;
  return `${getEnv().SITE_URL}${path}`;
}

/**
 * Where a mail of `messages` leads: the task they are all about (a hand-in, a review, a comment on
 * its page), opened as the reader opens it; else the thread.
 */
async function actionOf(reader: Reader, clientId: string, messages: StoredMessage[]) {
  const taskId = messages[0]?.taskId ?? null;
  const found =
    taskId !== null && messages.every((message) => message.taskId === taskId)
      ? findTask((await programmeOf(await database(), clientId)).content, taskId)
      : undefined;
  if (!found) return { link: threadUrl(reader, clientId), label: "Read and answer" };
  const path = taskPathFor(reader.role, clientId, {
    sprintId: found.sprint.id,
    taskId: found.task.id,
  });
  return { link: `${getEnv().SITE_URL}${path}`, label: `Open ${found.task.title}` };
}

/** A thread's section of a mail: always its messages. */
type ThreadSection = MailSection & Required<Pick<MailSection, "entries">>;

async function sectionOf(
  reader: Reader,
  clientId: string,
  label: string,
  messages: StoredMessage[],
): Promise<ThreadSection> {
  return {
    heading: label,
    action: await actionOf(reader, clientId, messages),
    entries: messages.map((message) => ({
      author: authorOf(message, reader),
      at: message.at,
      body: message.body,
    })),
  };
}

/** One thread's part of a mail: its messages, and how far they reach. */
interface ThreadPart {
  clientId: string;
  section: ThreadSection;
  throughId: number;
}

async function partOf(reader: Reader, clientId: string, label: string, messages: StoredMessage[]) {
  const last = messages.at(-1);
  if (!last) return null;
  const section = await sectionOf(reader, clientId, label, messages);
  return { clientId, section, throughId: last.id };
}

/**
 * Where a reply to the mail `key` about one thread goes (`reply+<key>@domain`, the key kept with its
 * reader and thread, and carried in the Message-ID too); null for a mail of several threads or
 * with no inbound address, which link each thread instead.
 */
async function replyAddress(key: string, reader: Reader, parts: ThreadPart[]) {
  const { inbound, SESSION_SECRET } = getEnv();
  const [part] = parts;
  if (!inbound || !part || parts.length > 1) return null;
  const replyKey = replyKeyOf(key, SESSION_SECRET);
  await inTransaction((trx) =>
    keepReplyKey(trx, replyKey, { readerId: reader.id, clientId: part.clientId }, Date.now()),
  );
  return {
    replyTo: `${inbound.local}+${replyKey}@${inbound.domain}`,
    messageIdPart: `reply-${replyKey}.${key}`,
  };
}

/**
 * Sends one mail (idempotency key `key`) to `reader` and records its outcome per thread; each
 * thread's marker moves with a sent mail. A refusal is recorded, then thrown (the job retries). A
 * staff reader is asked of the auth service first: one who is no longer staff is skipped.
 */
async function mailReader(to: Reader, key: string, subject: string, parts: ThreadPart[]) {
  const address = to.role === "staff" ? await staffReaderNow(to.id) : to.email;
  const reader = { ...to, email: address ?? to.email };
  const deliveries = (status: "sent" | "failed" | "skipped", reason?: string) =>
    parts.map((part) => {
      const count = part.section.entries.length;
      return {
        mail_key: `${key}.${part.clientId}`,
        client_id: part.clientId,
        recipient_id: reader.id,
        recipient_email: reader.email,
        status,
        detail: reason ?? plural(count, "message"),
        message_count: count,
        at: Date.now(),
      };
    });
  if (address === null) {
    await inTransaction(async (trx) => {
      for (const delivery of deliveries("skipped", NO_LONGER_STAFF)) {
        await recordDelivery(trx, delivery);
      }
    });
    return;
  }
  const unsubscribe = unsubscribeUrl(reader.id, "messages");
  const zone = (await readTimeZone(await database(), reader.id)) ?? DEFAULT_TIME_ZONE;
  const replies = await replyAddress(key, reader, parts);
  const mail = composeMail({
    brand: await mailBrand(),
    subject,
    sections: parts.map((part) => part.section),
    reason: "a message waited unread",
    unsubscribe,
    zone,
    takesReplies: replies !== null,
  });
  try {
    await sendAppMail({
      key,
      to: reader.email,
      ...mail,
      headers: unsubscribeHeaders(unsubscribe),
      ...replies,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await inTransaction(async (trx) => {
      for (const delivery of deliveries("failed", reason)) await recordDelivery(trx, delivery);
    });
    throw error;
  }
  await inTransaction(async (trx) => {
    const at = Date.now();
    for (const part of parts) await markMailed(trx, part.clientId, reader.id, part.throughId, at);
    for (const delivery of deliveries("sent")) await recordDelivery(trx, delivery);
  });
}

/** A message's mail: its thread (the client's), the message, and whose side wrote it. */
interface MessageMail {
  clientId: string;
  clientEmail: string;
  messageId: number;
  fromRole: ActorRole;
}

/** One reader, for the message `messageId` of `clientId`'s thread from the other side. */
async function mailAboutMessage(reader: Reader, mail: MessageMail): Promise<void> {
  const { clientId } = mail;
  const db = await database();
  const mode = await mailMode(db, reader.id, "messages");
  if (mode === "off") return;
  if (mode === "daily") {
    const zone = (await readTimeZone(db, reader.id)) ?? DEFAULT_TIME_ZONE;
    await inTransaction((trx) => enqueueJob(trx, digestJob(reader, zone, Date.now()), Date.now()));
    return;
  }
  // Two messages' jobs on two instances would otherwise both read the same marker and both send.
  const scope = `messages.${clientId}.${reader.id}`;
  const holder = randomUUID();
  const now = Date.now();
  const held = { now, until: now + CLAIM_MS };
  if (!(await inTransaction((trx) => claimMailScope(trx, scope, holder, held)))) {
    throw new JobDeferred("another worker is mailing this reader about the thread", BUSY_RETRY_MS);
  }
  try {
    await mailWhatWaits(reader, mail);
  } finally {
    await inTransaction((trx) => releaseMailScope(trx, scope, holder));
  }
}

/** What the reader has neither read nor been mailed of the thread, in one mail (or a skip). */
async function mailWhatWaits(reader: Reader, mail: MessageMail): Promise<void> {
  const { clientId, clientEmail, messageId, fromRole } = mail;
  const db = await database();
  const marks = await readerMarks(db, clientId, reader.id);
  if (messageId <= marks.mailedThroughId) return;
  if (messageId <= marks.lastReadId) {
    await inTransaction((trx) =>
      recordDelivery(trx, {
        mail_key: `messages.${clientId}.${reader.id}.${messageId}`,
        client_id: clientId,
        recipient_id: reader.id,
        recipient_email: reader.email,
        status: "skipped",
        detail: "read in the portal first",
        message_count: 1,
        at: Date.now(),
      }),
    );
    return;
  }
  const after = Math.max(marks.lastReadId, marks.mailedThroughId);
  const pending = await messagesAfter(db, clientId, fromRole, after);
  const from = reader.role === "staff" ? clientEmail : (await currentBrand()).name;
  const named = { ...reader, book: await accountBook(db, clientId) };
  const part = await partOf(named, clientId, `Your conversation with ${from}`, pending);
  if (!part) return;
  // Keyed by the first message it carries: sent again after a crash, it is the same mail.
  await mailReader(
    reader,
    `messages.${clientId}.${reader.id}.${pending[0]?.id}`,
    `${plural(pending.length, "new message")} from ${from}`,
    [part],
  );
}

/** The job of one message: mails the readers on the other side (never for a note). */
export async function runMessageMail(job: ClaimedJob): Promise<void> {
  const { clientId, messageId } = job.payload as { clientId: string; messageId: number };
  const db = await database();
  const message = await db
    .selectFrom("messages")
    .select(["author_role", "internal"])
    .where("id", "=", messageId)
    .executeTakeFirst();
  if (!message || Number(message.internal) === 1) return;
  // A deactivated account's people are mailed nothing.
  if ((await accountSettings(db, clientId)).deactivatedAt !== null) return;
  const people = await peopleOf(db, clientId);
  // The account as staff mail names it: its primary contact's address.
  const contact = people.find((person) => person.primary) ?? people[0];
  if (!contact) return;
  const fromRole = message.author_role;
  let readers: Reader[];
  if (fromRole === "client") {
    await freshDirectory();
    readers = (await followingStaff(db, clientId)).map((staff) => ({ ...staff, role: "staff" }));
  } else {
    // Every person of the account who accepted their invitation, each by their own markers.
    readers = people
      .filter((person) => person.state !== "invited")
      .map((person) => ({ id: person.userId, email: person.email, role: "client" as const }));
  }
  for (const reader of readers) {
    await mailAboutMessage(reader, { clientId, clientEmail: contact.email, messageId, fromRole });
  }
}

/** A reader's daily digest: every followed thread with messages neither read nor mailed. */
export async function runMessageDigest(job: ClaimedJob): Promise<void> {
  const reader = job.payload as Reader;
  const db = await database();
  if ((await mailMode(db, reader.id, "messages")) !== "daily") return;
  const agency = (await currentBrand()).name;
  const threads =
    reader.role === "staff" ? await threadsToDigest(db, reader.id) : await clientThread(reader);
  const fromRole: ActorRole = reader.role === "staff" ? "client" : "staff";
  const parts: ThreadPart[] = [];
  for (const thread of threads) {
    const pending = await messagesAfter(db, thread.clientId, fromRole, thread.afterId, 10);
    const label = reader.role === "staff" ? thread.email : `Your conversation with ${agency}`;
    const named = { ...reader, book: await accountBook(db, thread.clientId) };
    const part = await partOf(named, thread.clientId, label, pending);
    if (part) parts.push(part);
  }
  if (parts.length === 0) return;
  const count = parts.reduce((sum, part) => sum + part.section.entries.length, 0);
  await mailReader(
    reader,
    `digest.${reader.id}.${job.id}`,
    `Your daily messages: ${plural(count, "new message")}`,
    parts,
  );
}

/**
 * A client reader's one thread: their account's, from what they read or were mailed last; none
 * for someone removed from their account since, or whose account was deactivated.
 */
async function clientThread(reader: Reader) {
  const db = await database();
  const clientId = await activeAccountOf(db, reader.id);
  if (!clientId) return [];
  const marks = await readerMarks(db, clientId, reader.id);
  return [
    { clientId, email: reader.email, afterId: Math.max(marks.lastReadId, marks.mailedThroughId) },
  ];
}

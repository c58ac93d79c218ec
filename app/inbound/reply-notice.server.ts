// Telling a key's own reader that their mail was not posted, or was posted without some of its
// files, and why: at most once an hour each, and only ever to the address the key was given to
// (never to whoever sent a mail: no backscatter).
import { database, type Executor } from "~/data/connection.server";
import { readTimeZone } from "~/data/client-profiles.server";
import { inboundMail, lastNoticeAt, recordOutcome } from "~/data/inbound-mails.server";
import { enqueueJob, type ClaimedJob } from "~/data/jobs.server";
import { mailBrand } from "~/brand/brand.server";
import { getEnv } from "~/lib/env.server";
import { MESSAGES_PATH, staffClientMessagesPath } from "~/lib/paths";
import { DEFAULT_TIME_ZONE } from "~/lib/reader-time";
import { HOUR_MS } from "~/programme/countdown";
import { composeMail } from "~/mail/compose";
import { sendAppMail } from "~/mail/transport.server";
import { unsubscribeHeaders, unsubscribeUrl } from "~/mail/unsubscribe.server";

export const REPLY_NOTICE_JOB = "reply-notice";

export interface ReplyNotice {
  /** The mail's row in the inbound log. */
  id: number;
  readerId: string;
  clientId: string;
  /** The reader's address now, which sent the mail. */
  to: string;
  role: "client" | "staff";
}

/** Whether the mail was posted (without some of its files) or not at all. */
type Notice = ReplyNotice & { posted: boolean };

/** Asks for the notice of mail `notice.id` in `trx`, unless its reader was told within the hour. */
export async function queueReplyNotice(trx: Executor, notice: Notice, now: number) {
  const last = await lastNoticeAt(trx, notice.readerId);
  if (last !== null && now - last < HOUR_MS) return;
  await recordOutcome(trx, notice.id, { noticed_at: now });
  await enqueueJob(
    trx,
    { kind: REPLY_NOTICE_JOB, payload: notice, key: `${REPLY_NOTICE_JOB}.${notice.id}` },
    now,
  );
}

export async function runReplyNotice(job: ClaimedJob): Promise<void> {
  const notice = job.payload as Notice;
  const db = await database();
  const row = await inboundMail(db, notice.id);
  if (!row) return;
  const { SITE_URL } = getEnv();
  const thread = notice.role === "staff" ? staffClientMessagesPath(notice.clientId) : MESSAGES_PATH;
  const unsubscribe = unsubscribeUrl(notice.readerId, "messages");
  const mail = composeMail({
    brand: await mailBrand(),
    subject: notice.posted
      ? "Your reply was posted without some of its files"
      : "Your reply was not posted",
    sections: [
      {
        heading: row.subject ? `Your mail “${row.subject}”` : "Your mail",
        items: [{ text: row.reason, link: `${SITE_URL}${thread}` }],
        action: { link: `${SITE_URL}${thread}`, label: "Open the thread in the portal" },
      },
    ],
    reason: "you replied to one of its mails",
    unsubscribe,
    zone: (await readTimeZone(db, notice.readerId)) ?? DEFAULT_TIME_ZONE,
  });
  await sendAppMail({
    key: `${REPLY_NOTICE_JOB}.${notice.id}`,
    to: notice.to,
    ...mail,
    headers: { ...unsubscribeHeaders(unsubscribe), "Auto-Submitted": "auto-replied" },
  });
}

// Every kind of job the app leaves for later, with the handler that does it: a feature that leaves
// jobs (a mail, a digest, a reminder) registers its kind here, so every app instance can run it.
import { MESSAGE_DIGEST_JOB, runMessageDigest, runMessageMail } from "~/mail/message-mail.server";
import { MESSAGE_MAIL_JOB } from "~/messages/mail-job";
import type { JobHandler } from "./worker.server";

export const JOB_HANDLERS: Record<string, JobHandler> = {
  [MESSAGE_MAIL_JOB]: runMessageMail,
  [MESSAGE_DIGEST_JOB]: runMessageDigest,
};

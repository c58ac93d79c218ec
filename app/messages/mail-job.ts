// The job a message leaves for its mail: run once the message has waited unread for the delay, one
// job per message however often it is asked for (the mail feature does the work).
import type { NewJob } from "~/data/jobs.server";

export const MESSAGE_MAIL_JOB = "message-mail";

export function messageMailJob(
  clientId: string,
  messageId: number,
  at: number,
  delaySeconds: number,
): NewJob {
  return {
    kind: MESSAGE_MAIL_JOB,
    payload: { clientId, messageId },
    runAfter: at + delaySeconds * 1000,
    key: `message-mail.${messageId}`,
  };
}

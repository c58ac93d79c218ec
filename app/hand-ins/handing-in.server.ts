// A client hands in work on a task: the files streamed into the store, then in one transaction the
// next version with its files, the task "in review", its audit lines and a message to the agency
// (mailed as messages are); a refusal or a failure leaves no file and no row.
import { factLine } from "~/programme/trail-facts";
import type { AppLoadContext } from "@remix-run/node";
import { storageFull, toasts } from "~/content/toasts";
import { applyProgrammeChanges, readClientState } from "~/data/client-programme.server";
import { database, inTransaction, type Executor } from "~/data/connection.server";
import { recordEvent, type Actor } from "~/data/events.server";
import { latestHandInStatuses, lockClientHandIns, recordHandIn } from "~/data/hand-ins.server";
import { roomLeft } from "~/data/file-room.server";
import { recordMessage } from "~/data/messages.server";
import { recordSharedFile } from "~/data/shared-files.server";
import { removeAll } from "~/files/file-store";
import { fileStore } from "~/files/store.server";
import { uploadRefused } from "~/files/upload-answers.server";
import { admitUpload } from "~/files/admission.server";
import { readUpload, type UploadedFile, type UploadLimits } from "~/files/upload.server";
import { formError, parseFields, refusal } from "~/forms/answer.server";
import { handInSchema } from "~/forms/schemas";
import { redirectWithToast } from "~/forms/toast.server";
import { getEnv } from "~/lib/env.server";
import { notFound } from "~/lib/not-found.server";
import { STAFF_ROLE } from "~/lib/roles";
import { taskPath } from "~/lib/paths";
import { messageMailJob } from "~/messages/mail-job";
import { findSprint, sprintPageView, type TaskView } from "~/programme/client-programme";
import { programmeOf } from "~/data/client-programmes.server";
import { taskChange } from "~/programme/programme-edits";
import type { ProgrammeContent, SprintContent, TaskContent } from "~/programme/model";
import type { Member } from "~/session/guards.server";

/** What the task asks for and the post lacks; null when it has what is asked. */
function missingPart(task: TaskView, files: UploadedFile[], link: string) {
  if (task.handIn === "files" && files.length === 0) {
    return { toast: toasts.handInFilesMissing, field: "files" };
  }
  if (task.handIn === "link" && link === "")
    return { toast: toasts.handInLinkMissing, field: "link" };
  return null;
}

/** Work is the clients' to hand in: staff review it in the console (their refusal, else null). */
export function refusedToStaff(context: AppLoadContext, user: Member["user"]) {
  return user.role === STAFF_ROLE
    ? formError(context, toasts.handInByStaff, { status: 403 })
    : null;
}

/**
 * The client's hand-in on `taskId` (in the sprint of page `segment`): its task page again with a
 * toast, or the form again with what was typed and why it was refused.
 */
export async function handInWork(
  request: Request,
  context: AppLoadContext,
  member: Member,
  segment: string | undefined,
  taskId: string | undefined,
) {
  const { user, accountId } = member;
  const { content } = await programmeOf(await database(), accountId);
  const sprint = findSprint(content, segment);
  const task = sprint?.tasks.find((candidate) => candidate.id === taskId);
  if (!sprint || !task) throw notFound(request);
  const byStaff = refusedToStaff(context, user);
  if (byStaff) return byStaff;
  const env = getEnv();
  const admission = await admitUpload(request, context, {
    clientId: accountId,
    maxFiles: env.UPLOAD_MAX_FILES,
    forStaff: false,
  });
  if ("refused" in admission) return admission.refused;
  const { limits, release } = admission.admitted;
  try {
    return await handInAdmitted(request, context, member, { content, sprint, task }, limits);
  } finally {
    await release();
  }
}

/** The hand-in's body read within `limits`, then stored with its version, message and lines. */
async function handInAdmitted(
  request: Request,
  context: AppLoadContext,
  { user, accountId }: Member,
  {
    content,
    sprint,
    task,
  }: { content: ProgrammeContent; sprint: SprintContent; task: TaskContent },
  limits: UploadLimits,
) {
  const store = fileStore();
  const upload = await readUpload(request, store, limits);
  const values = { link: upload.fields.link ?? "", note: upload.fields.note ?? "" };
  if (!upload.ok) return uploadRefused(context, upload.refusal, values, limits);
  const files = upload.files;
  const removeFiles = () =>
    removeAll(
      store,
      files.map((file) => file.key),
    );
  const parsed = parseFields(handInSchema, upload.fields);
  if (!parsed.ok) {
    await removeFiles();
    return refusal(context, parsed, values);
  }
  const author: Actor = { id: user.id, email: user.email, role: "client" };
  const version = { author, link: parsed.value.link, note: parsed.value.note, files, values };
  try {
    return await inTransaction(async (trx) => {
      const stored = await storeHandIn(trx, context, { accountId, content, sprint, task }, version);
      if (stored.refused) await removeFiles();
      return stored.answer;
    });
  } catch (error) {
    await removeFiles();
    throw error;
  }
}

export interface HandInVersion {
  author: Actor;
  link: string;
  note: string;
  files: UploadedFile[];
  /** A form's questions and answers, as JSON; none for files or a link. */
  answers?: string;
  /** What the form showed, to show again with a refusal. */
  values: Record<string, string>;
}

/**
 * Stores the next version of the task's work in `trx`, with its files, the task "in progress",
 * its message to the agency and audit line; or refuses it (`refused`), answering why.
 */
export async function storeHandIn(
  trx: Executor,
  context: AppLoadContext,
  {
    accountId,
    content,
    sprint,
    task,
  }: { accountId: string; content: ProgrammeContent; sprint: SprintContent; task: TaskContent },
  { author, link, note, files, answers, values }: HandInVersion,
) {
  const env = getEnv();
  const refuse = (answer: Awaited<ReturnType<typeof formError>>) => ({ refused: true, answer });
  await lockClientHandIns(trx, accountId);
  const at = Date.now();
  const page = sprintPageView(sprint, content, await readClientState(trx, accountId), at);
  const shown = page.tasks.find((candidate) => candidate.id === task.id);
  if (!page.sprint.open || !shown) {
    return refuse(formError(context, toasts.sprintLocked, { status: 403, values }));
  }
  if (shown.handIn === "nothing") {
    return refuse(formError(context, toasts.handInNotAsked, { status: 409, values }));
  }
  // One version waits for review at a time (a second tab's form may still be open).
  if ((await latestHandInStatuses(trx, accountId)).get(task.id) === "in-review") {
    return refuse(formError(context, toasts.handInWaiting, { status: 409, values }));
  }
  // A form's answers come only through the form.
  if ((shown.handIn === "form") !== (answers !== undefined)) {
    return refuse(formError(context, toasts.handInNotAsked, { status: 409, values }));
  }
  const missing = missingPart(shown, files, link);
  if (missing) {
    return refuse(
      formError(context, missing.toast, {
        values,
        errors: { [missing.field]: missing.toast.description },
      }),
    );
  }
  const newBytes = files.reduce((sum, file) => sum + file.bytes, 0);
  if (newBytes > (await roomLeft(trx, accountId, env.UPLOAD_MAX_CLIENT_BYTES))) {
    return refuse(
      formError(context, storageFull(env.UPLOAD_MAX_CLIENT_BYTES), { status: 413, values }),
    );
  }
  const handIn = await recordHandIn(trx, {
    clientId: accountId,
    taskId: task.id,
    link,
    note,
    answers,
    submittedByEmail: author.email,
    at,
  });
  for (const file of files) {
    await recordSharedFile(trx, {
      id: file.key,
      clientId: accountId,
      name: file.name,
      bytes: file.bytes,
      sha256: file.sha256,
      contentType: file.contentType,
      note: `${task.title}, version ${handIn.version}`,
      sharedBy: author,
      at,
      handInId: handIn.id,
    });
  }
  const changes =
    shown.status === "in-progress" ? [] : [taskChange(page.sprint.id, shown, "in-progress")];
  await applyProgrammeChanges(trx, accountId, changes, at);
  const messageId = await recordMessage(trx, {
    clientId: accountId,
    author,
    body: note,
    fact: { action: "handed-in", task: task.id, title: shown.title, version: handIn.version },
    internal: false,
    at,
    taskId: task.id,
  });
  await recordEvent(trx, {
    clientId: accountId,
    actor: author,
    audience: "client",
    changes: [
      ...changes,
      {
        ...factLine(
          { action: "hand-in", task: task.id, title: task.title },
          "—",
          `Version ${handIn.version}`,
        ),
        item: { kind: "task", id: task.id },
      },
    ],
    jobs: [messageMailJob(accountId, messageId, at, env.MESSAGE_MAIL_DELAY_SECONDS)],
    at,
  });
  return {
    refused: false,
    answer: await redirectWithToast(taskPath(sprint.id, task.id), toasts.handedIn),
  };
}

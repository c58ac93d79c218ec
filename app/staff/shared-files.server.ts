// One client's files in the staff console: everything shared either way, and the form that shares a
// file with the client (an upload: stored whole, then recorded with its audit line, or not at all).
import type { AppLoadContext } from "@remix-run/node";
import { toasts } from "~/content/toasts";
import { readClientState } from "~/data/client-programme.server";
import { accountBook } from "~/data/client-accounts.server";
import { database, inTransaction } from "~/data/connection.server";
import { recordEvent } from "~/data/events.server";
import { clientFiles, recordSharedFile } from "~/data/shared-files.server";
import { fileStore } from "~/files/store.server";
import { uploadRefused } from "~/files/upload-answers.server";
import { admitUpload } from "~/files/admission.server";
import { readUpload, type UploadLimits } from "~/files/upload.server";
import { formError, parseFields, refusal } from "~/forms/answer.server";
import { shareFileSchema } from "~/forms/schemas";
import { redirectWithToast } from "~/forms/toast.server";
import { getEnv } from "~/lib/env.server";
import { staffClientFilesPath } from "~/lib/paths";
import { programmeView } from "~/programme/client-programme";
import { programmeOf } from "~/data/client-programmes.server";
import { shownFiles } from "~/people/names";
import type { SessionUser } from "~/session/state.server";
import { clientOf } from "./client-of.server";

export async function loadSharedFiles(
  request: Request,
  staff: SessionUser,
  clientId: string | undefined,
) {
  const client = await clientOf(request, clientId);
  const db = await database();
  const [state, { content }, files, book] = await Promise.all([
    readClientState(db, client.userId),
    programmeOf(db, client.userId),
    clientFiles(db, client.userId),
    accountBook(db, client.userId),
  ]);
  const { current } = programmeView(content, state, Date.now());
  return {
    client,
    current,
    files: shownFiles(files, { email: staff.email, role: "staff", book }),
    maxFileBytes: getEnv().UPLOAD_MAX_FILE_BYTES,
  };
}

export async function shareFileAction(
  request: Request,
  context: AppLoadContext,
  staff: SessionUser,
  clientId: string | undefined,
) {
  const client = await clientOf(request, clientId);
  const admission = await admitUpload(request, context, {
    clientId: client.userId,
    maxFiles: 1,
    forStaff: true,
  });
  if ("refused" in admission) return admission.refused;
  try {
    return await shareAdmitted(request, context, staff, client.userId, admission.admitted.limits);
  } finally {
    await admission.admitted.release();
  }
}

/** The file read within `limits`, then stored with its line in the client's trail. */
async function shareAdmitted(
  request: Request,
  context: AppLoadContext,
  staff: SessionUser,
  clientId: string,
  limits: UploadLimits,
) {
  const store = fileStore();
  const upload = await readUpload(request, store, limits);
  const values = { note: upload.fields.note ?? "" };
  if (!upload.ok) return uploadRefused(context, upload.refusal, values, limits);
  const [file] = upload.files;
  const parsed = parseFields(shareFileSchema, upload.fields);
  if (!file || !parsed.ok) {
    if (file) await store.remove(file.key);
    return parsed.ok
      ? formError(context, toasts.fileMissing, { values, errors: { file: "Choose a file." } })
      : refusal(context, parsed, values);
  }
  const at = Date.now();
  try {
    await inTransaction(async (trx) => {
      await recordSharedFile(trx, {
        id: file.key,
        clientId: clientId,
        name: file.name,
        bytes: file.bytes,
        sha256: file.sha256,
        contentType: file.contentType,
        note: parsed.value.note,
        sharedBy: { id: staff.id, email: staff.email, role: "staff" },
        at,
      });
      await recordEvent(trx, {
        clientId: clientId,
        actor: { id: staff.id, email: staff.email, role: "staff" },
        audience: "client",
        changes: [{ field: "File shared", before: "—", after: file.name }],
        at,
      });
    });
  } catch (error) {
    await store.remove(file.key);
    throw error;
  }
  return redirectWithToast(staffClientFilesPath(clientId), toasts.fileShared);
}

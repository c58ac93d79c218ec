// One client's files in the staff console: everything shared either way, and the form that shares a
// file with the client (an upload: stored whole, then recorded with its audit line, or not at all).
import type { AppLoadContext } from "@remix-run/node";
import { fileTooLarge, toasts } from "~/content/toasts";
import { readClientState } from "~/data/client-programme.server";
import { database, inTransaction } from "~/data/connection.server";
import { recordEvent } from "~/data/events.server";
import { clientFiles, recordSharedFile } from "~/data/shared-files.server";
import { fileStore } from "~/files/store.server";
import { readUpload, type UploadRefusal } from "~/files/upload.server";
import { formError, parseFields, refusal } from "~/forms/answer.server";
import { shareFileSchema } from "~/forms/schemas";
import { redirectWithToast } from "~/forms/toast.server";
import { getEnv } from "~/lib/env.server";
import { staffClientFilesPath } from "~/lib/paths";
import { programmeView } from "~/programme/client-programme";
import { currentProgramme } from "~/programme/current.server";
import type { SessionUser } from "~/session/state.server";
import { clientOf } from "./client-of.server";

export async function loadSharedFiles(request: Request, clientId: string | undefined) {
  const client = await clientOf(request, clientId);
  const db = await database();
  const [state, files] = await Promise.all([
    readClientState(db, client.userId),
    clientFiles(db, client.userId),
  ]);
  const { current } = programmeView(currentProgramme(), state, Date.now());
  return { client, current, files, maxFileBytes: getEnv().UPLOAD_MAX_FILE_BYTES };
}

function uploadRefused(
  context: AppLoadContext,
  why: UploadRefusal,
  note: string,
  maxFileBytes: number,
) {
  const values = { note };
  if (why === "too-large") {
    return formError(context, fileTooLarge(maxFileBytes), { status: 413, values });
  }
  return formError(context, why === "store-failed" ? toasts.connectionError : toasts.uploadBroken, {
    values,
  });
}

export async function shareFileAction(
  request: Request,
  context: AppLoadContext,
  staff: SessionUser,
  clientId: string | undefined,
) {
  const client = await clientOf(request, clientId);
  const { UPLOAD_MAX_FILE_BYTES } = getEnv();
  const store = fileStore();
  const upload = await readUpload(request, store, {
    maxFileBytes: UPLOAD_MAX_FILE_BYTES,
    maxFiles: 1,
  });
  const values = { note: upload.fields.note ?? "" };
  if (!upload.ok) return uploadRefused(context, upload.refusal, values.note, UPLOAD_MAX_FILE_BYTES);
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
        clientId: client.userId,
        name: file.name,
        bytes: file.bytes,
        sha256: file.sha256,
        note: parsed.value.note,
        sharedBy: { id: staff.id, email: staff.email, role: "staff" },
        at,
      });
      await recordEvent(trx, {
        clientId: client.userId,
        actor: { id: staff.id, email: staff.email, role: "staff" },
        changes: [{ field: "File shared", before: "—", after: file.name }],
        at,
      });
    });
  } catch (error) {
    await store.remove(file.key);
    throw error;
  }
  return redirectWithToast(staffClientFilesPath(client.userId), toasts.fileShared);
}

// A refused upload's answer: the form again with its text fields, the reason in the words of the
// toast catalogue and a status that says it (413 for size, 415 for a kind, 422 for an empty file).
import type { AppLoadContext } from "@remix-run/node";
import {
  fileEmpty,
  fileKindNotAllowed,
  fileNotWhatItsNameSays,
  fileTooLarge,
  toasts,
  tooManyFiles,
  type Toast,
} from "~/content/toasts";
import { formError } from "~/forms/answer.server";
import type { UploadLimits, UploadRefusal } from "./upload.server";

/** The toast that says why an upload was refused, and the status that goes with it. */
export function refusalToast(
  why: UploadRefusal,
  limits: UploadLimits,
): { toast: Toast; status?: number } {
  switch (why.reason) {
    case "too-large":
      return { toast: fileTooLarge(limits.maxFileBytes), status: 413 };
    case "too-many":
      return { toast: tooManyFiles(limits.maxFiles), status: 413 };
    case "no-room":
      return { toast: limits.room?.full ?? toasts.uploadBroken, status: 413 };
    case "not-allowed":
      return { toast: fileKindNotAllowed(why.name), status: 415 };
    case "mismatch":
      return { toast: fileNotWhatItsNameSays(why.name, why.claimed, why.found), status: 415 };
    case "empty":
      return { toast: fileEmpty(why.name), status: 422 };
    case "store-failed":
      return { toast: toasts.storeFailed, status: 503 };
    case "not-a-form":
      return { toast: toasts.uploadBroken };
  }
}

export function uploadRefused(
  context: AppLoadContext,
  why: UploadRefusal,
  values: Record<string, string>,
  limits: UploadLimits,
) {
  const { toast, status } = refusalToast(why, limits);
  return formError(context, toast, { status, values });
}

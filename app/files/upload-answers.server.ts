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
} from "~/content/toasts";
import { formError } from "~/forms/answer.server";
import type { UploadLimits, UploadRefusal } from "./upload.server";

export function uploadRefused(
  context: AppLoadContext,
  why: UploadRefusal,
  values: Record<string, string>,
  limits: UploadLimits,
) {
  switch (why.reason) {
    case "too-large":
      return formError(context, fileTooLarge(limits.maxFileBytes), { status: 413, values });
    case "too-many":
      return formError(context, tooManyFiles(limits.maxFiles), { status: 413, values });
    case "no-room":
      return formError(context, limits.room?.full ?? toasts.uploadBroken, { status: 413, values });
    case "not-allowed":
      return formError(context, fileKindNotAllowed(why.name), { status: 415, values });
    case "mismatch": {
      const toast = fileNotWhatItsNameSays(why.name, why.claimed, why.found);
      return formError(context, toast, { status: 415, values });
    }
    case "empty":
      return formError(context, fileEmpty(why.name), { status: 422, values });
    case "store-failed":
      return formError(context, toasts.storeFailed, { status: 503, values });
    case "not-a-form":
      return formError(context, toasts.uploadBroken, { values });
  }
}

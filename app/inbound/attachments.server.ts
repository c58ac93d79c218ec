// The files a reply by mail brings, checked as an upload's are (kind told from the bytes, size,
// count) and kept in the file store (all or, on a store's failure, none); each refused one is named
// with why, in the upload's words.
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { Attachment } from "mailparser";
import { checkFileKind, SNIFF_BYTES } from "~/files/file-kinds.server";
import { removeAll, type FileStore } from "~/files/file-store";
import { refusalToast } from "~/files/upload-answers.server";
import { safeFileName, type UploadedFile, type UploadRefusal } from "~/files/upload.server";

export interface MailedFiles {
  kept: UploadedFile[];
  /** Why each file not kept was refused, its name in the words. */
  refused: string[];
}

/** Not a picture the mail's own HTML shows (a signature's logo), which is part of the mail. */
export const sentAsFile = (attachment: Attachment) =>
  !attachment.related || attachment.contentDisposition === "attachment";

/** Keeps `attachments` the limits allow in `store`; the rest are named in `refused`. */
export async function keepAttachments(
  attachments: Attachment[],
  store: FileStore,
  limits: { maxFileBytes: number; maxFiles: number },
): Promise<MailedFiles> {
  const kept: UploadedFile[] = [];
  const refused: string[] = [];
  // In the upload's words; those without the file's name are given it.
  const refuse = (why: UploadRefusal, name: string) => {
    const { description } = refusalToast(why, limits).toast;
    refused.push("name" in why ? description : `“${name}”: ${description}`);
  };
  for (const attachment of attachments.filter(sentAsFile)) {
    const name = safeFileName(attachment.filename ?? "attachment");
    const content = attachment.content;
    if (content.length > limits.maxFileBytes) {
      refuse({ reason: "too-large" }, name);
      continue;
    }
    if (kept.length >= limits.maxFiles) {
      refuse({ reason: "too-many" }, name);
      continue;
    }
    const kind = await checkFileKind(
      name,
      content.subarray(0, SNIFF_BYTES),
      content.length <= SNIFF_BYTES,
    );
    if (!kind.ok) {
      refuse({ ...kind.refusal, name }, name);
      continue;
    }
    const key = randomUUID();
    try {
      const stored = await store.put(key, Readable.from([content]));
      kept.push({ key, name, contentType: kind.mime, ...stored });
    } catch (error) {
      await removeAll(
        store,
        kept.map((file) => file.key),
      );
      throw error;
    }
  }
  return { kept, refused };
}

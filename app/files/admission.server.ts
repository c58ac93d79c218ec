// Admitting an upload before its body is read: room held for its declared size against its client's
// storage while it arrives (413 when it would not fit, 429 past two at once), and its own time.
import type { AppLoadContext } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import { storageFull, toasts } from "~/content/toasts";
import { inTransaction } from "~/data/connection.server";
import { releaseRoom, renewRoom, reserveRoom } from "~/data/file-room.server";
import { formError } from "~/forms/answer.server";
import { getEnv } from "~/lib/env.server";
import type { UploadLimits } from "./upload.server";

/** Uploads one client may have on their way at once, either side's. */
export const UPLOADS_AT_ONCE = 2;
/** When a third is refused, how long to wait before trying again. */
const BUSY_RETRY_SECONDS = 30;
/**
 * How long a reservation holds unless renewed: the upload renews it while it arrives, so one whose
 * process died gives its room back this soon.
 */
const HOLD_MS = 30_000;

export interface Admitted {
  /** The limits to read the upload with: its room among them. */
  limits: UploadLimits;
  /** Gives the room back (call once the files are stored, or refused). */
  release: () => Promise<void>;
}

/**
 * Admits `request` as an upload into `clientId`'s storage with `maxFiles` files, or answers why not;
 * `forStaff` words the answer for the agency.
 */
export async function admitUpload(
  request: Request,
  context: AppLoadContext,
  { clientId, maxFiles, forStaff }: { clientId: string; maxFiles: number; forStaff: boolean },
): Promise<{ admitted: Admitted } | { refused: ReturnType<typeof formError> }> {
  const env = getEnv();
  const full = storageFull(env.UPLOAD_MAX_CLIENT_BYTES, forStaff);
  const id = randomUUID();
  const now = Date.now();
  const declared = Number(request.headers.get("content-length") ?? 0) || 0;
  const outcome = await inTransaction((trx) =>
    reserveRoom(
      trx,
      { id, clientId, bytes: declared, now, until: now + HOLD_MS },
      { quota: env.UPLOAD_MAX_CLIENT_BYTES, maxAtOnce: UPLOADS_AT_ONCE },
    ),
  );
  if (!outcome.held) {
    const refused =
      outcome.why === "full"
        ? formError(context, full, { status: 413 })
        : formError(context, toasts.uploadsBusy, {
            status: 429,
            headers: { "Retry-After": String(BUSY_RETRY_SECONDS) },
          });
    return { refused };
  }
  context.admitUpload?.();
  const renewal = setInterval(() => {
    inTransaction((trx) => renewRoom(trx, id, Date.now() + HOLD_MS)).catch(() => undefined);
  }, HOLD_MS / 3);
  renewal.unref();
  return {
    admitted: {
      limits: {
        maxFileBytes: env.UPLOAD_MAX_FILE_BYTES,
        maxFiles,
        room: { bytes: outcome.room, full },
      },
      release: () => {
        clearInterval(renewal);
        return inTransaction((trx) => releaseRoom(trx, id));
      },
    },
  };
}

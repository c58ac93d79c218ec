// A shared file's download, after its reader's check (the client it belongs to, or staff; anyone
// else, and any unknown id, gets the 404 page): an attachment of its sniffed type, from the app or
// a bucket's presigned URL; an image or PDF asked for in place opens inline, sandboxed, from the app.
import { createReadableStreamFromReadable, redirect } from "@remix-run/node";
import { database } from "~/data/connection.server";
import { sharedFileById } from "~/data/shared-files.server";
import { notFound } from "~/lib/not-found.server";
import { STAFF_ROLE } from "~/lib/roles";
import type { Member } from "~/session/guards.server";
import { opensInline } from "./file-types";
import { FileStoreUnavailable } from "./file-store";
import { fileStore } from "./store.server";

const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * What a file's response may do once it is a document: nothing but show itself (no scripts, no
 * origin of its own, nothing fetched but its own images; the viewers' inline styles).
 */
const FILE_POLICY = "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'";

/** `Content-Disposition` for `name`: an ASCII stand-in, and the name itself in RFC 5987's form. */
function disposition(type: "attachment" | "inline", name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The answer while the file store cannot be reached: 503, "Connection Error", try again. */
export function storeUnavailable(): Response {
  return new Response(
    "Connection Error: the files cannot be reached right now. Please try again in a moment.",
    {
      status: 503,
      statusText: "Connection Error",
      headers: { "Retry-After": "10", "Content-Type": "text/plain; charset=utf-8" },
    },
  );
}

export async function fileDownload(
  request: Request,
  { user, accountId }: Member,
  fileId: string | undefined,
  headers: Headers,
): Promise<Response> {
  if (!fileId || !FILE_ID.test(fileId)) throw notFound(request);
  const file = await sharedFileById(await database(), fileId);
  if (!file || (user.role !== STAFF_ROLE && file.clientId !== accountId)) throw notFound(request);
  const inline =
    new URL(request.url).searchParams.get("inline") === "1" && opensInline(file.contentType);
  const store = fileStore();
  let stored;
  try {
    if (!inline) {
      const url = await store.downloadUrl(file.id, {
        disposition: disposition("attachment", file.name),
        contentType: file.contentType,
      });
      if (url) return redirect(url, { headers: { "Cache-Control": "private, no-store" } });
    }
    stored = await store.read(file.id);
  } catch (error) {
    if (error instanceof FileStoreUnavailable) throw storeUnavailable();
    throw error;
  }
  if (!stored) throw notFound(request);
  const answer = new Headers(headers);
  answer.set("Content-Type", file.contentType);
  answer.set("Content-Length", String(stored.bytes));
  answer.set("Content-Disposition", disposition(inline ? "inline" : "attachment", file.name));
  answer.set("Content-Security-Policy", FILE_POLICY);
  answer.set("Cache-Control", "private, no-store, no-transform");
  return new Response(createReadableStreamFromReadable(stored.stream), { headers: answer });
}

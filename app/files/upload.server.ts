// Reading an upload: a multipart post's text fields, and its files streamed into the file store
// (never whole in memory; a head read first to tell the kind), each under its limit and of a kind
// on the list; a refused or cut-off upload leaves nothing stored (decisions 052, 056).
import { unstable_parseMultipartFormData } from "@remix-run/node";
import { randomUUID } from "node:crypto";
import type { PostedFields } from "~/forms/answer.server";
import { checkFileKind, SNIFF_BYTES, type FileKindRefusal } from "./file-kinds.server";
import { removeAll, type FileStore } from "./file-store";

/** A text field of an upload form (a note) is never longer than this. */
const MAX_FIELD_BYTES = 64 * 1024;
/** Parts beyond this many are not a form of ours. */
const MAX_PARTS = 50;

export interface UploadLimits {
  maxFileBytes: number;
  maxFiles: number;
}

export interface UploadedFile {
  key: string;
  name: string;
  bytes: number;
  sha256: string;
  /** What its bytes were found to be (decision 056). */
  contentType: string;
}

/**
 * What refuses an upload: its size, its count, its shape, a store that cannot take it now, or a
 * file's kind (named by the file's safe name).
 */
export type UploadRefusal =
  | { reason: "too-large" | "too-many" | "not-a-form" | "store-failed" }
  | (FileKindRefusal & { name: string });

/** A store's faults (a full or failing disk), as opposed to a client that went away or lied. */
const STORE_FAULTS = new Set([
  "ENOSPC",
  "EDQUOT",
  "EIO",
  "EROFS",
  "EMFILE",
  "ENFILE",
  "ESTOREUNAVAILABLE",
]);

function refusalFor(error: unknown): UploadRefusal {
  if (error instanceof Refused) return error.refusal;
  const code = (error as { code?: unknown } | null)?.code;
  return {
    reason: typeof code === "string" && STORE_FAULTS.has(code) ? "store-failed" : "not-a-form",
  };
}

export type Upload =
  | { ok: true; fields: PostedFields; files: UploadedFile[] }
  /** The text fields read before the refusal, to show the form again with. */
  | { ok: false; refusal: UploadRefusal; fields: PostedFields };

class Refused extends Error {
  constructor(readonly refusal: UploadRefusal) {
    super(refusal.reason);
  }
}

/** `chunks`, refused once they pass `limit` bytes. */
async function* atMost(
  chunks: AsyncIterable<Uint8Array>,
  limit: number,
  refusal: "too-large" | "not-a-form",
) {
  let seen = 0;
  for await (const chunk of chunks) {
    seen += chunk.byteLength;
    if (seen > limit) throw new Refused({ reason: refusal });
    yield chunk;
  }
}

async function textOf(chunks: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Uint8Array[] = [];
  for await (const chunk of atMost(chunks, MAX_FIELD_BYTES, "not-a-form")) parts.push(chunk);
  return Buffer.concat(parts).toString("utf8");
}

/**
 * The first `size` bytes of `chunks` (or all of them, `complete`, when there are fewer), and every
 * byte, the head's included, to stream on from there.
 */
async function headOf(chunks: AsyncIterable<Uint8Array>, size: number) {
  const rest = chunks[Symbol.asyncIterator]();
  const read: Uint8Array[] = [];
  let bytes = 0;
  let complete = false;
  while (bytes < size) {
    const next = await rest.next();
    if (next.done) {
      complete = true;
      break;
    }
    read.push(next.value);
    bytes += next.value.byteLength;
  }
  const head = Buffer.concat(read);
  async function* all() {
    yield head;
    yield* { [Symbol.asyncIterator]: () => rest };
  }
  return { head: head.subarray(0, size), complete, all: all() };
}

/** The name a file was sent with, safe to show and to download as. */
function safeFileName(name: string): string {
  const cleaned = name
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\\/:*?"<>|]/gu, "")
    .replace(/^[.\s]+|\s+$/g, "")
    .slice(0, 200);
  return cleaned || "file";
}

export async function readUpload(
  request: Request,
  store: FileStore,
  limits: UploadLimits,
): Promise<Upload> {
  const fields: PostedFields = {};
  const files: UploadedFile[] = [];
  let parts = 0;
  try {
    await unstable_parseMultipartFormData(request, async (part) => {
      parts += 1;
      if (parts > MAX_PARTS) throw new Refused({ reason: "not-a-form" });
      if (part.filename === undefined) {
        const text = await textOf(part.data);
        if (!(part.name in fields)) fields[part.name] = text;
        return undefined;
      }
      // A file input left empty sends a part with no name and no bytes.
      const chunks = atMost(part.data, limits.maxFileBytes, "too-large");
      if (part.filename === "") {
        for await (const chunk of chunks) void chunk;
        return undefined;
      }
      if (files.length >= limits.maxFiles) throw new Refused({ reason: "too-many" });
      const name = safeFileName(part.filename);
      const { head, complete, all } = await headOf(chunks, SNIFF_BYTES);
      const kind = await checkFileKind(name, head, complete);
      if (!kind.ok) throw new Refused({ ...kind.refusal, name });
      const key = randomUUID();
      const stored = await store.put(key, all);
      files.push({ key, name, contentType: kind.mime, ...stored });
      return undefined;
    });
  } catch (error) {
    await removeAll(
      store,
      files.map((file) => file.key),
    );
    return { ok: false, refusal: refusalFor(error), fields };
  }
  return { ok: true, fields, files };
}

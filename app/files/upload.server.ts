// Reading an upload: a multipart post's text fields, and its files streamed into the file store
// (never whole in memory; a head read first to tell the kind), each under its limit, all within the
// room the client has left, of a kind on the list; a refused upload leaves nothing (decision 052).
import { Busboy, type BusboyFileStream } from "@fastify/busboy";
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import type { Toast } from "~/content/toasts";
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
  /** The bytes the files may take in all (what their client has left), and what says so. */
  room?: { bytes: number; full: Toast };
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
  | { reason: "too-large" | "too-many" | "no-room" | "not-a-form" | "store-failed" }
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

/** `chunks`, refused once they pass `limit` bytes, or once all files' bytes pass the `room`. */
async function* atMost(chunks: AsyncIterable<Uint8Array>, limit: number, room: { left: number }) {
  let seen = 0;
  for await (const chunk of chunks) {
    seen += chunk.byteLength;
    room.left -= chunk.byteLength;
    if (seen > limit) throw new Refused({ reason: "too-large" });
    if (room.left < 0) throw new Refused({ reason: "no-room" });
    yield chunk;
  }
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

/** The longest name kept: past it, the stem is cut and the extension kept. */
const NAME_MAX = 200;
/** What counts as an extension to keep: a dot and up to 16 letters or digits at the end. */
const EXTENSION = /\.[\p{L}\p{N}]{1,16}$/u;

/** The name a file was sent with, safe to show and to download as; a long one keeps its extension. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize("NFC")
    .replace(/[\p{Cc}\p{Cf}\\/:*?"<>|]/gu, "")
    .replace(/^[.\s]+|\s+$/g, "");
  const characters = [...cleaned];
  if (characters.length <= NAME_MAX) return cleaned || "file";
  const extension = [...(EXTENSION.exec(cleaned)?.[0] ?? "")];
  const stem = characters
    .slice(0, NAME_MAX - extension.length)
    .join("")
    .trimEnd();
  return `${stem}${extension.join("")}`;
}

interface PartHandlers {
  field(name: string, value: string): void;
  file(name: string, filename: string, data: BusboyFileStream): Promise<void>;
}

/**
 * Parses `request`'s multipart body part by part (quoted parameters with ";" or "=" in them read
 * whole), a file's part only once the one before it is dealt with; rejects at the first refusal.
 */
function parseParts(request: Request, handlers: PartHandlers): Promise<void> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !/^multipart\/form-data\s*;/i.test(contentType)) {
    return Promise.reject(new Refused({ reason: "not-a-form" }));
  }
  return new Promise((resolve, reject) => {
    let parser: InstanceType<typeof Busboy>;
    try {
      parser = new Busboy({
        headers: { "content-type": contentType },
        limits: { parts: MAX_PARTS, fieldSize: MAX_FIELD_BYTES },
      });
    } catch {
      reject(new Refused({ reason: "not-a-form" }));
      return;
    }
    const input = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
    let failed = false;
    let files = Promise.resolve();
    let reading: BusboyFileStream | undefined;
    // The file being read fails with the rest: its partial copy goes before the answer does. The
    // body's rest is left unread (the server drops it, or closes the connection after the answer).
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      input.unpipe(parser);
      reading?.destroy(error instanceof Error ? error : new Error(String(error)));
      void files.then(() => reject(error));
    };
    const notAForm = () => fail(new Refused({ reason: "not-a-form" }));
    parser.on("field", (name, value, _nameCut, valueCut) =>
      valueCut ? notAForm() : handlers.field(name, value),
    );
    parser.on("file", (name, data, filename) => {
      files = files
        .then(() => {
          if (failed) return void data.resume();
          reading = data;
          return handlers.file(name, filename, data);
        })
        .catch((error: unknown) => {
          data.resume();
          fail(error);
        })
        .finally(() => {
          reading = undefined;
        });
    });
    parser.on("partsLimit", notAForm);
    parser.on("error", notAForm);
    parser.on("finish", () => void files.then(() => failed || resolve()));
    input.on("error", notAForm);
    input.pipe(parser);
  });
}

export async function readUpload(
  request: Request,
  store: FileStore,
  limits: UploadLimits,
): Promise<Upload> {
  const fields: PostedFields = {};
  const files: UploadedFile[] = [];
  const room = { left: limits.room?.bytes ?? Infinity };
  try {
    await parseParts(request, {
      field(name, value) {
        if (!(name in fields)) fields[name] = value;
      },
      async file(_name, filename, data) {
        const chunks = atMost(data, limits.maxFileBytes, room);
        // A file input left empty sends a part with no name and no bytes.
        if (filename === "") {
          for await (const chunk of chunks) void chunk;
          return;
        }
        if (files.length >= limits.maxFiles) throw new Refused({ reason: "too-many" });
        const name = safeFileName(filename);
        const { head, complete, all } = await headOf(chunks, SNIFF_BYTES);
        const kind = await checkFileKind(name, head, complete);
        if (!kind.ok) throw new Refused({ ...kind.refusal, name });
        const key = randomUUID();
        const stored = await store.put(key, all);
        files.push({ key, name, contentType: kind.mime, ...stored });
      },
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

// The agency's logo: an upload (PNG, JPEG or WebP by its bytes, at most 1 MB and 4,000 pixels a
// side) drawn as the header's image and the icons, kept in the file store under its bytes' hash.
import { createHash } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { storeUnavailable } from "~/files/download.server";
import { FileStoreUnavailable, removeAll, type FileStore } from "~/files/file-store";
import { fileStore } from "~/files/store.server";
import { notFound } from "~/lib/not-found.server";
import { LOGO_FILES, LOGO_MAX_BYTES, type LogoFile } from "./brand";

/** Wider or taller is refused before it is decoded (a decompression bomb is a tiny file). */
const LOGO_MAX_SIDE = 4_000;
const LOGO_TYPES = new Set(["image/png", "image/jpeg", "image/webp"]);

export type LogoRefusal = "logoKind" | "logoTooLarge" | "logoUnreadable";

async function* once(bytes: Buffer) {
  yield new Uint8Array(bytes);
}

/**
 * Where the file store keeps `file` of the logo `hash`: a key shaped as the store's ids are, made
 * from both, so it is found again without being recorded.
 */
function keyOf(hash: string, file: LogoFile): string {
  const hex = createHash("sha256").update(`logo:${hash}:${file}`).digest("hex");
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20, 32),
  ].join("-");
}

function draw(bytes: Buffer, file: LogoFile): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: LOGO_MAX_SIDE * LOGO_MAX_SIDE }).rotate();
  if (file === "header") {
    return image
      .resize({ width: 320, height: 64, fit: "inside", withoutEnlargement: true })
      .png()
      .toBuffer();
  }
  const size = Number(file.slice("icon-".length));
  const clear = { r: 0, g: 0, b: 0, alpha: 0 };
  return image
    .resize({ width: size, height: size, fit: "contain", background: clear })
    .png()
    .toBuffer();
}

/**
 * Checks `bytes` as a logo and stores each of its drawings: its hash (what names it), or why it is
 * refused (nothing stored).
 */
export async function storeLogo(
  store: FileStore,
  bytes: Buffer,
): Promise<{ hash: string } | { refused: LogoRefusal }> {
  if (bytes.byteLength > LOGO_MAX_BYTES) return { refused: "logoTooLarge" };
  const kind = await fileTypeFromBuffer(bytes);
  if (!kind || !LOGO_TYPES.has(kind.mime)) return { refused: "logoKind" };
  let drawn: Buffer[];
  try {
    const { width = 0, height = 0 } = await sharp(bytes).metadata();
    if (width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE) return { refused: "logoTooLarge" };
    drawn = await Promise.all(LOGO_FILES.map((file) => draw(bytes, file)));
  } catch {
    return { refused: "logoUnreadable" };
  }
  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
  for (const [index, file] of LOGO_FILES.entries()) {
    await store.put(keyOf(hash, file), once(drawn[index]!));
  }
  return { hash };
}

/** Removes the logo `hash`'s drawings (a logo replaced or removed). */
export async function removeLogo(store: FileStore, hash: string): Promise<void> {
  await removeAll(
    store,
    LOGO_FILES.map((file) => keyOf(hash, file)),
  );
}

/** The stored drawing `file` of the logo `hash`, or null. */
async function readLogo(store: FileStore, hash: string, file: LogoFile) {
  return store.read(keyOf(hash, file));
}

const LOGO_FILE_NAME = new RegExp(`^([0-9a-f]{16})-(${LOGO_FILES.join("|")})\\.png$`);

/**
 * The answer to `/brand/<hash>-<file>.png`: the drawing, kept by browsers and caches for a year
 * (a new logo has another name), or the 404 page; 503 while the file store cannot be reached.
 */
export async function logoFileAnswer(request: Request, name: string | undefined) {
  const match = LOGO_FILE_NAME.exec(name ?? "");
  if (!match) throw notFound(request);
  let found;
  try {
    found = await readLogo(fileStore(), match[1]!, match[2] as LogoFile);
  } catch (error) {
    if (error instanceof FileStoreUnavailable) throw storeUnavailable();
    throw error;
  }
  if (!found) throw notFound(request);
  return new Response(createReadableStreamFromReadable(found.stream), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(found.bytes),
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

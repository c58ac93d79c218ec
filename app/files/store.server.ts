// Where files' bytes are kept: under the data folder, streamed to a partial file that is flushed to
// disk and only then renamed to its key, so a stored key is always a whole file; or in a bucket.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { getEnv } from "~/lib/env.server";
import type { FileStore } from "./file-store";
import { s3FileStore } from "./s3-store.server";

/** Keys are ids the app made: never a name a user chose, never a path. */
const KEY = /^[0-9a-f-]{36}$/;

function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`not a file key: ${key}`);
  return key;
}

/** Flushes a folder's entries (a rename in it) to disk. */
async function syncFolder(folder: string) {
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function diskFileStore(root: string): FileStore {
  const incoming = join(root, "incoming");
  let ready: Promise<unknown> | undefined;
  const folders = () => (ready ??= mkdir(incoming, { recursive: true }));

  return {
    async put(key, chunks) {
      await folders();
      const partial = join(incoming, checkedKey(key));
      const hash = createHash("sha256");
      let bytes = 0;
      const handle = await open(partial, "wx");
      try {
        for await (const chunk of chunks) {
          hash.update(chunk);
          bytes += chunk.byteLength;
          await handle.write(chunk);
        }
        await handle.sync();
      } catch (error) {
        await handle.close();
        await rm(partial, { force: true });
        throw error;
      }
      await handle.close();
      await rename(partial, join(root, key));
      await syncFolder(root);
      return { bytes, sha256: hash.digest("hex") };
    },
    async read(key) {
      const path = join(root, checkedKey(key));
      try {
        const { size } = await stat(path);
        return { stream: createReadStream(path), bytes: size };
      } catch {
        return null;
      }
    },
    async remove(key) {
      await rm(join(root, checkedKey(key)), { force: true });
    },
    downloadUrl: async () => null,
  };
}

/** Partial files older than `olderThanMs`: uploads a crash cut off. */
export async function removeAbandonedUploads(root: string, olderThanMs: number, now = Date.now()) {
  const incoming = join(root, "incoming");
  const names = await readdir(incoming).catch(() => [] as string[]);
  for (const name of names) {
    const path = join(incoming, name);
    const { mtimeMs } = await stat(path).catch(() => ({ mtimeMs: now }));
    if (now - mtimeMs > olderThanMs) await rm(path, { force: true });
  }
}

/** Where the data folder keeps files. */
export function filesFolder(dataDir: string): string {
  return join(dataDir, "files");
}

let current: FileStore | undefined;

/** This process's file store: the bucket of S3_BUCKET, else the data folder's `files`. */
export function fileStore(): FileStore {
  if (!current) {
    const env = getEnv();
    current = env.s3 ? s3FileStore(env.s3) : diskFileStore(filesFolder(env.DATA_DIR));
  }
  return current;
}

// Moving to scale: every stored file copied from the data folder into the bucket, oldest first,
// resumable (an object already there with the file's size and hash is skipped) and verified (read
// back and hashed) before it counts; the rows are unchanged, since a file's key is its id.
import { HeadObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import type { Executor } from "~/data/connection.server";
import type { S3Config } from "~/lib/env.server";
import { S3_PREFIX, s3FileStore } from "./s3-store.server";

export interface FilesMoved {
  copied: number;
  /** Already in the bucket, whole: a run stopped earlier got that far. */
  skipped: number;
  /** Rows whose bytes are not in the data folder. */
  missing: string[];
}

async function hashOf(stream: Readable): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    bytes += (chunk as Buffer).byteLength;
  }
  return { sha256: hash.digest("hex"), bytes };
}

async function alreadyThere(client: S3Client, bucket: string, key: string, sha256: string) {
  try {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: S3_PREFIX + key }));
    return head.Metadata?.sha256 === sha256;
  } catch {
    return false;
  }
}

export async function moveFilesToBucket(
  db: Executor,
  filesRoot: string,
  config: S3Config,
  client: S3Client,
  log: (line: string) => void,
): Promise<FilesMoved> {
  const bucket = s3FileStore(config, client);
  const rows = await db
    .selectFrom("shared_files")
    .select(["id", "bytes", "sha256"])
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const moved: FilesMoved = { copied: 0, skipped: 0, missing: [] };
  for (const row of rows) {
    const expected = { sha256: row.sha256, bytes: Number(row.bytes) };
    if (await alreadyThere(client, config.bucket, row.id, row.sha256)) {
      moved.skipped += 1;
      continue;
    }
    const path = join(filesRoot, row.id);
    if (!(await stat(path).catch(() => null))?.isFile()) {
      moved.missing.push(row.id);
      continue;
    }
    const upload = new Upload({
      client,
      params: {
        Bucket: config.bucket,
        Key: S3_PREFIX + row.id,
        Body: createReadStream(path),
        Metadata: { sha256: row.sha256 },
      },
      leavePartsOnError: false,
    });
    await upload.done();
    const stored = await bucket.read(row.id);
    const copy = stored ? await hashOf(stored.stream) : null;
    if (copy?.sha256 !== expected.sha256 || copy.bytes !== expected.bytes) {
      throw new Error(`${row.id}: the bucket's copy differs from the file (size or SHA-256)`);
    }
    moved.copied += 1;
    log(`${row.id}: copied (${expected.bytes} bytes)`);
  }
  return moved;
}

// Files in an S3-compatible bucket (AWS S3, Supabase Storage, R2, MinIO, Swift): streamed up in
// parts (a few MB in memory at once), aborted whole on any failure so a key is a whole file or
// absent; read back as a stream, or handed to the browser as a short presigned URL.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import type { S3Config } from "~/lib/env.server";
import { FileStoreUnavailable, type FileStore } from "./file-store";

/** Objects live under this prefix, so a bucket can hold other things too. */
export const S3_PREFIX = "files/";
/** 5 MiB parts (S3's smallest), one in flight: an upload holds a few parts in memory at most. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 1;

export function s3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 requires them: several S3-compatible servers refuse the others.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)
  );
}

export function s3FileStore(config: S3Config, client = s3Client(config)): FileStore {
  const Bucket = config.bucket;
  return {
    async put(key, chunks) {
      const hash = createHash("sha256");
      let bytes = 0;
      // What the upload's own source threw (a client gone, a limit passed) is not the bucket's.
      let sourceError: unknown;
      async function* counted() {
        try {
          for await (const chunk of chunks) {
            hash.update(chunk);
            bytes += chunk.byteLength;
            yield chunk;
          }
        } catch (error) {
          sourceError = error;
          throw error;
        }
      }
      const upload = new Upload({
        client,
        params: { Bucket, Key: S3_PREFIX + key, Body: Readable.from(counted()) },
        partSize: PART_BYTES,
        queueSize: PARTS_IN_FLIGHT,
        leavePartsOnError: false,
      });
      try {
        await upload.done();
      } catch (error) {
        throw sourceError ?? new FileStoreUnavailable(error);
      }
      return { bytes, sha256: hash.digest("hex") };
    },
    async read(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: S3_PREFIX + key }));
        if (!(object.Body instanceof Readable)) return null;
        return { stream: object.Body, bytes: Number(object.ContentLength ?? 0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw new FileStoreUnavailable(error);
      }
    },
    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: S3_PREFIX + key }));
      } catch (error) {
        throw new FileStoreUnavailable(error);
      }
    },
    async downloadUrl(key, headers) {
      const seconds = config.presignedDownloadSeconds;
      if (seconds === undefined) return null;
      const command = new GetObjectCommand({
        Bucket,
        Key: S3_PREFIX + key,
        ResponseContentDisposition: headers.disposition,
        ResponseContentType: headers.contentType,
        ResponseCacheControl: "private, no-store",
      });
      return getSignedUrl(client, command, { expiresIn: seconds });
    },
  };
}

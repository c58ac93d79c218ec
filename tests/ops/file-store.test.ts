// One contract for every file store, run against the data folder and a real S3 server (Debian's
// Swift with its S3 API, which checks signatures): whole files in, the same bytes out, a failed
// upload leaves nothing, removal; for the bucket, presigned URLs that expire, and the move to it.
import { CreateBucketCommand, ListMultipartUploadsCommand } from "@aws-sdk/client-s3";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { S3Config } from "~/lib/env.server";
import { database, inTransaction } from "~/data/connection.server";
import { recordSharedFile } from "~/data/shared-files.server";
import { moveFilesToBucket } from "~/files/move-to-bucket.server";
import { s3Client, s3FileStore } from "~/files/s3-store.server";
import type { FileStore } from "~/files/file-store";
import { diskFileStore } from "~/files/store.server";
import { ENGINES, stopEngines, useEngine } from "../support/engines";
import { freePort, signedInPerson, startAppProcess, startAuthProcess } from "../support/processes";
import { DEMO_SERVICE_ROLE_KEY } from "@portal/auth-server/demo-keys";
import { startSwift, type RunningSwift } from "../support/swift";

const MiB = 1024 * 1024;

async function* chunksOf(bytes: Buffer, size = 64 * 1024) {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function* failingAfter(bytes: Buffer) {
  yield* chunksOf(bytes);
  throw new Error("the client went away");
}

async function bytesOf(store: FileStore, key: string): Promise<Buffer | null> {
  const stored = await store.read(key);
  if (!stored) return null;
  const parts: Buffer[] = [];
  for await (const chunk of stored.stream) parts.push(chunk as Buffer);
  const bytes = Buffer.concat(parts);
  expect(bytes.length).toBe(stored.bytes);
  return bytes;
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

let swift: RunningSwift;
let bucketConfig: S3Config;

beforeAll(async () => {
  swift = await startSwift();
  bucketConfig = {
    bucket: "portal-files",
    endpoint: swift.endpoint,
    region: swift.region,
    accessKeyId: swift.accessKeyId,
    secretAccessKey: swift.secretAccessKey,
    forcePathStyle: true,
    presignedDownloadSeconds: 2,
  };
  await s3Client(bucketConfig).send(new CreateBucketCommand({ Bucket: bucketConfig.bucket }));
}, 120_000);

afterAll(async () => {
  await swift?.stop();
  await stopEngines();
});

const STORES: [string, () => FileStore][] = [
  ["the data folder", () => diskFileStore(mkdtempSync(join(tmpdir(), "portal-store-")))],
  ["an S3 bucket (Swift)", () => s3FileStore(bucketConfig)],
];

describe.each(STORES)("a file store: %s", (_name, makeStore) => {
  it("keeps a file whole and gives back the same bytes, its size and hash measured on the way in", async () => {
    const store = makeStore();
    for (const size of [0, 1, 20 * MiB + 17]) {
      const key = randomUUID();
      const bytes = randomBytes(size);
      expect(await store.put(key, chunksOf(bytes))).toEqual({ bytes: size, sha256: sha256(bytes) });
      expect(sha256((await bytesOf(store, key)) ?? Buffer.alloc(1))).toBe(sha256(bytes));
    }
  });

  it("leaves nothing when the upload fails halfway, and forgets what it removed", async () => {
    const store = makeStore();
    const key = randomUUID();
    await expect(store.put(key, failingAfter(randomBytes(12 * MiB)))).rejects.toThrow(
      "the client went away",
    );
    expect(await store.read(key)).toBeNull();
    const kept = randomUUID();
    await store.put(kept, chunksOf(randomBytes(1000)));
    await store.remove(kept);
    expect(await store.read(kept)).toBeNull();
    // Removing what is not there is no error.
    await store.remove(randomUUID());
    expect(await store.read(randomUUID())).toBeNull();
  });
});

describe("the S3 server the tests start", () => {
  it("checks signatures: a request signed with a wrong secret is refused", async () => {
    const wrong = s3FileStore({ ...bucketConfig, secretAccessKey: "not-the-secret" });
    await expect(wrong.put(randomUUID(), chunksOf(randomBytes(10)))).rejects.toMatchObject({
      code: "ESTOREUNAVAILABLE",
      cause: { name: "SignatureDoesNotMatch", $metadata: { httpStatusCode: 403 } },
    });
  });
});

describe("the bucket's presigned downloads", () => {
  it("answer the bytes with the headers asked for, refuse a tampered URL and expire", async () => {
    const store = s3FileStore(bucketConfig);
    const key = randomUUID();
    const bytes = randomBytes(4096);
    await store.put(key, chunksOf(bytes));
    const headers = {
      disposition: `attachment; filename="brief.pdf"; filename*=UTF-8''brief.pdf`,
      contentType: "application/pdf",
    };
    const url = await store.downloadUrl(key, headers);
    expect(url).toMatch(/X-Amz-Signature=/);
    const fetched = await fetch(url ?? "");
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get("content-disposition")).toBe(headers.disposition);
    expect(fetched.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);

    const tampered = (url ?? "").replace(
      /X-Amz-Signature=([0-9a-f])/,
      (_all, first: string) => `X-Amz-Signature=${first === "0" ? "1" : "0"}`,
    );
    expect((await fetch(tampered)).status).toBe(403);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect((await fetch(url ?? "")).status).toBe(403);
  });

  it("leaves no multipart upload open after a failed one", async () => {
    const store = s3FileStore(bucketConfig);
    await expect(store.put(randomUUID(), failingAfter(randomBytes(20 * MiB)))).rejects.toThrow(
      "the client went away",
    );
    const open = await s3Client(bucketConfig).send(
      new ListMultipartUploadsCommand({ Bucket: bucketConfig.bucket }),
    );
    expect(open.Uploads ?? []).toEqual([]);
  });
});

describe.each(ENGINES)("moving the data folder's files into the bucket (%s)", (engine) => {
  it("copies each listed file once, verified, resumes where it stopped and names what is missing", async () => {
    await useEngine(engine);
    const root = mkdtempSync(join(tmpdir(), "portal-files-"));
    const disk = diskFileStore(root);
    const clientId = randomUUID();
    const files = [randomBytes(3 * MiB), randomBytes(10), randomBytes(70_000)];
    const ids: string[] = [];
    for (const [index, bytes] of files.entries()) {
      const id = randomUUID();
      ids.push(id);
      const stored = await disk.put(id, chunksOf(bytes));
      await inTransaction((trx) =>
        recordSharedFile(trx, {
          id,
          clientId,
          name: `file-${index}.pdf`,
          ...stored,
          note: "",
          sharedBy: { id: clientId, email: "c@client.test", role: "client" },
          at: index,
        }),
      );
    }
    // A row whose bytes never reached the folder.
    const lost = randomUUID();
    await inTransaction((trx) =>
      recordSharedFile(trx, {
        id: lost,
        clientId,
        name: "lost.pdf",
        bytes: 1,
        sha256: "0".repeat(64),
        note: "",
        sharedBy: { id: clientId, email: "c@client.test", role: "client" },
        at: 9,
      }),
    );
    const client = s3Client(bucketConfig);
    const lines: string[] = [];
    const first = await moveFilesToBucket(await database(), root, bucketConfig, client, (line) =>
      lines.push(line),
    );
    expect(first).toEqual({ copied: 3, skipped: 0, missing: [lost] });
    expect(lines).toHaveLength(3);
    const bucket = s3FileStore(bucketConfig);
    for (const [index, id] of ids.entries()) {
      expect(sha256((await bytesOf(bucket, id)) ?? Buffer.alloc(0))).toBe(sha256(files[index]!));
    }
    // Run again (as after an interruption): nothing is copied twice.
    const again = await moveFilesToBucket(await database(), root, bucketConfig, client, () => {});
    expect(again).toEqual({ copied: 0, skipped: 3, missing: [lost] });
  });
});

describe("the portal with its files in the bucket", () => {
  it("keeps a hand-in's file there and serves it through the app, or by a presigned URL", async () => {
    const auth = await startAuthProcess(freePort());
    const bucketSettings = {
      SUPABASE_SERVICE_ROLE_KEY: DEMO_SERVICE_ROLE_KEY,
      S3_BUCKET: bucketConfig.bucket,
      S3_ENDPOINT: swift.endpoint,
      S3_REGION: swift.region,
      S3_ACCESS_KEY_ID: swift.accessKeyId,
      S3_SECRET_ACCESS_KEY: swift.secretAccessKey,
    };
    const port = freePort();
    const dataDir = mkdtempSync(join(tmpdir(), "portal-bucket-app-"));
    let app = await startAppProcess(port, auth.url, { ...bucketSettings, DATA_DIR: dataDir });
    try {
      const client = await signedInPerson(app, auth.url, "bucket-client", "Bucket-Test-2026!");
      const bytes = Buffer.concat([Buffer.from("%PDF-1.7\n", "latin1"), randomBytes(9 * MiB)]);
      const form = new FormData();
      form.append("link", "");
      form.append("files", new Blob([new Uint8Array(bytes)]), "offer.pdf");
      const posted = await fetch(`${app.url}/dashboard/sprint-1/tasks/offer-alchemy`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: app.url, Cookie: client.cookie },
        body: form,
      });
      expect(posted.status).toBe(302);
      const page = await fetch(`${app.url}/dashboard/files`, {
        headers: { Cookie: client.cookie },
      });
      const fileId = /href="\/resources\/files\/([0-9a-f-]{36})"/.exec(await page.text())?.[1];
      // In the bucket, not in the data folder.
      expect(
        sha256((await bytesOf(s3FileStore(bucketConfig), fileId ?? "")) ?? Buffer.alloc(0)),
      ).toBe(sha256(bytes));
      expect(existsSync(join(dataDir, "files", fileId ?? ""))).toBe(false);
      const streamed = await fetch(`${app.url}/resources/files/${fileId}`, {
        headers: { Cookie: client.cookie },
      });
      expect(streamed.status).toBe(200);
      expect(sha256(Buffer.from(await streamed.arrayBuffer()))).toBe(sha256(bytes));

      await app.stop();
      app = await startAppProcess(port, auth.url, {
        ...bucketSettings,
        DATA_DIR: dataDir,
        S3_PRESIGNED_DOWNLOAD_SECONDS: "300",
      });
      const handedOff = await fetch(`${app.url}/resources/files/${fileId}`, {
        headers: { Cookie: client.cookie },
        redirect: "manual",
      });
      expect(handedOff.status).toBe(302);
      const location = handedOff.headers.get("location") ?? "";
      expect(location.startsWith(`${swift.endpoint}/`)).toBe(true);
      const fromBucket = await fetch(location);
      expect(fromBucket.headers.get("content-disposition")).toMatch(
        /^attachment; filename="offer.pdf"/,
      );
      expect(sha256(Buffer.from(await fromBucket.arrayBuffer()))).toBe(sha256(bytes));
      // Another client never gets that far: the check comes first.
      const other = await signedInPerson(app, auth.url, "bucket-other", "Bucket-Test-2026!");
      const refused = await fetch(`${app.url}/resources/files/${fileId}`, {
        headers: { Cookie: other.cookie },
        redirect: "manual",
      });
      expect(refused.status).toBe(404);

      // The bucket out of reach: "Connection Error" (503) for a download and for a hand-in, whose
      // note comes back in its form.
      await app.stop();
      app = await startAppProcess(port, auth.url, {
        ...bucketSettings,
        DATA_DIR: dataDir,
        S3_ENDPOINT: `http://127.0.0.1:${freePort()}`,
      });
      const unreachable = await fetch(`${app.url}/resources/files/${fileId}`, {
        headers: { Cookie: client.cookie },
      });
      expect(unreachable.status).toBe(503);
      expect(await unreachable.text()).toContain("Connection Error");
      const again = new FormData();
      again.append("link", "");
      again.append("note", "Second try, same words");
      again.append("files", new Blob([new Uint8Array(bytes.subarray(0, 4096))]), "icp.pdf");
      const refusedUpload = await fetch(`${app.url}/dashboard/sprint-1/tasks/pricing-strategist`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: app.url, Cookie: client.cookie },
        body: again,
      });
      expect(refusedUpload.status).toBe(503);
      const answer = await refusedUpload.text();
      expect(answer).toContain("Connection Error");
      expect(answer).toContain("Second try, same words");
    } finally {
      await app.stop();
      await auth.stop();
    }
  }, 120_000);
});

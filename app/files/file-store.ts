// What every file store is (the data folder, a bucket): whole files in, the same bytes out; and
// the fault a store that cannot be reached throws, which the request answers "Connection Error".
import type { Readable } from "node:stream";

export interface StoredBytes {
  bytes: number;
  sha256: string;
}

export interface FileStore {
  /** Stores `chunks` under `key`; a throw from `chunks` (or the disk) leaves nothing stored. */
  put(key: string, chunks: AsyncIterable<Uint8Array>): Promise<StoredBytes>;
  /** The bytes under `key`, or null when there are none. */
  read(key: string): Promise<{ stream: Readable; bytes: number } | null>;
  remove(key: string): Promise<void>;
  /**
   * Where a browser may fetch the bytes itself (a presigned URL answering with these headers),
   * or null: the app streams them after its check.
   */
  downloadUrl(
    key: string,
    headers: { disposition: string; contentType: string },
  ): Promise<string | null>;
}

/** A store that cannot be reached or refuses to work (a bucket that is down): the request's
 * answer is "Connection Error", and the same request works once it is back. */
export class FileStoreUnavailable extends Error {
  readonly code = "ESTOREUNAVAILABLE";
  constructor(readonly cause: unknown) {
    super(`file store unavailable: ${cause instanceof Error ? cause.message : String(cause)}`);
  }
}

/** Removes every key of `keys`, whatever becomes of each (a refused upload's clean-up). */
export async function removeAll(store: FileStore, keys: string[]): Promise<void> {
  await Promise.allSettled(keys.map((key) => store.remove(key)));
}

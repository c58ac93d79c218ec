// Types of scripts/swift.mjs for the TypeScript tests.
export interface RunningSwift {
  /** The proxy, `http://127.0.0.1:<port>`; S3 clients need `forcePathStyle: true`. */
  endpoint: string;
  region: "us-east-1";
  /** tempauth's `test:tester`, admin of the account the buckets are made in. */
  accessKeyId: string;
  secretAccessKey: string;
  /** Ends every process and removes the folder. */
  stop(): Promise<void>;
}

export function startSwift(options: {
  freePort: () => number | Promise<number>;
}): Promise<RunningSwift>;

// The real S3 server of the storage tests (scripts/swift.mjs), on ports of this worker's range.
import { startSwift as start, type RunningSwift } from "../../scripts/swift.mjs";
import { freePort } from "./processes";

export type { RunningSwift };

export function startSwift(): Promise<RunningSwift> {
  return start({ freePort });
}

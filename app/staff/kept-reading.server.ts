// A reading across every client that every staff view shares until anything is written to the
// database or `keptMs` pass (decision 068); the data's version is read before the reading.
import { dataVersion } from "~/data/connection.server";

export function keptBetweenWrites<T>(read: (now: number) => Promise<T>, keptMs: number) {
  let kept: { version: string; at: number; value: Promise<T> } | undefined;
  return async (now: number): Promise<T> => {
    const version = await dataVersion();
    if (!kept || kept.version !== version || now - kept.at >= keptMs || now < kept.at) {
      const reading = { version, at: now, value: read(now) };
      kept = reading;
      reading.value.catch(() => {
        if (kept === reading) kept = undefined;
      });
    }
    return kept.value;
  };
}

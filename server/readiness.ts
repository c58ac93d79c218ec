// Whether the instance can serve, checked in the background one check after another: /readyz
// answers the latest finished check at once, so a busy instance answers it as fast as /healthz.
// A check must not reject; the previous answer stands while the next is under way.

export interface Readiness<T> {
  /** The latest finished check (the first check, until it has finished). */
  current(): Promise<T>;
  stop(): void;
}

/** Runs `check` now, then again `pauseMs` after each check has finished, until stopped. */
export function watchReadiness<T>(check: () => Promise<T>, pauseMs: number): Readiness<T> {
  let latest = check();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const after = (finished: Promise<T>) => {
    void finished.then(() => {
      latest = finished;
      if (stopped) return;
      timer = setTimeout(() => after(check()), pauseMs);
      timer.unref();
    });
  };
  after(latest);
  return {
    current: () => latest,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

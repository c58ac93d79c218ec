// Requests the app works on at once: a few at a time, the rest waiting their turn (waiting costs no
// CPU), so that what the server answers ahead of them (the health probes) never waits behind more
// than a few pages' rendering (decision 051). A live stream holds no turn.
import type { NextFunction, Request, Response } from "express";
import { log } from "../app/lib/log.server";

export interface TurnLimits {
  /** Requests worked on at once. */
  concurrent: number;
  /** Requests that may wait; one more is answered 503 at once. */
  waiting: number;
  /** Requests that take no turn (they last: the live stream, an upload). */
  exempt: (req: Request) => boolean;
}

export function takeTurns({ concurrent, waiting, exempt }: TurnLimits) {
  let active = 0;
  const queue: Array<() => void> = [];
  let full = false;

  const release = () => {
    const next = queue.shift();
    if (next) next();
    else active -= 1;
  };

  return (req: Request, res: Response, next: NextFunction) => {
    if (exempt(req)) return next();
    const start = () => {
      // A request whose client went away while it waited takes no turn.
      if (res.writableEnded || req.socket.destroyed) {
        release();
        return;
      }
      res.once("close", release);
      next();
    };
    if (active < concurrent) {
      active += 1;
      start();
      return;
    }
    if (queue.length >= waiting) {
      if (!full) log("warn", "requests_shed", { waiting: queue.length });
      full = true;
      res.set("Retry-After", "1").status(503).type("text/plain").send("Too busy. Try again.");
      return;
    }
    full = false;
    queue.push(start);
  };
}

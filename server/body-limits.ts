// What a request's body may be, by path: a form post at most 64 KiB, in full within the request
// timeout; an upload its own size, and its own time once the app admits it (decision 052). A body
// declared over its limit gets 413 unread; one still arriving after its answer loses the connection.
import type { NextFunction, Request, Response } from "express";

/** Form posts here are a few hundred bytes; anything near this is not a real client. */
export const MAX_BODY_BYTES = 64 * 1024;

/** After its answer, a body still arriving may go on this long (the answer reaches the client). */
export const AFTER_ANSWER_MS = 2_000;

export interface BodyLimits {
  /** How long a request may take to arrive, headers and body, until the app admits an upload. */
  formTimeoutMs: number;
  /** How long an upload the app admitted may take to arrive. */
  uploadTimeoutMs: number;
  /**
   * The largest body (files and fields) of an upload, which the server's own request timeout
   * bounds; null for any other request.
   */
  uploadBytes: (req: Request) => number | null;
}

/** An upload's limit, by what its path and content type take (`bytesFor`); null for any other request. */
export function uploadLimitBy<Kind>(
  uploadAt: (path: string, contentType: string) => Kind | null,
  bytesFor: (kind: Kind) => number,
) {
  return (req: Request): number | null => {
    if (req.method !== "POST") return null;
    const kind = uploadAt(req.path, req.get("content-type") ?? "");
    return kind === null ? null : bytesFor(kind);
  };
}

export function limitBodies({ formTimeoutMs, uploadTimeoutMs, uploadBytes }: BodyLimits) {
  return (req: Request, res: Response, next: NextFunction) => {
    const uploadLimit = uploadBytes(req);
    const upload = uploadLimit !== null;
    const timer = closeIfIncomplete(req, res, formTimeoutMs);
    // The app says so once the uploader is who may upload here and has room: its own time then.
    if (upload) res.locals.admitUpload = () => timer.restart(uploadTimeoutMs);
    if (req.method === "GET" || req.method === "HEAD") return next();
    const declared = req.get("content-length");
    if (declared === undefined && req.get("transfer-encoding")) {
      res.status(411).type("text/plain").send("A Content-Length is required.");
      return;
    }
    const limit = uploadLimit ?? MAX_BODY_BYTES;
    if (Number(declared ?? 0) > limit) {
      // A form's few kilobytes are read and dropped after the answer, keeping the connection; an
      // upload's may be gigabytes, so its connection closes instead.
      if (upload) res.set("Connection", "close");
      res
        .status(413)
        .type("text/plain")
        .send(upload ? "The upload is too large." : "The form is too large.");
      return;
    }
    next();
  };
}

/**
 * A 408 (or a plain close) if the request is still arriving after `timeoutMs`; `restart` gives it
 * another span from now.
 */
function closeIfIncomplete(req: Request, res: Response, timeoutMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const start = (ms: number) => {
    clearTimeout(timer);
    if (req.complete) return;
    timer = setTimeout(() => {
      if (req.complete) return;
      if (!res.headersSent) {
        res.writeHead(408, { Connection: "close", "Content-Type": "text/plain" });
        res.end("Request Timeout");
      }
      req.socket.destroySoon();
    }, ms);
    timer.unref();
  };
  start(timeoutMs);
  const stop = () => clearTimeout(timer);
  req.once("end", stop);
  res.once("close", stop);
  return { restart: start };
}

/**
 * Once the answer has gone, a body still arriving (a trickle after a 403, a 413 or a redirect to
 * sign in) may go on for AFTER_ANSWER_MS, read and dropped, then the connection closes: Node would
 * otherwise read it to the end to keep the connection, for as long as the request timeout allows.
 */
export function closeAfterAnswer(req: Request, res: Response, next: NextFunction) {
  res.once("finish", () => {
    if (req.complete) return;
    const timer = setTimeout(() => {
      if (!req.complete) req.socket.destroy();
    }, AFTER_ANSWER_MS);
    timer.unref();
    req.once("end", () => clearTimeout(timer));
  });
  next();
}

// What a request's body may be, by path: a form post at most 64 KiB, in full within the request
// timeout; an upload (a multipart post to an upload path) its own size and time. A body declared
// over its limit is refused with 413 before a byte of it is read (decision 052).
import type { NextFunction, Request, Response } from "express";

/** Form posts here are a few hundred bytes; anything near this is not a real client. */
export const MAX_BODY_BYTES = 64 * 1024;

export interface BodyLimits {
  /** How long any other request may take to arrive, headers and body. */
  formTimeoutMs: number;
  /**
   * The largest body (files and fields) of an upload, which the server's own request timeout
   * bounds; null for any other request.
   */
  uploadBytes: (req: Request) => number | null;
}

/** A multipart post's limit, by what its path uploads (`bytesFor`); null for any other request. */
export function uploadLimitBy<Kind>(
  uploadAt: (path: string) => Kind | null,
  bytesFor: (kind: Kind) => number,
) {
  return (req: Request): number | null => {
    if (req.method !== "POST" || req.is("multipart/form-data") === false) return null;
    const kind = uploadAt(req.path);
    return kind === null ? null : bytesFor(kind);
  };
}

export function limitBodies({ formTimeoutMs, uploadBytes }: BodyLimits) {
  return (req: Request, res: Response, next: NextFunction) => {
    const uploadLimit = uploadBytes(req);
    const upload = uploadLimit !== null;
    if (!upload) closeIfIncomplete(req, res, formTimeoutMs);
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

/** Node's own request timeout, for this request: a 408 (or a plain close) if it is still arriving. */
function closeIfIncomplete(req: Request, res: Response, timeoutMs: number) {
  if (req.complete) return;
  const timer = setTimeout(() => {
    if (req.complete) return;
    if (!res.headersSent) {
      res.writeHead(408, { Connection: "close", "Content-Type": "text/plain" });
      res.end("Request Timeout");
    }
    req.socket.destroySoon();
  }, timeoutMs);
  timer.unref();
  req.once("end", () => clearTimeout(timer));
  res.once("close", () => clearTimeout(timer));
}

// The per-request context the HTTP server hands to every loader and action.
declare module "@remix-run/node" {
  interface AppLoadContext {
    requestId?: string;
    /** The client's address (behind a proxy only when TRUST_PROXY is on), for rate limits. */
    clientIp?: string;
    /** Aborted when the connection closes: the answer's reader is gone (a long stream's end). */
    disconnect?: AbortSignal;
    /** On an upload's path: gives its body the upload's time instead of a form's, once admitted. */
    admitUpload?: () => void;
  }
}

export {};

// The per-request context the HTTP server hands to every loader and action.
declare module "@remix-run/node" {
  interface AppLoadContext {
    requestId?: string;
    /** The client's address (behind a proxy only when TRUST_PROXY is on), for rate limits. */
    clientIp?: string;
  }
}

export {};

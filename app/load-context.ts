// The per-request context the HTTP server hands to every loader and action.
declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Nonce for this response's inline scripts (Content-Security-Policy). */
    cspNonce?: string;
    requestId?: string;
    /** The client's address (behind a proxy only when TRUST_PROXY is on), for rate limits. */
    clientIp?: string;
  }
}

export {};

// The document policy: scripts from this origin plus this response's nonce, or the hashes of a
// shared page's inline scripts computed as browsers compute them.
import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  inlineScriptHashes,
} from "~/delivery/content-security-policy.server";
import { freshNonce } from "~/delivery/nonce.server";

describe("contentSecurityPolicy", () => {
  it("allows inline scripts by this response's nonce, never unsafe-inline", () => {
    const policy = contentSecurityPolicy({ nonce: "abc123==" });
    expect(policy).toContain("script-src 'self' 'nonce-abc123=='");
    expect(policy).not.toContain("unsafe-inline'; script");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
  });

  it("or by the hashes of the page's own inline scripts", () => {
    const policy = contentSecurityPolicy({ hashes: ["sha256-a", "sha256-b"] });
    expect(policy).toContain("script-src 'self' 'sha256-a' 'sha256-b';");
    expect(policy).not.toContain("nonce-");
  });
});

describe("inlineScriptHashes", () => {
  it("hashes each inline script's text the way browsers do, skipping scripts with a src", () => {
    // The worked example of CSP hash sources in browser documentation.
    const html =
      "<script>alert('Hello, world.');</script>" +
      '<script src="/assets/app.js"></script><script type="module" async="">x()</script>' +
      "<script>alert('Hello, world.');</script>";
    const hashes = inlineScriptHashes(html);
    expect(hashes[0]).toBe("sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng=");
    expect(hashes).toHaveLength(2);
  });

  it("with a render's nonce, hashes only the scripts that carry it, none smuggled in with data", () => {
    const html =
      '<script nonce="m4rk3r==">window.__remix = 1;</script>' +
      "<p><script>steal(document.cookie)</script></p>" +
      '<script nonce="other">x()</script>';
    const hashes = inlineScriptHashes(html, "m4rk3r==");
    expect(hashes).toEqual(
      inlineScriptHashes('<script nonce="m4rk3r==">window.__remix = 1;</script>'),
    );
  });
});

describe("freshNonce", () => {
  it("gives 16 random bytes in base64, never the same twice, across refills of its pool", () => {
    const nonces = Array.from({ length: 1000 }, () => freshNonce());
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(new Set(nonces).size).toBe(nonces.length);
  });
});

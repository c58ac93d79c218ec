// Pages compressed once, whole: the encoding follows Accept-Encoding, the bytes decompress to the
// page, and a page too small to gain is sent as it is.
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressPage, MIN_COMPRESSED_BYTES } from "~/delivery/page-compression.server";

const page = Buffer.from(
  `<!DOCTYPE html><html><body>${'<p class="text-sm">Sprint 1</p>'.repeat(400)}</body></html>`,
);

describe("compressPage", () => {
  it("sends brotli to a browser that accepts it, and the bytes decompress to the page", () => {
    const { body, encoding } = compressPage(page, "gzip, deflate, br, zstd");
    expect(encoding).toBe("br");
    expect(body.length).toBeLessThan(page.length / 10);
    expect(brotliDecompressSync(body).equals(page)).toBe(true);
  });

  it("sends gzip when brotli is not accepted", () => {
    const { body, encoding } = compressPage(page, "gzip, deflate");
    expect(encoding).toBe("gzip");
    expect(gunzipSync(body).equals(page)).toBe(true);
  });

  it("sends the page as it is without Accept-Encoding, or when every coding is refused", () => {
    for (const header of [null, "identity", "br;q=0, gzip;q=0"]) {
      const { body, encoding } = compressPage(page, header);
      expect(encoding).toBe("identity");
      expect(body).toBe(page);
    }
  });

  it("leaves a page under a kilobyte uncompressed", () => {
    const small = Buffer.from("x".repeat(MIN_COMPRESSED_BYTES - 1));
    const { body, encoding } = compressPage(small, "br, gzip");
    expect(encoding).toBe("identity");
    expect(body).toBe(small);
  });
});

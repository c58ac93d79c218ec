// A rendered page keeps every character whole where it meets React's 2,048-byte write buffers
// (React 18 sent a buffer's unused zero bytes when a character of several bytes did not fit).
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { collectRendered } from "~/delivery/render.server";

function rendered(element: React.ReactElement): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(element, {
      onAllReady: () => void collectRendered(pipe).then(resolve),
      onShellError: reject,
    });
  });
}

describe("a page as the server sends it", () => {
  it("has no NUL byte and every arrow, dash and umlaut whole, wherever they fall", async () => {
    const lead = "a".repeat(600);
    for (let shift = 0; shift < 24; shift++) {
      const tail = `${"b".repeat(shift)}→ — ü · ✓`;
      const html = await rendered(
        <div>
          <i>{lead}</i>
          <i>{lead}</i>
          <i>{lead}</i>
          {Array.from({ length: 8 }, (_, index) => (
            <b key={index}>{tail}</b>
          ))}
        </div>,
      );
      expect(html.includes(0), `shift ${shift}`).toBe(false);
      expect(html.toString("utf8").split(tail)).toHaveLength(9);
    }
  });
});

// The icon sprite the build writes: one <symbol> per icon the portal names, each holding lucide's
// own drawing with lucide's stroke settings, and an <Icon> that points at its symbol by name.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Icon } from "~/components/ui/icon";
import { ICON_NAMES } from "~/components/ui/icon-names";
import { iconSprite } from "../../scripts/icon-sprite";

describe("the icon sprite", () => {
  const sprite = iconSprite();

  it("has one symbol per icon name, in a 24-unit box with lucide's strokes", () => {
    const symbols = [...sprite.matchAll(/<symbol id="([a-z0-9-]+)"([^>]*)>/g)];
    expect(symbols.map(([, id]) => id)).toEqual([...new Set(ICON_NAMES)]);
    for (const [, , attributes] of symbols) {
      expect(attributes).toContain('viewBox="0 0 24 24"');
      expect(attributes).toContain('fill="none" stroke="currentColor" stroke-width="2"');
    }
  });

  it("holds each icon's drawing as lucide-react renders it", () => {
    const clock = /<symbol id="clock"[^>]*>(.*?)<\/symbol>/.exec(sprite)?.[1];
    expect(clock).toBe('<circle cx="12" cy="12" r="10"></circle><path d="M12 6v6l4 2"></path>');
  });

  it("refuses a name lucide has no icon for", () => {
    expect(() => iconSprite(["no-such-icon" as never])).toThrow(/no icon named "no-such-icon"/);
  });

  it("draws an icon as one <use> of its symbol, hidden from screen readers", () => {
    const html = renderToStaticMarkup(createElement(Icon, { name: "clock", className: "size-4" }));
    expect(html).toMatch(
      /^<svg class="icon size-4" aria-hidden="true"><use href="\/assets\/icons-[0-9a-f]{10}\.svg#clock"><\/use><\/svg>$/,
    );
  });
});

// <RichText> (ui/rich-text.tsx) draws a parsed tree as elements: lists and emphasis as their tags,
// text escaped (HTML in it shows as text), an https:// link in a new tab that says so.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RichText } from "~/components/ui/rich-text";
import { parseRichText } from "~/programme/rich-text";

const render = (markdown: string) =>
  renderToStaticMarkup(<RichText value={parseRichText(markdown)} />);

describe("RichText", () => {
  it("draws nothing for an empty tree", () => {
    expect(renderToStaticMarkup(<RichText value={[]} />)).toBe("");
  });

  it("takes the caller's classes, such as its text colour", () => {
    const html = renderToStaticMarkup(
      <RichText value={parseRichText("Hi")} className="text-slate-700" />,
    );
    expect(html).toBe('<div class="space-y-2 text-sm text-slate-700"><p>Hi</p></div>');
  });

  it("draws paragraphs, lists, emphasis and code as their elements", () => {
    const html = render("Do **this** *now*:\n\n- `one`\n- two\n\n1. first");
    expect(html).toMatch(/^<div class="space-y-2 text-sm">/);
    expect(html).toContain("<p>Do <strong");
    expect(html).toContain(">this</strong> <em>now</em>:</p>");
    expect(html).toMatch(/<ul class="[^"]*list-disc[^"]*"><li><code[^>]*>one<\/code><\/li>/);
    expect(html).toMatch(/<ol class="[^"]*list-decimal[^"]*"><li>first<\/li><\/ol>/);
  });

  it("escapes HTML in the text", () => {
    const html = render("<script>alert(1)</script> <img src=x onerror=alert(1)>");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("opens an https:// link in a new tab, and says so to screen readers", () => {
    const html = render("Read [the brief](https://agency.test/brief?a=1&b=2).");
    expect(html).toMatch(
      /<a href="https:\/\/agency.test\/brief\?a=1&amp;b=2" target="_blank" rel="noopener noreferrer" class="[^"]*">the brief<svg[^>]*aria-hidden="true">.*<\/svg><span class="sr-only">\(opens in a new tab\)<\/span><\/a>/,
    );
  });

  it("opens a mailto: link in place", () => {
    const html = render("[Write to us](mailto:team@agency.test)");
    expect(html).toMatch(/<a href="mailto:team@agency.test" class="[^"]*">Write to us<\/a>/);
  });
});

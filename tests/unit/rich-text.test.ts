// The task instructions' Markdown subset (programme/rich-text.ts): each construct, how they nest,
// what stays literal text (HTML among it), and links that are refused rather than drawn.
import { describe, expect, it } from "vitest";
import { parseRichText, RefusedLinkError, type RichInline } from "~/programme/rich-text";

const text = (value: string): RichInline => ({ kind: "text", text: value });

/** The inline nodes of a one-paragraph text. */
function inline(markdown: string): RichInline[] {
  const blocks = parseRichText(markdown);
  expect(blocks).toHaveLength(1);
  const [block] = blocks;
  if (block?.kind !== "paragraph") throw new Error(`not one paragraph: ${markdown}`);
  return block.children;
}

function refusal(markdown: string): string {
  try {
    parseRichText(markdown);
  } catch (error) {
    if (error instanceof RefusedLinkError) return error.href;
    throw error;
  }
  throw new Error(`accepted: ${markdown}`);
}

describe("blocks", () => {
  it("are nothing for empty or blank text", () => {
    expect(parseRichText("")).toEqual([]);
    expect(parseRichText(" \n\t\n")).toEqual([]);
  });

  it("are paragraphs separated by blank lines, lines within one joined by a space", () => {
    expect(parseRichText("First line\n  second line\n\n\nNext\r\nparagraph")).toEqual([
      { kind: "paragraph", children: [text("First line second line")] },
      { kind: "paragraph", children: [text("Next paragraph")] },
    ]);
  });

  it("are bullet lists with - or *, the line under an item continuing it", () => {
    expect(parseRichText("- one\n* two\n  still two\n-   three")).toEqual([
      { kind: "bullets", items: [[text("one")], [text("two still two")], [text("three")]] },
    ]);
  });

  it("are numbered lists with 1. 2. …", () => {
    expect(parseRichText("1. one\n2. two\n10. ten")).toEqual([
      { kind: "numbered", items: [[text("one")], [text("two")], [text("ten")]] },
    ]);
  });

  it("keep one list across blank lines, and start another at a different kind of item", () => {
    expect(parseRichText("- a\n\n- b\n1. c\n\n- d")).toEqual([
      { kind: "bullets", items: [[text("a")], [text("b")]] },
      { kind: "numbered", items: [[text("c")]] },
      { kind: "bullets", items: [[text("d")]] },
    ]);
  });

  it("let a list follow a paragraph's line, and a paragraph follow a list after a blank line", () => {
    expect(parseRichText("Hand in:\n- the script\n\nThen book a call.")).toEqual([
      { kind: "paragraph", children: [text("Hand in:")] },
      { kind: "bullets", items: [[text("the script")]] },
      { kind: "paragraph", children: [text("Then book a call.")] },
    ]);
  });

  it("flatten an indented (nested) item into its list", () => {
    expect(parseRichText("- a\n    - b")).toEqual([
      { kind: "bullets", items: [[text("a")], [text("b")]] },
    ]);
  });

  it("read a marker without a space or text after it as text", () => {
    expect(parseRichText("-5% churn\n1.5 hours\n-")).toEqual([
      { kind: "paragraph", children: [text("-5% churn 1.5 hours -")] },
    ]);
  });

  it("take headings, quotes and rules as text", () => {
    expect(parseRichText("# Title\n> quote\n---")).toEqual([
      { kind: "paragraph", children: [text("# Title > quote ---")] },
    ]);
  });
});

describe("inline markup", () => {
  it("reads **strong**, *em*, _em_ and `code`", () => {
    expect(inline("**a** *b* _c_ `d`")).toEqual([
      { kind: "strong", children: [text("a")] },
      text(" "),
      { kind: "em", children: [text("b")] },
      text(" "),
      { kind: "em", children: [text("c")] },
      text(" "),
      { kind: "code", text: "d" },
    ]);
  });

  it("nests emphasis, code and links", () => {
    expect(inline("*see **the [brief](https://agency.test/brief)** and `x`*")).toEqual([
      {
        kind: "em",
        children: [
          text("see "),
          {
            kind: "strong",
            children: [
              text("the "),
              {
                kind: "link",
                href: "https://agency.test/brief",
                children: [text("brief")],
              },
            ],
          },
          text(" and "),
          { kind: "code", text: "x" },
        ],
      },
    ]);
  });

  it("keeps a code span's content literal", () => {
    expect(inline("`**not bold** [x](javascript:alert(1))`")).toEqual([
      { kind: "code", text: "**not bold** [x](javascript:alert(1))" },
    ]);
  });

  it("does not close emphasis inside a code span", () => {
    expect(inline("*a `b*` c*")).toEqual([
      { kind: "em", children: [text("a "), { kind: "code", text: "b*" }, text(" c")] },
    ]);
  });

  it("leaves unmatched or spaced markers as text", () => {
    expect(inline("2 * 3 * 4, **open, *open, _open, `open, ** spaced **")).toEqual([
      text("2 * 3 * 4, **open, *open, _open, `open, ** spaced **"),
    ]);
    expect(inline("``")).toEqual([text("``")]);
  });

  it("leaves underscores inside words as text", () => {
    expect(inline("snake_case_name and _real_")).toEqual([
      text("snake_case_name and "),
      { kind: "em", children: [text("real")] },
    ]);
  });

  it("reads links to https:// and mailto:, with balanced parentheses in the address", () => {
    expect(
      inline(
        "[Guide](https://en.wikipedia.org/wiki/Offer_(marketing)) or [e-mail](mailto:team@agency.test?subject=Hi)",
      ),
    ).toEqual([
      {
        kind: "link",
        href: "https://en.wikipedia.org/wiki/Offer_(marketing)",
        children: [text("Guide")],
      },
      text(" or "),
      { kind: "link", href: "mailto:team@agency.test?subject=Hi", children: [text("e-mail")] },
    ]);
  });

  it("leaves bracketed text that is not a link as text", () => {
    expect(inline("[note] [](https://agency.test) [open](https://agency.test")).toEqual([
      text("[note] [](https://agency.test) [open](https://agency.test"),
    ]);
  });
});

describe("what a description cannot do", () => {
  it("keeps HTML as literal text", () => {
    expect(inline('<script>alert(1)</script> <img src=x onerror="alert(1)"> &amp;')).toEqual([
      text('<script>alert(1)</script> <img src=x onerror="alert(1)"> &amp;'),
    ]);
    expect(parseRichText("- <b>bold</b>")).toEqual([
      { kind: "bullets", items: [[text("<b>bold</b>")]] },
    ]);
  });

  it("refuses a link that is not https:// or mailto:, wherever it is", () => {
    expect(refusal("[x](javascript:alert(1))")).toBe("javascript:alert(1)");
    expect(refusal("- **[x](JavaScript:alert(1))**")).toBe("JavaScript:alert(1)");
    expect(refusal("*[x](http://agency.test)*")).toBe("http://agency.test");
    expect(refusal("[x](data:text/html,<script>alert(1)</script>)")).toBe(
      "data:text/html,<script>alert(1)</script>",
    );
    expect(refusal("[x](/dashboard)")).toBe("/dashboard");
    expect(refusal("[x](//agency.test)")).toBe("//agency.test");
    expect(refusal("[x](https://user:secret@agency.test)")).toBe("https://user:secret@agency.test");
    expect(refusal("[x](https://agency.test/a b)")).toBe("https://agency.test/a b");
    expect(refusal("[x](mailto:nobody)")).toBe("mailto:nobody");
    expect(refusal("[x]()")).toBe("");
  });

  it("says why, naming the address", () => {
    expect(() => parseRichText("[x](javascript:alert(1))")).toThrow(
      'links to "javascript:alert(1)": a link must be an https:// URL or a mailto: address',
    );
  });

  it("yields only plain data: the tree survives a JSON round trip unchanged", () => {
    const tree = parseRichText("Do **this**:\n\n1. [open](https://agency.test)\n2. `run`");
    expect(JSON.parse(JSON.stringify(tree))).toEqual(tree);
  });
});

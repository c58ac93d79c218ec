// A safe Markdown subset (paragraphs, - and 1. lists, **strong**, *em*, `code`, [links](…)) parsed
// into plain objects a page draws as React elements, never HTML; anything else is literal text. A
// link must be an https:// URL or a mailto: address: any other is refused with RefusedLinkError.
import { isHttpsUrl } from "./https-url";

export type RichInline =
  | { kind: "text"; text: string }
  | { kind: "code"; text: string }
  | { kind: "strong"; children: RichInline[] }
  | { kind: "em"; children: RichInline[] }
  | { kind: "link"; href: string; children: RichInline[] };

export type RichBlock =
  | { kind: "paragraph"; children: RichInline[] }
  | { kind: "bullets"; items: RichInline[][] }
  | { kind: "numbered"; items: RichInline[][] };

export type RichText = RichBlock[];

type ListKind = "bullets" | "numbered";

/** A link whose address is neither an https:// URL nor a mailto: address. */
export class RefusedLinkError extends Error {
  constructor(readonly href: string) {
    super(`links to "${href}": a link must be an https:// URL or a mailto: address`);
    this.name = "RefusedLinkError";
  }
}

/** A block while its lines are read; a list's `blankAfter` says a blank line followed its item. */
type Draft =
  { kind: "paragraph"; text: string } | { kind: ListKind; items: string[]; blankAfter: boolean };

const LIST_ITEMS: [ListKind, RegExp][] = [
  ["bullets", /^\s*[-*]\s+(\S.*)$/],
  ["numbered", /^\s*\d{1,9}\.\s+(\S.*)$/],
];

function listItem(line: string): { kind: ListKind; text: string } | undefined {
  for (const [kind, pattern] of LIST_ITEMS) {
    const text = pattern.exec(line)?.[1];
    if (text !== undefined) return { kind, text: text.trim() };
  }
  return undefined;
}

/**
 * Blank lines separate paragraphs; a list item may follow a paragraph's line directly, a line under
 * an item continues it, and items of one kind separated by blank lines stay one list.
 */
export function parseRichText(markdown: string): RichText {
  const drafts: Draft[] = [];
  let open: Draft | undefined;
  for (const line of markdown.split(/\r?\n/)) {
    const text = line.trim();
    const item = listItem(line);
    if (text === "") {
      if (open?.kind === "paragraph") open = undefined;
      else if (open) open.blankAfter = true;
    } else if (item) {
      if (open !== undefined && open.kind === item.kind) {
        open.items.push(item.text);
        open.blankAfter = false;
      } else {
        open = { kind: item.kind, items: [item.text], blankAfter: false };
        drafts.push(open);
      }
    } else if (open?.kind === "paragraph") {
      open.text += ` ${text}`;
    } else if (open && !open.blankAfter) {
      open.items.push(`${open.items.pop() ?? ""} ${text}`);
    } else {
      open = { kind: "paragraph", text };
      drafts.push(open);
    }
  }
  return drafts.map((draft) =>
    draft.kind === "paragraph"
      ? { kind: "paragraph", children: parseInline(draft.text) }
      : { kind: draft.kind, items: draft.items.map(parseInline) },
  );
}

interface Markup {
  node: RichInline;
  /** Where the text after the markup starts. */
  end: number;
}

function parseInline(source: string): RichInline[] {
  const nodes: RichInline[] = [];
  let literal = "";
  let at = 0;
  while (at < source.length) {
    const markup = markupAt(source, at);
    if (markup) {
      if (literal) nodes.push({ kind: "text", text: literal });
      literal = "";
      nodes.push(markup.node);
      at = markup.end;
    } else {
      literal += source[at];
      at += 1;
    }
  }
  if (literal) nodes.push({ kind: "text", text: literal });
  return nodes;
}

/** The markup opening at `at`, or undefined when the character there is literal text. */
function markupAt(source: string, at: number): Markup | undefined {
  const char = source[at];
  if (char === "`") return codeAt(source, at);
  if (source.startsWith("**", at)) return emphasisAt(source, at, "**");
  if (char === "*" || char === "_") return emphasisAt(source, at, char);
  if (char === "[") return linkAt(source, at);
  return undefined;
}

function codeAt(source: string, at: number): Markup | undefined {
  const close = source.indexOf("`", at + 1);
  if (close <= at + 1) return undefined;
  return { node: { kind: "code", text: source.slice(at + 1, close) }, end: close + 1 };
}

const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);
const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);

type Delimiter = "**" | "*" | "_";

/** `**strong**`, `*em*` or `_em_`: the opener touches its text, and `_` never opens inside a word. */
function emphasisAt(source: string, at: number, delimiter: Delimiter): Markup | undefined {
  const from = at + delimiter.length;
  if (isSpace(source[from])) return undefined;
  if (delimiter === "_" && isWordChar(source[at - 1])) return undefined;
  const close = closerOf(source, from, delimiter);
  if (close === undefined) return undefined;
  const children = parseInline(source.slice(from, close));
  return {
    node: delimiter === "**" ? { kind: "strong", children } : { kind: "em", children },
    end: close + delimiter.length,
  };
}

/**
 * Where `delimiter` closes text starting at `from`: after at least one character, touching the
 * text before it, outside code spans; a single `*` is not part of a `**`, a `_` not inside a word.
 */
function closerOf(source: string, from: number, delimiter: Delimiter): number | undefined {
  for (let at = from + 1; at < source.length; at++) {
    if (source[at] === "`") {
      const code = codeAt(source, at);
      if (code) {
        at = code.end - 1;
        continue;
      }
    }
    if (!source.startsWith(delimiter, at) || isSpace(source[at - 1])) continue;
    if (delimiter === "*" && (source[at - 1] === "*" || source[at + 1] === "*")) continue;
    if (delimiter === "_" && isWordChar(source[at + 1])) continue;
    return at;
  }
  return undefined;
}

function isAllowedHref(href: string): boolean {
  return isHttpsUrl(href) || /^mailto:[^\s@]+@[^\s@]+$/.test(href);
}

/**
 * `[text](address)`: the text up to the first `]`, the address up to its balanced `)`. Anything of
 * that shape is a link, so an address that is not allowed is refused rather than shown as text.
 */
function linkAt(source: string, at: number): Markup | undefined {
  const textEnd = source.indexOf("]", at + 1);
  if (textEnd <= at + 1 || source[textEnd + 1] !== "(") return undefined;
  const hrefStart = textEnd + 2;
  let depth = 0;
  for (let end = hrefStart; end < source.length; end++) {
    if (source[end] === "(") depth += 1;
    else if (source[end] === ")" && depth > 0) depth -= 1;
    else if (source[end] === ")") {
      const href = source.slice(hrefStart, end);
      if (!isAllowedHref(href)) throw new RefusedLinkError(href);
      const children = parseInline(source.slice(at + 1, textEnd));
      return { node: { kind: "link", href, children }, end: end + 1 };
    }
  }
  return undefined;
}

// Draws a RichText tree (a task's instructions, parsed at start-up) with React elements only, so its
// text is always escaped; an https:// link opens in a new tab and says so to screen readers.
import type { RichBlock, RichInline, RichText as RichTextValue } from "~/programme/rich-text";
import { Icon } from "./icon";
import { cn } from "~/lib/utils";

function Inlines({ nodes }: { nodes: RichInline[] }) {
  return nodes.map((node, index) => <Inline key={index} node={node} />);
}

function Inline({ node }: { node: RichInline }) {
  switch (node.kind) {
    case "text":
      return node.text;
    case "code":
      return (
        <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs text-foreground">
          {node.text}
        </code>
      );
    case "strong":
      return (
        <strong className="font-semibold text-foreground">
          <Inlines nodes={node.children} />
        </strong>
      );
    case "em":
      return (
        <em>
          <Inlines nodes={node.children} />
        </em>
      );
    case "link":
      return <TextLink href={node.href} nodes={node.children} />;
  }
}

const LINK_CLASS =
  "rounded-sm font-medium text-indigo-700 underline underline-offset-4 hover:text-indigo-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** A mailto: link opens the mail program in place; an https:// one opens a new tab. */
function TextLink({ href, nodes }: { href: string; nodes: RichInline[] }) {
  if (href.startsWith("mailto:")) {
    return (
      <a href={href} className={LINK_CLASS}>
        <Inlines nodes={nodes} />
      </a>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={LINK_CLASS}>
      <Inlines nodes={nodes} />
      <Icon name="external-link" className="ml-0.5 inline size-3.5 align-text-bottom" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

function Block({ block }: { block: RichBlock }) {
  if (block.kind === "paragraph") {
    return (
      <p>
        <Inlines nodes={block.children} />
      </p>
    );
  }
  const List = block.kind === "bullets" ? "ul" : "ol";
  return (
    <List className={cn("space-y-1 pl-5", block.kind === "bullets" ? "list-disc" : "list-decimal")}>
      {block.items.map((item, index) => (
        <li key={index}>
          <Inlines nodes={item} />
        </li>
      ))}
    </List>
  );
}

/**
 * Nothing at all for an empty tree (a task without a description). The text's colour is the
 * caller's (`className`, else inherited), so a caller's colour never conflicts with one set here.
 */
export function RichText({ value, className }: { value: RichTextValue; className?: string }) {
  if (value.length === 0) return null;
  return (
    <div className={cn("space-y-2 text-sm", className)}>
      {value.map((block, index) => (
        <Block key={index} block={block} />
      ))}
    </div>
  );
}

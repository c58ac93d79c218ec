// The primitives' `asChild` (ui/slot.tsx): the child element is rendered with the primitive's
// classes added to its own, its own props kept, handlers set on both run child first, and both
// refs receive the element.
import { createElement, createRef, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button } from "~/components/ui/button";
import { Slot } from "~/components/ui/slot";

type SlotRender = (props: object, ref: unknown) => ReactElement<Record<string, unknown>>;
const render = (Slot as unknown as { render: SlotRender }).render;

describe("Slot", () => {
  it("renders a Button's styles onto its child link", () => {
    const html = renderToStaticMarkup(
      createElement(
        Button,
        { asChild: true, size: "lg" },
        createElement("a", { href: "/dashboard", className: "mt-8" }, "Go"),
      ),
    );
    expect(html).toMatch(/^<a href="\/dashboard" class="btn [^"]*btn-lg[^"]* mt-8">Go<\/a>$/);
  });

  it("keeps the child's props and runs both handlers, child first", () => {
    const calls: string[] = [];
    const ref = createRef<HTMLElement>();
    const child = createElement("a", {
      href: "/own",
      onClick: () => calls.push("child"),
    });
    const element = render(
      { href: "/slot", title: "from slot", onClick: () => calls.push("slot"), children: child },
      ref,
    );
    expect(element.props.href).toBe("/own");
    expect(element.props.title).toBe("from slot");
    (element.props.onClick as () => void)();
    expect(calls).toEqual(["child", "slot"]);
    expect((element as unknown as { ref: unknown }).ref).toBe(ref);
  });

  it("gives the element to the primitive's ref and to the child's own ref", () => {
    const slotRef = createRef<HTMLElement>();
    const childRef = createRef<HTMLAnchorElement>();
    const child = createElement("a", { href: "/own", ref: childRef });
    const element = render({ children: child }, slotRef);
    const node = { tagName: "A" } as HTMLElement;
    (element as unknown as { ref: (node: HTMLElement | null) => void }).ref(node);
    expect(slotRef.current).toBe(node);
    expect(childRef.current).toBe(node);
  });
});

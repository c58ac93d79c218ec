// What a page's HTML is made of: its size, how many elements it has, how many of those belong to
// inline SVG drawings, and how much of it is class attributes and inline scripts (hydration data,
// the route manifest).
const elements = (html) => html.match(/<[a-zA-Z][^\s/>]*/g)?.length ?? 0;
const bytes = (parts) => parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0);

export function pageShape(html) {
  const svgs = html.match(/<svg\b[\s\S]*?<\/svg>/g) ?? [];
  return {
    raw: Buffer.byteLength(html),
    elements: elements(html),
    svgs: svgs.length,
    svgElements: svgs.reduce((sum, svg) => sum + elements(svg), 0),
    classBytes: bytes(html.match(/\sclass="[^"]*"/g) ?? []),
    scriptBytes: bytes(html.match(/<script\b[\s\S]*?<\/script>/g) ?? []),
  };
}

// The page the service worker keeps for a page that cannot be loaded at all: "You're offline" and
// 'Try again', under the agency's name and in its colour, styled inline (no other file needed).
import { escapeHtml } from "~/lib/html";
import type { BrandSettings } from "./brand";

/** The offline page for `brand`. */
export function offlinePage(brand: Pick<BrandSettings, "name" | "colour">): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>You're offline | ${escapeHtml(brand.name)}</title>
    <style>
      body {
        margin: 0;
        font-family: ui-sans-serif, system-ui, sans-serif;
        color: #0f172a;
        background: #f8fafc;
      }
      main {
        min-height: 100vh;
        display: flex;
        flex-direction: column;
        align-items: center;
        justify-content: center;
        gap: 1rem;
        padding: 1.5rem;
        box-sizing: border-box;
        text-align: center;
      }
      h1 {
        margin: 0;
        font-size: 1.875rem;
      }
      p {
        margin: 0;
        max-width: 28rem;
        color: #475569;
      }
      a {
        display: inline-block;
        padding: 0.5rem 1rem;
        border-radius: 0.375rem;
        background: ${brand.colour ?? "#0f172a"};
        color: #fff;
        font-weight: 500;
        text-decoration: none;
      }
      a:focus-visible {
        outline: 2px solid #6366f1;
        outline-offset: 2px;
      }
    </style>
  </head>
  <body>
    <main>
      <h1>You're offline</h1>
      <p>The page could not be loaded. Check your connection, then try again.</p>
      <p><a href="">Try again</a></p>
    </main>
  </body>
</html>
`;
}

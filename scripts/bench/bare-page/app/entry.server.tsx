// The reference page's document rendering, the portal's own (app/lib/document.server.tsx) without
// the app's headers, nonce and shared pages: the complete page, compressed once with the portal's
// page compression.
import type { EntryContext } from "@remix-run/node";
import { documentResponse, renderPage } from "~/delivery/render.server";
import { compressPage } from "~/delivery/page-compression.server";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const { html, statusCode } = await renderPage(
    request,
    responseStatusCode,
    remixContext,
    undefined,
  );
  const compressed = compressPage(html, request.headers.get("Accept-Encoding"));
  return documentResponse({ ...compressed, statusCode }, responseHeaders);
}

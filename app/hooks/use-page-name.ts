// The current page's name, for the frame around it (the signed-in and staff headers): the deepest
// matched route's `handle.pageName` (which its title uses too), a string or a function of that
// route's loader data.
import { useMatches } from "@remix-run/react";

export interface PageNameHandle<Data = unknown> {
  pageName: string | ((data: Data) => string);
}

export function usePageName(): string | undefined {
  const matches = useMatches();
  for (const { handle, data } of [...matches].reverse()) {
    const pageName = (handle as Partial<PageNameHandle> | undefined)?.pageName;
    if (typeof pageName === "function") return pageName(data);
    if (pageName !== undefined) return pageName;
  }
  return undefined;
}

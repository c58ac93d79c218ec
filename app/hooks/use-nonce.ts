// Carries the per-request CSP nonce from the server entry to components that emit scripts (none on
// a page rendered once for every visitor, whose scripts are allowed by their hashes instead).
import { createContext, useContext } from "react";

export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}

// Carries the per-request CSP nonce from the server entry to components that emit scripts.
import { createContext, useContext } from "react";

export const NonceContext = createContext("");

export function useNonce() {
  return useContext(NonceContext);
}

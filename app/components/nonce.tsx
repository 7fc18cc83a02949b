import { createContext, useContext } from "react";

// The per-request CSP nonce, so Remix's inline scripts may run under the content security policy.
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce() {
  return useContext(NonceContext);
}

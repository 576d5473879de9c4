import { createContext, useContext } from "react";

/** The CSP nonce of this HTML response (entry.server.tsx makes one per request). */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}

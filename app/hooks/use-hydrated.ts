import { useEffect, useState } from "react";

/**
 * False during the server render and the first browser render (so hydration matches), true once
 * JavaScript runs. Enhancements that would be dead controls without JavaScript wait for it.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

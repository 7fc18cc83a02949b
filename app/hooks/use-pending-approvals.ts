import { useEffect, useState } from "react";

export const PENDING_POLL_MS = 1000;

/**
 * The server renders the count; with JavaScript it is refreshed every second (spec section 4),
 * skipping ticks while the tab is hidden or a request is still out.
 */
export function usePendingApprovalsCount(initial: number, enabled: boolean): number {
  const [count, setCount] = useState(initial);
  useEffect(() => setCount(initial), [initial]);
  useEffect(() => {
    if (!enabled) return;
    let inFlight = false;
    const controller = new AbortController();
    const tick = async () => {
      if (inFlight || document.visibilityState === "hidden") return;
      inFlight = true;
      try {
        const response = await fetch("/api/vacations/pending-approvals", {
          headers: { Accept: "application/json" },
          signal: controller.signal,
        });
        if (response.ok) {
          const items: unknown = await response.json();
          if (Array.isArray(items)) setCount(items.length);
        }
      } catch {
        // Offline or aborted: keep the last count.
      } finally {
        inFlight = false;
      }
    };
    const timer = window.setInterval(tick, PENDING_POLL_MS);
    return () => {
      window.clearInterval(timer);
      controller.abort();
    };
  }, [enabled]);
  return count;
}
